package ops

import (
	"context"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// Subdomain actions.
const (
	SubdomainEnable  = "enable"
	SubdomainDisable = "disable"
)

// SubdomainActions lists the accepted subdomain actions.
var SubdomainActions = []string{SubdomainEnable, SubdomainDisable}

// SubdomainResult is the answer to a subdomain change. Process is nil when
// the service was already in the asked state.
type SubdomainResult struct {
	Action          string            `json:"action"`
	ServiceHostname string            `json:"serviceHostname"`
	ServiceID       string            `json:"serviceId"`
	AlreadyInState  bool              `json:"alreadyInState,omitempty"`
	Message         string            `json:"message,omitempty"`
	Process         *platform.Process `json:"process,omitempty"`
}

// Subdomain enables or disables the zerops.app subdomain of a service. It is
// idempotent: the service is checked first, and a service already in the
// asked state (or the API saying so) is a success, never a failed process.
func Subdomain(ctx context.Context, c platform.Client, projectID, hostname, action string) (*SubdomainResult, error) {
	action = strings.ToLower(strings.TrimSpace(action))
	if action != SubdomainEnable && action != SubdomainDisable {
		return nil, unknownAction(action, SubdomainActions...)
	}
	svc, err := ResolveService(ctx, c, projectID, hostname)
	if err != nil {
		return nil, err
	}
	res := &SubdomainResult{Action: action, ServiceHostname: svc.Name, ServiceID: svc.ID}
	enable := action == SubdomainEnable
	if fresh, err := c.GetService(ctx, svc.ID); err == nil && fresh != nil {
		svc = fresh
	}
	if svc.SubdomainAccess == enable {
		return already(res), nil
	}
	var proc *platform.Process
	if enable {
		proc, err = c.EnableSubdomainAccess(ctx, svc.ID)
	} else {
		proc, err = c.DisableSubdomainAccess(ctx, svc.ID)
	}
	if err != nil {
		switch platform.ErrorCode(err) {
		case platform.ErrSubdomainEnabled, platform.ErrSubdomainDisabled:
			return already(res), nil
		}
		return nil, asPlatformError(err, action+" subdomain of "+svc.Name)
	}
	noteChange(projectID, svc.ID, proc)
	res.Process = proc
	return res, nil
}

func already(res *SubdomainResult) *SubdomainResult {
	res.AlreadyInState = true
	res.Message = "subdomain access already " + res.Action + "d"
	return res
}
