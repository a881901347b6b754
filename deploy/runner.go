package deploy

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"time"
)

// waitDelay bounds how long Wait waits for output pipes held open by
// grandchildren after the child itself exited or was killed.
const waitDelay = 3 * time.Second

// tokenEnvVars are environment variables that may hold the API token; they
// are removed from every child's environment.
var tokenEnvVars = []string{"ZEROPS_ZCP_API_KEY", "ZEROPS_TOKEN", "ZCP_TOKEN"}

// runSpec is one child process to run.
type runSpec struct {
	path  string
	args  []string
	dir   string
	stdin string // written to the child's stdin, which then stays open until it exits
}

// runOutcome is what happened to a child.
type runOutcome struct {
	exitCode int // -1 when killed by a signal or never started
	lines    []string
	success  bool // zcli printed a push-success marker
	startErr error
	canceled bool // the caller's context was cancelled
	timedOut bool // the Deployer's (or the caller's) deadline passed
	started  time.Time
	duration time.Duration
}

// successMarkers are zcli output lines meaning the push reached the platform
// (lessons #5: ssh may still exit 255 afterwards): zcli prints "Deploying
// service" as it starts build-and-deploy, and the build's own log line once
// the build has produced its artefacts.
var successMarkers = []string{"BUILD ARTEFACTS READY TO DEPLOY", "Deploying service"}

// run starts spec in its own process group and waits for it. Cancelling ctx
// or passing the Deployer's timeout kills the whole group, so ssh or zcli and
// everything they started go with it. Output is kept in a bounded ring of
// redacted lines.
func (d *Deployer) run(ctx context.Context, spec runSpec) runOutcome {
	runCtx, cancel := context.WithTimeout(ctx, d.cfg.Timeout)
	defer cancel()

	var sawSuccess atomic.Bool
	ring := newLineRing(d.cfg.OutputLines, newRedactor(d.cfg.Token), func(line string) {
		for _, m := range successMarkers {
			if strings.Contains(line, m) {
				sawSuccess.Store(true)
			}
		}
	})

	cmd := exec.CommandContext(runCtx, spec.path, spec.args...)
	cmd.Dir = spec.dir
	cmd.Env = childEnv(os.Environ(), d.cfg.Token)
	cmd.Stdout = ring
	cmd.Stderr = ring
	setProcessGroup(cmd)
	cmd.Cancel = func() error { return killGroup(cmd) }
	cmd.WaitDelay = waitDelay
	var stdin io.WriteCloser
	if spec.stdin != "" {
		var err error
		if stdin, err = cmd.StdinPipe(); err != nil {
			return runOutcome{exitCode: -1, startErr: err}
		}
	}

	out := runOutcome{started: time.Now()}
	if err := cmd.Start(); err != nil {
		out.exitCode, out.startErr = -1, err
		return out
	}
	if stdin != nil {
		// A pipe buffer holds the token, so this write does not block; a child
		// that already died makes it fail, which Wait then reports. The pipe
		// stays open (Wait closes it): the remote script treats its EOF as
		// "the client went away".
		_, _ = io.WriteString(stdin, spec.stdin+"\n")
	}
	err := cmd.Wait()
	out.duration = time.Since(out.started)
	out.exitCode = cmd.ProcessState.ExitCode()
	out.lines = ring.Lines()
	out.success = sawSuccess.Load()
	if err == nil && out.exitCode == 0 {
		return out
	}
	switch {
	case errors.Is(ctx.Err(), context.Canceled):
		out.canceled = true
	case runCtx.Err() != nil:
		out.timedOut = true
	}
	return out
}

// childEnv is env without any variable that holds the token, so the token
// never sits in a child's /proc/<pid>/environ.
func childEnv(env []string, token string) []string {
	out := make([]string, 0, len(env))
outer:
	for _, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		for _, v := range tokenEnvVars {
			if name == v {
				continue outer
			}
		}
		if token != "" && strings.Contains(value, token) {
			continue
		}
		out = append(out, kv)
	}
	return out
}
