package appsim_test

import (
	"cmp"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform/appsim"
)

// files is an upload of name → content.
func files(m map[string]string) *appsim.Files {
	fs := appsim.NewFiles()
	for name, content := range m {
		fs.Add(name, content)
	}
	return fs
}

// run starts setup d (run base nodejs@22 unless d says) with the uploaded
// files deployed as they are and PORT unset.
func run(d appsim.Setup, up map[string]string) appsim.RunResult {
	if d.RunBase == "" {
		d.RunBase = "nodejs@22"
	}
	if d.Ports == nil {
		d.Ports = []appsim.Port{{Port: 3000, HTTP: true}}
	}
	built := appsim.Build(&d, files(up), fixedTime)
	return appsim.Run(&d, files(up), &built, d.RunBase, appsim.Env{Vars: map[string]string{}}, "seed")
}

func TestRun_UncheckedNamesWhatWasNotRead(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		d         appsim.Setup
		files     map[string]string
		unchecked string // "": everything that decides the answer was read
	}{
		{"a literal port", appsim.Setup{Start: "node index.js"},
			map[string]string{"index.js": "require('node:http').createServer().listen(3000)"}, ""},
		{"a port from a config object", appsim.Setup{Start: "node index.js"},
			map[string]string{"index.js": "const c = require('./c.json');\nrequire('node:http').createServer().listen(c.port)", "c.json": "{}"},
			"where `node index.js` listens"},
		{"a server the sandbox does not know", appsim.Setup{Start: "./server"},
			map[string]string{"server": "\x7fELF"}, "where `./server` listens"},
		{"no start", appsim.Setup{}, map[string]string{"index.js": ""}, "no run.start"},
		{"a readiness check on a path", appsim.Setup{Start: "node index.js", Prep: appsim.Prep{Ready: &appsim.Readiness{Port: 3000, Path: "/healthz"}}},
			map[string]string{"index.js": "require('node:http').createServer().listen(3000)"}, "answers 2xx at /healthz on port 3000"},
		{"a readiness check on the root", appsim.Setup{Start: "node index.js", Prep: appsim.Prep{Ready: &appsim.Readiness{Port: 3000, Path: "/"}}},
			map[string]string{"index.js": "require('node:http').createServer().listen(3000)"}, ""},
		{"a readiness command on a path", appsim.Setup{Start: "node index.js", Prep: appsim.Prep{Ready: &appsim.Readiness{Exec: "curl -f http://localhost:3000/healthz"}}},
			map[string]string{"index.js": "require('node:http').createServer().listen(3000)"}, "whether the app answers /healthz"},
		{"a readiness command on the root", appsim.Setup{Start: "node index.js", Prep: appsim.Prep{Ready: &appsim.Readiness{Exec: "curl -f http://localhost:3000/"}}},
			map[string]string{"index.js": "require('node:http').createServer().listen(3000)"}, ""},
		// Walk 12: a throw from a timer every minute was called live.
		{"a timer that throws", appsim.Setup{Start: "node index.js"},
			map[string]string{"index.js": "require('node:http').createServer().listen(3000);\nsetInterval(() => { throw new Error('boom') }, 60000);\n"},
			"`index.js` calls setInterval with a callback that runs `throw` after the start"},
		{"a timer that exits", appsim.Setup{Start: "node index.js"},
			map[string]string{"index.js": "require('node:http').createServer().listen(3000);\nsetTimeout(function () {\n  process.exit(1);\n}, 5000);\n"},
			"calls setTimeout with a callback that runs `process.exit(`"},
		{"a timer whose throw is caught", appsim.Setup{Start: "node index.js"},
			map[string]string{"index.js": "require('node:http').createServer().listen(3000);\nsetInterval(() => { try { throw new Error('x') } catch (e) { console.error(e) } }, 1000);\n"}, ""},
		{"a timer that only logs", appsim.Setup{Start: "node index.js"},
			map[string]string{"index.js": "require('node:http').createServer().listen(3000);\nsetInterval(() => console.log('tick'), 1000);\n"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := strings.Join(run(tt.d, tt.files).Unchecked, "; ")
			if (tt.unchecked == "") != (got == "") || !strings.Contains(got, tt.unchecked) {
				t.Errorf("Unchecked = %q, want %q", got, tt.unchecked)
			}
		})
	}
}

var fixedTime = time.Date(2026, 11, 29, 1, 0, 0, 0, time.UTC)

// tsc emits a file per source: a start naming another file under its
// outDir fails as Node does, whatever the build made beside it.
func TestRun_CompilerOutputsFileByFile(t *testing.T) {
	t.Parallel()
	up := map[string]string{
		"package.json":   `{"name": "api", "scripts": {"build": "tsc"}, "devDependencies": {"typescript": "^5"}}`,
		"tsconfig.json":  `{"compilerOptions": {"outDir": "dist", "target": "es2022"}, "include": ["src"]}`,
		"src/index.ts":   "import { port } from './config';\nrequire('node:http').createServer().listen(3000);\n",
		"src/config.ts":  "export const port = 3000;\n",
		"jest.config.ts": "export default {};\n",
	}
	tests := []struct {
		start, crash string // crash "": it starts
	}{
		{"node dist/index.js", ""},
		{"node dist/config.js", ""},
		{"node dist/indx.js", "Cannot find module '/var/www/dist/indx.js'"},
		{"node dist/src/index.js", "Cannot find module '/var/www/dist/src/index.js'"},
	}
	for _, tt := range tests {
		t.Run(tt.start, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{BuildCommands: []string{"npm i", "npm run build"}, DeployFiles: []string{"dist", "node_modules", "package.json"}, Start: tt.start}
			got := run(d, up)
			var crash []string
			for _, l := range got.Crash {
				crash = append(crash, l.Msg)
			}
			if c := strings.Join(crash, "\n"); (tt.crash == "") != (c == "") || !strings.Contains(c, tt.crash) {
				t.Errorf("crash %q, want %q", c, tt.crash)
			}
		})
	}
}

