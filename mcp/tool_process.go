package mcp

import (
	"context"
	"fmt"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

type processInput struct {
	ProcessID string            `json:"processId"`
	Action    ops.ProcessAction `json:"action,omitempty" jsonschema:"status (default) or cancel"`
	Wait      Bool              `json:"wait,omitzero" jsonschema:"with status: wait for its end, at most one wait budget"`
}

type processOutput struct {
	Process processSummary `json:"process"`
	Next    string         `json:"next"`
}

func (s *Server) processTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_process",
		Description: "Status of a process another tool returned (PENDING, RUNNING, FINISHED, FAILED with reason, CANCELED), or cancel it.",
		Annotations: mutatingAnn("Process status or cancel", true, true),
	}, func(ctx context.Context, req *sdk.CallToolRequest, in processInput) (processOutput, error) {
		p, err := ops.Process(ctx, s.deps.Client, in.ProcessID, in.Action)
		if err != nil {
			return processOutput{}, err
		}
		if in.Wait.V && in.Action != ops.ProcessCancel {
			return s.waitOnProcess(ctx, req, p), nil
		}
		sum := summarize([]waitOutcome{{Process: *p, Finished: p.IsTerminal()}})[0]
		return processOutput{Process: sum, Next: s.processNextFor(ctx, p)}, nil
	})
}

// waitOnProcess waits for p to end within the wait budget, reading on from
// the subscription an earlier call's budget left parked.
func (s *Server) waitOnProcess(ctx context.Context, req *sdk.CallToolRequest, p *platform.Process) processOutput {
	if p.IsTerminal() || s.deps.Watcher == nil {
		return processOutput{Process: summarize([]waitOutcome{{Process: *p, Finished: p.IsTerminal()}})[0], Next: s.processNextFor(ctx, p)}
	}
	outcomes := s.awaitProcesses(ctx, s.progressFor(ctx, req), []platform.Process{*p}, "")
	o := outcomes[0]
	next := s.processNextFor(ctx, &o.Process)
	if o.Waited || !o.Finished {
		next = nextForProcesses(outcomes, true, next)
	}
	return processOutput{Process: summarize(outcomes)[0], Next: next}
}

// processNextFor is the next step after reading p, where what it did
// decides it: a finished variable change while the service's app still
// runs with the values it started with names the restart that gives them
// (for project variables, of each deployed runtime so running; an agent
// reading only "done" never restarted), a finished restart, start
// or redeploy names zerops_verify (ACTIVE is not answering).
func (s *Server) processNextFor(ctx context.Context, p *platform.Process) string {
	if p.Status == platform.ProcessFinished && p.ActionName == platform.ActionUpdateProjectEnvs && len(p.ServiceStacks) == 0 {
		if names := s.pendingRestarts(ctx); len(names) > 0 {
			return "Next: done; project variables changed after the " + pick(len(names), "app", "apps") + " of " + strings.Join(names, ", ") +
				" last started, and each runs with the values it started with until restarted; restart " + pick(len(names), "it if its code reads them", "those whose code reads them") + ": " + restartCalls(names) + "."
		}
	}
	envChange := p.ActionName == platform.ActionUpdateUserData || p.ActionName == platform.ActionUpdateProjectEnvs
	if p.Status == platform.ProcessFinished && envChange && (len(p.ServiceStacks) == 0 || p.ServiceStacks[0].Name == "") {
		return envDone // discover does not show a variable's value
	}
	if p.Status != platform.ProcessFinished || len(p.ServiceStacks) == 0 || p.ServiceStacks[0].Name == "" {
		return processNext(p)
	}
	host := p.ServiceStacks[0].Name
	switch p.ActionName {
	case platform.ActionUpdateUserData, platform.ActionUpdateProjectEnvs:
		if changed, started, ok := ops.EnvPendingRestart(ctx, s.opsProject(), host); ok {
			return "Next: done; " + pendingRestart(host, changed, started) + s.shadowedNote(ctx, host)
		}
		return envDone
	case platform.ActionRestart, platform.ActionStart, platform.ActionDeploy:
		return "Next: done; zerops_verify serviceHostname=" + host + " checks that it answers (with the diagnosis if not)."
	}
	return processNext(p)
}

// envDone is the step after a finished variable change no running app
// still has to read: the variables, not the services, show it.
const envDone = "Next: done; zerops_env action=get shows the variables (an app reads them when it starts)."

