package yamlcheck

import (
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/zeropsyml"
)

// What run.start shows on its own that fails on the platform, said before a
// deploy as warnings (walk 76: both were diagnosed only after one): a
// built executable the deploy leaves behind, and `flask run` and uvicorn
// (walk 79), which bind 127.0.0.1 unless told otherwise.

// The layers keep yamlcheck off diagnose (platform/layers_test.go), whose
// readings of a build's outputs (BuildOutputs) and of `flask run`
// (RunsFlask) these mirror for a zerops.yml's commands.
var (
	// outputArg is a build command's output file: -o PATH, --output PATH.
	outputArg = regexp.MustCompile(`(?:^|\s)(?:-o|--output|--outfile)(?:\s+|=)([^\s;&|]+)`)
	// flaskRun is a start running the flask command's server; flaskHost
	// its option naming the address.
	flaskRun  = regexp.MustCompile(`(?:^|[\s;&|/])(?:flask|python[\d.]*\s+-m\s+flask)\s+(?:--app[= ]\S+\s+)?run\b`)
	flaskHost = regexp.MustCompile(`\s(?:--host|-h)[= ]`)
	// uvicornRun is a start running uvicorn's server; uvicornHost its
	// options naming the address (--host, or a socket: --uds, --fd).
	uvicornRun  = regexp.MustCompile(`(?:^|[\s;&|/])(?:uvicorn|python[\d.]*\s+-m\s+uvicorn)\s+\S`)
	uvicornHost = regexp.MustCompile(`\s--(?:host|uds|fd)[= ]`)
)

// checkStart warns of what s's run.start shows will fail.
func checkStart(c *checker, s setupAt) {
	r, at := s.Run, s.Path()+".run.start"
	start := strings.TrimSpace(r.Start)
	if start == "" || !s.ok("setup") {
		return
	}
	if flaskRun.MatchString(start) && !flaskHost.MatchString(start) && !hasKey(r.EnvVariables, "FLASK_RUN_HOST") {
		c.warnf(at, "`flask run` binds 127.0.0.1 unless told otherwise (it does not run the code's app.run(); a FLASK_RUN_HOST service variable would also move it): the balancer and the other services get no answer (502)").Fix =
			"Start it with `flask run --host 0.0.0.0 --port <the run.ports port>`, or set FLASK_RUN_HOST: 0.0.0.0 in run.envVariables; in production, gunicorn `--bind 0.0.0.0:<port>`."
	}
	if uvicornRun.MatchString(start) && !uvicornHost.MatchString(start) && !hasKey(r.EnvVariables, "UVICORN_HOST") {
		c.warnf(at, "uvicorn binds 127.0.0.1 unless told otherwise: the balancer and the other services get no answer (502)").Fix =
			"Add `--host 0.0.0.0 --port <the run.ports port>` to the uvicorn command in run.start (or set UVICORN_HOST: 0.0.0.0 in run.envVariables)."
	}
	if s.Build == nil || len(s.Build.DeployFiles) == 0 {
		return
	}
	exe := strings.Fields(start)[0]
	if !strings.HasPrefix(exe, "./") && !strings.Contains(strings.TrimPrefix(exe, "/var/www/"), "/") {
		return // a command on PATH, not a file of the deploy
	}
	file := path.Clean(strings.TrimPrefix(exe, "/var/www/"))
	if elsewhere := deployedElsewhere(s.Build.DeployFiles, file); elsewhere != "" {
		// Walk 85: `./target/release/rust` deployed, `./rust` started.
		c.warnf(at, "run.start runs %s, but build.deployFiles deploys %s at that path under /var/www, not at %s: the start finds no file",
			platform.Clip(exe, 60), platform.Clip(elsewhere, 60), platform.Clip(file, 60)).Fix =
			"Run `./" + platform.Clip(elsewhere, 60) + "` in run.start, or deploy it alone at the top with `./" + platform.Clip(path.Dir(elsewhere), 60) + "/~/" + platform.Clip(path.Base(elsewhere), 40) + "` in build.deployFiles."
		return
	}
	var other, otherCmd string // an output beside file under another name
	for _, cmd := range s.Build.BuildCommands {
		for _, m := range outputArg.FindAllStringSubmatch(cmd, -1) {
			out := path.Clean(strings.TrimPrefix(strings.Trim(m[1], `"'`), "/build/source/"))
			switch {
			case out == file && !deploys(s.Build.DeployFiles, out):
				c.warnf(at, "run.start runs %s, which `%s` writes, but build.deployFiles (%s) does not deploy it: the run container lacks it",
					platform.Clip(exe, 60), platform.Clip(strings.TrimSpace(cmd), 80), platform.JoinClipped(s.Build.DeployFiles, ", ", 80)).Fix =
					"Add `" + platform.Clip(out, 60) + "` to build.deployFiles (run.start stays as it is)."
				return
			case out == file:
				return
			case path.Dir(out) == path.Dir(file) && other == "":
				other, otherCmd = out, cmd
			}
		}
	}
	if other != "" {
		// walk 81: `go build -o bin/server` and `./bin/app` were found
		// only by the deploy. A warning: the file may come from elsewhere.
		c.warnf(at, "run.start runs %s, but the build writes %s (`%s`) beside it and nothing named %s: unless the deployed files hold it otherwise, the start finds no file",
			platform.Clip(exe, 60), platform.Clip(other, 60), platform.Clip(strings.TrimSpace(otherCmd), 80), platform.Clip(file, 60)).Fix =
			"Make the names match: `-o " + platform.Clip(file, 60) + "` in the build command, or `./" + platform.Clip(other, 60) + "` in run.start."
	}
}

// deploys reports whether deployFiles files may put out at the same path
// under /var/www: an entry is it, a folder above it, or the whole tree; an
// entry with `~` (which moves what it deploys) counts as one.
func deploys(files []string, out string) bool {
	return slices.ContainsFunc(files, func(f string) bool {
		f = path.Clean(strings.TrimPrefix(strings.TrimSpace(f), "/build/source/"))
		return f == "." || strings.Contains(f, "~") || f == out || strings.HasPrefix(out, f+"/")
	})
}

// deployedElsewhere is the deployFiles entry that deploys a file of
// file's name at another path, when no entry may put one at file itself
// (the whole tree, a folder above it, or one with `~`, which moves what it
// deploys); "" otherwise.
func deployedElsewhere(files []string, file string) string {
	if deploys(files, file) {
		return ""
	}
	for _, f := range files {
		f = path.Clean(strings.TrimPrefix(strings.TrimSpace(f), "/build/source/"))
		if path.Base(f) == path.Base(file) && f != file && !strings.ContainsAny(f, "*?[") {
			return f
		}
	}
	return ""
}

// hasKey reports whether env sets key.
func hasKey(env zeropsyml.Env, key string) bool { _, ok := env.Get(key); return ok }
