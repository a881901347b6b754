package mcp

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
	"github.com/zeropsio/zcp/platform/policy"
)

// intent is what a tool call would do, as the policy sees it: its action,
// the services it names (as the agent spelt them, resolved later) and the
// scaling it asks for. A call may carry more than one action (env set with
// restart: true also restarts).
type intent struct {
	action  policy.Action
	also    []policy.Action // further actions on the same services
	names   []string        // service references: hostnames or ids, any spelling
	project bool            // the project's variables
	every   bool            // the action reaches every runtime service (project restart)
	scale   *policy.Scale
	read    bool
	// pushes is a deploy's push of the working directory: what it sends is
	// not in its arguments, so a repeat is a new push, never a replay.
	pushes bool
	// unconfirmed is a delete without confirm: true, which the tool refuses
	// before any API call: no human is asked about it.
	unconfirmed bool
}

// intentOf reads a call's arguments with the tool's own input type, so it
// sees exactly what the handler will (the SDK refuses unknown or
// differently cased names before a handler runs). ok is false when they
// cannot be read.
func (s *Server) intentOf(ctx context.Context, def toolDef, raw json.RawMessage) (intent, bool) {
	name := def.tool.Name
	if len(raw) == 0 || string(raw) == "null" {
		raw = json.RawMessage("{}")
	}
	if def.readOnly {
		var in struct {
			ServiceHostname any `json:"serviceHostname"`
		}
		_ = json.Unmarshal(raw, &in)
		it := intent{action: policy.ActionRead, read: true}
		if h, ok := in.ServiceHostname.(string); ok {
			it.names = []string{h}
		}
		return it, true
	}
	switch name {
	case "zerops_manage":
		var in manageInput
		if json.Unmarshal(raw, &in) != nil {
			return intent{action: policy.ActionScale}, false
		}
		action := ops.ManageAction(policy.Canonical(string(in.Action)))
		// The manage actions are policy actions of the same name.
		it := intent{action: policy.Action(action), names: []string{in.ServiceHostname}}
		switch action {
		case ops.ActionBackups:
			it.action, it.read = policy.ActionRead, true
		case ops.ActionScale:
			it.scale = &policy.Scale{Containers: max(in.MinContainers.V, in.MaxContainers.V, in.StartContainers.V),
				CPU: max(in.MinCPU.V, in.MaxCPU.V), RAMGB: max(in.MinRAM.V, in.MaxRAM.V), DiskGB: max(in.MinDisk.V, in.MaxDisk.V)}
		}
		return it, true
	case "zerops_delete":
		var in deleteInput
		if json.Unmarshal(raw, &in) != nil {
			return intent{action: policy.ActionDelete}, false
		}
		return intent{action: policy.ActionDelete, names: []string{in.ServiceHostname}, unconfirmed: !bool(in.Confirm)}, true
	case "zerops_env":
		return envIntent(raw)
	case "zerops_deploy":
		var in deployInput
		if json.Unmarshal(raw, &in) != nil {
			return intent{action: policy.ActionDeploy}, false
		}
		if strings.TrimSpace(in.Follow) != "" { // waits on a deploy already decided
			return intent{action: policy.ActionRead, read: true}, true
		}
		it := intent{action: policy.ActionDeploy, pushes: !in.Rollback.V}
		if in.Rollback.V {
			it.action = policy.ActionRollback
		}
		for _, n := range []string{in.TargetService, in.TargetServiceID, in.ServiceID} {
			if strings.TrimSpace(n) != "" {
				it.names = append(it.names, n)
			}
		}
		if len(it.names) == 0 { // an SSH deploy onto its own source
			it.names = []string{in.SourceService}
		}
		return it, true
	case "zerops_subdomain":
		var in subdomainInput
		if json.Unmarshal(raw, &in) != nil {
			return intent{action: policy.ActionSubdomain}, false
		}
		return intent{action: policy.ActionSubdomain, names: []string{in.ServiceHostname}}, true
	case "zerops_import":
		var in importInput
		if json.Unmarshal(raw, &in) != nil {
			return intent{action: policy.ActionImport}, false
		}
		if in.DryRun.V {
			return intent{action: policy.ActionRead, read: true}, true
		}
		content, err := s.readContent(ctx, in.Content, in.FilePath)
		if err != nil {
			return intent{action: policy.ActionImport}, true // refused by the tool before any API call
		}
		names, ok := importHostnames(content)
		return intent{action: policy.ActionImport, names: names}, ok
	case "zerops_process":
		var in processInput
		if json.Unmarshal(raw, &in) != nil {
			return intent{action: policy.ActionCancel}, false
		}
		if ops.ProcessAction(policy.Canonical(string(in.Action))) == ops.ProcessCancel {
			return intent{action: policy.ActionCancel}, true
		}
		return intent{action: policy.ActionRead, read: true}, true
	}
	// A tool the gate does not know: every rule about any service applies.
	return intent{action: policy.Action(name)}, false
}