// pendingRestarts names the deployed runtime services whose variables (or
// the project's) changed after their app last started.
func (s *Server) pendingRestarts(ctx context.Context) []string {
	var names []string
	for _, n := range ops.EnvAffected(ctx, s.opsProject(), &ops.EnvResult{Scope: ops.EnvScopeProject}) {
		if _, _, ok := ops.EnvPendingRestart(ctx, s.opsProject(), n); ok {
			names = append(names, n)
		}
	}
	return names
}

// pendingRestart says that variables of host changed after its app last
// started, and the call that gives the app the new values.
func pendingRestart(host string, changed, started time.Time) string {
	layout := "15:04:05"
	if changed.UTC().YearDay() != started.UTC().YearDay() || changed.UTC().Year() != started.UTC().Year() {
		layout = "2006-01-02 15:04:05" // walk 85: yesterday's 02:17 read as after today's 01:13
	}
	return fmt.Sprintf("variables of %s or of the project changed at %s UTC, after its app last started (%s UTC): it runs with the values it started with until zerops_manage action=restart serviceHostname=%s.",
		host, changed.UTC().Format(layout), started.UTC().Format(layout), host)
}

// shadowedNote says which secrets of host a restart does not give the app:
// those run.envVariables of its deployed zerops.yml declare too (zerops_env
// set warned of each); "" when there are none or they cannot be read.
func (s *Server) shadowedNote(ctx context.Context, host string) string {
	res, err := ops.Env(ctx, s.opsProject(), s.deps.EnvWrites, ops.EnvGet, ops.EnvTarget{Hostname: host}, nil)
	if err != nil {
		return ""
	}
	both := keysInBoth(res.Variables)
	if len(both) == 0 {
		return ""
	}
	return fmt.Sprintf(" A restart does not give the app the %s %s: run.envVariables of the zerops.yml deployed there declare %s too; keep each key in one place: %s, or remove it from zerops.yml and zerops_deploy.",
		pick(len(both), "secret", "secrets"), platform.JoinClipped(both, ", ", 200), pick(len(both), "it", "them"), envDeleteCall(host, both))
}

// processNext is the next step after reading a process.
func processNext(p *platform.Process) string {
	switch p.Status {
	case platform.ProcessFinished:
		return "Next: done; verify with zerops_discover."
	case platform.ProcessFailed:
		return "Next: read failReason, check zerops_logs for the service, fix and retry."
	case platform.ProcessCanceled, platform.ProcessCanceling:
		return "Next: the process was cancelled; start the work again if needed."
	}
	return "Next: still running; wait for its end with zerops_process wait=true processId=" + p.ID + "."
}

// processStatusInput is the read-only variant's input: action status only.
type processStatusInput struct {
	ProcessID string            `json:"processId"`
	Action    ops.ProcessAction `json:"action,omitempty" jsonschema:"status (default); cancel is refused: ZCP runs read-only"`
	Wait      Bool              `json:"wait,omitzero" jsonschema:"wait until it ends, at most one wait budget"`
}

var processStatusGate = actionGate[ops.ProcessAction]{
	tool:     "zerops_process",
	def:      ops.ProcessStatus,
	read:     map[ops.ProcessAction]ops.ProcessAction{ops.ProcessStatus: ops.ProcessStatus, "get": ops.ProcessStatus},
	accepted: []ops.ProcessAction{ops.ProcessStatus},
	mutating: []ops.ProcessAction{ops.ProcessCancel},
	instead:  "Check the process with action=status.",
}

// processStatusTool is zerops_process as registered under ZCP_READ_ONLY: it
// reports a process and refuses cancel with READ_ONLY. It never cancels,
// whatever the arguments.
func (s *Server) processStatusTool() toolDef {
	def := newTool(&sdk.Tool{
		Name:        "zerops_process",
		Description: "Status of a platform process returned by another tool or listed by zerops_events (PENDING, RUNNING, FINISHED, FAILED with reason, CANCELED). ZCP runs read-only: cancel is refused.",
		Annotations: readOnlyAnn("Process status"),
	}, func(ctx context.Context, req *sdk.CallToolRequest, in processStatusInput) (processOutput, error) {
		if _, err := processStatusGate.check(in.Action); err != nil {
			return processOutput{}, err
		}
		p, err := ops.Process(ctx, s.deps.Client, in.ProcessID, ops.ProcessStatus)
		if err != nil {
			return processOutput{}, err
		}
		if in.Wait.V {
			return s.waitOnProcess(ctx, req, p), nil
		}
		return processOutput{Process: summarize([]waitOutcome{{Process: *p, Finished: p.IsTerminal()}})[0], Next: processNext(p)}, nil
	})
	def.guard = processStatusGate.guard
	return def
}
