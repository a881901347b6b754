package mcp_test

import (
	"fmt"
	"strings"
	"testing"
)

// walk 17: the official gin-postgres-api recipe reads its database URL with
// `dbUrl, ok := os.LookupEnv(DbUrl)` (DbUrl a const naming DB_URL) and
// panics when it is unset. Deployed without DB_URL it was answered live;
// the sandbox does not print the panic, so the verdict is unverified,
// naming the variable and the line. With DB_URL set it is live.
func TestDeploy_GoLookupEnvRequired(t *testing.T) {
	t.Parallel()
	main := "package main\n\nimport (\n\t\"log\"\n\t\"net/http\"\n\t\"os\"\n)\n\n%s\nfunc main() {\n%s\n\tlog.Fatal(http.ListenAndServe(\":8080\", nil))\n}\n"
	app := func(decl, check string, env map[string]string) map[string]string {
		return map[string]string{
			"zerops.yml": setupYml{base: "go@1", build: []string{"go build -o app ."}, deploy: "./app", env: env, start: "./app"}.String(),
			"go.mod":     "module example.com/app\n\ngo 1.22\n",
			"main.go":    fmt.Sprintf(main, decl, check),
		}
	}
	lookupConst := "\tdbUrl, ok := os.LookupEnv(DbUrl)\n\tif !ok {\n\t\tpanic(\"database url missing set \" + DbUrl + \" env\")\n\t}\n\t_ = dbUrl"
	runDeployCases(t, []deployCase{
		{name: "LookupEnv of a const, panic", files: app("const DbUrl = \"DB_URL\"\n", lookupConst, nil),
			verdict: "unverified", reason: []string{"without DB_URL: main.go:13"}},
		{name: "LookupEnv of a literal, log.Fatal", files: app("", "\tif _, ok := os.LookupEnv(\"API_TOKEN\"); !ok {\n\t\tlog.Fatal(\"API_TOKEN missing\")\n\t}", nil),
			verdict: "unverified", reason: []string{"without API_TOKEN: main.go:11"}},
		{name: "Getenv of a const, os.Exit", files: app("const key = \"SECRET\"\n", "\tif os.Getenv(key) == \"\" {\n\t\tos.Exit(1)\n\t}", nil),
			verdict: "unverified", reason: []string{"without SECRET: main.go:12"}},
		{name: "set", files: app("const DbUrl = \"DB_URL\"\n", lookupConst, map[string]string{"DB_URL": "${db_connectionString}"}), verdict: "live"},
		{name: "a fallback", files: app("", "\tmode, ok := os.LookupEnv(\"MODE\")\n\tif !ok {\n\t\tmode = \"prod\"\n\t}\n\tlog.Println(mode)", nil), verdict: "live"},
	})
}

// walk 17: the official angular-app recipe (Angular 13, browser builder,
// outputPath dist/recipe-angular-app) deployed with `dist/~` answers 404
// at /, and the answer told to deploy `dist/~`, what the file already
// says. The step now names the folder the build writes the index to
// (`dist/recipe-angular-app/~`) and does not offer the entry in place;
// `dist` without `~` is still told to add it.
func TestDeploy_StaticIndexBelowTheDeployedFolder(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: web\n    build:\n      base: nodejs@22\n      buildCommands:\n        - npm i\n        - npm run build\n      deployFiles: [ '%s' ]\n    run:\n      base: static\n"
	angular := `{"version": 1, "projects": {"recipe-angular-app": {"projectType": "application", "root": "", "sourceRoot": "src",
  "architect": {"build": {"builder": "@angular-devkit/build-angular:browser", "options": {"outputPath": "dist/recipe-angular-app", "index": "src/index.html", "main": "src/main.ts"}}}}}}`
	row := func(name, deploy string, lacks ...string) deployCase {
		return deployCase{name: name, services: "services:\n  - hostname: web\n    type: static\n", target: "web",
			files: map[string]string{
				"zerops.yml":     fmt.Sprintf(yml, deploy),
				"package.json":   `{"name": "recipe-angular-app", "version": "0.0.0", "scripts": {"build": "ng build"}, "devDependencies": {"@angular/cli": "~13.2.6"}}`,
				"angular.json":   angular,
				"src/index.html": "<app-root></app-root>\n",
				"src/main.ts":    "console.log(1)\n",
			},
			verdict: "degraded", next: []string{"`dist/recipe-angular-app/~`"},
			and: func(t *testing.T, _ string, m map[string]any) {
				for _, s := range lacks {
					if next := str(m["next"]); strings.Contains(next, s) {
						t.Errorf("next has %q: %s", s, next)
					}
				}
			}}
	}
	runWalkCases(t, []deployCase{
		row("ContentsOfTheParent", "dist/~", "with `dist/~` in build.deployFiles"),
		row("TheParentItself", "dist"),
	})
}

