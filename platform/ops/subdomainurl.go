package ops

import (
	"context"
	"fmt"
	"net/url"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// subdomainVar is the variable the platform sets on a service once its
// subdomain is enabled: the URL of its (first) HTTP port.
const subdomainVar = "zeropsSubdomain"

// subdomainRef is how zerops.yml and variables reference subdomainVar.
const subdomainRef = "${" + subdomainVar + "}"

// SubdomainURLs returns the public zerops.app URLs of svc's HTTP ports:
// https://{hostname}-{prefix}-{port}.{domain}, without the port part for 80
// (facts: "Subdomain URLs"). projectHost is the project's
// zeropsSubdomainHost; when it is a bare prefix the domain comes from
// generated, the service's zeropsSubdomain variable ("" when unknown). Nil
// when subdomain access is off, no port serves HTTP or the domain is unknown.
func SubdomainURLs(projectHost string, svc platform.ServiceStack, generated string) []string {
	if !svc.SubdomainAccess {
		return nil
	}
	prefix, domain, _ := strings.Cut(strings.TrimSpace(projectHost), ".")
	if domain == "" && generated != "" {
		if u, err := url.Parse(generated); err == nil {
			_, domain, _ = strings.Cut(u.Hostname(), ".")
		}
	}
	if prefix == "" || domain == "" {
		return nil
	}
	var out []string
	for _, p := range svc.Ports {
		if !p.HTTPRouting {
			continue
		}
		if p.Port == 80 {
			out = append(out, fmt.Sprintf("https://%s-%s.%s", svc.Name, prefix, domain))
		} else {
			out = append(out, fmt.Sprintf("https://%s-%s-%d.%s", svc.Name, prefix, p.Port, domain))
		}
	}
	return out
}

// hasHTTPPort reports whether svc has a port with HTTP routing.
func hasHTTPPort(svc platform.ServiceStack) bool {
	for _, p := range svc.Ports {
		if p.HTTPRouting {
			return true
		}
	}
	return false
}

// serviceURLs computes svc's subdomain URLs, reading its variables only
// when the project's host lacks the domain.
func serviceURLs(ctx context.Context, c platform.Client, projectHost string, svc platform.ServiceStack, envs []platform.EnvVar) []string {
	if !svc.SubdomainAccess || !hasHTTPPort(svc) {
		return nil
	}
	generated := ""
	if !strings.Contains(projectHost, ".") {
		if envs == nil {
			envs, _ = c.GetServiceEnv(ctx, svc.ID)
		}
		for _, e := range envs {
			if e.Key == subdomainVar {
				generated = e.Content
			}
		}
	}
	return SubdomainURLs(projectHost, svc, generated)
}

// ServiceURLs returns the subdomain URLs of the project's service with that
// id (nil when it has none or cannot be read): what a deploy answer points to.
func ServiceURLs(ctx context.Context, proj Project, serviceID string) []string {
	c, projectID := proj.Client, proj.ID
	info, err := c.GetProject(ctx, projectID)
	if err != nil {
		return nil
	}
	svc, err := c.GetService(ctx, serviceID)
	if err != nil || svc == nil {
		return nil
	}
	return serviceURLs(ctx, c, info.SubdomainHost, *svc, nil)
}
