package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// The official mailhog recipe builds with `go install <module>@<version>`
// and no go.mod of its own: with a version after the path the go command
// installs that module in module mode, outside any main module, so it
// needs none (walk 17: the sandbox failed the build with `go.mod file not
// found` and told the agent to run `go mod init`).
func TestDeploy_GoInstallAtVersionNeedsNoGoMod(t *testing.T) {
	t.Parallel()
	yml := func(build ...string) string {
		return setupYml{base: "go@1", build: build, deploy: "[MailHog]", port: 8025, start: "./MailHog"}.String()
	}
	runDeployCases(t, []deployCase{
		{name: "install at a version, binary copied from GOPATH", files: map[string]string{
			"zerops.yml": yml("go install github.com/mailhog/MailHog@v1.0.1", "cd ~/go/bin && cp MailHog /build/source/MailHog")},
			verdict: "live|unverified", lacks: []string{"go.mod file not found", "go mod init"}},
		{name: "install at latest with GOBIN", files: map[string]string{
			"zerops.yml": yml("GOBIN=/build/source go install github.com/mailhog/MailHog@latest")},
			verdict: "live|unverified", lacks: []string{"go.mod file not found", "go mod init"}},
		// Without a version the path names a package of the main module,
		// which needs go.mod.
		{name: "install without a version", files: map[string]string{
			"zerops.yml": yml("go install github.com/mailhog/MailHog")},
			verdict: "build-failed", says: []string{"go.mod file not found"}},
	})
}

// The official golang-postgres-api recipe reads its database URL with
// `dbUrl, ok := os.LookupEnv(DbUrl)` (DbUrl a constant naming DB_URL) and
// panics when it is unset (walk 17: deployed without DB_URL, the sandbox
// called it live; the platform's app panics at start).
func TestDeploy_GoLookupEnvPanics(t *testing.T) {
	t.Parallel()
	main := "package main\n\nimport (\n\t\"net/http\"\n\t\"os\"\n)\n\nconst DbUrl = \"DB_URL\"\n\nfunc main() {\n" +
		"\tdbUrl, ok := os.LookupEnv(DbUrl)\n\tif !ok {\n\t\tpanic(\"database url missing set \" + DbUrl + \" env\")\n\t}\n\t_ = dbUrl\n" +
		"\thttp.ListenAndServe(\":3000\", nil)\n}\n"
	literal := "package main\n\nimport (\n\t\"log\"\n\t\"net/http\"\n\t\"os\"\n)\n\nfunc main() {\n" +
		"\tkey, found := os.LookupEnv(\"API_KEY\")\n\tif !found {\n\t\tlog.Fatal(\"API_KEY unset\")\n\t}\n\t_ = key\n" +
		"\thttp.ListenAndServe(\":3000\", nil)\n}\n"
	files := func(src string, env map[string]string) map[string]string {
		return map[string]string{"main.go": src, "go.mod": "module example.com/api\n\ngo 1.22\n",
			"zerops.yml": setupYml{base: "go@1", build: []string{"go build -o app main.go"}, deploy: "[app]", port: 3000, env: env, start: "./app"}.String()}
	}
	runDeployCases(t, []deployCase{
		{name: "constant name, unset", files: files(main, nil), verdict: "unverified", says: []string{"DB_URL"}, lacks: []string{"gostage is live"},
			then: []deployCase{{name: "set", files: files(main, map[string]string{"DB_URL": "${db_connectionString}"}), verdict: "live"}}},
		{name: "literal name, unset", files: files(literal, nil), verdict: "unverified", says: []string{"API_KEY"}, lacks: []string{"gostage is live"}},
	})
}

// NEXT_PUBLIC_ (like VITE_ and REACT_APP_) variables are written into the
// built code by the build: a restart leaves the built value, and a
// service's variables reach its build only as RUNTIME_<key> (walk 17: the
// nextjs-strapi-blog frontend's NEXT_PUBLIC_STRAPI_API_URL set as a secret
// with restart: true was answered "the services run with the new values").
func TestEnv_BuildTimeVariableNeedsADeploy(t *testing.T) {
	t.Parallel()
	for _, restart := range []bool{true, false} {
		t.Run(fmt.Sprint("restart=", restart), func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			res, m := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev",
				"variables": []string{"NEXT_PUBLIC_API_URL=https://api.example.com"}, "restart": restart}, "set")
			wantOK(t, res)
			warnings, next := fmt.Sprint(m["warnings"]), str(m["next"])
			for _, want := range []string{"NEXT_PUBLIC_API_URL", "build", "NEXT_PUBLIC_API_URL: ${RUNTIME_NEXT_PUBLIC_API_URL}", "build.envVariables"} {
				if !strings.Contains(warnings, want) {
					t.Errorf("warnings %q lack %q", warnings, want)
				}
			}
			if strings.Contains(next, "new values") || strings.Contains(next, "action=restart") || !strings.Contains(next, "zerops_deploy") {
				t.Errorf("next %q: want a deploy, not a restart, for a value the build writes into the code", next)
			}
		})
	}
	// A variable the app reads at run time keeps the restart step.
	h := newHarness(t, harnessOpts{})
	_, m := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev",
		"variables": []string{"API_URL=https://api.example.com"}, "restart": true}, "set")
	if next := str(m["next"]); !strings.Contains(next, "new values") || strings.Contains(fmt.Sprint(m["warnings"]), "RUNTIME_") {
		t.Errorf("next %q / warnings %v: a run-time variable needs only the restart", next, m["warnings"])
	}
}