// walk 17: the official strapi-blog recipe's import (its README) gives
// the api service `ports` (1337, httpSupport), which the import schema
// does not have; the fix said only "Remove it", which loses the port the
// app needs routed. It now says where the key lives: run.ports of the
// setup in zerops.yml, the values kept.
func TestImport_PortsMoveToZeropsYml(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	imp := "services:\n  - hostname: api\n    type: nodejs@22\n    enableSubdomainAccess: true\n    ports:\n      - port: 1337\n        httpSupport: true\n"
	res, m := h.call(t, "zerops_import", map[string]any{"content": imp, "dryRun": true})
	problems, _ := m["problems"].([]any)
	var fix string
	for _, p := range problems {
		if p, _ := p.(map[string]any); p["path"] == "services[0](api).ports" {
			fix = str(p["fix"])
		}
	}
	if fix == "" {
		t.Fatalf("no problem at services[0](api).ports: %s", text(res))
	}
	for _, s := range []string{"zerops.yml", "run.ports", "kept"} {
		if !strings.Contains(fix, s) {
			t.Errorf("fix lacks %q: %s", s, fix)
		}
	}
}

// walk 17: official recipes (strapi-blog, ghost, wordpress) write
// ${storage_serviceId|lower}, a reference with a modifier, and run on
// Zerops; validate warned it had no closing } and stayed the literal
// text. A reference with a |modifier is not warned about; one truly
// unclosed still is.
func TestValidate_ReferenceWithModifier(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := "zerops:\n  - setup: api\n    build:\n      base: nodejs@22\n      buildCommands:\n        - npm ci\n      deployFiles: ./\n    run:\n      base: nodejs@22\n      ports:\n        - port: 1337\n          httpSupport: true\n      envVariables:\n        STORAGE_BUCKET_NAME: strapidata\n        S3_BUCKET_NAME: %s\n      start: npm start\n"
	tests := []struct {
		name, value string
		warned      bool
	}{
		{"Lower", "${storage_serviceId|lower}.${STORAGE_BUCKET_NAME}", false},
		{"Chained", "${storage_serviceId|lower|upper}", false},
		{"Unclosed", "${storage_serviceId.${STORAGE_BUCKET_NAME}", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, m := h.call(t, "zerops_validate", map[string]any{"kind": "zerops.yml", "content": fmt.Sprintf(yml, tt.value)})
			warned := false
			for _, key := range []string{"warnings", "errors"} {
				list, _ := m[key].([]any)
				for _, w := range list {
					if w, _ := w.(map[string]any); strings.HasSuffix(str(w["path"]), "S3_BUCKET_NAME") {
						warned = true
					}
				}
			}
			if warned != tt.warned {
				t.Errorf("warned %v, want %v: %s", warned, tt.warned, text(res))
			}
		})
	}
}

// walk 17: the official react-app recipe builds with react-scripts 4.0.3
// (webpack 4) on nodejs@16, which the catalog no longer has; moved to
// nodejs@18 as validate says, the sandbox answered it live, but webpack 4's
// MD4 hash fails on the OpenSSL 3 of Node.js 17+. The build now fails with
// that error, its fix the legacy provider (or webpack 5), and after the fix
// the app is live; react-scripts 5 builds as before.
func TestDeploy_ReactScripts4OnNewNode(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: web\n    build:\n      base: nodejs@18\n%s      buildCommands:\n        - yarn\n        - yarn build\n      deployFiles: [ 'build/~/' ]\n    run:\n      base: static\n"
	legacy := "      envVariables:\n        NODE_OPTIONS: --openssl-legacy-provider\n"
	row := func(name, env, version, want string) deployCase {
		c := deployCase{name: name, services: "services:\n  - hostname: web\n    type: static\n", target: "web",
			files: map[string]string{
				"zerops.yml":        fmt.Sprintf(yml, env),
				"package.json":      `{"name": "todos", "private": true, "dependencies": {"react": "^17.0.2", "react-scripts": "` + version + `"}, "scripts": {"build": "react-scripts build"}}`,
				"yarn.lock":         "# yarn lockfile v1\n",
				"public/index.html": "<div id=\"root\"></div>\n",
				"src/index.tsx":     "console.log(1)\n",
			},
			verdict: want}
		if want == "build-failed" {
			c.and = func(t *testing.T, answer string, m map[string]any) {
				if d := firstDiagnosis(m["diagnoses"]); d["signal"] != "runtime-version-mismatch" {
					t.Errorf("first diagnosis %v, want runtime-version-mismatch: %s", d, answer)
				}
				if s := str(m["suggestion"]); !strings.Contains(s, "NODE_OPTIONS: --openssl-legacy-provider") || strings.Count(answer, "--openssl-legacy-provider") > 2 {
					t.Errorf("suggestion %q lacks the legacy provider, or the answer repeats it: %s", s, answer)
				}
			}
		}
		return c
	}
	runWalkCases(t, []deployCase{
		row("Webpack4Fails", "", "4.0.3", "build-failed"),
		row("LegacyProvider", legacy, "4.0.3", "live"),
		row("ReactScripts5", "", "^5.0.1", "live"),
	})
}

