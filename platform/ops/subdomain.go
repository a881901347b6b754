package ops

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// SubdomainAction is what Subdomain does to a service's zerops.app
// subdomain (the Subdomain* values).
type SubdomainAction string

// Subdomain actions.
const (
	SubdomainEnable  SubdomainAction = "enable"
	SubdomainDisable SubdomainAction = "disable"
)

// SubdomainActions lists the accepted subdomain actions.
var SubdomainActions = []SubdomainAction{SubdomainEnable, SubdomainDisable}

// SubdomainResult is the answer to a subdomain change. Process is nil when
// the service was already in the asked state.
type SubdomainResult struct {
	Action          SubdomainAction   `json:"action"`
	ServiceHostname string            `json:"serviceHostname"`
	ServiceID       string            `json:"serviceId"`
	AlreadyInState  bool              `json:"alreadyInState,omitempty"`
	Message         string            `json:"message,omitempty"`
	SubdomainURLs   []string          `json:"subdomainUrls,omitempty"` // after enable: the public URL per HTTP port
	Process         *platform.Process `json:"process,omitempty"`
	// RefKeys are, after an enable, the variables of the service's running
	// app that reference ${zeropsSubdomain}: the app started without the
	// variable, so they hold the reference's text until it starts again.
	RefKeys []string `json:"-"`
}

// portWaits are the pauses between tries of an enable that the platform
// answers noSubdomainPorts right after a deploy: the deploy registers the
// service's ports a few seconds after it ends.
var portWaits = []time.Duration{250 * time.Millisecond, 500 * time.Millisecond, time.Second, 2 * time.Second, 2 * time.Second}

// freshDeploy is how recent a service's last deploy must be for a missing
// HTTP port to be worth waiting for.
const freshDeploy = 2 * time.Minute

// Subdomain enables or disables the zerops.app subdomain of a service. It is
// idempotent: the service is checked first, and a service already in the
// asked state (or the API saying so) is a success, never a failed process.
func Subdomain(ctx context.Context, proj Project, hostname string, name SubdomainAction) (*SubdomainResult, error) {
	c, projectID := proj.Client, proj.ID
	action := SubdomainAction(strings.ToLower(strings.TrimSpace(string(name))))
	if !slices.Contains(SubdomainActions, action) {
		return nil, unknownAction(action, SubdomainActions...)
	}
	svc, err := ResolveService(ctx, proj, hostname)
	if err != nil {
		return nil, err
	}
	res := &SubdomainResult{Action: action, ServiceHostname: svc.Name, ServiceID: svc.ID}
	enable := action == SubdomainEnable
	if fresh, err := c.GetService(ctx, svc.ID); err == nil && fresh != nil {
		svc = fresh
	}
	if enable {
		if svc, err = awaitDeployPorts(ctx, proj, svc); err != nil {
			return nil, err
		}
		if svc.SubdomainAccess && !hasHTTPPort(*svc) && svc.Type.Category == platform.CategoryUser {
			// On, but serving nothing: the last deploy's run.ports has no
			// httpSupport port, so no URL exists to answer.
			return nil, noHTTPPort(svc.Name, "its last deploy registered no port with httpSupport: true")
		}
	}
	if svc.SubdomainAccess == enable {
		res = already(res)
		if enable {
			res.SubdomainURLs = ServiceURLs(ctx, proj, svc.ID)
		}
		return res, nil
	}
	var proc *platform.Process
	if enable {
		proc, err = enableSubdomain(ctx, proj, svc)
	} else {
		proc, err = c.DisableSubdomainAccess(ctx, svc.ID)
	}
	if err != nil {
		switch platform.ErrorCode(err) {
		case platform.ErrSubdomainEnabled, platform.ErrSubdomainDisabled:
			res = already(res)
			if enable {
				res.SubdomainURLs = ServiceURLs(ctx, proj, svc.ID)
			}
			return res, nil
		}
		return nil, asPlatformError(err, string(action)+" subdomain of "+svc.Name)
	}
	proj.noteChange(svc.ID, proc)
	res.Process = proc
	if enable {
		// The URLs are known before the process ends: they follow from the
		// project's host and the service's HTTP ports.
		on := *svc
		if fresh, err := c.GetService(ctx, svc.ID); err == nil && fresh != nil {
			on = *fresh
		}
		on.SubdomainAccess = true
		if proj, err := c.GetProject(ctx, projectID); err == nil {
			res.SubdomainURLs = serviceURLs(ctx, c, proj.SubdomainHost, on, nil)
		}
		if on.Status == platform.ServiceActive && !neverDeployed(&on) {
			res.RefKeys = subdomainRefKeys(ctx, proj, on)
		}
	}
	return res, nil
}

