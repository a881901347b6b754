package diagnose

import (
	"path"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// pyApp is a Python server's module:attribute argument (app.main:app,
// main:create_app()).
var pyApp = lazyregexp.New(`^([A-Za-z_][\w.]*):[A-Za-z_]\w*(?:\(.*\))?$`)

// langOf is the language a runtime type runs (nodejs@22 → node,
// python@3.12 → python, alpine/php-nginx@8.3 → php); "" when the type
// names none (ubuntu, alpine, an empty one).
func langOf(runtime string) string {
	name, _, _ := strings.Cut(strings.ToLower(strings.TrimSpace(runtime)), "@")
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:] // an OS prefix: alpine/php-nginx
	}
	switch {
	case name == "nodejs" || name == "node":
		return "node"
	case name == "php" || strings.HasPrefix(name, "php-"):
		return "php"
	}
	switch name {
	case "bun", "deno", "python", "go", "ruby", "java", "dotnet", "rust", "elixir", "gleam":
		return name
	}
	return ""
}

// bindForms are, per language, the ways its code (or its server's command
// in run.start) binds every address on <port>.
var bindForms = map[string]string{
	"node":   "Node `server.listen(<port>, '0.0.0.0')` (Express `app.listen(<port>, '0.0.0.0')`, Fastify `app.listen({ port: <port>, host: '0.0.0.0' })`)",
	"bun":    "Bun `Bun.serve({ hostname: '0.0.0.0', port: <port>, fetch })` (or Node's `app.listen(<port>, '0.0.0.0')` run by Bun)",
	"deno":   "Deno `Deno.serve({ hostname: '0.0.0.0', port: <port> }, handler)`",
	"python": "Flask `app.run(host=\"0.0.0.0\", port=<port>)`, `uvicorn.run(app, host=\"0.0.0.0\", port=<port>)`, aiohttp `web.run_app(app, host=\"0.0.0.0\", port=<port>)`; or start the app with gunicorn `--bind 0.0.0.0:<port>` or uvicorn `--host 0.0.0.0 --port <port>` in `run.start`",
	"go":     "Go `http.ListenAndServe(\":<port>\", handler)` (no host binds every address; gin `r.Run(\":<port>\")`)",
	"php":    "PHP's built-in server `php -S 0.0.0.0:<port>` in `run.start` (php-nginx and php-apache serve the app on 80 without it)",
	"ruby":   "Puma or Rails `-b 0.0.0.0 -p <port>` in `run.start`, Sinatra `set :bind, '0.0.0.0'`",
	"java":   "Spring Boot `server.address=0.0.0.0` (or no server.address: it binds every address), a socket `new InetSocketAddress(<port>)` without a host",
	"dotnet": "ASP.NET Core `app.Run(\"http://0.0.0.0:<port>\")` or `UseUrls(\"http://0.0.0.0:<port>\")` (Kestrel `ListenAnyIP(<port>)`), not localhost",
	"rust":   "Rust `\"0.0.0.0:<port>\"` in its bind (`TcpListener::bind(\"0.0.0.0:<port>\")`, actix `.bind((\"0.0.0.0\", <port>))`)",
	"elixir": "Phoenix `http: [ip: {0, 0, 0, 0}, port: <port>]` in config/runtime.exs",
	"gleam":  "mist `mist.bind(\"0.0.0.0\")` with `mist.port(<port>)`",
	"": "Node `listen(<port>, '0.0.0.0')`, Bun.serve/Deno.serve `hostname: '0.0.0.0'`, Flask `app.run(host=\"0.0.0.0\")`, " +
		"Go `http.ListenAndServe(\":<port>\", …)`; or bind it in `run.start` (gunicorn `--bind 0.0.0.0:<port>`, uvicorn `--host 0.0.0.0 --port <port>`)",
}

// hostReads are, per language, how its code reads a HOST variable.
var hostReads = map[string]string{
	"node": "`process.env.HOST`", "bun": "`process.env.HOST`", "deno": "`Deno.env.get(\"HOST\")`",
	"python": "`os.environ.get(\"HOST\")`", "go": "`os.Getenv(\"HOST\")`", "php": "`getenv('HOST')`",
	"ruby": "`ENV['HOST']`", "java": "`System.getenv(\"HOST\")`", "dotnet": "`Environment.GetEnvironmentVariable(\"HOST\")`",
	"rust": "`env::var(\"HOST\")`", "elixir": "`System.get_env(\"HOST\")`",
	"": "e.g. Node `process.env.HOST`",
}

