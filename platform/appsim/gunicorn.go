package appsim

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Python's WSGI and ASGI servers: gunicorn, uvicorn and hypercorn — the
// app module they import, their options, their config file and their
// default bind.

func gunicornRecord() *tool {
	return &tool{name: "gunicorn", names: []string{"gunicorn", "uvicorn", "hypercorn"}, lang: "python", run: pyServerTool,
		banners: map[string]string{"gunicorn": "[1] [INFO] Listening at: http://%s:%d (1)", "uvicorn": uvicornBanner,
			"hypercorn": "[INFO] Running on http://%s:%d (CTRL + C to quit)"}}
}

// pyServer judges gunicorn/uvicorn: the app module must be deployed, and
// they listen on 127.0.0.1:8000 unless told otherwise.
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
	if app := firstFile(args, pyServerValued...); app != "" && r.files != nil {
		mod, _, _ := strings.Cut(app, ":")
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
		case name != "uvicorn" && (flag == "-b" || flag == "--bind") && last:
			// argparse: the usage line, the error, exit status 2.
			return []Line{{3, fmt.Sprintf("usage: %s [OPTIONS] [APP_MODULE]", name)},
				{3, fmt.Sprintf("%s: error: argument -b/--bind: expected one argument", name)}}, 2
		case name != "uvicorn" && (flag == "-b" || flag == "--bind") && strings.Contains(v, ":") && !strings.HasPrefix(v, "unix:") &&
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
var pyServerValued = []string{"-b", "--bind", "--host", "--port", "-w", "--workers", "-k", "--worker-class",
	"--log-level", "--chdir", "--app-dir", "-c", "--config", "-t", "--timeout", "--threads", "--graceful-timeout",
	"--keep-alive", "--max-requests", "--max-requests-jitter", "--access-logfile", "--access-logformat",
	"--error-logfile", "--log-file", "--log-config", "-e", "--env", "-p", "--pid", "--pythonpath", "-n", "--name",
	"-u", "--user", "-g", "--group", "--worker-connections", "--backlog", "--forwarded-allow-ips", "--env-file",
	"--root-path", "--uds", "--fd", "--loop", "--http", "--ws", "--lifespan", "--limit-concurrency",
	"--timeout-keep-alive", "--reload-dir", "--worker-tmp-dir", "--certfile", "--keyfile", "--ssl-keyfile",
	"--ssl-certfile", "--proxy-protocol"}

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

// pyServerTool is gunicorn, uvicorn or hypercorn.
func pyServerTool(r *runSim, name string, args []string, env map[string]string, _ int) (startCmd, bool) {
	return r.pyServer(name, args, env), true
}
