package deploy

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// messageLines is how many trailing output lines an error message quotes.
const messageLines = 15

func newResult(p Plan, out runOutcome) *Result {
	return &Result{
		Mode:            p.Mode,
		SourceService:   p.SourceService,
		TargetServiceID: p.TargetServiceID,
		Setup:           p.Setup,
		WorkingDir:      p.WorkingDir,
		ExitCode:        out.exitCode,
		Output:          out.lines,
		Started:         out.started,
		Duration:        out.duration,
	}
}

func canceledError(err error) error {
	if errors.Is(err, context.DeadlineExceeded) {
		return &platform.PlatformError{Code: platform.ErrDeployTimeout, Message: "the deploy's deadline passed before it started", Err: err,
			Suggestion: "Retry the deploy."}
	}
	return &platform.PlatformError{Code: platform.ErrCanceled, Message: "deploy canceled before it started", Err: err}
}

// interrupted turns a cancelled or timed-out run into its error, or nil.
func interrupted(what string, out runOutcome, timeoutHint string) error {
	switch {
	case out.canceled:
		return &platform.PlatformError{Code: platform.ErrCanceled,
			Message:    what + " was canceled; the process group was killed" + tail(out.lines, 5),
			Suggestion: "A build may already have started if the upload finished: check zerops_events for the service before deploying again.",
			Err:        context.Canceled}
	case out.timedOut:
		return &platform.PlatformError{Code: platform.ErrDeployTimeout,
			Message:    fmt.Sprintf("%s did not finish in time and was killed (after %s)", what, out.duration.Round(1e9)) + tail(out.lines, 5),
			Suggestion: timeoutHint, Err: context.DeadlineExceeded}
	}
	return nil
}

// classifySSH maps ssh's exit to nil or a PlatformError. ssh exits 255 for
// its own failures but also when a connection drops after a successful push,
// so zcli's output decides (lessons #5).
func classifySSH(p Plan, out runOutcome) error {
	what := fmt.Sprintf("the push from %s over ssh", p.SourceService)
	if err := interrupted(what, out, "Check that "+p.SourceService+" is reachable and zcli push works there; large uploads may need a longer timeout."); err != nil {
		if out.success {
			return nil // the push got through before the kill
		}
		return err
	}
	switch code := out.exitCode; {
	case code == 0:
		return nil
	case code == 255 && out.success:
		return nil
	case code == 255:
		return &platform.PlatformError{Code: platform.ErrSSHFailed,
			Message:    fmt.Sprintf("ssh to %s failed (exit 255)", p.SourceService) + tail(sshErrorLines(out.lines), messageLines),
			Suggestion: fmt.Sprintf("Check that %s is a running runtime service of this project (zerops_discover) and that zcp can ssh into it; a container being redeployed refuses connections for a moment, so retry after it is ACTIVE.", p.SourceService)}
	case code == exitNoZcli:
		return deployFailed(fmt.Sprintf("zcli is not installed on %s", p.SourceService), out,
			"Deploy from a runtime container that has zcli (Zerops runtime images do), or install it there: npm i -g @zerops/zcli.")
	case code == exitNoDir:
		return deployFailed(fmt.Sprintf("working directory %s not found on %s", p.WorkingDir, p.SourceService), out,
			"Pass workingDir: the directory on the source container holding zerops.yml (default /var/www).")
	case code == exitLoginFailed:
		return deployFailed(fmt.Sprintf("zcli login failed on %s", p.SourceService), out,
			"The API token zcp uses was refused by zcli: check ZEROPS_ZCP_API_KEY is valid and has access to this project.")
	case code == exitNoToken:
		return deployFailed("the remote script received no token", out, "Retry; if it persists, report it.")
	default:
		return deployFailed(fmt.Sprintf("zcli push on %s failed (exit %d)", p.SourceService, code), out, pushHint(p))
	}
}

func pushHint(p Plan) string {
	h := "Read the output: a missing or invalid zerops.yml, a setup name not in it, or a wrong service id are the usual causes."
	if p.Setup == "" {
		h += " If zerops.yml has no setup named after the target service's hostname, pass setup."
	}
	return h + " Check zerops.yml in " + p.WorkingDir + " and retry."
}

func deployFailed(msg string, out runOutcome, hint string) error {
	return platform.NewError(platform.ErrDeployFailed, msg+tail(out.lines, messageLines), hint)
}

// sshErrorLines picks ssh's own complaints from the output, or all of it when
// none are recognised.
func sshErrorLines(lines []string) []string {
	var out []string
	for _, l := range lines {
		if strings.HasPrefix(l, "ssh:") || strings.Contains(l, "Connection") || strings.Contains(l, "Permission denied") ||
			strings.Contains(l, "Host key") || strings.Contains(l, "kex_exchange") || strings.Contains(l, "Could not resolve") {
			out = append(out, l)
		}
	}
	if len(out) == 0 {
		return lines
	}
	return out
}

// tail formats the last n lines for an error message.
func tail(lines []string, n int) string {
	if len(lines) == 0 {
		return ""
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return ":\n" + strings.Join(lines, "\n")
}
