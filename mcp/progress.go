package mcp

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/platform"
)

// progress sends notifications/progress for one call. It is a no-op when
// the client sent no progress token. Safe for concurrent use.
type progress struct {
	ctx   context.Context
	req   *sdk.CallToolRequest
	token any
	log   *slog.Logger
	call  *callProgress
}

// callProgress is one tool call's progress: the notifications' counter and
// whether the call has answered. Its mutex is held across each send, so
// notifications leave in the order of their growing counter (the protocol
// orders one call's sends only), and closing it waits for a send in flight:
// none follows the answer. A progress for a token the client has dropped
// tore down Claude Code's stdio transport (facts/clients.md, lessons #1).
type callProgress struct {
	mu     sync.Mutex
	n      float64
	closed bool
}

// close ends the call's progress: called before its answer is written.
func (c *callProgress) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.closed = true
}

type callProgressKey struct{}

// progressMiddleware gives each tool call its callProgress and closes it
// when the handler returns, before the SDK writes the answer.
func (s *Server) progressMiddleware(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		if method != methodCallTool {
			return next(ctx, method, req)
		}
		cp := &callProgress{}
		defer cp.close()
		return next(context.WithValue(ctx, callProgressKey{}, cp), method, req)
	}
}

func (s *Server) progressFor(ctx context.Context, req *sdk.CallToolRequest) *progress {
	cp, _ := ctx.Value(callProgressKey{}).(*callProgress)
	if cp == nil {
		cp = &callProgress{}
	}
	p := &progress{ctx: ctx, req: req, log: s.log, call: cp}
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
	c := p.call
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed || p.ctx.Err() != nil {
		return
	}
	c.n++
	if err := p.req.Session.NotifyProgress(p.ctx, &sdk.ProgressNotificationParams{
		ProgressToken: p.token, Progress: c.n, Message: msg,
	}); err != nil {
		p.log.Debug("progress notification failed", slog.Any("error", err))
	}
}

// verbs names what a process action is doing, for progress messages.
var verbs = map[platform.ActionName]string{
	platform.ActionStart: "Starting", platform.ActionStop: "Stopping", platform.ActionRestart: "Restarting",
	platform.ActionAutoscaling: "Scaling", platform.ActionCreate: "Creating", platform.ActionDelete: "Deleting",
	platform.ActionBuild: "Building", platform.ActionUpdateUserData: "Updating variables of",
	platform.ActionUpdateProjectEnvs:     "Updating project variables",
	platform.ActionEnableSubdomainAccess: "Enabling subdomain of", platform.ActionDisableSubdomainAccess: "Disabling subdomain of",
}

func describeProcess(p platform.Process, fallback string) string {
	verb := verbs[p.ActionName]
	if verb == "" {
		verb = string(p.ActionName)
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
	Finished bool          // reached a terminal state
	Note     string        // why not, when Finished is false
	Waited   bool          // the wait budget ended first: the zerops_process wait call waits on
	Elapsed  time.Duration // since the wait for it began, when Waited
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

// awaitProcesses waits for procs to end, within the call's wait budget,
// whether or not the client asked for progress (pr reports when it did).
// Without a watcher it returns them as they are.
func (s *Server) awaitProcesses(ctx context.Context, pr *progress, procs []platform.Process, label string) []waitOutcome {
	out := make([]waitOutcome, len(procs))
	for i, p := range procs {
		out[i] = waitOutcome{Process: p, Finished: p.IsTerminal()}
	}
	if s.deps.Watcher == nil {
		return out
	}
	ctx, stop := s.withWaitBudget(ctx)
	defer stop()
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
	l, err := s.processLease(ctx, proc.ID)
	if err != nil {
		res.Note = "could not follow the process: " + errorPayload(err, s.deps.Secrets)["error"].(string)
		return res
	}
	what := describeProcess(proc, label)
	// The state the call started with is the first progress: the watcher's
	// first poll comes one interval later.
	pr.send(fmt.Sprintf("%s: %s (0 s)", what, proc.Status))
	for {
		u, ok, ended := l.next(ctx)
		switch {
		case ended && deploy.BudgetEnded(ctx):
			// The work goes on: its subscription waits for the continuation.
			s.leases.procs.park(proc.ID, l)
			res.Waited, res.Elapsed = true, time.Since(l.start)
			res.Note = fmt.Sprintf("still %s after %s; the process keeps running", res.Process.Status, seconds(res.Elapsed))
			return res
		case ended:
			l.end()
			res.Note = "stopped waiting: the call was cancelled; the process keeps running"
			return res
		case !ok:
			l.end()
			if res.Note == "" && !res.Finished {
				res.Note = "stopped waiting; the process keeps running"
			}
			return res
		}
		if u.Process.ID != "" {
			res.Process = u.Process
		}
		if u.Final {
			l.end()
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

func seconds(d time.Duration) string {
	return fmt.Sprintf("%d s", int(d.Round(time.Second)/time.Second))
}

// processSummary is how a result reports the processes a call started.
type processSummary struct {
	ID             string                 `json:"id"`
	Action         platform.ActionName    `json:"action"`
	Status         platform.ProcessStatus `json:"status"`
	Service        string                 `json:"serviceHostname,omitempty"`
	FailReason     string                 `json:"failReason,omitempty"`
	ElapsedSeconds int                    `json:"elapsedSeconds,omitempty"` // waited so far, when the wait budget ended first
	Note           string                 `json:"note,omitempty"`
}

func summarize(outcomes []waitOutcome) []processSummary {
	out := make([]processSummary, 0, len(outcomes))
	for _, o := range outcomes {
		ps := processSummary{ID: o.Process.ID, Action: o.Process.ActionName, Status: o.Process.Status, Note: o.Note}
		if o.Waited {
			ps.ElapsedSeconds = max(1, int(o.Elapsed.Seconds()))
		}
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

// processWaits names the zerops_process call that waits on where an
// answer's wait budget left each pending process.
func processWaits(pending []string) string {
	if len(pending) == 1 {
		return "zerops_process wait=true processId=" + pending[0]
	}
	return fmt.Sprintf("zerops_process wait=true processId=%s, then the same call for each of the other %d processes (%s)", pending[0], len(pending)-1, strings.Join(pending[1:], ", "))
}

// nextForProcesses says what to do after an async call.
func nextForProcesses(outcomes []waitOutcome, followed bool, success string) string {
	if len(outcomes) == 0 {
		return success
	}
	var failed, pending []string
	waited := false
	for _, o := range outcomes {
		switch {
		case o.Process.Status == platform.ProcessFailed || o.Process.Status == platform.ProcessCanceled:
			failed = append(failed, o.Process.ID)
		case !o.Finished:
			pending = append(pending, o.Process.ID)
			waited = waited || o.Waited
		}
	}
	switch {
	case len(failed) > 0:
		return "Next: read failReason, check zerops_events and zerops_logs for the service, fix the cause and retry."
	case waited:
		return "Next: still running when this call's wait ended (the platform keeps working); wait on with " + processWaits(pending) + "; it answers when the work ends or after the next wait."
	case len(pending) > 0 && !followed:
		return "Next: the work runs on the platform; check it with " + processChecks(pending) + " (or zerops_events)."
	case len(pending) > 0:
		return "Next: still running; check it later with " + processChecks(pending) + "."
	}
	return success
}
