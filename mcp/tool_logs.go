package mcp

import (
	"cmp"
	"context"
	"regexp"
	"slices"
	"strconv"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
	"github.com/zeropsio/zcp/platform/ops"
)

type logsInput struct {
	ServiceHostname string `json:"serviceHostname,omitempty" jsonschema:"omit for all services, merged by time"`
	Severity        string `json:"severity,omitempty" jsonschema:"minimum: error, warning, info, debug (or 0-7)"`
	Since           string `json:"since,omitempty" jsonschema:"e.g. 30m, 2h, 1d or RFC 3339"`
	Limit           Int    `json:"limit,omitzero" jsonschema:"lines; default 100, max 1000"`
	Search          string `json:"search,omitempty" jsonschema:"only lines with this text"`
	BuildID         string `json:"buildId,omitempty" jsonschema:"only this build's log (appVersionId from zerops_events)"`
}

type logsOutput struct {
	ops.LogsResult
	Next string `json:"next"`
}

func (s *Server) logsTool() toolDef {
	return newTool(&sdk.Tool{
		Name:        "zerops_logs",
		Description: "Runtime or build log lines of a service or the whole project.",
		Annotations: readOnlyAnn("Service logs"),
	}, func(ctx context.Context, _ *sdk.CallToolRequest, in logsInput) (logsOutput, error) {
		res, err := ops.Logs(ctx, s.opsProject(), s.deps.Logs, ops.LogsParams{
			Hostname: in.ServiceHostname, Severity: in.Severity, Since: in.Since,
			Limit: in.Limit.V, Search: in.Search, BuildID: in.BuildID,
		})
		if err != nil {
			return logsOutput{}, err
		}
		var next string
		stale := true // the lines' failures are of a version no longer running: no fix to act on
		building, status := res.Building()
		apps, managed := res.Managed()
		switch {
		case res.Count == 0 && res.Quiet() != "":
			next = "Next: " + res.Quiet()
		case res.Count == 0:
			next = "Next: no lines matched; widen since or severity, or check zerops_events for failed processes."
		case len(res.Diagnoses) > 0 && s.leases.pushingTo(res.Service):
			next = "Next: a zerops_deploy to " + res.Service + " is still running; these lines are of the version it replaces, so do not deploy again for them: " +
				"that call's answer gives the new version's verdict (with the diagnosis if it fails too)."
		case len(res.Diagnoses) > 0 && building != "":
			// A deploy under way may carry the fix: deploying it again
			// would repeat it.
			next = "Next: app version " + building + " of " + res.Service + " is " + string(status) +
				" now; these lines are of the version it replaces, so do not deploy again for them: zerops_deploy follow=" + building +
				" waits for its verdict (with the diagnosis if it fails too)."
		case len(res.Diagnoses) > 0 && res.Earlier() != "":
			next = "Next: the failures these lines show were logged before the latest start of " + res.Earlier() +
				" (a deploy, rollback or restart since); zerops_verify" + verifyArg(res.Service) +
				" tells whether the running version answers (with the diagnosis if not)."
		case len(res.Diagnoses) > 0:
			next, stale = diagnosisNext(res.Diagnoses[0]), false
		case hasErrorLine(res) && quitsOnly(res):
			// The platform's restart lines of a start command that ended
			// with status 0: no error of the app's to fix here.
			next = "Next: the start command ends with status 0 and is started again (no error of the app's in these lines); zerops_verify" + verifyArg(res.Service) +
				" says why and the fix."
		case hasErrorLine(res):
			next = "Next: fix what the errors point at, redeploy (zerops_deploy) and check the logs again."
		case res.OtherPort() != "":
			next = "Next: the app logs a port " + res.Service + " does not declare in run.ports (" + platform.Clip(res.OtherPort(), 80) +
				"): zerops_verify serviceHostname=" + res.Service + " probes the declared ports and diagnoses it."
		case managed:
			// Walk 86: a database's log read as if it carried requests.
			next = "Next: no error line or known failure in these lines. " + res.Service + "'s log is its own output (starts, checkpoints, its own errors), " +
				"not the queries or requests its clients send: which of those are slow or fail shows in the log of the app that sends them"
			if len(apps) > 0 {
				next += " (zerops_logs serviceHostname=" + apps[0] + "; runtimes here: " + platform.JoinClipped(apps, ", ", 120) + ")"
			}
			next += "."
		case s.deps.Sandbox:
			// Walk 82: the sandbox's verify sent here for request errors,
			// and this step sent back to a verify answering the same.
			next = "Next: no error line or known failure in these lines. The sandbox's stand-in logs its start and where it listens, no request's lines, " +
				"so errors or slowness on requests do not show here (on Zerops these logs hold what the app prints: request errors and timings only if it logs them); failed builds and processes are in zerops_events."
		default:
			next = "Next: no error line or known failure in these lines; zerops_verify" + verifyArg(res.Service) +
				" checks that it answers (with the diagnosis if not); failed builds and processes are in zerops_events."
		}
		if res.Replaced > 0 && res.Replaced < res.Count && res.Earlier() == "" {
			// walk 76: lines of replaced versions read first, as if current.
			next += " (" + strconv.Itoa(res.Replaced) + " of these lines were logged before the latest start, by versions since replaced; the rest are of what runs now.)"
		}
		res.Diagnoses = diagnose.WithoutStated(res.Diagnoses, next) // the fix once: in next
		if stale {
			// Its fix may be applied already: the verdict of what runs
			// now (zerops_verify, named in next) gives one if still needed.
			res.Diagnoses = fixesLeftOut(res.Diagnoses)
		}
		return logsOutput{*res, next}, nil
	})
}

