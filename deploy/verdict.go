package deploy

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
	"github.com/zeropsio/zcp/platform/ops"
)

// Timing of the wait for a deployed app to answer.
const (
	DefaultReadyWait = time.Minute     // how long a deployed app may take to answer
	readyPoll        = 2 * time.Second // between two checks
	portsWait        = 8 * time.Second // how long a service without HTTP ports is asked again
	watchLimit       = 10 * time.Minute
)

// Check is what decided a followed deploy's verdict: the probe quoted, the
// diagnoses and the log lines behind them.
type Check struct {
	URL        string               `json:"url,omitempty"`
	HTTPStatus int                  `json:"httpStatus,omitempty"`
	Reason     string               `json:"reason"`
	Diagnoses  []diagnose.Diagnosis `json:"diagnoses,omitempty"`
	LogLines   []string             `json:"logLines,omitempty"`
	Next       platform.Step        `json:"-"`
	// Simulated: the answer judged is the sandbox's stand-in's.
	Simulated bool `json:"-"`
}

// checkLive waits for the deployed service to answer, within env.ReadyWait
// and the watch limit counted from started, and judges its app version own
// ("" when unknown: the live one) with ops' verify. An app still starting,
// or not answering with a quiet log, is asked again: it may not be
// listening yet.
// An empty verdict means the wait budget ended before the check decided.
func checkLive(ctx context.Context, env Env, serviceID, label, own string, started time.Time) (platform.Verdict, *Check) {
	wait := env.ReadyWait
	if wait <= 0 {
		wait = DefaultReadyWait
	}
	deadline := time.Now().Add(wait)
	if limit := started.Add(watchLimit); limit.Before(deadline) {
		deadline = limit
	}
	venv := ops.VerifyEnv{Client: env.Client, Logs: env.Logs, ProjectID: env.ProjectID, Memory: env.Memory, Prober: env.Prober}
	poll := env.ReadyPoll
	if poll <= 0 {
		poll = readyPoll
	}
	begun := time.Now()
	for {
		svc, h, err := checkOnce(ctx, venv, serviceID, own)
		if BudgetEnded(ctx) || cutShort(ctx, err) {
			return "", nil // what the cut check saw decides nothing: Follow checks again
		}
		if platform.ErrorCode(err) == platform.ErrServiceNotFound || err == nil && svc.Status == platform.ServiceDeleting {
			return platform.VerdictTargetDeleted, &Check{Reason: label + " was deleted while the deploy ran"}
		}
		if err != nil {
			return platform.VerdictDeployed, &Check{Reason: "could not check it: " + platform.Clip(err.Error(), 200),
				Next: platform.Call("zerops_verify", "serviceHostname="+label).Say(" tells whether it answers.")}
		}
		if h == nil { // stopped: nothing runs to answer, however long we wait
			return platform.VerdictStopped, &Check{Reason: fmt.Sprintf("%s is %s: the version deployed runs once %s is started", label, svc.Status, label),
				Next: platform.Say("start it with ").Call("zerops_manage", "action=start", "serviceHostname="+label).Say("; then ").
					Call("zerops_verify", "serviceHostname="+label).Say(" tells whether it answers.")}
		}
		// Not answering with a quiet log may be an app still binding its
		// port; errors in the log say it is not coming up.
		quiet := len(h.Diagnoses) == 0 && len(h.ErrorLines) == 0
		// The platform registers a deploy's ports a moment after it ends;
		// an app whose log already shows it failing is not waited for.
		noPortsYet := len(h.Probes) == 0 && time.Since(begun) < portsWait && (quiet || h.Verdict != platform.VerdictFailing)
		// Right after a push the platform may not list the new version yet:
		// "not deployed" then is lag, waited out like a quiet failure.
		// A start that only keeps the container up (`zsc noop`, `sleep
		// infinity`) with nothing else starting a server is not
		// waited for: nothing is coming up.
		retry := h.ReplacedBy == nil && (noPortsYet || h.Starting() || (h.Verdict == platform.VerdictFailing && quiet && !h.Idle()) ||
			h.Verdict == platform.VerdictNotDeployed)
		if !retry || time.Now().Add(poll).After(deadline) {
			return verdictOf(h)
		}
		if env.Progress != nil {
			why := "no answer yet"
			switch {
			case noPortsYet:
				why = "waiting for its HTTP ports to register"
			case h.Starting():
				why = "the app is starting"
			}
			env.Progress(fmt.Sprintf("Checking %s: %s (%ds)", label, why, int(time.Since(begun).Seconds())))
		}
		t := time.NewTimer(poll)
		select {
		case <-ctx.Done():
			t.Stop()
			if BudgetEnded(ctx) {
				return "", nil
			}
			return verdictOf(h)
		case <-t.C:
		}
	}
}

