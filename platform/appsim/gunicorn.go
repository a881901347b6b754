package appsim

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Python's WSGI and ASGI servers: gunicorn, uvicorn, hypercorn, daphne and
// waitress — the app module they import, their options, their config file
// and their default bind.

func gunicornRecord() *tool {
	return &tool{name: "gunicorn", names: []string{"gunicorn", "uvicorn", "hypercorn", "daphne", "waitress-serve", "sanic"}, lang: "python", run: pyServerTool,
		banners: map[string]string{"gunicorn": "[1] [INFO] Listening at: http://%s:%d (1)", "uvicorn": uvicornBanner,
			"hypercorn": "[INFO] Running on http://%s:%d (CTRL + C to quit)",
			// daphne logs the Twisted endpoint it starts, then the address.
			"daphne":         "INFO     Starting server at tcp:port=%[2]d:interface=%[1]s\nINFO     Listening on TCP address %[1]s:%[2]d",
			"waitress-serve": "INFO:waitress:Serving on http://%s:%d",
			// Sanic's CLI (`sanic`, `python -m sanic`): its banner's line.
			"sanic": "[INFO] Goin' Fast @ http://%s:%d"}}
}

// pyServer judges gunicorn, uvicorn, hypercorn, daphne and waitress-serve:
// the app module must be deployed, and they listen on 127.0.0.1:8000
// (waitress-serve 0.0.0.0:8080) unless told otherwise.
func (r *runSim) pyServer(name string, args []string, env map[string]string) startCmd {
	if crash, exit := portArgError(name, args); crash != nil {
		return startCmd{lang: "python", crash: crash, exit: exit}
	}
	if bad := gunicornUnknown(name, args); bad != "" {
		// gunicorn parses its options with argparse, which stops at one it
		// does not know: the usage line, the error, exit status 2.
		return startCmd{lang: "python", exit: 2, crash: []Line{{3, "usage: gunicorn [OPTIONS] [APP_MODULE]"},
			{3, "gunicorn: error: unrecognized arguments: " + bad}}}
	}
	app := firstFile(args, pyServerValued...)
	if (name == "daphne" || name == "waitress-serve") && !strings.Contains(app, ":") {
		app = "" // both take MODULE:OBJECT: another word is not read as the app
	}
	if name == "sanic" && hasFlag(args, "-s", "--simple") {
		// A folder served as static files: not an app module.
		r.unsure = append(r.unsure, "where `sanic --simple` listens and what it serves (the sandbox does not model its static server)")
		return startCmd{lang: "python", named: true}
	}
	if app != "" && r.files != nil {
		mod, _, _ := strings.Cut(app, ":")
		if i := strings.LastIndex(mod, "."); name == "sanic" && !strings.Contains(app, ":") && i > 0 {
			mod = mod[:i] // sanic's MODULE.APP: the last name is the app's
		}
		rel := path.Join(r.path(valueAfter(args, "--chdir", "--app-dir")), strings.ReplaceAll(mod, ".", "/"))
		if r.deployed(rel+".py") == "" && r.deployed(rel+"/__init__.py") == "" && !r.producedAt(rel+".py") {
			// Python names the first part of the dotted name it cannot find.
			missing, parts := mod, strings.Split(mod, ".")
			for i := 1; i < len(parts); i++ {
				if r.deployed(path.Join(r.path(valueAfter(args, "--chdir", "--app-dir")), strings.Join(parts[:i], "/"))) == "" {
					missing = strings.Join(parts[:i], ".")
					break
				}
			}
			if name == "waitress-serve" { // its runner's words: the error, its usage, the exception
				return startCmd{lang: "python", crash: []Line{{3, fmt.Sprintf("Error: Bad module '%s'", mod)}, {3, ""}, {3, "Usage:"}, {3, ""},
					{3, "    waitress-serve [OPTS] MODULE:OBJECT"}, {3, "There was an exception (ModuleNotFoundError) importing your module."},
					{3, ""}, {3, "It had these arguments: "}, {3, fmt.Sprintf("1. No module named '%s'", missing)}}}
			}
			return startCmd{lang: "python", crash: []Line{{3, fmt.Sprintf("ModuleNotFoundError: No module named '%s'", missing)}}}
		}
		file := rel + ".py"
		if !r.isFile(file) {
			file = rel + "/__init__.py"
		}
		if c, failed := r.pyModules(r.path(valueAfter(args, "--chdir", "--app-dir")), file, mod); failed {
			return c
		}
		if c, failed := r.djangoApp(r.path(valueAfter(args, "--chdir", "--app-dir")), file, env); failed {
			return c // django.go
		}
	}
	def := &Addr{"127.0.0.1", 8000}
	switch name {
	case "daphne":
		return r.daphneListen(args, env)
	case "waitress-serve":
		def = &Addr{"0.0.0.0", 8080}
	}
	if name == "uvicorn" {
		// uvicorn's click options read UVICORN_<OPTION> when not given.
		def.host = orStr(env["UVICORN_HOST"], def.host)
		if n, err := strconv.Atoi(env["UVICORN_PORT"]); err == nil {
			def.port = n
		}
	}
	if name == "gunicorn" {
		var crash []Line
		if def, crash = r.gunicornConfig(args, env); crash != nil {
			return startCmd{lang: "python", crash: crash, exit: 1}
		}
		// GUNICORN_CMD_ARGS is read as options the command line overrides.
		args = append(args[:len(args):len(args)], strings.Fields(env["GUNICORN_CMD_ARGS"])...)
	}
	if def == nil { // a config whose bind is not read here: where told, else as declared
		return startCmd{lang: "python", listen: flagListen(args, env, "", 0), banner: serverBanners[name]}
	}
	return startCmd{lang: "python", listen: flagListen(args, env, def.host, def.port), banner: serverBanners[name]}
}