// fixesLeftOut is ds without their fixes; ds itself is not changed.
func fixesLeftOut(ds []diagnose.Diagnosis) []diagnose.Diagnosis {
	out := slices.Clone(ds)
	for i := range out {
		out[i].Fix = ""
	}
	return out
}

// verifyArg is the serviceHostname argument for hostname, if any.
func verifyArg(hostname string) string {
	if hostname == "" {
		return ""
	}
	return " serviceHostname=" + hostname
}

// hasErrorLine reports whether an answer holds a line of severity error or worse.
func hasErrorLine(res *ops.LogsResult) bool {
	bad := func(sev string) bool {
		switch sev {
		case "Error", "Critical", "Alert", "Emergency":
			return true
		}
		return false
	}
	if bad(res.Shared["severity"]) {
		return true
	}
	for _, e := range res.Entries {
		if bad(e.Severity) {
			return true
		}
	}
	return false
}

// quitRestart is the platform's line for a start command that ended with
// status 0 and is started again.
var quitRestart = regexp.MustCompile(`(?i)\bexited with (code|status) 0\b.*\brestarting\b`)

// quitsOnly reports whether every error line of res is such a line.
func quitsOnly(res *ops.LogsResult) bool {
	for _, e := range res.Entries {
		switch cmp.Or(e.Severity, res.Shared["severity"]) {
		case "Error", "Critical", "Alert", "Emergency":
			if !quitRestart.MatchString(e.Message) {
				return false
			}
		}
	}
	return true
}

// diagnosisNext is the step a diagnosis names: its fix, then a deploy and a
// verify, or only the verify when the fix is an env change a restart applies.
func diagnosisNext(d diagnose.Diagnosis) string {
	step := strings.TrimSuffix(d.Fix, ".") + "; then zerops_verify"
	if d.NeedsDeploy() { // the deploy named once, in the fix's own words when it has them
		step = strings.TrimSuffix(d.FixThenDeploy(), ".") + ", then zerops_verify"
	}
	return "Next: " + d.Signal + ": " + step + " (the cause is explained in " + d.Doc + ")."
}
