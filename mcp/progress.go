package mcp

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"go.uber.org/zap"

	"github.com/zeropsio/zcp/platform"
)

// progress sends notifications/progress for one call. It is a no-op when
// the client sent no progress token. Safe for concurrent use: the mutex is
// held across the send so that notifications leave in the order of their
// growing counter, as the protocol asks (it orders one call's sends only).
type progress struct {
	ctx   context.Context
	req   *sdk.CallToolRequest
	token any
	log   *zap.Logger

	mu sync.Mutex
	n  float64
}

func (s *Server) progressFor(ctx context.Context, req *sdk.CallToolRequest) *progress {
	p := &progress{ctx: ctx, req: req, log: s.log}
	if req != nil && req.Params != nil {
		p.token = req.Params.GetProgressToken()
	}
	return p
}

// enabled reports whether the client asked for progress.
func (p *progress) enabled() bool { return p.token != nil && p.req.Session != nil }

func (p *progress) send(msg string) {
	if !p.enabled() {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ctx.Err() != nil {
		return
	}
	p.n++
	if err := p.req.Session.NotifyProgress(p.ctx, &sdk.ProgressNotificationParams{
		ProgressToken: p.token, Progress: p.n, Message: msg,
	}); err != nil {
		p.log.Debug("progress notification failed", zap.Error(err))
	}
}

// verbs names what a process action is doing, for progress messages.
var verbs = map[string]string{
	"stack.start": "Starting", "stack.stop": "Stopping", "stack.restart": "Restarting",
	"stack.autoscaling": "Scaling", "stack.create": "Creating", "stack.delete": "Deleting",
	"stack.build": "Building", "stack.updateUserData": "Updating variables of",
	"stack.updateProjectEnvs":     "Updating project variables",
	"stack.enableSubdomainAccess": "Enabling subdomain of", "stack.disableSubdomainAccess": "Disabling subdomain of",
}

func describeProcess(p platform.Process, fallback string) string {
	verb := verbs[p.ActionName]
	if verb == "" {
		verb = p.ActionName
		if verb == "" {
			verb = "Working on"
		}
	}
	target := fallback
	if len(p.ServiceStacks) > 0 && p.ServiceStacks[0].Name != "" {
		target = p.ServiceStacks[0].Name
	}
	if target == "" {
		return verb
	}
	return verb + " " + target
}

// waitOutcome is the end of following one process.
type waitOutcome struct {
	Process  platform.Process
	Finished bool   // reached a terminal state
	Note     string // why not, when Finished is false
}

// followProcesses waits for procs to end when the client asked for progress,
// reporting each update ("Restarting appdev: RUNNING (12 s)") and nothing on
// the final one (lessons #1): the result says it. Without a token, or
// without a watcher, it returns the processes as they are. The watch ends
// processList is the process an operation may have started, as the list
// followProcesses takes: empty when it started none.
func processList(p *platform.Process) []platform.Process {
	if p == nil {
		return nil
	}
	return []platform.Process{*p}
}

// with ctx: the platform processes keep running.
func (s *Server) followProcesses(ctx context.Context, pr *progress, procs []platform.Process, label string) ([]waitOutcome, bool) {
	out := make([]waitOutcome, len(procs))
	for i, p := range procs {
		out[i] = waitOutcome{Process: p, Finished: p.IsTerminal()}
	}
	if !pr.enabled() || s.deps.Watcher == nil || len(procs) == 0 {
		return out, false
	}
	return s.awaitProcesses(ctx, pr, procs, label), true
}

// awaitProcesses waits for procs to end, whether or not the client asked for
// progress (pr reports when it did). Without a watcher it returns them as
// they are.
func (s *Server) awaitProcesses(ctx context.Context, pr *progress, procs []platform.Process, label string) []waitOutcome {
	out := make([]waitOutcome, len(procs))
	for i, p := range procs {
		out[i] = waitOutcome{Process: p, Finished: p.IsTerminal()}
	}
	if s.deps.Watcher == nil {
		return out
	}
	var wg sync.WaitGroup
	for i := range procs {
		if procs[i].IsTerminal() {
			continue
		}
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			out[i] = s.followOne(ctx, pr, procs[i], label)
		}(i)
	}
	wg.Wait()
	return out
}