// daphneListen is where daphne listens: -b/--bind HOST and -p/--port PORT,
// each defaulting (127.0.0.1, 8000) when the other is given or neither is;
// a unix socket, file descriptor or Twisted endpoint string is not read.
func (r *runSim) daphneListen(args []string, env map[string]string) startCmd {
	if _, ok := flagValue(args, "-u", "--unix-socket", "--fd", "-e", "--endpoint"); ok {
		r.unsure = append(r.unsure, "where daphne listens (a unix socket, file descriptor or endpoint string, which the sandbox does not read)")
		return startCmd{lang: "python", named: true}
	}
	host, port := orStr(expand(valueAfter(args, "-b", "--bind"), env), "127.0.0.1"), 8000
	if v := valueAfter(args, "-p", "--port"); v != "" {
		n, err := strconv.Atoi(expand(v, env))
		if err != nil { // argparse's type=int
			return startCmd{lang: "python", exit: 2, crash: []Line{{3, "usage: daphne [-h] [-p PORT] [-b HOST] ... application"},
				{3, fmt.Sprintf("daphne: error: argument -p/--port: invalid int value: '%s'", expand(v, env))}}}
		}
		port = n
	}
	return startCmd{lang: "python", listen: &Addr{normHost(host), port}, banner: serverBanners["daphne"]}
}

// portArgError is how gunicorn, uvicorn or hypercorn stops when its bind or
// port option has no usable value (an unset $PORT expanded to nothing), in
// its own words; nil when the options are well formed.
func portArgError(name string, args []string) ([]Line, int) {
	clickUsage := []Line{{3, "Usage: uvicorn [OPTIONS] APP"}, {3, "Try 'uvicorn --help' for help."}, {3, ""}}
	for i, a := range args {
		flag, v, inline := strings.Cut(a, "=")
		last := !inline && i+1 == len(args)
		if !inline && !last {
			v = args[i+1]
		}
		switch {
		case name == "uvicorn" && (flag == "--port" || flag == "--host") && last:
			return append(clickUsage, Line{3, fmt.Sprintf("Error: Option '%s' requires an argument.", flag)}), 2
		case name == "uvicorn" && flag == "--port" && !isDigits(v):
			return append(clickUsage, Line{3, fmt.Sprintf("Error: Invalid value for '--port': '%s' is not a valid integer.", v)}), 2
		case name != "gunicorn" && name != "hypercorn":
			continue // daphne's -b is a host alone; waitress-serve has none
		case (flag == "-b" || flag == "--bind") && last:
			// argparse: the usage line, the error, exit status 2.
			return []Line{{3, fmt.Sprintf("usage: %s [OPTIONS] [APP_MODULE]", name)},
				{3, fmt.Sprintf("%s: error: argument -b/--bind: expected one argument", name)}}, 2
		case (flag == "-b" || flag == "--bind") && strings.Contains(v, ":") && !strings.HasPrefix(v, "unix:") &&
			!isDigits(v[strings.LastIndex(v, ":")+1:]):
			port := v[strings.LastIndex(v, ":")+1:]
			if name == "hypercorn" {
				return []Line{{3, "Traceback (most recent call last):"},
					{3, fmt.Sprintf("ValueError: invalid literal for int() with base 10: '%s'", port)}}, 1
			}
			return []Line{{3, ""}, {3, fmt.Sprintf("Error: '%s' is not a valid port number.", port)}, {3, ""}}, 1
		}
	}
	return nil, 0
}