// `node FILE` without its extension runs FILE.js (then .json, .node), as
// Node resolves it; nothing by that name fails as Node does.
func TestRun_NodeEntryWithoutExtension(t *testing.T) {
	t.Parallel()
	listen := "require('node:http').createServer().listen(3000);\n"
	tests := []struct {
		start, crash string // crash "": it starts
	}{
		{"node server", ""},
		{"node ./server", ""},
		{"node lib/app", ""},
		{"node serve", "Cannot find module '/var/www/serve'"},
	}
	for _, tt := range tests {
		t.Run(tt.start, func(t *testing.T) {
			t.Parallel()
			got := run(appsim.Setup{Start: tt.start, DeployFiles: []string{"./"}}, map[string]string{"server.js": listen, "lib/app.js": listen})
			if c := crashText(got); (tt.crash == "") != (c == "") || !strings.Contains(c, tt.crash) {
				t.Errorf("crash %q, want %q", c, tt.crash)
			}
		})
	}
}

func TestRun_OutOfMemoryAsTheRecordTells(t *testing.T) {
	t.Parallel()
	grow := "const kept = [];\nwhile (true) { kept.push(Buffer.alloc(1 << 20)); }\n"
	tests := []struct {
		name, base, start string
		oom               bool
	}{
		{"node's heap runs out", "nodejs@22", "node index.js", true},
		{"a runtime whose record knows no such death", "bun@1", "bun index.js", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := run(appsim.Setup{RunBase: tt.base, Start: tt.start, DeployFiles: []string{"./"}}, map[string]string{"index.js": grow})
			if got.OutOfMemory() != tt.oom || tt.oom && (got.ExitCode() != 134 || !strings.Contains(got.Crash[1].Msg, "heap out of memory")) {
				t.Fatalf("OutOfMemory %v, exit %d, crash %v; want oom %v", got.OutOfMemory(), got.ExitCode(), got.Crash, tt.oom)
			}
		})
	}
}

// A web server's run base reads as the record that serves it: PHP's warning
// for a missing host behind php-nginx, nothing from a static site's nginx,
// which connects to no host.
func TestRun_WebServerReadsAsItsRecord(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		base, lang, line string
	}{
		{"php-nginx@8.4", "php", "php_network_getaddresses"},
		{"static", "static", ""},
		{"nginx@1.22", "nginx", ""},
	} {
		t.Run(tt.base, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{RunBase: tt.base}
			built := appsim.BuildResult{}
			res := appsim.Run(&d, files(map[string]string{"index.php": "<?php echo 1;"}), &built, d.RunBase, appsim.Env{Vars: map[string]string{}, MissingHost: "db"}, "seed")
			if !res.WebServer || res.Lang != tt.lang {
				t.Fatalf("web server %v, lang %q; want true, %q", res.WebServer, res.Lang, tt.lang)
			}
			var got string
			for _, l := range res.Lines {
				got += l.Msg + "\n"
			}
			if tt.line == "" && got != "" || !strings.Contains(got, tt.line) {
				t.Errorf("lines %q; want %q", got, cmp.Or(tt.line, "none"))
			}
		})
	}
}

// A Bun entry's packages are judged where node_modules is deployed, as
// Node's: one the build's install did not bring fails as Bun does; with
// none deployed, Bun installs a missing package itself.
func TestRun_BunPackagesWhereNodeModulesIsDeployed(t *testing.T) {
	t.Parallel()
	entry := "import { Hono } from \"hono\";\nexport default { port: 3000, fetch: new Hono().fetch };\n"
	tests := []struct {
		name, deps string
		deploy     []string
		crash      string
	}{
		{"not listed", "{}", []string{"index.ts", "package.json", "node_modules"}, "error: Cannot find package 'hono' from '/var/www/index.ts'"},
		{"listed", `{"hono": "^4"}`, []string{"index.ts", "package.json", "node_modules"}, ""},
		{"bun installs it itself", "{}", []string{"index.ts", "package.json"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{RunBase: "bun@1.2", BuildCommands: []string{"bun install"}, DeployFiles: tt.deploy, Start: "bun run index.ts"}
			got := run(d, map[string]string{"index.ts": entry, "package.json": `{"name": "x", "dependencies": ` + tt.deps + `}`})
			if (got.Crash != nil) != (tt.crash != "") || !strings.Contains(lines(got.Crash), tt.crash) {
				t.Errorf("crash %v, want %q", got.Crash, tt.crash)
			}
		})
	}
}
