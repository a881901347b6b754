package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestImport_SingleOnlyTypeNotToldToPickHA: the medusa recipes import
// `type: meilisearch@1.10`, the only form the docs publish for it (it runs
// single-node, no HA). The dry run warned that the type "does not say
// single or HA" and offered meilisearch:ha@1.10, a type the same check
// then refuses: an agent following the warning loops. No HA choice exists,
// so there is nothing to warn of.
func TestImport_SingleOnlyTypeNotToldToPickHA(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, typ := range []string{"meilisearch@1.10", "meilisearch@1.20"} {
		res, m := h.call(t, "zerops_import", map[string]any{"dryRun": true,
			"content": "services:\n  - hostname: search\n    type: " + typ + "\n    enableSubdomainAccess: true\n    priority: 10\n"})
		wantOK(t, res)
		if m["valid"] != true {
			t.Fatalf("%s: valid %v: %s", typ, m["valid"], text(res))
		}
		if said := text(res); strings.Contains(said, ":ha@") || strings.Contains(said, "single or HA") {
			t.Errorf("%s: the dry run asks for an HA choice the type does not have: %s", typ, said)
		}
	}
}

// TestDeploy_AddressFixedBeforeUnrelatedWarnings: the
// medusa-nextstore storefront references ${medusa_CHANNEL_PUBLISHABLE_KEY},
// a key its backend sets later (a warning to keep or fix). With `next
// start -H 127.0.0.1` the log shows the loopback bind, yet the step said to
// fix the warning first, deploy again, and only "if it still fails" move
// the bind: a deploy spent on a warning that cannot explain the address
// the app printed. Likewise `next start` on its default port 3000. The
// address's fix leads; the warnings go with it.
func TestDeploy_AddressFixedBeforeUnrelatedWarnings(t *testing.T) {
	t.Parallel()
	pkg := func(start string) string {
		return `{"name":"store","scripts":{"build":"next build","start":"` + start + `"},"dependencies":{"next":"15.0.3","react":"19.0.0","react-dom":"19.0.0"}}`
	}
	yml := setupYml{base: "nodejs@22", build: []string{"npm i", "npm run build"}, deploy: "[ .next, node_modules, package.json, next.config.js ]", port: 8000,
		start: "npm start", env: map[string]string{"NEXT_PUBLIC_KEY": "${db_CHANNEL_PUBLISHABLE_KEY}"}}.String()
	files := func(start string) map[string]string {
		return map[string]string{"package.json": pkg(start), "next.config.js": "module.exports = {}\n", "app/page.js": "export default function Page() { return 'ok' }\n", "zerops.yml": yml}
	}
	runDeployCases(t, []deployCase{{
		name:    "next start -H 127.0.0.1",
		files:   files("next start -p 8000 -H 127.0.0.1"),
		verdict: "not-answering",
		signal:  "listening-on-localhost",
		next:    []string{"-H 0.0.0.0", "1 zerops.yml warning"},
		lacks:   []string{"if it still fails"},
		then:    []deployCase{{name: "bind fixed", files: files("next start -p 8000"), verdict: "unverified"}},
	}, {
		name:    "next start on its default port",
		files:   files("next start"),
		verdict: "not-answering",
		signal:  "wrong-port",
		next:    []string{"-p 8000", "1 zerops.yml warning"},
		lacks:   []string{"if it still fails"},
		then:    []deployCase{{name: "port fixed", files: files("next start -p 8000"), verdict: "unverified"}},
	}})
}

// TestDeploy_DeployFilesFixedBeforeRunVariableWarnings: the same
// storefront with `.next` left out of deployFiles: the log names the
// missing build, yet the step put the run variable's warning first and the
// deployFiles fix behind "if it still fails". A run variable cannot change
// which files reach the run container.
func TestDeploy_DeployFilesFixedBeforeRunVariableWarnings(t *testing.T) {
	t.Parallel()
	pkg := `{"name":"store","scripts":{"build":"next build","start":"next start -p 8000"},"dependencies":{"next":"15.0.3","react":"19.0.0","react-dom":"19.0.0"}}`
	yml := func(deploy string) string {
		return setupYml{base: "nodejs@22", build: []string{"npm i", "npm run build"}, deploy: deploy, port: 8000,
			start: "npm start", env: map[string]string{"NEXT_PUBLIC_KEY": "${db_CHANNEL_PUBLISHABLE_KEY}"}}.String()
	}
	files := func(deploy string) map[string]string {
		return map[string]string{"package.json": pkg, "next.config.js": "module.exports = {}\n", "app/page.js": "export default function Page() { return 'ok' }\n", "zerops.yml": yml(deploy)}
	}
	runDeployCases(t, []deployCase{{
		name:    ".next not deployed",
		files:   files("[ node_modules, package.json, next.config.js ]"),
		verdict: "not-answering",
		signal:  "deploy-files-missing",
		next:    []string{"Add `.next` to `build.deployFiles`", "1 zerops.yml warning"},
		lacks:   []string{"if it still fails"},
		then:    []deployCase{{name: ".next deployed", files: files("[ .next, node_modules, package.json, next.config.js ]"), verdict: "unverified"}},
	}})
}