// portReads are, per language, how its code listens on the PORT variable.
var portReads = map[string]string{
	"node": "Node `server.listen(process.env.PORT, '0.0.0.0')`", "bun": "Bun `Bun.serve({ port: Bun.env.PORT, hostname: '0.0.0.0', fetch })`",
	"deno":   "Deno `Deno.serve({ port: Number(Deno.env.get(\"PORT\")), hostname: '0.0.0.0' }, handler)`",
	"python": "Python `int(os.environ[\"PORT\"])` as the port its server runs on", "go": "Go `http.ListenAndServe(\":\"+os.Getenv(\"PORT\"), handler)`",
	"php": "PHP `getenv('PORT')`", "ruby": "Ruby `ENV.fetch('PORT')`", "java": "Spring Boot `server.port=${PORT}`",
	"dotnet": "ASP.NET Core `app.Run(\"http://0.0.0.0:\" + Environment.GetEnvironmentVariable(\"PORT\"))`",
	"rust":   "Rust `env::var(\"PORT\")` in its bind", "elixir": "Phoenix `port: String.to_integer(System.get_env(\"PORT\"))`",
}

// portRead is, for an app of lang, " (how its code reads PORT)"; "" when
// the language is unknown.
func portRead(lang string) string {
	if r := portReads[lang]; r != "" {
		return " (" + r + ")"
	}
	return ""
}

// sourceExt are the extensions of the source files a start command runs.
var sourceExt = map[string]bool{".js": true, ".mjs": true, ".cjs": true, ".ts": true, ".mts": true, ".cts": true,
	".py": true, ".rb": true, ".php": true, ".go": true, ".exs": true}

// EntryFile is the source file a start command runs (`node server.js` →
// server.js, `gunicorn app.main:app` → app/main.py), relative to the
// command's directory; "" when the command names none (a binary, an npm
// script).
func EntryFile(start string) string {
	words := strings.Fields(start)
	for i, w := range words {
		w = strings.Trim(w, `"'`)
		if strings.HasPrefix(w, "-") || strings.Contains(w, "=") || strings.Contains(w, "$") {
			continue
		}
		if sourceExt[path.Ext(w)] {
			return path.Clean(w)
		}
		// A Python ASGI/WSGI server names module:attribute.
		if i > 0 && pyServer(words[:i]) {
			if m := pyApp.FindStringSubmatch(w); m != nil {
				return strings.ReplaceAll(m[1], ".", "/") + ".py"
			}
		}
	}
	return ""
}

// pyServer reports whether words, a command's words so far, run a Python
// server that names its app as module:attribute.
func pyServer(words []string) bool {
	for _, w := range words {
		switch path.Base(w) {
		case "gunicorn", "uvicorn", "hypercorn", "daphne", "granian":
			return true
		}
	}
	return false
}

// GunicornConfig is the config file a gunicorn start reads its bind from
// (`-c FILE`/`--config FILE`, else gunicorn.conf.py in its directory),
// relative to the command's directory; "" when start does not run
// gunicorn, gives the bind itself (`-b`/`--bind`, which wins over the
// file) or names a config module (`python:pkg.conf`).
func GunicornConfig(start string) string {
	words := strings.Fields(start)
	at := slices.IndexFunc(words, func(w string) bool { return path.Base(strings.Trim(w, `"'`)) == "gunicorn" })
	if at < 0 {
		return ""
	}
	conf := "gunicorn.conf.py"
	for i := at + 1; i < len(words); i++ {
		w := strings.Trim(words[i], `"'`)
		flag, v, inline := strings.Cut(w, "=")
		switch {
		case w == "&&" || w == "||" || w == ";" || w == "|":
			i = len(words) // the command ends
		case flag == "-b" || flag == "--bind" || strings.HasPrefix(w, "-b") && !strings.HasPrefix(w, "--"):
			return ""
		case (flag == "-c" || flag == "--config") && inline:
			conf = v
		case (w == "-c" || w == "--config") && i+1 < len(words):
			conf, i = strings.Trim(words[i+1], `"'`), i+1
		}
	}
	if strings.HasPrefix(conf, "python:") || conf == "" {
		return ""
	}
	return path.Clean(conf)
}

// gunicornConfBind is a gunicorn config file's bind setting.
var gunicornConfBind = lazyregexp.New(`^bind\s*=`)

// ScanGunicornConfig reads content, gunicorn's config file (file), for
// its bind line writing a local address; ok is false when it has none.
func ScanGunicornConfig(file, content string) (c Code, ok bool) {
	c = ScanCode(file, content)
	return c, c.literal() && gunicornConfBind.MatchString(c.Text)
}