// envIntent is zerops_env's: get reads; set and delete write the service's
// or the project's variables, and restart: true also restarts.
func envIntent(raw json.RawMessage) (intent, bool) {
	var in envInput
	if json.Unmarshal(raw, &in) != nil {
		return intent{action: policy.ActionEnvSet}, false
	}
	it := intent{project: in.Project.V}
	if strings.TrimSpace(in.ServiceHostname) != "" {
		it.names = []string{in.ServiceHostname}
	}
	switch ops.EnvAction(policy.Canonical(string(in.Action))) {
	case ops.EnvGet:
		it.action, it.read = policy.ActionRead, true
		return it, true
	case ops.EnvDelete:
		it.action = policy.ActionEnvDelete
	default: // set, or an action the tool refuses
		it.action = policy.ActionEnvSet
	}
	if in.Restart.V {
		it.also = []policy.Action{policy.ActionRestart}
		it.every = it.project
	}
	return it, true
}

// importHostnames lists the hostnames an import.yml creates; ok is false
// when the YAML cannot be read (the tool refuses it before any API call).
func importHostnames(content string) ([]string, bool) {
	var doc struct {
		Services []struct {
			Hostname any `yaml:"hostname"`
		} `yaml:"services"`
	}
	if err := yaml.Unmarshal([]byte(content), &doc); err != nil {
		return nil, false
	}
	var out []string
	for _, s := range doc.Services {
		if h, ok := s.Hostname.(string); ok {
			out = append(out, h)
		} else if s.Hostname != nil {
			out = append(out, fmt.Sprint(s.Hostname))
		}
	}
	return out, true
}

// resolveTargets turns the names a call gives into the services they are:
// a hostname in any case or with spaces around it, or an id, resolve to the
// same service; a name matching none stays its canonical spelling. The
// services are read only when the policy's decision may depend on them.
func (s *Server) resolveTargets(ctx context.Context, it intent, need bool) ([]policy.Target, error) {
	var targets []policy.Target
	if it.project {
		targets = append(targets, policy.Target{Hostname: policy.ProjectTarget})
	}
	if !need {
		for _, n := range it.names {
			if c := policy.Canonical(n); c != "" {
				targets = append(targets, policy.Target{Hostname: c})
			}
		}
		return targets, nil
	}
	services, err := s.deps.Client.ListServices(ctx, s.projectID())
	if err != nil {
		return nil, &platform.PlatformError{Code: platform.ErrorCode(err), Message: "the policy could not check this call: the project's services could not be read",
			Suggestion: "Retry in a moment; a call the policy cannot check is not sent.", Err: err}
	}
	for _, n := range it.names {
		c := policy.Canonical(n)
		if c == "" {
			continue
		}
		t := policy.Target{Hostname: c}
		for _, svc := range services {
			if svc.System {
				continue
			}
			if strings.EqualFold(svc.ID, strings.TrimSpace(n)) || policy.Canonical(svc.Name) == c {
				t = policy.Target{Hostname: policy.Canonical(svc.Name), Kind: kindOf(svc)}
				break
			}
		}
		targets = append(targets, t)
	}
	if it.every || (len(it.names) == 0 && !it.project && it.action != policy.ActionRead) {
		// every runtime (a project restart), or a call whose services could
		// not be read: every service of the project
		for _, svc := range services {
			if !svc.System && (!it.every || kindOf(svc) == policy.KindRuntime) {
				targets = append(targets, policy.Target{Hostname: policy.Canonical(svc.Name), Kind: kindOf(svc)})
			}
		}
	}
	return targets, nil
}

// kindOf is a service's kind as rules name it.
func kindOf(svc platform.ServiceStack) string {
	switch svc.Type.Category {
	case platform.CategoryUser:
		return policy.KindRuntime
	case platform.CategoryStandard, platform.CategoryShared, platform.CategoryObject:
		return policy.KindData
	}
	return ""
}
