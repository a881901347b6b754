package diagnose

import (
	"regexp"
	"strconv"
	"strings"
)

// localServers names, for the servers whose own line shows where they listen,
// what makes each bind every address; <port> becomes the port to bind.
var localServers = []struct {
	line    *regexp.Regexp
	fix     string
	envOnly bool // the fix is a service variable a restart applies
}{
	{regexp.MustCompile(`\[INFO\] Listening at: https?://`),
		"gunicorn binds 127.0.0.1:8000 unless told otherwise and reads no HOST variable: put `--bind 0.0.0.0:<port>` in `run.start` (e.g. `gunicorn --bind 0.0.0.0:<port> app:app`).", false},
	{regexp.MustCompile(`Uvicorn running on https?://`),
		"uvicorn binds 127.0.0.1 unless told otherwise: put `--host 0.0.0.0 --port <port>` in the uvicorn command of `run.start`.", false},
	{regexp.MustCompile(`(^|\s)\* Running on https?://`),
		"Flask's server binds 127.0.0.1 and reads no HOST variable: call `app.run(host=\"0.0.0.0\")` with port <port> in the code, or start it with `flask run --host 0.0.0.0 --port <port>` in `run.start` (in production, gunicorn `--bind 0.0.0.0:<port>`).", false},
	{regexp.MustCompile(`Now listening on:? https?://localhost\b`),
		"ASP.NET Core listens on localhost unless told otherwise: set ASPNETCORE_URLS=http://0.0.0.0:<port> as a service variable (zerops_env action=set variables=[\"ASPNETCORE_URLS=http://0.0.0.0:<port>\"] restart=true, no deploy) or in `run.envVariables`.", true},
	{regexp.MustCompile(`use --host to expose`),
		"The dev server (Vite and the tools built on it) binds localhost: add `--host 0.0.0.0 --port <port>` to its command in `run.start` (or `server.host: true` in its config); for production, serve the built files instead.", false},
	{regexp.MustCompile(`(^|\s)\* Listening on https?://`),
		"Puma binds localhost in development: start it with `-b tcp://0.0.0.0:<port>` in `run.start` (`bundle exec puma -b tcp://0.0.0.0:<port>`, or `rails server -b 0.0.0.0 -p <port>`).", false},
	{regexp.MustCompile(`Server running on \[https?://`),
		"`php artisan serve` binds 127.0.0.1: pass `--host=0.0.0.0 --port=<port>` in `run.start` (on php-nginx and php-apache the web server serves the app without it).", false},
}

// localhostFix rewrites d, a listening-on-localhost diagnosis from line, with
// the bind of the server that printed line, when its own words show which;
// else, when HOST already binds every address, the address is in the code.
func (d *Diagnosis) localhostFix(line string, opt Options) {
	for _, s := range localServers {
		if !s.line.MatchString(line) {
			continue
		}
		port := "<port>"
		if len(opt.Ports) > 0 {
			port = strconv.Itoa(opt.Ports[0])
		} else if m := listenPort.FindStringSubmatch(line); m != nil {
			port = m[1] + m[2]
		}
		d.Fix, d.envOnly = strings.ReplaceAll(s.fix, "<port>", port), s.envOnly
		if v, ok := opt.YmlEnv["ASPNETCORE_URLS"]; ok && s.envOnly {
			d.Fix = strings.ReplaceAll("ASP.NET Core listens where ASPNETCORE_URLS says, and `run.envVariables` of the deployed zerops.yml set it to "+v+
				" (they win over a service variable): set ASPNETCORE_URLS: http://0.0.0.0:<port> there, then zerops_deploy.", "<port>", port)
			d.envOnly = false
		}
		return
	}
	port := "<port>"
	if len(opt.Ports) > 0 {
		port = strconv.Itoa(opt.Ports[0])
	}
	host, inYml := opt.setVar("HOST")
	if inYml && !allInterfaces(host) {
		d.Cause = "The app listens on localhost (127.0.0.1): `run.envVariables` of the deployed zerops.yml set HOST to " + host +
			", and they win over any service or project variable, so the balancer and other services cannot reach it."
		d.Fix = "Set HOST: 0.0.0.0 in `run.envVariables` of zerops.yml (a HOST service variable cannot override it), then zerops_deploy (zerops.yml changes need a redeploy)."
		d.envOnly = false
		return
	}
	if allInterfaces(host) {
		d.Cause = "The app listens on localhost (127.0.0.1) although HOST is set to " + host +
			": the code ignores HOST (the address is hard-coded), so the balancer and other services cannot reach it."
		d.Fix = strings.ReplaceAll("Change the code to bind 0.0.0.0 on port <port> (or to read HOST): Node `listen(<port>, \"0.0.0.0\")`, "+
			"Flask `app.run(host=\"0.0.0.0\")`; or bind it in `run.start` (gunicorn `--bind 0.0.0.0:<port>`, uvicorn `--host 0.0.0.0`). "+
			"Setting HOST again changes nothing.", "<port>", port)
		d.envOnly = false
	}
}

// allInterfaces reports whether host, a HOST value, binds every address.
func allInterfaces(host string) bool {
	switch strings.TrimSpace(host) {
	case "0.0.0.0", "::", "[::]":
		return true
	}
	return false
}
