package fakeapi

import (
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/appsim"
	"github.com/zeropsio/zcp/platform/zeropsyml"
)

// readinessOf is deploy.readinessCheck as a build runs it, nil for none.
func readinessOf(c *zeropsyml.Check) *appsim.Readiness {
	switch {
	case c == nil:
		return nil
	case c.HTTPGet != nil && c.HTTPGet.Port > 0:
		return &appsim.Readiness{Port: c.HTTPGet.Port, Path: orStr(clip(c.HTTPGet.Path, 100), "/")}
	case c.Exec != nil && strings.TrimSpace(c.Exec.Command) != "":
		return &appsim.Readiness{Exec: clip(c.Exec.Command, 200)}
	}
	return nil
}

// planFailure records a failure after the build: status (PREPARING_RUNTIME_FAILED
// or DEPLOY_FAILED) from buildPath step on, with lines logged before reason.
func (av *appVersion) planFailure(status platform.AppVersionStatus, step int, lines []appsim.Line, reason string) {
	av.failStatus, av.failStep, av.failLines, av.failReason = status, step, lines, reason
}

// failAt is the buildPath step from which a failing version has failed.
func (av *appVersion) failAt() int {
	if av.failStep == 0 {
		return 2
	}
	return av.failStep
}

// failedStatus is the status a failing version ends in.
func (av *appVersion) failedStatus() platform.AppVersionStatus {
	return orStr(av.failStatus, platform.AppVersionBuildFailed)
}

// afterBuild plans what follows a build that succeeded: preparing the
// runtime image, then the deploy's init commands and readiness check. The
// version deployed before keeps running when any fails (before: there is
// one; else nothing runs).
func (av *appVersion) afterBuild(d *deployedSetup, runBase string, run appsim.RunResult, prepFiles *appsim.Files, prepMade map[string]bool, before bool) {
	notReady := appsim.Line{Sev: 3, Msg: fmt.Sprintf("App version %s never became ready; the version deployed before keeps running", av.ID)}
	if !before {
		notReady.Msg = fmt.Sprintf("App version %s never became ready; no version was deployed before it, so nothing runs", av.ID)
	}
	lines, failure := appsim.RunPrepare(d, runBase, prepFiles, prepMade)
	av.prepLines = lines
	if failure != "" {
		av.planFailure(platform.AppVersionPreparingRuntimeFailed, 3, nil, failure)
		return
	}
	if run.SiteConfig != "" {
		words := fmt.Sprintf("nginx: [emerg] open() %q failed (2: No such file or directory)", run.SiteConfig)
		if appsim.RuntimeName(runBase) == "php-apache" {
			words = "httpd: Could not open configuration file " + run.SiteConfig + ": No such file or directory"
		}
		av.planFailure(platform.AppVersionDeployFailed, 4, []appsim.Line{
			{Sev: 6, Msg: fmt.Sprintf("Starting app version %s on %s", av.ID, runBase)}, {Sev: 3, Msg: words},
			notReady,
		}, fmt.Sprintf("ERROR: run.siteConfigPath: %q does not exist: the file is missing from deployFiles, so the web server cannot be configured", run.SiteConfig))
		return
	}
	if run.Init != "" {
		// A failing init command fails the deploy: the start never runs,
		// the version is never activated.
		out := append([]appsim.Line{{Sev: 6, Msg: fmt.Sprintf("Starting app version %s on %s: run.initCommands", av.ID, runBase)}}, run.Crash...)
		out = append(out, notReady)
		av.planFailure(platform.AppVersionDeployFailed, 4, out, "ERROR: init command failed: "+run.Init)
		return
	}
	if f := appsim.ReadyFailure(d, run); f != "" {
		start := fmt.Sprintf("Starting app version %s on %s: %s", av.ID, runBase, orStr(d.StartText(), "(no start command)"))
		out := []appsim.Line{{Sev: 6, Msg: start}}
		out = append(out, run.Crash...)
		out = append(out, run.Lines...)
		if run.Crash == nil {
			for _, l := range appsim.ListenLines(run) {
				out = append(out, appsim.Line{Sev: 6, Msg: l})
			}
		}
		out = append(out, notReady)
		av.planFailure(platform.AppVersionDeployFailed, 4, out, f)
	}
}