// TestEnvSet_ServiceVariableNamesTheRunningServicesReferencingIt: the
// storefront's warning said ${medusa_CHANNEL_PUBLISHABLE_KEY} resolves once
// medusa has the key, at the next start of the services referencing it.
// Setting it on medusa (built from git, never deployed here) answered only
// "deploy medusa": the storefront, which runs and references the key, was
// not named, so it kept the unresolved text. The step names the restart of
// each running service that references a key set, once (its deploy where
// the key is one a bundler writes into the code); a set of a key nobody
// references names no other service.
func TestEnvSet_ServiceVariableNamesTheRunningServicesReferencingIt(t *testing.T) {
	t.Parallel()
	const restart, redeploy = "zerops_manage action=restart serviceHostname=appstage", "targetService=appstage"
	for _, tc := range []struct {
		name, key, reader string
		deployed          bool
		step              string // in next once; "": appstage not named
	}{
		{"never deployed, referenced", "CHANNEL_PUBLISHABLE_KEY", "PUBLISHABLE_KEY", false, restart},
		{"deployed, referenced", "CHANNEL_PUBLISHABLE_KEY", "PUBLISHABLE_KEY", true, restart},
		{"referenced by a key the build writes", "CHANNEL_PUBLISHABLE_KEY", "NEXT_PUBLIC_MEDUSA_KEY", false, redeploy},
		{"never deployed, not referenced", "OTHER_KEY", "PUBLISHABLE_KEY", false, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			ctx := context.Background()
			importServices(t, h, "services:\n  - hostname: medusa\n    type: nodejs@22\n")
			if tc.deployed {
				writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "setup: appstage", "setup: medusa")})
				if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "medusa"}, "deploy medusa"); m["verdict"] != "live" {
					t.Fatalf("deploy medusa: %s", text(res))
				}
			}
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
				"start: node index.js\n      envVariables:\n        "+tc.reader+": ${medusa_CHANNEL_PUBLISHABLE_KEY}")})
			if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy"); res.IsError || m["build"] == nil {
				t.Fatalf("deploy: %s", text(res))
			}
			res, m := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "medusa", "variables": []string{tc.key + "=pk_1"}}, "set")
			wantOK(t, res)
			next := str(m["next"])
			if tc.step == "" && strings.Contains(next, "appstage") || tc.step != "" && strings.Count(next, tc.step) != 1 {
				t.Errorf("next %q: want %q once (\"\": no appstage)", next, tc.step)
			}
		})
	}
}

// TestExport_SingleOnlyTypeKeepsItsPublishedForm: the export rewrote the
// medusa recipe's `meilisearch@1.10` as `meilisearch:single@1.10`, a form
// the docs publish for no single-only type (their list for meilisearch is
// the bare type): a re-import would rest on an unchecked spelling. A type
// with no HA choice is exported as the docs list it, without mode.
func TestExport_SingleOnlyTypeKeepsItsPublishedForm(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: search\n    type: meilisearch@1.10\n"})
	wantOK(t, res)
	h.fake.EndProcesses()
	res, m := h.call(t, "zerops_export", map[string]any{})
	wantOK(t, res)
	y := str(m["yaml"])
	if !strings.Contains(y, "type: meilisearch@1.10\n") || strings.Contains(y, "meilisearch:") {
		t.Errorf("export writes meilisearch other than as the docs list it (meilisearch@1.10):\n%s", y)
	}
	if !strings.Contains(y, "type: postgresql:single@16") {
		t.Errorf("export lost the :single form of a type that has the choice:\n%s", y)
	}
}