func (s *Server) followOne(ctx context.Context, pr *progress, proc platform.Process, label string) waitOutcome {
	res := waitOutcome{Process: proc}
	ch, err := s.deps.Watcher.Subscribe(ctx, proc.ID)
	if err != nil {
		res.Note = "could not follow the process: " + errorPayload(err, s.deps.Secrets)["error"].(string)
		return res
	}
	what := describeProcess(proc, label)
	// The state the call started with is the first progress: the watcher's
	// first poll comes one interval later.
	pr.send(fmt.Sprintf("%s: %s (0 s)", what, proc.Status))
	for {
		select {
		case <-ctx.Done():
			res.Note = "stopped waiting: the call was cancelled; the process keeps running"
			return res
		case u, ok := <-ch:
			if !ok {
				if res.Note == "" && !res.Finished {
					res.Note = "stopped waiting; the process keeps running"
				}
				return res
			}
			if u.Process.ID != "" {
				res.Process = u.Process
			}
			if u.Final {
				res.Finished = res.Process.IsTerminal()
				if u.Err != nil {
					res.Note = errorPayload(u.Err, s.deps.Secrets)["error"].(string) + "; the process keeps running"
				}
				return res
			}
			if res.Process.IsTerminal() {
				// Lessons #1: a terminal state is the result's to report, never a
				// notification racing it; the Final update follows.
				continue
			}
			pr.send(fmt.Sprintf("%s: %s (%s)", what, res.Process.Status, seconds(u.Elapsed)))
		}
	}
}

func seconds(d time.Duration) string {
	return fmt.Sprintf("%d s", int(d.Round(time.Second)/time.Second))
}

// processSummary is how a result reports the processes a call started.
type processSummary struct {
	ID         string `json:"id"`
	Action     string `json:"action"`
	Status     string `json:"status"`
	Service    string `json:"serviceHostname,omitempty"`
	FailReason string `json:"failReason,omitempty"`
	Note       string `json:"note,omitempty"`
}

func summarize(outcomes []waitOutcome) []processSummary {
	out := make([]processSummary, 0, len(outcomes))
	for _, o := range outcomes {
		ps := processSummary{ID: o.Process.ID, Action: o.Process.ActionName, Status: o.Process.Status, Note: o.Note}
		if len(o.Process.ServiceStacks) > 0 {
			ps.Service = o.Process.ServiceStacks[0].Name
		}
		if o.Process.FailReason != nil {
			ps.FailReason = *o.Process.FailReason
		}
		out = append(out, ps)
	}
	return out
}

// processChecks names the zerops_process call for every pending process:
// the tool takes one id, so more than one are listed after it.
func processChecks(pending []string) string {
	if len(pending) == 1 {
		return "zerops_process processId=" + pending[0]
	}
	return fmt.Sprintf("zerops_process for each of the %d processes, processId= %s", len(pending), strings.Join(pending, ", "))
}

// nextForProcesses says what to do after an async call.
func nextForProcesses(outcomes []waitOutcome, followed bool, success string) string {
	if len(outcomes) == 0 {
		return success
	}
	var failed, pending []string
	for _, o := range outcomes {
		switch {
		case o.Process.Status == platform.ProcessFailed || o.Process.Status == platform.ProcessCanceled:
			failed = append(failed, o.Process.ID)
		case !o.Finished:
			pending = append(pending, o.Process.ID)
		}
	}
	switch {
	case len(failed) > 0:
		return "Next: read failReason, check zerops_events and zerops_logs for the service, fix the cause and retry."
	case len(pending) > 0 && !followed:
		return "Next: the work runs on the platform; check it with " + processChecks(pending) + " (or zerops_events)."
	case len(pending) > 0:
		return "Next: still running; check it later with " + processChecks(pending) + "."
	}
	return success
}
