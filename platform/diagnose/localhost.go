package diagnose

import (
	"slices"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// localServers names, for the servers whose own line shows where they listen,
// what makes each bind every address and what moves it to another port;
// <port> becomes the port to use.
var localServers = []struct {
	line      *lazyregexp.Regexp
	fix, port string
	envOnly   bool // the fix is a service variable a restart applies
}{
	{lazyregexp.New(`\[INFO\] Listening at: https?://`),
		"gunicorn binds 127.0.0.1:8000 unless told otherwise and reads no HOST variable: put `--bind 0.0.0.0:<port>` in `run.start` (e.g. `gunicorn --bind 0.0.0.0:<port> app:app`).",
		"gunicorn listens on 8000 unless told otherwise and reads no PORT variable: put `--bind 0.0.0.0:<port>` in `run.start`.", false},
	{lazyregexp.New(`Uvicorn running on https?://`),
		"uvicorn (and `fastapi dev`, which runs it) binds 127.0.0.1 unless told otherwise: put `--host 0.0.0.0 --port <port>` in its command in `run.start` (`fastapi run` binds 0.0.0.0), or `uvicorn.run(app, host=\"0.0.0.0\", port=<port>)` where the code starts it.",
		"uvicorn (and `fastapi dev`/`fastapi run`) listens on 8000 unless told otherwise and reads no PORT variable: put `--host 0.0.0.0 --port <port>` in its command in `run.start`, or `uvicorn.run(app, host=\"0.0.0.0\", port=<port>)` where the code starts it.", false},
	{lazyregexp.New(`Starting server at tcp:port=\d+:interface=|Listening on TCP address `),
		"daphne binds 127.0.0.1 unless told otherwise and reads no HOST variable: put `-b 0.0.0.0 -p <port>` in its command in `run.start` (e.g. `daphne -b 0.0.0.0 -p <port> myproject.asgi:application`).",
		"daphne listens on 8000 unless told otherwise and reads no PORT variable: put `-p <port>` (with `-b 0.0.0.0`) in its command in `run.start`.", false},
	{lazyregexp.New(`waitress:Serving on https?://`),
		"waitress-serve binds where `--host` or `--listen` says (every address when neither does): put `--listen=0.0.0.0:<port>` in its command in `run.start` in place of the local address.",
		"waitress-serve listens on 8080 unless told otherwise and reads no PORT variable: put `--port=<port>` (or `--listen=0.0.0.0:<port>`) in its command in `run.start`.", false},
	{lazyregexp.New(`(^|\s)\* Running on https?://`),
		"Flask's server binds 127.0.0.1 and reads no HOST variable: call `app.run(host=\"0.0.0.0\")` with port <port> in the code, or start it with `flask run --host 0.0.0.0 --port <port>` in `run.start` (in production, gunicorn `--bind 0.0.0.0:<port>`).",
		"Flask's server listens on 5000 unless told otherwise and reads no PORT variable: call `app.run(host=\"0.0.0.0\", port=<port>)` in the code, or start it with `flask run --host 0.0.0.0 --port <port>` in `run.start`.", false},
	{lazyregexp.New(`Now listening on:? https?://`),
		"ASP.NET Core listens on localhost unless told otherwise: set ASPNETCORE_URLS=http://0.0.0.0:<port> as a service variable (zerops_env action=set variables=[\"ASPNETCORE_URLS=http://0.0.0.0:<port>\"] restart=true, no deploy) or in `run.envVariables`.",
		"ASP.NET Core listens on http://localhost:5000 unless told otherwise: set ASPNETCORE_URLS=http://0.0.0.0:<port> as a service variable (zerops_env action=set variables=[\"ASPNETCORE_URLS=http://0.0.0.0:<port>\"] restart=true, no deploy) or in `run.envVariables`.", true},
	{lazyregexp.New(`use --host to expose`),
		"Vite's servers (`vite`, `vite preview` and the tools built on it) bind localhost: add `--host 0.0.0.0 --port <port>` to the vite command (in `run.start`, or the package.json script it runs), or set `host: true` under `server`/`preview` in its config, and list the service's hostname and subdomain in `allowedHosts` there (Vite answers other Host headers than localhost and IP addresses with 403); for production, serve the built files instead.", "", false},
	{lazyregexp.New(`➜\s+Local:\s+https?://`), "",
		"Vite listens on a port of its own (`vite` 5173, `vite preview` 4173) and reads no PORT variable: add `--port <port>` (with `--host 0.0.0.0`) to the vite command (in `run.start`, or the package.json script it runs), or set `port` under `server`/`preview` in its config.", false},
	{lazyregexp.New(`(^|\s)\* Listening on https?://`),
		"Puma binds localhost in development (`rails server`, `rackup`): bind every address in `run.start`: `rails server -b 0.0.0.0 -p <port>`, `rackup -o 0.0.0.0 -p <port>` or `bundle exec puma -b tcp://0.0.0.0:<port>`.",
		"The server listens on a port of its own (`rails server` 3000 unless PORT, `rackup` 9292): pass `-p <port>` in `run.start` (`rails server -b 0.0.0.0 -p <port>`, `rackup -o 0.0.0.0 -p <port>`).", false},
	{lazyregexp.New(`Server running on \[https?://`),
		"`php artisan serve` binds 127.0.0.1: pass `--host=0.0.0.0 --port=<port>` in `run.start` (on php-nginx and php-apache the web server serves the app without it).",
		"`php artisan serve` listens on 8000 unless told otherwise: pass `--host=0.0.0.0 --port=<port>` in `run.start`.", false},
	{lazyregexp.New(`Starting development server at https?://`),
		"Django's runserver binds 127.0.0.1 unless given an address (a bare port too): start it with `python manage.py runserver 0.0.0.0:<port>` in `run.start`; in production, `gunicorn --bind 0.0.0.0:<port>` with the project's wsgi module.",
		"Django's runserver listens on 8000 unless given a port: start it with `python manage.py runserver 0.0.0.0:<port>` in `run.start`.", false},
	{lazyregexp.New(`Development Server \(https?://`),
		"PHP's built-in server listens only on the address it is given: start it with `php -S 0.0.0.0:<port>` in `run.start` (on php-nginx and php-apache the web server serves the app without it).",
		"PHP's built-in server listens only on the address it is given: start it with `php -S 0.0.0.0:<port>` in `run.start`.", false},
	{lazyregexp.New(`started server on .*url: https?://`),
		"`next start -H` was given a local address: drop `-H` (Next binds every address by default) or pass `-H 0.0.0.0` (in `run.start`, or the package.json script it runs).",
		"`next start` listens on 3000 unless told otherwise: pass `-p <port>` where it is started (`next start -p <port>` in `run.start` or the package.json script it runs), or set PORT: \"<port>\" in `run.envVariables` (it reads PORT).", false},
	{lazyregexp.New(`Goin' Fast @ https?://`),
		"Sanic binds 127.0.0.1 unless told otherwise: add `--host 0.0.0.0 --port <port>` to the `sanic` command in `run.start`, or call `app.run(host=\"0.0.0.0\", port=<port>)` where the code starts it.",
		"Sanic listens on 8000 unless told otherwise and reads no PORT variable: pass `--port <port>` (with `--host 0.0.0.0`) to `sanic` in `run.start`, or `app.run(host=\"0.0.0.0\", port=<port>)` in the code.", false},
	{lazyregexp.New(`Rocket has launched from https?://`),
		"Rocket binds 127.0.0.1 unless told otherwise: set ROCKET_ADDRESS=0.0.0.0 as a service variable (zerops_env action=set variables=[\"ROCKET_ADDRESS=0.0.0.0\"] restart=true, no deploy) or in `run.envVariables` (it wins over Rocket.toml's `address`).",
		"Rocket listens on 8000 unless told otherwise (it reads ROCKET_PORT, not PORT): set ROCKET_PORT=<port> as a service variable (zerops_env action=set variables=[\"ROCKET_PORT=<port>\"] restart=true, no deploy) or in `run.envVariables` (it wins over Rocket.toml's `port`).", true},
	{lazyregexp.New(`\[@astrojs/node\] Server listening on https?://`),
		"Astro's Node adapter (standalone) binds localhost unless told otherwise; it reads HOST first: set HOST=0.0.0.0 as a service variable (zerops_env action=set variables=[\"HOST=0.0.0.0\"] restart=true, no deploy) or in `run.envVariables` (or `server: { host: true }` in astro.config).",
		"Astro's Node adapter listens on PORT, else astro.config's `server.port`, else 4321: set PORT=<port> as a service variable (zerops_env action=set variables=[\"PORT=<port>\"] restart=true, no deploy) or in `run.envVariables`.", true},
	{lazyregexp.New(`Server listening on:\s+"https?://`),
		"Meilisearch binds localhost:7700 unless MEILI_HTTP_ADDR (HOST:PORT) or `--http-addr` says otherwise: set MEILI_HTTP_ADDR: \"0.0.0.0:<port>\" in `run.envVariables` of zerops.yml (or `--http-addr 0.0.0.0:<port>` in `run.start`).",
		"Meilisearch listens on 7700 unless MEILI_HTTP_ADDR (HOST:PORT) or `--http-addr` says otherwise: set MEILI_HTTP_ADDR: \"0.0.0.0:<port>\" in `run.envVariables` of zerops.yml (or `--http-addr 0.0.0.0:<port>` in `run.start`).", false},
	{lazyregexp.New(`(Tomcat|Netty|Jetty|Undertow) started on port`), "",
		"Spring Boot listens on 8080 unless told otherwise (it reads SERVER_PORT, not PORT): set SERVER_PORT=<port> as a service variable (zerops_env action=set variables=[\"SERVER_PORT=<port>\"] restart=true, no deploy) or in `run.envVariables`, or `server.port=<port>` in application.properties.", true},
}

// flaskRunFix fits d, whose fix is fix (Flask's server's), to a start of
// `flask run` (c's), which runs no app.run() of the code: only its options
// (or FLASK_RUN_HOST/PORT) move it (walk 76).
func (d *Diagnosis) flaskRunFix(fix string, c *Code, port string) {
	if c == nil || !strings.HasPrefix(fix, "Flask's") || !RunsFlask(c.Start) {
		return
	}
	d.Fix = strings.ReplaceAll("`flask run` binds 127.0.0.1 and listens on 5000 unless told otherwise, and it does not run the code's `app.run()`: put `--host 0.0.0.0 --port <port>` in `run.start` (`flask run --host 0.0.0.0 --port <port>`), or set FLASK_RUN_HOST=0.0.0.0 and FLASK_RUN_PORT=<port> in `run.envVariables`; in production, gunicorn `--bind 0.0.0.0:<port>`.", "<port>", port)
}

// flaskRunRe is a start running the flask command's server.
var flaskRunRe = lazyregexp.New(`(?:^|[\s;&|/])(?:flask|python[\d.]*\s+-m\s+flask)\s+(?:--app[= ]\S+\s+)?run\b`)

// RunsFlask reports whether a start command runs `flask run`, which binds
// 127.0.0.1 unless told otherwise and runs no app.run() of the code.
func RunsFlask(start string) bool { return flaskRunRe.MatchString(start) }

// kestrelBindFix fits d to a Kestrel endpoint bound to a local address in
// appsettings.json (c): the endpoints win over ASPNETCORE_URLS (the
// dotnet recipe binds there), so the address is changed where it is
// written. It reports whether c shows one.
func (d *Diagnosis) kestrelBindFix(c *Code) bool {
	if !c.literal() || c.File != "appsettings.json" || c.rewritten() == "" {
		return false
	}
	d.Cause = "The app listens on " + c.Literal + ": Kestrel's endpoint binds there " + c.where() + ", and Kestrel's endpoints win over ASPNETCORE_URLS, so the balancer and other services cannot reach it."
	d.Fix = "Change " + c.target() + " to bind 0.0.0.0" + c.rewritten() + "; then zerops_deploy again."
	d.envOnly = false
	return true
}

// localhostFix rewrites d, a listening-on-localhost diagnosis from line, with
// the bind of the server that printed line, when its own words show which;
// else, when HOST already binds every address, the address is in the code.
func (d *Diagnosis) localhostFix(line string, opt Options) {
	port := "<port>"
	if len(opt.Ports) > 0 {
		port = strconv.Itoa(opt.Ports[0])
	}
	if flag := opt.startBind; flag != "" {
		// The address is written in the start command: fixed there, and a
		// HOST variable cannot change it.
		fixed := localBindAddr.ReplaceAllString(flag, "${1}0.0.0.0")
		if !strings.Contains(fixed, ":") && port != "<port>" && strings.Contains(flag, ":") && !strings.HasPrefix(flag, "HOST=") {
			fixed += ":" + port
		}
		d.Cause = "The app listens on localhost (127.0.0.1) because its start command says so (`" + flag + "`), so the balancer and other services cannot reach it."
		if host, _ := opt.setVar("HOST"); allInterfaces(host) {
			d.Cause = "The app listens on localhost (127.0.0.1) although HOST is " + host + ": the address is written in the start command (`" + flag + "`), which no variable changes."
		}
		d.Fix = "Write `" + fixed + "` instead of `" + flag + "` in `run.start` of zerops.yml (or the script it runs; no HOST variable changes an address the command gives), then zerops_deploy again."
		d.envOnly = false
		return
	}
	for _, s := range localServers {
		if s.fix == "" || !s.line.MatchString(line) {
			continue
		}
		if c := opt.Code; c.literal() && gunicornConfBind.MatchString(c.Text) && strings.HasPrefix(s.fix, "gunicorn ") {
			// gunicorn binds where its config file says when run.start
			// gives no --bind: the address is written in that file.
			d.gunicornConfFix(c, shownPort(line, port))
			return
		}
		if strings.HasPrefix(s.fix, "ASP.NET") && d.kestrelBindFix(opt.Code) {
			return
		}
		if opt.Code.literal() && langOf(opt.Runtime) == "ruby" {
			// Puma's line also shows for a Sinatra file started by ruby,
			// whose address is written in the code (`set :bind`): the
			// start command's flags would not change it.
			break
		}
		if len(opt.Ports) == 0 {
			port = shownPort(line, port)
		}
		d.Fix, d.envOnly = strings.ReplaceAll(s.fix, "<port>", port), s.envOnly
		d.flaskRunFix(s.fix, opt.Code, port)
		if v, ok := opt.YmlEnv["HOST"]; ok && s.envOnly && strings.Contains(s.fix, "HOST=0.0.0.0") {
			d.Cause = "The app listens on localhost (127.0.0.1): `run.envVariables` of the deployed zerops.yml set HOST to " + v +
				", where Astro's Node adapter binds, so the balancer and other services cannot reach it."
			d.Fix = "Astro's Node adapter listens where HOST says, and `run.envVariables` of the deployed zerops.yml set it to " + v +
				" (they win over a service variable): set HOST: 0.0.0.0 there, then zerops_deploy."
			d.envOnly = false
		}
		if v, ok := opt.YmlEnv["ASPNETCORE_URLS"]; ok && s.envOnly {
			d.Fix = strings.ReplaceAll("ASP.NET Core listens where ASPNETCORE_URLS says, and `run.envVariables` of the deployed zerops.yml set it to "+v+
				" (they win over a service variable): set ASPNETCORE_URLS: http://0.0.0.0:<port> there, then zerops_deploy.", "<port>", port)
			d.envOnly = false
		}
		return
	}
	if v, inYml := opt.setVar("NITRO_HOST"); v != "" && !allInterfaces(v) {
		// Nuxt's server (Nitro) binds NITRO_HOST before HOST: setting
		// HOST, or an address in the built code, changes nothing.
		if inYml {
			d.Cause = "The app listens on localhost (127.0.0.1): `run.envVariables` of the deployed zerops.yml set NITRO_HOST to " + v +
				", which Nuxt's server (Nitro) binds before HOST, so the balancer and other services cannot reach it."
			d.Fix = "Set NITRO_HOST: 0.0.0.0 in `run.envVariables` of zerops.yml (they win over a service variable), then zerops_deploy (zerops.yml changes need a redeploy)."
			d.envOnly = false
			return
		}
		d.Cause = "The app listens on localhost (127.0.0.1): NITRO_HOST is set to " + v + " as a service or project variable, and Nuxt's server (Nitro) binds it before HOST, so the balancer and other services cannot reach it."
		d.Fix = "Set NITRO_HOST to 0.0.0.0: a service variable (zerops_env action=set variables=[\"NITRO_HOST=0.0.0.0\"] restart=true, no deploy)."
		d.envOnly = true
		return
	}
	host, inYml := opt.setVar("HOST")
	if inYml && !allInterfaces(host) {
		d.Cause = "The app listens on localhost (127.0.0.1): `run.envVariables` of the deployed zerops.yml set HOST to " + host +
			", and they win over any service or project variable, so the balancer and other services cannot reach it."
		d.Fix = "Set HOST: 0.0.0.0 in `run.envVariables` of zerops.yml (a HOST service variable cannot override it), then zerops_deploy (zerops.yml changes need a redeploy)."
		d.envOnly = false
		return
	}
	d.codeBindFix(line, opt, host, port)
}

// gunicornConfFix rewrites d, gunicorn listening on a local address its
// config file's bind line (c) writes: fixed in that line, or overridden by
// `--bind` in run.start; no variable changes it.
func (d *Diagnosis) gunicornConfFix(c *Code, port string) {
	bind := "bind = \"0.0.0.0:" + port + "\""
	if !strings.HasSuffix(c.Text, "…") {
		bind = confAddr.ReplaceAllString(c.Text, "0.0.0.0:"+port)
	}
	d.Cause = "The app listens on " + c.Literal + " because gunicorn's config file says so (" + c.File + ", line " + strconv.Itoa(c.Line) + ": `" + c.Text +
		"`) and `run.start` gives no --bind, so the balancer and other services cannot reach it; no HOST or PORT variable changes it."
	d.Fix = "Write `" + bind + "` in " + c.File + ", line " + strconv.Itoa(c.Line) + ", or put `--bind 0.0.0.0:" + port +
		"` in the gunicorn command in `run.start` (the command line wins over the file), then zerops_deploy again."
	d.envOnly = false
}

// confAddr is a local address, with its port, written in a config line.
var confAddr = lazyregexp.New(`(?:127\.0\.0\.1|\blocalhost|\[::1\]|::1)(?::\d+)?`)

// codeBindFix rewrites d, a listening-on-localhost diagnosis from line that
// no server's own words or start command explain: the address is set in
// the code, in the app's language (opt.Runtime). A HOST variable is offered
// first only where the code is known to read it, never where the address
// is known to be written in the code, and not again once HOST is 0.0.0.0;
// the answer says where the address is, as far as ZCP read the code.
func (d *Diagnosis) codeBindFix(line string, opt Options, host, port string) {
	lang, c := langOf(opt.Runtime), opt.Code
	addr := "localhost (127.0.0.1)"
	if m := shownLocal.FindString(line); m != "" {
		addr = strings.Trim(m, "[]")
	}
	if port == "<port>" {
		port = shownPort(line, port)
	}
	form := strings.ReplaceAll(bindForms[lang], "<port>", port)
	how := c.rewritten() // the line read, rewritten; else the language's forms
	if how == "" {
		how = ": " + form
	}
	const hostVar = "a service variable (zerops_env action=set variables=[\"HOST=0.0.0.0\"] restart=true, no deploy) or `run.envVariables`"
	switch {
	case allInterfaces(host) && c.readsHost() && c.Line > 0 && hostRead.MatchString(c.Text):
		// The bind reads HOST, which is set: the running app did not get it.
		d.Cause = "The app listens on " + addr + " although HOST is set to " + host + " and its code binds by HOST (" + c.target() +
			"): the running app did not get HOST (it started before HOST was set), so the balancer and other services cannot reach it."
		d.Fix = "Restart the service so the app starts with HOST (zerops_manage action=restart); if the log still shows " + addr + ", bind 0.0.0.0 in the code" + how + "."
		d.envOnly = true
	case allInterfaces(host):
		// A HOST variable was tried: the address is in the code.
		d.Cause = "The app listens on " + addr + " although HOST is set to " + host +
			": the code ignores HOST (the address is hard-coded " + c.where() + "), so the balancer and other services cannot reach it."
		d.Fix = "Setting HOST again changes nothing. Change " + c.target() + " to bind 0.0.0.0 on port " + port + " (or to read HOST)" + how + "."
		d.envOnly = false
	case c.literal():
		d.Cause = "The app listens on " + addr + " because its code says so " + c.where() + ", so the balancer and other services cannot reach it; no variable changes an address written in the code."
		d.Fix = "Change " + c.target() + " to bind 0.0.0.0 on port " + port + how + "."
		d.envOnly = false
	case c.readsHost():
		d.Cause = "The app listens on " + addr + ": its code reads a HOST variable that is not set and falls back to a local address (" + c.target() + "), so the balancer and other services cannot reach it."
		d.Fix = "Set HOST to 0.0.0.0, which the code reads: " + hostVar + "."
		d.envOnly = true
	case host != "":
		// HOST is set to a local address: the code is taken to read it.
		d.Cause = "The app listens on " + addr + ": HOST is set to " + host + " as a service or project variable, so the balancer and other services cannot reach it."
		d.Fix = "Set HOST to 0.0.0.0: " + hostVar + ". If the log still shows " + addr + " after it, the address is written in the code: bind 0.0.0.0 in " + c.target() + ": " + form + "."
		d.envOnly = true
	case lang == "python" && c.servesWithoutHost():
		// The call that serves on the port gives no host: its server's
		// default is local, and the call takes a host keyword.
		how, where := c.hostKeyword()
		d.Cause = "The app listens on " + addr + ": the call that serves it (" + where + ") names a port but no host, and its server binds a local address unless told, so the balancer and other services cannot reach it."
		d.Fix = "Give that call host=\"0.0.0.0\" at " + where + how + "."
		d.envOnly = false
	default:
		// Where the code sets the address is not known: the bind in the
		// app's language first, the variable only for code that reads it.
		d.Fix = "Bind to 0.0.0.0 on port " + port + " where " + c.target() + " sets its address: " + form +
			". Only if the code reads a HOST variable (" + hostReads[lang] + ") does HOST=0.0.0.0 do it instead: " + hostVar + "."
		d.envOnly = false
	}
}

// networkLine is a dev server's line saying where else it listens (Vite's
// "Network:" with an address, or its hint that there is none).
var networkLine = lazyregexp.New(`(?i)(^|\s)Network:\s`)

// noNetworkLine reports whether the log has no networkLine: a Vite-style
// server given a local host prints its Local line alone.
func noNetworkLine(lines []string, _ int, _ string) bool {
	return !slices.ContainsFunc(lines, networkLine.MatchString)
}

// loopbackPort finds the port a line shows a listener bound to on loopback.
var loopbackPort = lazyregexp.New(`(?:127\.0\.0\.1|\[::1\]|\blocalhost):(\d{2,5})\b`)

// loopbackRefusals leaves out of got a refused connection to the port the
// app listens on only on loopback (listening-on-localhost, its line naming
// the port): the balancer, a check or another service is refused there
// because of that bind, which is the one fix.
func loopbackRefusals(got []found, lines []string, explained map[string]bool) []found {
	i := slices.IndexFunc(got, func(f found) bool { return f.sig.id == "listening-on-localhost" })
	if i < 0 {
		return got
	}
	ports := loopbackPorts(got[i].bare, lines)
	if len(ports) == 0 {
		return got
	}
	return leaveOut(got, explained, func(f found) bool {
		_, port := refusedHostPort(f.bare)
		return f.sig.id == "connection-refused" && slices.Contains(ports, port)
	})
}

// portFlag finds a command line's port option (vite --port, next -p).
var portFlag = lazyregexp.New(`(?:^|\s)(?:--port|-p)[ =](\d{2,5})\b`)

// loopbackPorts are the ports a loopback listener holds: the one its line
// (line) names; for a line that names none (Vite's "use --host to
// expose"), those the log's loopback listener lines (Vite's "Local:") or
// the start command's port option name.
func loopbackPorts(line string, lines []string) []string {
	if m := loopbackPort.FindStringSubmatch(line); m != nil {
		return []string{m[1]}
	}
	var out []string
	for _, l := range lines {
		l = stripANSI(l)
		if m := listenPort.FindStringSubmatch(l); m != nil && shownLocal.MatchString(l) {
			out = append(out, m[1]+m[2])
		}
		if m := portFlag.FindStringSubmatch(l); m != nil {
			out = append(out, m[1])
		}
	}
	return out
}

// shownLocal is the local address a listening line shows.
var shownLocal = lazyregexp.New(`127\.0\.0\.1|\[::1\]|\blocalhost\b`)

// bindOption names a command-line option that sets where a server listens:
// a one-letter one (gunicorn -b, next -H, flask -h, http-server -a, rackup -o,
// php -S, …) or a long one named for the bind (--bind, --host, --address,
// --listen, Spring's --server.address, -Dserver.address, …), never one that
// names another server's host (--db-host).
const bindOption = `(?:-[bHhaolSi]|--?(?:D?(?:server|http|web|bind|listen)[.-])?(?:bind|binding|host|hostname|address|addr|listen|ip|interface)(?:[.-]address)?)`

// localBindFlag finds a command line's option binding a local address.
var localBindFlag = lazyregexp.New(`(?:^|\s)` + bindOption + `[ =](?:tcp://|https?://)?(?:127\.0\.0\.1|localhost|\[::1\])(?::\d+)?\b`)

// localHostEnv finds a command line that sets HOST to a local address for
// the program it runs (an npm script's `HOST=127.0.0.1 PORT=3000 node
// build`): the assignment, which no service variable overrides.
var localHostEnv = lazyregexp.New(`(?:^|[\s>$])(HOST=(?:127\.0\.0\.1|localhost|\[::1\]))\s+(?:[A-Z_][A-Z0-9_]*=\S*\s+)*[a-z./]`)

// localBindAddr is the flag (or HOST=) and its local address, to replace
// the address.
var localBindAddr = lazyregexp.New(`((?:` + bindOption + `[ =]|\bHOST=)(?:tcp://|https?://)?)(?:127\.0\.0\.1|localhost|\[::1\])`)

// startBind is the local bind option, or HOST assignment, a line of the
// log shows the start command giving (the platform logs the command it
// starts, npm the script it runs), or "".
func startBind(lines []string) string {
	for _, l := range lines {
		l = stripANSI(l)
		if m := localBindFlag.FindString(l); m != "" {
			return strings.TrimSpace(m)
		}
		if m := localHostEnv.FindStringSubmatch(l); m != nil {
			return m[1]
		}
	}
	return ""
}

// startPortFlag finds a command line's option giving the port it listens
// on: a bind option's address with a port (`--bind 0.0.0.0:8000`, `-b
// :8000`) or a port option (`--port 8000`, `-p 8000`); group 1 or 2 the
// port.
var startPortFlag = lazyregexp.New(`(?:^|\s)(?:` + bindOption + `[ =](?:tcp://|https?://)?[\w.\[\]:-]*?:(\d{2,5})|(?:-p|--port|--http-port)[ =](\d{2,5}))(?:\s|$)`)

// startPort is the option a line of the log shows the start command
// giving its port with (the platform logs the command it starts), or "".
func startPort(lines []string) string {
	for _, l := range lines {
		if m := startPortFlag.FindString(stripANSI(l)); m != "" {
			return strings.TrimSpace(m)
		}
	}
	return ""
}

// allInterfaces reports whether host, a HOST value, binds every address.
func allInterfaces(host string) bool {
	switch strings.TrimSpace(host) {
	case "0.0.0.0", "::", "[::]":
		return true
	}
	return false
}

// denoPermission is Deno's refusal of a permission it may not ask for:
// its kind, and the flag that grants it.
var denoPermission = lazyregexp.New(`Requires (\w+) access to .*run again with the (--allow-[\w-]+) flag`)

// denoFix rewrites d, a start or build command's failure from line, when
// line is Deno's refusal of a permission: the flag goes into the command
// that runs deno (run.start, or build.buildCommands in a build), before the
// script. It reports whether line was that refusal.
func (d *Diagnosis) denoFix(line string, stage Stage) bool {
	m := denoPermission.FindStringSubmatch(line)
	if m == nil {
		return false
	}
	where := "`run.start`"
	if stage == Build {
		where = "`build.buildCommands`"
	}
	d.Cause = "Deno runs without " + m[1] + " access, which its command line did not grant (" + m[2] + "), and cannot ask for it without a terminal, so it exits at its first " + m[1] + " use; nothing in the file system is denied."
	d.Fix = "Grant it in " + where + ": `deno run " + m[2] + "` followed by the script (the flag before the script: after it, it goes to the script), or `-A` for every permission; where the command is `deno task`, add the flag to that task's `deno run` in deno.json. Then deploy again."
	d.envOnly = false
	return true
}

// balancerRefused is a refusal line the balancer (or a proxy) logs.
var balancerRefused = lazyregexp.New(`(?i)refused|ECONNREFUSED`)

// balancerRefusesLoopbackPort reports whether the balancer's refusal (a
// 502) in lines names the port line shows a loopback listener on: the
// server's banner, whatever its words, then shows why it was refused.
func balancerRefusesLoopbackPort(lines []string, _ int, line string) bool {
	m := loopbackPort.FindStringSubmatch(line)
	if m == nil {
		return false
	}
	for _, raw := range lines {
		l := stripStamp(stripANSI(raw))
		if !balancerLine.MatchString(l) || !balancerRefused.MatchString(l) {
			continue
		}
		if _, port := refusedHostPort(l); port == m[1] {
			return true
		}
	}
	return false
}

// shownPort is the port a listening line shows, in words or by its
// loopback address (a banner's "http://127.0.0.1:8000"); else def.
func shownPort(line, def string) string {
	if m := listenPort.FindStringSubmatch(line); m != nil {
		return m[1] + m[2]
	}
	if m := loopbackPort.FindStringSubmatch(line); m != nil {
		return m[1]
	}
	return def
}