// TestDeploy_NetteEnvParameterUnsetIsUnverified: the nette-contributte
// recipe's config/app/parameters.neon reads the database address as
// %env.DATABASE_HOSTNAME% (Bootstrap hands getenv() to the container as
// the env parameters). With that variable left out of run.envVariables the
// sandbox, which does not read neon, called the app live; Nette stops on a
// missing parameter. Unverified, naming the variable and its line; live
// again once it is set.
func TestDeploy_NetteEnvParameterUnsetIsUnverified(t *testing.T) {
	t.Parallel()
	params := "parameters:\n\tdatabase:\n\t\tdriver: pdo_pgsql\n\t\thost: %env.DATABASE_HOSTNAME%\n\t\tuser: %env.DATABASE_USER%\n"
	yml := func(env string) string {
		return "zerops:\n  - setup: app\n    build:\n      base: php@8.3\n      buildCommands:\n        - composer install\n      deployFiles: ./\n" +
			"    run:\n      base: php-apache@8.3\n      documentRoot: www/\n      envVariables:\n        DATABASE_USER: ${db_user}\n" + env
	}
	row := func(name, env string) deployCase {
		return deployCase{name: name, services: "services:\n  - hostname: app\n    type: php-apache@8.3\n", dir: ".", target: "app",
			files: map[string]string{"zerops.yml": yml(env), "composer.json": `{"require":{"nette/application":"^3.2","contributte/bootstrap":"^0.6"}}`,
				"config/app/parameters.neon": params, "config/env/test.neon": "parameters:\n\tx: %env.ONLY_IN_TESTS%\n",
				"www/index.php": "<?php\nrequire __DIR__ . '/../vendor/autoload.php';\nApp\\Bootstrap::runWeb();\n"}}
	}
	unset := row("unset", "")
	unset.verdict, unset.reason, unset.lacks = "unverified", []string{"DATABASE_HOSTNAME (config/app/parameters.neon:4"}, []string{"ONLY_IN_TESTS", "DATABASE_USER ("}
	set := row("set", "        DATABASE_HOSTNAME: ${db_hostname}\n")
	set.verdict = "live"
	runWalkCases(t, []deployCase{unset, set})
}

// TestDeploy_PHPDocumentRootNamesTheIndexFolder: the nette-contributte
// recipe serves www/ (documentRoot: www/). Written as `public/`, the 404's
// step said to set run.documentRoot to the folder holding the index,
// "`public` for Laravel and Symfony": the value already set, so an agent
// following it deploys the same thing again. The step names www/, where
// the source holds index.php, and following it makes the app live.
func TestDeploy_PHPDocumentRootNamesTheIndexFolder(t *testing.T) {
	t.Parallel()
	files := func(root string) map[string]string {
		return map[string]string{"composer.json": "{}\n", "www/index.php": "<?php\necho 'ok';\n", "app/Bootstrap.php": "<?php\n",
			"zerops.yml": "zerops:\n  - setup: app\n    build:\n      base: php@8.3\n      deployFiles: ./\n    run:\n      base: php-apache@8.3\n      documentRoot: " + root + "\n"}
	}
	runWalkCases(t, []deployCase{{name: "public/", services: "services:\n  - hostname: app\n    type: php-apache@8.3\n", dir: ".", target: "app",
		files: files("public/"), verdict: "degraded", next: []string{"`documentRoot: www/`"},
		and: func(t *testing.T, answer string, m map[string]any) {
			if next := str(m["next"]); strings.Contains(next, "`public` for Laravel") {
				t.Fatalf("verdict %v, next %q: want degraded naming www/ and not public: %s", m["verdict"], next, answer)
			}
		},
		then: []deployCase{{name: "www/", files: files("www/"), verdict: "live"}}}})
}

// TestDeploy_ProjectPrefixedReferenceIsNotCalledUnresolved: the supertokens
// recipe's import (and medusa-storefront's zerops.yml) write a project
// variable as ${PROJECT_BACKEND_URL} where the project sets BACKEND_URL.
// The docs describe no PROJECT_ prefix, but official recipes run with it:
// the sandbox said "a reference nothing in the project resolves", a fact
// it did not check. With the project variable set it says the form is
// undocumented and official recipes use it; without it, unresolved still.
func TestDeploy_ProjectPrefixedReferenceIsNotCalledUnresolved(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name  string
		set   bool
		says  string
		lacks string
	}{
		{"project variable set", true, "PROJECT_ prefix", "nothing in the project resolves"},
		{"project variable missing", false, "nothing in the project resolves", "PROJECT_ prefix"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			ctx := context.Background()
			if tc.set {
				res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "project": true, "variables": []string{"BACKEND_URL=https://api.example.com"}}, "set")
				wantOK(t, res)
			}
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
				"start: node index.js\n      envVariables:\n        API_DOMAIN: ${PROJECT_BACKEND_URL}")})
			res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
			check, _ := m["check"].(map[string]any)
			reason := str(check["reason"])
			if m["verdict"] != "unverified" || !strings.Contains(reason, tc.says) || strings.Contains(reason, tc.lacks) {
				t.Fatalf("verdict %v, reason %q: want unverified saying %q, not %q: %s", m["verdict"], reason, tc.says, tc.lacks, text(res))
			}
		})
	}
}