// The official phpmyadmin recipe sets DATABASE_HOSTNAME and SECRET_TOKEN
// as service-level envVariables of its import and reads them in its build
// commands. The warning that the platform drops them told the agent to
// move them to run.envVariables alone (walk 17), which the build never
// sees: the fix also names build.envVariables and how a secret reaches
// the build.
func TestImport_DroppedServiceEnvNamesTheBuild(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := "services:\n  - hostname: phpmyadmin\n    type: php-apache@8.1+2.4\n    envVariables:\n      DATABASE_HOSTNAME: mariadb\n      SECRET_TOKEN: x\n"
	res, m := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": yml, "dryRun": true}, "dry")
	wantOK(t, res)
	warnings := fmt.Sprint(m["warnings"])
	for _, want := range []string{"services[0](phpmyadmin).envVariables", "run.envVariables", "build.envVariables", "RUNTIME_"} {
		if !strings.Contains(warnings, want) {
			t.Errorf("warnings lack %q: %s", want, warnings)
		}
	}
}

// The official phppgadmin recipe downloads a zip, unzips it into public/
// and moves the unpacked folder's content up with `mv phpPgAdmin-7.13.0/* .`.
// The sandbox follows neither the download nor the unzip, so what public/
// holds is unknown: the deploy cannot be called live (walk 17: the moved
// glob made public/ read as surely holding index.php).
func TestDeploy_GlobMovedFromDownloadIsUnverified(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: php@8.1\n      buildCommands:\n" +
		"        - curl -L -o pga.zip https://github.com/phppgadmin/phppgadmin/releases/download/REL_7-13-0/phpPgAdmin-7.13.0.zip\n" +
		"        - unzip pga.zip phpPgAdmin-7.13.0/* -d ./public\n" +
		"        - cd public; mv phpPgAdmin-7.13.0/* .; rm -r phpPgAdmin-7.13.0\n" +
		"      deployFiles: [./public]\n    run:\n      base: php-apache@8.1\n      documentRoot: public\n"
	runDeployCases(t, []deployCase{
		{name: "zip unpacked and moved up", files: map[string]string{"zerops.yml": yml}, verdict: "unverified",
			says: []string{"index.php"}, lacks: []string{"is live:"}},
	})
}

// The official metabase-java recipe's zerops.yml is in the earliest format:
// `use`, `run` (the build's commands) and `deploy` at the top level, for
// the service it was imported with. Validation answered "Remove it" for
// each of the three keys (walk 17), which leaves the agent an empty file:
// it now names the current form of each key.
func TestValidate_EarliestZeropsYmlFormat(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	yml := "use: [ ]\nrun:\n  - curl https://downloads.metabase.com/v0.41.2/metabase.jar --output metabase.jar\n  - chmod a+x start.sh\ndeploy: [ start.sh, metabase.jar ]\n"
	res, m := h.callWith(t, context.Background(), "zerops_validate", map[string]any{"content": yml, "kind": "zerops.yml"}, "validate")
	answer := text(res)
	if m["valid"] != false {
		t.Fatalf("valid %v, want false: %s", m["valid"], answer)
	}
	for _, want := range []string{"build.buildCommands (was run", "build.deployFiles (was deploy", "run.start"} {
		if !strings.Contains(answer, want) {
			t.Errorf("the answer lacks %q: %s", want, answer)
		}
	}
	if n := strings.Count(answer, "Write it as zerops:"); n != 1 {
		t.Errorf("the fix is said %d times, want once: %s", n, answer)
	}
	if strings.Contains(answer, "Remove it") {
		t.Errorf("the answer tells to remove the keys holding the build: %s", answer)
	}
}

// The official contember-admin recipe builds with `vite build admin`: vite
// takes admin as its root and writes admin/dist, which the recipe deploys.
// The sandbox read vite's default dist whatever the root, so a deploy of
// ./dist/~ was called live (walk 17).
func TestDeploy_ViteBuildRootArgument(t *testing.T) {
	t.Parallel()
	app := func(deploy string) map[string]string {
		return map[string]string{
			"package.json":      `{"scripts":{"build-admin":"vite build admin"},"devDependencies":{"vite":"^2.7"}}` + "\n",
			"package-lock.json": "{}\n",
			"admin/index.html":  "<!doctype html><div id=root></div><script type=module src=./index.tsx></script>\n",
			"admin/index.tsx":   "console.log('admin')\n",
			"zerops.yml": "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      buildCommands:\n        - npm i --production=false\n        - npm run build-admin\n" +
				"      deployFiles: [ " + deploy + " ]\n    run:\n      base: static\n",
		}
	}
	runDeployCases(t, []deployCase{
		{name: "the root's dist deployed", files: app("./admin/dist/~/"), verdict: "live|unverified"},
		{name: "dist deployed", files: app("./dist/~/"), verdict: "build-failed", says: []string{"deploy-files-missing"}},
	})
}

// The official shared-assets repository holds images only, no index.html:
// deployed to a static service, GET / answers 404 by design. The answer
// told the agent to deploy a dist/~ folder that does not exist (walk 17);
// it now also says that a service serving files only answers 404 at / and
// how to check a file instead.
func TestDeploy_StaticFilesWithoutIndex(t *testing.T) {
	t.Parallel()
	runWalkCases(t, []deployCase{{name: "images only", services: "services:\n  - hostname: web\n    type: static\n", target: "web",
		files: map[string]string{"covers/cover-bun.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n", "logos/zerops.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
			"zerops.yml": "zerops:\n  - setup: web\n    build:\n      base: nodejs@22\n      deployFiles: [ covers, logos ]\n    run:\n      base: static\n"},
		verdict: "degraded", next: []string{"404 is expected", "zerops_verify serviceHostname=web path="}}})
}
