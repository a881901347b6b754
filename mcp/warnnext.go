package mcp

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
)

// warningsFirst is the next step of a check that passed with warnings: fix
// (or knowingly accept) them, check again, then then. It is "" without
// warnings, so a clean check keeps its plain next step.
func warningsFirst(warnings []platform.Issue, check, then string) string {
	if len(warnings) == 0 {
		return ""
	}
	listed, unknown, more := 0, 0, false
	for _, w := range warnings {
		switch w.Kind {
		case platform.IssueNotListed:
			more = true
			continue
		case platform.IssueUnknownKey: // a warning, not an error: dropped, not refused
			unknown++
		}
		listed++
	}
	next := fmt.Sprintf("Next: fix (or knowingly accept) the %d warning%s first; each names its fix.", listed, plural(listed))
	if more {
		next = fmt.Sprintf("Next: fix (or knowingly accept) the %d warnings listed first (each names its fix); more are not listed.", listed)
	}
	if unknown > 0 {
		next += fmt.Sprintf(" %d unknown key%s would be silently ignored: rename or remove %s as %s fix says.",
			unknown, plural(unknown), pick(unknown, "it", "them"), pick(unknown, "its", "each"))
	}
	return next + " Then " + check + " again and " + then
}

func plural(n int) string { return pick(n, "", "s") }

func pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// noServiceHost is a warning's words for a host no service has: group
// 1 the host.
var noServiceHost = regexp.MustCompile(`the project has no service "([a-z0-9]+)"`)

// envRef finds a ${host_key} reference in a warning's problem, or a
// $host_key one without braces (as official recipes write it).
var envRef = regexp.MustCompile(`\$\{[A-Za-z0-9]+_[A-Za-z0-9_]+\}|\$[a-z][a-z0-9]*_[A-Za-z0-9_]+`)

// failsWith finds the line a warning foretells its command fails with.
var failsWith = regexp.MustCompile("would fail with `([^`]+)`")

// provesPrepare reports whether d, a prepare command's failure, proves w,
// a warning on a prepare command, its cause: the package manager the image
// lacks (`/bin/sh: apt-get: not found` on Alpine), or a package the other
// OS names so (`libvips-dev (no such package):`). phase, when known
// (preparePhase), is the prepare commands that failed: the build's failure
// proves nothing of run.prepareCommands, another container whose own OS
// decides, nor the other way round.
func provesPrepare(w platform.Issue, d diagnose.Diagnosis, phase string) bool {
	if d.Signal != "prepare-command-failed" || !strings.Contains(w.Path, cmp.Or(phase, "prepareCommands")) {
		return false
	}
	if name, _, ok := strings.Cut(w.Problem, " is not installed on "); ok && strings.Contains(d.Evidence, " "+name+": ") {
		return true
	}
	_, rest, ok := strings.Cut(w.Problem, " names the package ")
	pkg, _, _ := strings.Cut(rest, " ")
	return ok && pkg != "" && (strings.Contains(d.Evidence, pkg+" (no such package)") || strings.HasSuffix(d.Evidence, "Unable to locate package "+pkg) ||
		strings.Contains(d.Evidence, "ERROR: unable to select packages")) // apk names the package on the line after
}

// preparePhase is the prepare commands a version that ended status failed
// in: the build's (BUILD_FAILED) or the runtime's (PREPARING_RUNTIME_FAILED);
// "" for any other status.
func preparePhase(status platform.AppVersionStatus) string {
	switch status {
	case platform.AppVersionBuildFailed:
		return "build.prepareCommands"
	case platform.AppVersionPreparingRuntimeFailed:
		return "run.prepareCommands"
	}
	return ""
}

// proveFix is the suggestion of a failure d proves a warning of warnings
// the cause of (provesPrepare): the first such warning's own fix, which
// names the command and the packages, and the paths of the others d proves
// alike (the same manager in the next commands, which the answer no longer
// lists as warnings); "" when d proves none.
func proveFix(warnings []platform.Issue, d diagnose.Diagnosis, phase string) string {
	var first platform.Issue
	var alike []string
	for _, w := range warnings {
		switch {
		case !provesPrepare(w, d, phase) || w.Fix == "":
		case first.Fix == "":
			first = w
		default:
			alike = append(alike, "`"+w.Path+"`")
		}
	}
	if first.Fix == "" {
		return ""
	}
	out := fmt.Sprintf("Fix `%s`: %s", first.Path, first.Fix)
	if len(alike) > 0 {
		out += " Likewise " + strings.Join(alike, ", ") + "."
	}
	return out + " Then zerops_deploy again."
}

