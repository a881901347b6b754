package diagnose

import "testing"

// Bun's bundler finds no package for an import with a colon after its
// verb (`error: Could not resolve: "x". Maybe you need to "bun install"?`,
// and without the hint): dependency-not-found naming the package, as for
// esbuild's and Vite's words. A relative path is the source's, and Bun's
// own module "bun" in a build for the browser is the build's target: no
// package to add.
func TestClassify_BunCouldNotResolve(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"ScopedWithHint", Build, []string{"[build] $ bun build ./src/server.ts --outdir ./out --target bun",
			"[build] 4 | import { jwt } from \"@oak-labs/jwt-lite\";",
			"[build]                         ^",
			"[build] error: Could not resolve: \"@oak-labs/jwt-lite\". Maybe you need to \"bun install\"?",
			"[build]     at /build/source/src/server.ts:4:21"}, "dependency-not-found", "`@oak-labs/jwt-lite` to package.json"},
		{"BareNoHintBehindTurbo", Build, []string{"api:build: $ bun build src/main.ts --outfile dist/main.js",
			"api:build: error: Could not resolve: \"valibot\"",
			"api:build:     at /build/source/apps/api/src/main.ts:2:20",
			"api:build: error: script \"build\" exited with code 1"}, "dependency-not-found", "`valibot`"},
		{"SubpathWithHint", Build, []string{"bun build ./index.tsx --outdir ./public/js",
			"9 | import { nl } from \"date-fns/locale\";",
			"error: Could not resolve: \"date-fns/locale\". Maybe you need to \"bun install\"?",
			"    at /build/source/index.tsx:9:21"}, "dependency-not-found", "`date-fns` to package.json"},
		{"BunModuleForBrowser", Build, []string{"bun build ./worker.ts --outdir ./dist",
			"error: Could not resolve: \"bun\". Maybe you need to \"bun install\"?",
			"    at /build/source/worker.ts:1:21"}, "", ""},
		{"HealthyBundle", Build, []string{"$ bun build ./src/index.ts --outdir ./dist --target bun",
			"  index.js  48.12 KB", "[31ms] bundle 64 modules"}, "", ""},
	}
	runFamilyCases(t, tests)
}

// A Go template that does not parse, in Hugo's words (`parse failed:
// template: NAME:LINE: …`, its older `Failed to add template …: template:
// …`) or a Go app's template.Must panic, is compile-error: the template's
// source. An execution error (`NAME:LINE:COL: executing …`) is a page's
// data, not the template's syntax, and Hugo's deprecation warning fails
// nothing.
func TestClassify_GoTemplateParse(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"HugoUnexpectedInOperand", Build, []string{"[build] hugo --gc --minify",
			"[build] Start building sites …",
			"[build] Error: html/template:_default/list.html:9:30: \"/build/source/layouts/_default/list.html:9:30\": parse failed: template: _default/list.html:9: unexpected \")\" in operand",
			"[build] Total in 71 ms"}, "compile-error", ""},
		{"HugoUnclosedActionLoadingTemplates", Build, []string{
			"Error: add site dependencies: load resources: loading templates: \"/build/source/themes/quill/layouts/partials/nav.html:31:1\": parse failed: template: partials/nav.html:31: unclosed action"}, "compile-error", ""},
		{"HugoOlderFunctionNotDefined", Build, []string{
			"ERROR 2026/03/14 09:12:40 Failed to add template \"partials/meta.html\" in path \"/build/source/layouts/partials/meta.html\": template: partials/meta.html:6: function \"site_title\" not defined"}, "compile-error", ""},
		{"GoAppTemplateMustPanic", Runtime, []string{
			"panic: template: invoice.html:14: undefined variable \"$total\"",
			"goroutine 1 [running]:", "main.main()", "\t/build/source/main.go:31 +0x1c5"}, "compile-error", ""},
		{"HugoDeprecationWarning", Build, []string{"hugo --minify",
			"WARN  deprecated: .Site.Author was deprecated in Hugo v0.124.0 and will be removed in a future release.",
			"Total in 412 ms"}, "", ""},
	}
	runFamilyCases(t, tests)
	// An execution error is not the template's parse: no compile-error.
	ds := Classify([]string{"Error: error building site: render: failed to render pages: render of \"page\" failed: \"/build/source/layouts/_default/single.html:12:5\": execute of template failed: template: _default/single.html:12:5: executing \"main\" at <.Params.cover.src>: nil pointer evaluating interface {}.src"}, Build)
	for _, d := range ds {
		if d.Signal == "compile-error" {
			t.Errorf("execution error read as %s (%q)", d.Signal, d.Evidence)
		}
	}
}

// A tool refusing the Node.js it runs on with the version it needs, in
// Astro's words (`Node.js v18.19.1 is not supported by Astro!`, `Please
// upgrade Node.js to a supported version`) or Wrangler's (`requires at least
// Node.js v20.0.0. You are using v18…`), is runtime-version-mismatch ahead of
// npm's exit line; the same words as a warning fail nothing.
func TestClassify_NodeRefusedByTool(t *testing.T) {
	t.Parallel()
	exit := []string{"npm error code 1", "npm error path /build/source", "npm error command failed", "npm error command sh -c astro build"}
	tests := []familyCase{
		{"AstroNotSupported", Build, append([]string{"> docs@1.0.0 build", "> astro build",
			"Node.js v18.12.1 is not supported by Astro!"}, exit...), "runtime-version-mismatch", ""},
		{"AstroUpgradeLineAlone", Build, append([]string{"[build] > astro build",
			"[build] Please upgrade Node.js to a supported version: \">=20.3.0\""}, exit...), "runtime-version-mismatch", ""},
		{"WranglerRequiresAtLeast", Build, []string{"> wrangler deploy --dry-run --outdir dist",
			"✘ [ERROR] Wrangler requires at least Node.js v20.0.0. You are using v18.20.8. Please update your version of Node.js.",
			"npm error code 1"}, "runtime-version-mismatch", ""},
		{"WranglerWarningOnly", Build, []string{"> wrangler deploy --dry-run --outdir dist",
			"▲ [WARNING] Wrangler requires at least Node.js v20.0.0. You are using v18.20.8. Please update your version of Node.js.",
			"Total Upload: 12.40 KiB / gzip: 3.10 KiB", "--dry-run: exiting now."}, "", ""},
	}
	runFamilyCases(t, tests)
}