// checkOnce reads the service and checks it; a stopped service is not
// checked (h nil): nothing runs on it to answer.
func checkOnce(ctx context.Context, venv ops.VerifyEnv, serviceID, own string) (svc *platform.ServiceStack, h *ops.ServiceHealth, err error) {
	svc, err = venv.Client.GetService(platform.FreshRead(ctx), serviceID) // polled until it answers
	if err != nil {
		return nil, nil, err
	}
	if svc.Status == platform.ServiceDeleting {
		return svc, nil, nil
	}
	if svc.Status == platform.ServiceStopped || svc.Status == platform.ServiceStopping {
		return svc, nil, nil
	}
	h, err = ops.CheckService(ctx, venv, *svc, own)
	return svc, h, err
}

// verdictOf turns a service's health into a deploy's verdict.
func verdictOf(h *ops.ServiceHealth) (platform.Verdict, *Check) {
	v := &Check{Reason: h.Reason, Diagnoses: h.Diagnoses, Next: h.Next}
	if h.ReplacedBy != nil {
		return platform.VerdictReplaced, v
	}
	best := bestProbe(h.Probes)
	v.URL, v.HTTPStatus, v.Simulated = best.URL, best.Status, best.Simulated
	switch {
	case h.Verdict == platform.VerdictHealthy && best.OK():
		return platform.VerdictLive, v
	case h.Verdict == platform.VerdictHealthy:
		return platform.VerdictDeployed, v
	case h.Verdict == platform.VerdictUnverified:
		return platform.VerdictUnverified, v
	case h.Verdict == platform.VerdictNotDeployed:
		// The push ended, yet the platform lists no version of it: not a
		// failure of the app, and no reason to deploy again.
		v.Reason = "the push ended, but the platform lists no deployed version yet"
		v.Next = platform.Call("zerops_verify", "serviceHostname="+h.Service).Say(" in a minute tells whether it answers.")
		return platform.VerdictDeployed, v
	}
	v.LogLines = logLines(h)
	if h.Verdict == platform.VerdictDegraded && len(h.Probes) == 0 {
		return platform.VerdictDeployed, v // nothing to probe (no HTTP port): not "does not answer"
	}
	if h.Verdict == platform.VerdictDegraded && best.Answered() {
		return platform.VerdictDegraded, v
	}
	return platform.VerdictNotAnswering, v
}

// bestProbe is the probe a verdict quotes: an OK one, the public URL first,
// else the first one made.
func bestProbe(ps []ops.Probe) ops.Probe {
	var best ops.Probe
	for _, p := range ps {
		switch {
		case p.Skipped:
		case best.URL == "":
			best = p
		case p.OK() && (!best.OK() || (p.Public && !best.Public)):
			best = p
		}
	}
	return best
}

// briefReason is the longest reason an unverified deploy's message
// repeats; a longer one is left to check.reason.
const briefReason = 160

// verdictMessage is the deploy answer's one line for a verdict.
func verdictMessage(label string, verdict platform.Verdict, c *Check) string {
	switch verdict {
	case platform.VerdictLive:
		return fmt.Sprintf("%s is live: %s answered %d.", label, c.URL, c.HTTPStatus)
	case platform.VerdictDegraded:
		return fmt.Sprintf("%s is deployed and answers, but: %s.", label, c.Reason)
	case platform.VerdictStopped:
		return c.Reason + "."
	case platform.VerdictReplaced:
		return fmt.Sprintf("%s was deployed, but %s.", label, c.Reason)
	case platform.VerdictNotAnswering:
		return fmt.Sprintf("%s is deployed (ACTIVE) but does not answer: %s.", label, c.Reason)
	case platform.VerdictUnverified:
		if len(c.Reason) > briefReason {
			// check.reason holds it whole: the message does not say it twice.
			return fmt.Sprintf("%s is deployed; unverified: check.reason names what the sandbox could not check.", label)
		}
		return fmt.Sprintf("%s is deployed; unverified: %s.", label, c.Reason)
	}
	return fmt.Sprintf("%s is ACTIVE; %s.", label, c.Reason)
}

// logLines are the lines a verdict quotes: each diagnosis' evidence, then
// the newest error lines, at most checkLines.
func logLines(h *ops.ServiceHealth) []string {
	const checkLines = 6
	var out []string
	seen := map[string]bool{}
	add := func(l string) {
		l = strings.TrimSpace(l)
		if key := ops.Uncounted(l); l != "" && !seen[key] && len(out) < checkLines {
			seen[key] = true
			out = append(out, l)
		}
	}
	for _, d := range h.Diagnoses {
		add(d.Evidence)
	}
	for i := max(0, len(h.ErrorLines)-checkLines); i < len(h.ErrorLines); i++ {
		add(h.ErrorLines[i])
	}
	return out
}