// subdomainRefKeys are the keys of svc's variables (zerops.yml's, its
// secrets, the project's) whose value references its own ${zeropsSubdomain}.
func subdomainRefKeys(ctx context.Context, proj Project, svc platform.ServiceStack) []string {
	yml, _ := proj.Memory.deployedEnv(proj.ID, svc.ID)
	var keys []string
	for _, v := range withYml(appVars(ctx, proj, svc), yml) {
		if strings.Contains(v.value, subdomainRef) && !slices.Contains(keys, v.key) {
			keys = append(keys, v.key)
		}
	}
	slices.Sort(keys)
	return keys
}

// enableSubdomain asks for subdomain access. Right after a deploy the
// platform may not have registered the service's HTTP ports yet and answers
// noSubdomainPorts: then it retries with short backoff. Without a recent
// deploy the error explains that one with an httpSupport port is needed.
func enableSubdomain(ctx context.Context, proj Project, svc *platform.ServiceStack) (*platform.Process, error) {
	c := proj.Client
	for i := 0; ; i++ {
		proc, err := c.EnableSubdomainAccess(ctx, svc.ID)
		if platform.ErrorCode(err) != platform.ErrSubdomainNoPorts {
			return proc, err
		}
		if svc.Type.Category != "" && svc.Type.Category != platform.CategoryUser {
			// No deploy gives a managed service an HTTP port.
			return nil, platform.NewError(platform.ErrSubdomainNoPorts,
				fmt.Sprintf("%s is a managed service (%s) with no HTTP port for a subdomain", svc.Name, cmp.Or(svc.Type.VersionName, svc.Type.Name)),
				"The subdomain serves a runtime service's HTTP port: enable it on the runtime that serves the app (zerops_discover lists the services and their ports); it reaches this service over the private network by hostname.")
		}
		v := newestVersion(ctx, proj, svc.ID)
		if v != nil && v.Status == platform.AppVersionActive && (i >= len(portWaits) || !portsPending(svc, v)) {
			// Deployed, its ports registered: its zerops.yml has no HTTP one.
			return nil, deployedNoHTTPPort(svc)
		}
		if i >= len(portWaits) || !deployedRecently(ctx, proj, svc.ID) {
			if deployedBefore(ctx, proj, svc.ID) {
				// Its code runs: the deploy in force declares no HTTP port.
				return nil, platform.NewError(platform.ErrSubdomainNoPorts,
					fmt.Sprintf("%s has no HTTP port for the subdomain: the zerops.yml deployed last declares no run.ports entry with httpSupport: true", svc.Name),
					fmt.Sprintf("If %s serves HTTP, add its port to run.ports with httpSupport: true (e.g. {port: 3000, httpSupport: true}), deploy it (zerops_deploy) and enable the subdomain again; a worker without HTTP needs no subdomain.", svc.Name))
			}
			return nil, noHTTPPort(svc.Name, "no deploy has registered a port with httpSupport: true yet")
		}
		t := time.NewTimer(portWaits[i])
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
		if fresh, err := c.GetService(ctx, svc.ID); err == nil && fresh != nil {
			*svc = *fresh
		}
		if svc.SubdomainAccess {
			// The import's enableSubdomainAccess took effect with the ports:
			// asking again would only start a process that fails (lesson #9).
			return nil, platform.NewError(platform.ErrSubdomainEnabled, "subdomain access is already enabled",
				"Nothing to do: the subdomain is already enabled.")
		}
	}
}

// noHTTPPort is SUBDOMAIN_NO_HTTP_PORT for a runtime: why, and the deploy
// that gives it a port the subdomain can serve.
func noHTTPPort(name, why string) error {
	return platform.NewError(platform.ErrSubdomainNoPorts,
		fmt.Sprintf("%s has no HTTP port for the subdomain: %s", name, why),
		fmt.Sprintf("The subdomain serves a port with httpSupport: true, which a deploy registers: deploy %s (zerops_deploy) with a zerops.yml whose run.ports has e.g. {port: 3000, httpSupport: true}, then enable the subdomain again.", name))
}