// A readiness check's attempt that failed (refused, timed out) before a
// later line of the check says it passed or answered 2xx is no failure:
// the check retries until it passes. The facts give no wording of the
// check's lines, so any line naming readiness counts; an app's own
// refusal before the pass is still the app's, and a check that failed
// again after a pass is still failing.
func TestClassify_ReadinessPassedLater(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"TaggedRefusedThen200", Runtime, []string{
			"[readiness] GET http://10.0.2.7:3000/healthz: dial tcp 10.0.2.7:3000: connect: connection refused",
			"Server listening at http://0.0.0.0:3000",
			"[readiness] GET http://10.0.2.7:3000/healthz: 200 OK"}, "", ""},
		{"AttemptWordsSucceeded", Runtime, []string{
			"readiness check: attempt 1 failed: Get \"http://127.0.0.1:8080/up\": dial tcp 127.0.0.1:8080: connect: connection refused",
			"INFO  Started ServerConnector@1f2a{HTTP/1.1}{0.0.0.0:8080}",
			"readiness check: attempt 2 succeeded"}, "", ""},
		{"TimedOutThenPassed", Runtime, []string{
			"[readiness] GET http://10.0.3.3:8000/health: context deadline exceeded (Client.Timeout exceeded while awaiting headers)",
			"[2026-11-30 10:30:12 +0000] [1] [INFO] Listening at: http://0.0.0.0:8000 (1)",
			"[readiness] readiness check passed after 3 attempts"}, "", ""},
		{"AppRefusalStaysBeforePass", Runtime, []string{
			"Error: connect ECONNREFUSED 10.0.1.5:5432",
			"    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1611:16)",
			"[readiness] readiness check passed"}, "db-connection-refused", ""},
		{"FailedAgainAfterPass", Runtime, []string{
			"[readiness] GET http://10.0.2.8:8080/: dial tcp 10.0.2.8:8080: connect: connection refused",
			"[readiness] GET http://10.0.2.8:8080/: 200 OK",
			"[readiness] GET http://10.0.2.8:8080/: dial tcp 10.0.2.8:8080: connect: connection refused"}, "connection-refused", ""},
	}
	runFamilyCases(t, tests)
}

// A readiness check's request that got no answer in time, in any words of
// a line naming the check, is the check failing (each request waits 5 s),
// not a proxy's upstream timeout; an app's own client timeout stays one.
func TestClassify_ReadinessRequestTimedOut(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"TaggedDeadlineExceeded", Runtime, []string{"* Listening on http://0.0.0.0:3000",
			"[readiness] GET http://10.0.4.9:3000/up: context deadline exceeded (Client.Timeout exceeded while awaiting headers)",
			"[readiness] readiness check failed: no successful response within 5m0s"}, "readiness-check-failed", "5 s"},
		{"AttemptTimedOut", Runtime, []string{"Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)",
			"readiness check attempt 4: GET /health timed out after 5s"}, "readiness-check-failed", "within 5 s"},
		{"HttpGetTimeoutWords", Runtime, []string{"Now listening on: http://[::]:8080",
			"[readiness] httpGet :8080/ready: timeout awaiting response headers"}, "readiness-check-failed", "5 s"},
		{"AppClientTimeoutStays", Runtime, []string{"listening on 0.0.0.0:8080",
			`level=error msg="rates call failed" err="Get \"http://rates:8000/today\": context deadline exceeded (Client.Timeout exceeded while awaiting headers)"`}, "upstream-timeout", ""},
	}
	runFamilyCases(t, tests)
}

// A readiness check refused on a port the app does not listen on, beside
// the app's line showing the port it does listen on, is wrong-port: the
// check's port moves with run.ports, or the app moves to it. Refused on
// the port the app listens on, it stays a refusal.
func TestClassify_ReadinessRefusedOtherPort(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"BanditTaggedCheck", Runtime, []string{
			"10:31:02.004 [info] Running ShopWeb.Endpoint with Bandit 1.6.0 at :::4000 (http)",
			"[readiness] GET http://10.0.4.30:8080/: dial tcp 10.0.4.30:8080: connect: connection refused"}, "wrong-port", "which the readiness check asks"},
		{"UvicornHttpGetWords", Runtime, []string{
			"INFO:     Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)",
			"readiness httpGet 10.0.1.2:8080/health: connection refused (attempt 3)"}, "wrong-port", "--port 8080"},
		{"KestrelProbeEconnrefused", Runtime, []string{
			"info: Microsoft.Hosting.Lifetime[14]", "      Now listening on: http://[::]:5000",
			"readiness probe: GET http://app:8080/ready -> connect ECONNREFUSED 10.0.5.4:8080"}, "wrong-port", "ASPNETCORE_URLS=http://0.0.0.0:8080"},
		{"SamePortStaysRefusal", Runtime, []string{
			"[readiness] GET http://10.0.4.31:8080/: dial tcp 10.0.4.31:8080: connect: connection refused",
			"http server listening on 0.0.0.0:8080",
			"fatal: cannot open /var/www/config/app.toml"}, "connection-refused", ""},
	}
	runFamilyCases(t, tests)
}
