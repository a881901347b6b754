package ops

import (
	"context"
	"errors"
	"sort"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// Redacted replaces the value of a secret variable.
const Redacted = "***"

// ProjectInfo is the project part of a discover answer.
type ProjectInfo struct {
	ID     string    `json:"id"`
	Name   string    `json:"name"`
	Status string    `json:"status,omitempty"`
	Envs   []EnvInfo `json:"envs,omitempty"`
}

// ServiceInfo is one service as discover reports it.
type ServiceInfo struct {
	Hostname        string                      `json:"hostname"`
	ID              string                      `json:"id"`
	Type            string                      `json:"type"`
	Category        string                      `json:"category,omitempty"`
	Status          string                      `json:"status"`
	Mode            string                      `json:"mode,omitempty"`
	SubdomainAccess bool                        `json:"subdomainAccess"`
	SubdomainURLs   []string                    `json:"subdomainUrls,omitempty"` // public URL per HTTP port, once enabled
	Ports           []platform.Port             `json:"ports,omitempty"`
	Autoscaling     *platform.CustomAutoscaling `json:"autoscaling,omitempty"`
	Envs            []EnvInfo                   `json:"envs,omitempty"`
}

// EnvInfo is one environment variable; a hidden value reads [Redacted].
type EnvInfo struct {
	Key       string `json:"key"`
	Value     string `json:"value"`
	Sensitive bool   `json:"sensitive,omitempty"`
	Type      string `json:"type,omitempty"`
}

// DiscoverResult is the project and its services (or the one asked for).
// Warnings name what could not be read (a service's variables) while the
// rest was answered.
type DiscoverResult struct {
	Project  ProjectInfo   `json:"project"`
	Services []ServiceInfo `json:"services"`
	Warnings []string      `json:"warnings,omitempty"`
}

// Discover reports the project and its services, sorted by hostname. With
// hostname set only that service is reported (SERVICE_NOT_FOUND otherwise).
// With includeEnvs the variables are added, secret values (type SECRET or
// sensitive) masked as [Redacted]; variables that cannot be read (a service
// deleted meanwhile) become a warning, and the rest is still answered.
func Discover(ctx context.Context, c platform.Client, projectID, hostname string, includeEnvs bool) (*DiscoverResult, error) {
	proj, err := c.GetProject(ctx, projectID)
	if err != nil {
		return nil, asPlatformError(err, "reading the project")
	}
	services, err := listServices(ctx, c, projectID)
	if err != nil {
		return nil, err
	}
	if hostname != "" {
		svc, err := ResolveService(ctx, c, projectID, hostname)
		if err != nil {
			return nil, err
		}
		services = []platform.ServiceStack{*svc}
	}
	sort.Slice(services, func(i, j int) bool { return services[i].Name < services[j].Name })

	res := &DiscoverResult{
		Project:  ProjectInfo{ID: proj.ID, Name: proj.Name, Status: proj.Status},
		Services: make([]ServiceInfo, 0, len(services)),
	}
	for _, s := range services {
		info := serviceInfo(s)
		var envs []platform.EnvVar
		if includeEnvs {
			envs, err = c.GetServiceEnv(ctx, s.ID)
			if err != nil {
				if ctx.Err() != nil {
					return nil, asPlatformError(err, "reading the variables of "+s.Name)
				}
				res.Warnings = append(res.Warnings, envWarning("the variables of "+s.Name, err))
			} else {
				info.Envs = maskEnvs(envs, isSecretEnv)
			}
		}
		info.SubdomainURLs = serviceURLs(ctx, c, proj.SubdomainHost, s, envs)
		res.Services = append(res.Services, info)
	}
	if includeEnvs && hostname == "" {
		envs, err := c.GetProjectEnv(ctx, projectID)
		if err != nil {
			if ctx.Err() != nil {
				return nil, asPlatformError(err, "reading project variables")
			}
			res.Warnings = append(res.Warnings, envWarning("the project variables", err))
		} else {
			res.Project.Envs = maskEnvs(envs, isSecretEnv)
		}
	}
	return res, nil
}

// envWarning says which variables could not be read, and why, in the
// platform error's plain words.
func envWarning(what string, err error) string {
	reason := "the API call failed"
	var pe *platform.PlatformError
	if errors.As(err, &pe) {
		reason = pe.Message + " (" + pe.Code + ")"
	}
	return "could not read " + what + ": " + reason + "; the rest is answered. Retry, or read them with zerops_env action=get."
}

func serviceInfo(s platform.ServiceStack) ServiceInfo {
	typ := s.Type.VersionName
	if typ == "" {
		typ = s.Type.Name
	}
	return ServiceInfo{
		Hostname:        s.Name,
		ID:              s.ID,
		Type:            typ,
		Category:        s.Type.Category,
		Status:          s.Status,
		Mode:            s.Mode,
		SubdomainAccess: s.SubdomainAccess,
		Ports:           s.Ports,
		Autoscaling:     s.CustomAutoscaling,
	}
}

// isSecretEnv reports whether discover hides e's value: a SECRET variable
// or a sensitive one.
func isSecretEnv(e platform.EnvVar) bool {
	return e.Sensitive || strings.EqualFold(e.Type, "SECRET")
}

// isSensitiveEnv reports whether zerops_env get hides e's value: only a
// sensitive one (a SECRET the agent asked for is shown).
func isSensitiveEnv(e platform.EnvVar) bool { return e.Sensitive }

// maskEnvs converts variables for display, sorted by key, the value of
// each one hide reports replaced by [Redacted] (the key stays listed).
func maskEnvs(envs []platform.EnvVar, hide func(platform.EnvVar) bool) []EnvInfo {
	out := make([]EnvInfo, 0, len(envs))
	for _, e := range envs {
		v := e.Content
		if hide(e) {
			v = Redacted
		}
		out = append(out, EnvInfo{Key: e.Key, Value: v, Sensitive: e.Sensitive, Type: e.Type})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}