// isDigits reports whether s is a number of decimal digits.
func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// pyServerValued are the options of gunicorn, uvicorn and hypercorn that
// take a value: what follows one is not the app module.
var pyServerValued = []string{"-b", "--bind", "-H", "--host", "--port", "-w", "--workers", "-k", "--worker-class",
	"--log-level", "--chdir", "--app-dir", "-c", "--config", "-t", "--timeout", "--threads", "--graceful-timeout",
	"--keep-alive", "--max-requests", "--max-requests-jitter", "--access-logfile", "--access-logformat",
	"--error-logfile", "--log-file", "--log-config", "-e", "--env", "-p", "--pid", "--pythonpath", "-n", "--name",
	"-u", "--user", "-g", "--group", "--worker-connections", "--backlog", "--forwarded-allow-ips", "--env-file",
	"--root-path", "--uds", "--fd", "--loop", "--http", "--ws", "--lifespan", "--limit-concurrency",
	"--timeout-keep-alive", "--reload-dir", "--worker-tmp-dir", "--certfile", "--keyfile", "--ssl-keyfile",
	"--ssl-certfile", "--proxy-protocol",
	// daphne's
	"-v", "--verbosity", "--websocket_timeout", "--websocket_connect_timeout", "--unix-socket", "--fd", "--endpoint",
	"--http-timeout", "--access-log", "--ping-interval", "--ping-timeout", "--application-close-timeout",
	"--asgi-protocol", "--proxy-headers-host", "--proxy-headers-port", "-s", "--server-name",
	// waitress-serve's (its getopt takes "--opt value" as "--opt=value")
	"--listen", "--unix-socket-perms", "--url-scheme", "--url-prefix", "--ident", "--recv-bytes", "--send-bytes",
	"--outbuf-overflow", "--outbuf-high-watermark", "--inbuf-overflow", "--connection-limit", "--cleanup-interval",
	"--channel-timeout", "--max-request-header-size", "--max-request-body-size", "--asyncore-loop-timeout",
	"--channel-request-lookahead"}

// gunicornBindRe is a config file's bind written as a literal (or a list
// of one); gunicornAnyBindRe any assignment of bind.
var (
	gunicornBindRe    = lazyregexp.New(`(?m)^bind\s*=\s*\[?\s*['"]([^'"{}]+)['"]\s*,?\s*\]?\s*(?:#.*)?$`)
	gunicornAnyBindRe = lazyregexp.New(`(?m)^bind\s*=`)
)

// gunicornConfig is where gunicorn listens before its command line and
// GUNICORN_CMD_ARGS: the bind of its config file (-c/--config FILE, else
// ./gunicorn.conf.py when deployed), else its default: 0.0.0.0:$PORT when
// PORT is in the environment, 127.0.0.1:8000 when not. nil when the file
// sets bind in a way not read here; crash when the file named is not
// deployed (gunicorn stops: exit status 1).
func (r *runSim) gunicornConfig(args []string, env map[string]string) (*Addr, []Line) {
	def := &Addr{"127.0.0.1", 8000}
	if n, err := strconv.Atoi(env["PORT"]); err == nil {
		def = &Addr{"0.0.0.0", n}
	}
	file := valueAfter(args, "-c", "--config")
	if strings.HasPrefix(file, "python:") || r.files == nil {
		return def, nil
	}
	rel := r.path(orStr(file, "gunicorn.conf.py"))
	src, ok := r.deployedText(rel)
	if !ok {
		if file != "" && r.deployed(rel) == "" && !r.producedAt(rel) {
			return nil, []Line{{3, ""}, {3, fmt.Sprintf("Error: '%s' doesn't exist", file)}}
		}
		if r.deployed(rel) != "" || r.producedAt(rel) {
			return nil, nil // there, its bind unknown
		}
		return def, nil
	}
	if m := gunicornBindRe.FindStringSubmatch(src); m != nil {
		if l := flagListen([]string{"--bind", m[1]}, nil, "", 0); l != nil {
			return l, nil
		}
	}
	if gunicornAnyBindRe.MatchString(src) {
		return nil, nil
	}
	return def, nil
}

// gunicornUnknown is the first of the options gunicorn does not have that
// a gunicorn command passes (it binds with --bind HOST:PORT; --host and
// --port belong to uvicorn and others), or "".
func gunicornUnknown(name string, args []string) string {
	if name != "gunicorn" {
		return ""
	}
	for _, a := range args {
		if flag, _, _ := strings.Cut(a, "="); flag == "--host" || flag == "--port" {
			return a
		}
	}
	return ""
}

// pyServerTool is gunicorn, uvicorn, hypercorn, daphne or waitress-serve.
func pyServerTool(r *runSim, name string, args []string, env map[string]string, _ int) (startCmd, bool) {
	return r.pyServer(name, args, env), true
}