// undiagnosed is warnings without those d, the diagnosis of the failure,
// states the fix of: a reference it names as its cause, or, when that is in
// zerops.yml too, another to the same missing service (one service to
// create, or both changed in one edit and deploy) unless it is the
// build's and the fix changes run.envVariables' references only, a run.start it already
// says to remove (a web server's base, which serves on 80 alone), or a
// prepare command's package manager the image lacks whose failure is d's
// evidence (`/bin/sh: apt-get: not found` on Alpine), a build command's
// tool the image lacks likewise (`npm: not found` on php@8.4), or a
// loopback HOST in run.envVariables the app was found bound to, or a
// PORT there off run.ports that a wrong-port fix sets, or a check's port
// off run.ports that d's fix sets.
func undiagnosed(warnings []platform.Issue, d diagnose.Diagnosis, phase string) []platform.Issue {
	return slices.DeleteFunc(slices.Clone(warnings), func(w platform.Issue) bool {
		if strings.HasSuffix(w.Path, "run.start") && d.Signal == "wrong-port" && strings.HasPrefix(d.Fix, "Remove ") && strings.Contains(d.Fix, "`run.start`") {
			return true
		}
		if _, key, ok := strings.Cut(w.Path, ".run.envVariables."); ok && d.Signal == "listening-on-localhost" && strings.Contains(d.Cause, " set "+key+" to ") {
			return true // the loopback HOST the diagnosis found the app bound to
		}
		if strings.HasSuffix(w.Path, ".run.envVariables.PORT") && d.Signal == "wrong-port" && strings.Contains(d.Fix, "PORT") {
			return true // the PORT off run.ports the app was found listening on: d's fix sets it
		}
		if checkPortSet(w, d) {
			return true
		}
		if provesPrepare(w, d, phase) {
			return true
		}
		if m := failsWith.FindStringSubmatch(w.Problem); m != nil && strings.Contains(d.Evidence, m[1]) {
			return true // the failure the warning foretold, which d explains
		}
		if _, key, ok := strings.Cut(w.Path, ".run.envVariables."); ok {
			if m := noServiceHost.FindStringSubmatch(w.Problem); m != nil && strings.Contains(d.Fix, "in "+key+" replace the host "+m[1]+" with ") {
				return true // a connection URL's host of no service, which d's fix replaces
			}
		}
		ref := envRef.FindString(w.Problem)
		if ref == "" {
			return false
		}
		if strings.Contains(w.Path, ".build.envVariables.") && strings.Contains(d.Fix, " instead of ") && !strings.Contains(d.Fix, "build.envVariables") {
			return false // the same reference in the build, which d's fix (a change in run.envVariables) leaves as it is
		}
		host, _, _ := strings.Cut(strings.TrimLeft(ref, "${"), "_")
		return strings.Contains(d.Cause, ref) || (d.NeedsDeploy() && d.MissingService() != "" && host == d.MissingService())
	})
}

// checkPortSet reports whether w, a warning on a check's port, is set by
// d's fix (a health check failing there: "Set
// `run.healthCheck.httpGet.port` to 8080"): the fix once, in next.
func checkPortSet(w platform.Issue, d diagnose.Diagnosis) bool {
	for _, key := range []string{"run.healthCheck.httpGet.port", "deploy.readinessCheck.httpGet.port"} {
		if strings.HasSuffix(w.Path, "."+key) && strings.Contains(d.Fix, "`"+key+"`") {
			return true
		}
	}
	return false
}

// unreasoned is warnings without an install without sudo that reason, an
// unverified verdict's, names with what to do on the real log ("whether
// `apt-get install` (run.prepareCommands) run without sudo: … prefix
// sudo"): the fix once, as the reason's condition, not as a step before
// the next deploy.
func unreasoned(warnings []platform.Issue, reason string) []platform.Issue {
	if !strings.Contains(reason, " without sudo: ") || !strings.Contains(reason, "prefix sudo") {
		return warnings
	}
	return slices.DeleteFunc(slices.Clone(warnings), func(w platform.Issue) bool {
		name, rest, ok := strings.Cut(w.Problem, " without sudo: ")
		if !ok || strings.Contains(name, "`") || rest == "" {
			return false
		}
		_, block, _ := strings.Cut(w.Path, "].")
		block, _, _ = strings.Cut(block, "[")
		return strings.Contains(reason, "`"+name+"` ("+block+")")
	})
}

// unstated is warnings without those whose setting next, a verdict's step,
// already tells the agent to set or keep ("set run.documentRoot …", a
// worker's "keep run.start"): the fix once.
func unstated(warnings []platform.Issue, next string) []platform.Issue {
	next = strings.ToLower(next)
	return slices.DeleteFunc(slices.Clone(warnings), func(w platform.Issue) bool {
		_, key, ok := strings.Cut(w.Path, "].")
		key = strings.ToLower(key)
		return ok && (strings.Contains(next, "set "+key+" ") || strings.Contains(next, "keep "+key+","))
	})
}
