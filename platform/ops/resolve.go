package ops

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// ResolveService finds the service of the project whose hostname is hostname.
// An empty hostname is SERVICE_REQUIRED; an unknown one is SERVICE_NOT_FOUND
// naming the hostnames that do exist, after a brief retry when ZCP changed
// the project a moment ago (the API's search lags; see recent.go).
func ResolveService(ctx context.Context, proj Project, hostname string) (*platform.ServiceStack, error) {
	if strings.TrimSpace(hostname) == "" {
		return nil, platform.NewError(platform.ErrServiceRequired, "serviceHostname is required",
			"Pass serviceHostname; zerops_discover lists the services of the project.")
	}
	for {
		services, err := refinedList(ctx, proj, hostname)
		if err != nil {
			return nil, err
		}
		svc, err := findService(services, hostname)
		wait := proj.justChanged()
		if err == nil {
			return svc, nil
		}
		if wait <= 0 {
			return nil, goneError(proj, hostname, err)
		}
		// ZCP changed the project a moment ago: the search may not show it yet.
		t := time.NewTimer(min(wait, retryEvery))
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, err
		case <-t.C:
		}
	}
}

// goneError is err, the lookup of hostname that found nothing, or when ZCP
// deleted a service of that name, that deletion: its latest backup and how
// to bring it back (never the other hostnames to pick from).
func goneError(proj Project, hostname string, err error) error {
	n, ok := proj.Memory.deletedService(proj.ID, hostname)
	if !ok {
		return err
	}
	left := "it left no backup"
	if n.backup != "" {
		left = "its backups are kept 7 days after"
	}
	return platform.NewError(platform.ErrServiceNotFound, hostname+" ("+n.typ+") was deleted "+n.at.UTC().Format(time.RFC3339)+"; "+left,
		"To bring it back, "+Recreate(hostname, n.imp, n.backup)+"; else name another service (zerops_discover lists them).")
}

// ServiceByID reads the service with that id and refuses one that is not
// the project's or is one of the platform's own services (build, balancer,
// core …), which ZCP never acts on.
func ServiceByID(ctx context.Context, proj Project, id string) (*platform.ServiceStack, error) {
	c, projectID := proj.Client, proj.ID
	svc, err := c.GetService(ctx, id)
	if err != nil {
		return nil, asPlatformError(err, "reading service "+platform.Clip(id, 40))
	}
	if svc.System || (svc.ProjectID != "" && svc.ProjectID != projectID) {
		return nil, platform.NewError(platform.ErrServiceNotFound,
			fmt.Sprintf("no service with id %q among this project's services", platform.Clip(id, 40)),
			"Use a service listed by zerops_discover; the platform's own services (build, balancer …) cannot be acted on.")
	}
	return svc, nil
}

// findService picks hostname out of services or answers SERVICE_NOT_FOUND.
func findService(services []platform.ServiceStack, hostname string) (*platform.ServiceStack, error) {
	for i := range services {
		if services[i].Name == hostname {
			return &services[i], nil
		}
	}
	names := hostnames(services)
	suggestion := "The project has no services yet; create them with zerops_import."
	if len(names) > 0 {
		suggestion = fmt.Sprintf("Existing services: %s. Use one of these hostnames.", strings.Join(names, ", "))
	}
	return nil, platform.NewError(platform.ErrServiceNotFound,
		fmt.Sprintf("service %q not found in this project", platform.Clip(hostname, 60)), suggestion)
}

// hostnames returns the sorted hostnames of services.
func hostnames(services []platform.ServiceStack) []string {
	names := make([]string, 0, len(services))
	for _, s := range services {
		names = append(names, s.Name)
	}
	sort.Strings(names)
	return names
}