// deployedNoHTTPPort is SUBDOMAIN_NO_HTTP_PORT for a runtime whose live
// deploy registered its ports, none with httpSupport: what its zerops.yml
// declares, and that a service serving no HTTP (a worker) needs no
// subdomain, before the port to mark for one that does.
func deployedNoHTTPPort(svc *platform.ServiceStack) error {
	why := "its deployed zerops.yml declares no run.ports"
	if len(svc.Ports) > 0 {
		ports := make([]string, 0, len(svc.Ports))
		for _, p := range svc.Ports {
			ports = append(ports, fmt.Sprintf("%d (%s)", p.Port, cmp.Or(p.Protocol, "tcp")))
		}
		why = "its deployed zerops.yml declares port " + strings.Join(ports, ", ") + " without httpSupport: true"
	}
	return platform.NewError(platform.ErrSubdomainNoPorts,
		fmt.Sprintf("%s has no HTTP port for the subdomain: %s", svc.Name, why),
		fmt.Sprintf("A service that serves no HTTP (a worker) needs no subdomain: leave it off. Only if %s serves HTTP, mark its port httpSupport: true in run.ports of zerops.yml (e.g. {port: 3000, httpSupport: true}), deploy it with zerops_deploy, then enable the subdomain again.", svc.Name))
}

// newestVersion is the newest app version of the service, nil when none
// (or the search fails).
func newestVersion(ctx context.Context, proj Project, serviceID string) *platform.AppVersion {
	versions, err := proj.Client.SearchAppVersions(ctx, platform.AppVersionFilter{ProjectID: proj.ID, ServiceID: serviceID, Limit: 1})
	if err != nil || len(versions) == 0 {
		return nil
	}
	return &versions[0]
}

// awaitDeployPorts returns svc once the ports of its newest deploy are
// registered (portsPending), re-reading it with the bounded portWaits.
func awaitDeployPorts(ctx context.Context, proj Project, svc *platform.ServiceStack) (*platform.ServiceStack, error) {
	c, projectID := proj.Client, proj.ID
	if svc.Type.Category != "" && svc.Type.Category != platform.CategoryUser {
		return svc, nil
	}
	versions, err := c.SearchAppVersions(ctx, platform.AppVersionFilter{ProjectID: projectID, ServiceID: svc.ID, Limit: 1})
	if err != nil || len(versions) == 0 {
		return svc, nil //nolint:nilerr // waiting is best effort: without versions svc is what there is
	}
	return settlePorts(ctx, c, svc, &versions[0])
}

// portsPending reports whether svc may still show the ports of the deploy
// before v: v went live within freshDeploy and the service record has not
// changed since. The platform registers a deploy's ports a moment after it
// ends; until then a URL or probe made from them names the previous ports.
func portsPending(svc *platform.ServiceStack, v *platform.AppVersion) bool {
	return v != nil && v.Status == platform.AppVersionActive && time.Since(v.LastUpdate) < freshDeploy &&
		!svc.LastUpdate.After(v.LastUpdate) && (svc.Type.Category == "" || svc.Type.Category == platform.CategoryUser)
}

// settlePorts re-reads svc, bounded by portWaits, while its ports are
// pending after v; past the bound it answers the service as it is.
func settlePorts(ctx context.Context, c platform.Client, svc *platform.ServiceStack, v *platform.AppVersion) (*platform.ServiceStack, error) {
	for _, wait := range portWaits {
		if !portsPending(svc, v) {
			return svc, nil
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
		if fresh, err := c.GetService(platform.FreshRead(ctx), svc.ID); err == nil && fresh != nil {
			svc = fresh
		}
	}
	return svc, nil
}

// deployedRecently reports whether the service's newest app version became
// ACTIVE within freshDeploy.
func deployedRecently(ctx context.Context, proj Project, serviceID string) bool {
	c, projectID := proj.Client, proj.ID
	versions, err := c.SearchAppVersions(ctx, platform.AppVersionFilter{ProjectID: projectID, ServiceID: serviceID, Limit: 1})
	if err != nil || len(versions) == 0 {
		return false
	}
	v := versions[0]
	return v.Status == platform.AppVersionActive && time.Since(v.LastUpdate) < freshDeploy
}

// deployedBefore reports whether the service's newest app version is
// ACTIVE: code of a deploy runs there.
func deployedBefore(ctx context.Context, proj Project, serviceID string) bool {
	versions, err := proj.Client.SearchAppVersions(ctx, platform.AppVersionFilter{ProjectID: proj.ID, ServiceID: serviceID, Limit: 1})
	return err == nil && len(versions) > 0 && versions[0].Status == platform.AppVersionActive
}

func already(res *SubdomainResult) *SubdomainResult {
	res.AlreadyInState = true
	res.Message = "subdomain access already " + string(res.Action) + "d"
	return res
}