// walk 17: the official golang-maria-api recipe opens its database with
// Go's go-sql-driver/mysql (through sqlx) from DB_URL; given the MariaDB
// service's connectionString, a mysql:// URL that driver does not parse,
// it was answered live. The sandbox does not run the driver, so the
// verdict is unverified, naming the form it takes; with that form, live.
func TestDeploy_GoMySQLDriverTakesNoURL(t *testing.T) {
	t.Parallel()
	main := "package main\n\nimport (\n\t\"log\"\n\t\"net/http\"\n\t\"os\"\n\n\t_ \"github.com/go-sql-driver/mysql\"\n\t\"github.com/jmoiron/sqlx\"\n)\n\nconst DbUrl = \"DB_URL\"\n\nfunc main() {\n\tdbUrl, ok := os.LookupEnv(DbUrl)\n\tif !ok {\n\t\tpanic(\"set \" + DbUrl)\n\t}\n\tconn, err := sqlx.Open(\"mysql\", dbUrl)\n\tif err != nil {\n\t\tpanic(err)\n\t}\n\tdefer conn.Close()\n\tlog.Fatal(http.ListenAndServe(\":8080\", nil))\n}\n"
	row := func(name, value, want string, reason ...string) deployCase {
		yml := setupYml{base: "go@1", build: []string{"go build -o app main.go"}, deploy: "./app", env: map[string]string{"DB_URL": value}, start: "./app"}.String()
		return deployCase{name: name, services: "services:\n  - hostname: gostage\n    type: go@1\n  - hostname: maria\n    type: mariadb:single@10.6\n", target: "gostage",
			files: map[string]string{
				"zerops.yml": strings.ReplaceAll(yml, "setup: appstage", "setup: gostage"),
				"go.mod":     "module example.com/app\n\ngo 1.22\n\nrequire (\n\tgithub.com/go-sql-driver/mysql v1.6.0\n\tgithub.com/jmoiron/sqlx v1.3.5\n)\n",
				"go.sum":     "github.com/go-sql-driver/mysql v1.6.0 h1:x\ngithub.com/jmoiron/sqlx v1.3.5 h1:y\n",
				"main.go":    main,
			},
			verdict: want, reason: reason}
	}
	runWalkCases(t, []deployCase{
		row("ConnectionStringURL", "${maria_connectionString}", "unverified", "@tcp("),
		row("DriverDSN", "${maria_user}:${maria_password}@tcp(${maria_hostname}:${maria_port})/${maria_dbName}", "live"),
	})
}

// walk 17: the official react-app, vue-app and angular-app recipes' zerops.yml
// predates zerops: and has no run.start (a static SPA); the fix listed every
// key of the current form, run.start among them, which validate then warns
// against on a static service, and a second error restated the cause. The
// fix now names the renames the setup needs and run.base, once.
func TestValidate_LegacyFormatFixFitsTheSetup(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	tests := []struct {
		name, doc   string
		want, lacks []string
	}{
		{"StaticSPA", "app:\n  build:\n    base: [ nodejs@16 ]\n    build:\n      - yarn\n      - yarn build\n    deploy: [ 'build/~/' ]\n  run:\n    envReplace:\n      target: [ './static/js' ]\n      delimiter: [ '%%' ]\n",
			[]string{"setup: app", "build.buildCommands (was build.build)", "build.deployFiles (was build.deploy)", "run.base", "static"}, []string{"run.start", "prepareCommands", "initCommands"}},
		{"GoBinary", "api:\n  build:\n    base: [ go@1 ]\n    build:\n      - go build -o app main.go\n    deploy: [ app ]\n  run:\n    start: ./app\n",
			[]string{"setup: api", "build.buildCommands (was build.build)", "run.base"}, []string{"prepareCommands", "initCommands"}},
		{"PHPWithInit", "api:\n  build:\n    base: [php@8.0]\n    build:\n      - composer install\n    deploy: [.]\n  run:\n    init:\n      - php artisan migrate -n --force\n    documentRoot: 'public/'\n",
			[]string{"run.initCommands (was run.init)", "run.base"}, []string{"run.start", "prepareCommands"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, m := h.call(t, "zerops_validate", map[string]any{"kind": "zerops.yml", "content": tt.doc})
			errs, _ := m["errors"].([]any)
			if len(errs) != 1 {
				t.Fatalf("%d errors, want 1: %s", len(errs), text(res))
			}
			e, _ := errs[0].(map[string]any)
			fix := str(e["fix"])
			for _, s := range tt.want {
				if !strings.Contains(fix, s) {
					t.Errorf("fix lacks %q: %s", s, fix)
				}
			}
			for _, s := range tt.lacks {
				if strings.Contains(fix, s) {
					t.Errorf("fix has %q: %s", s, fix)
				}
			}
		})
	}
}
