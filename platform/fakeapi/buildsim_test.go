package fakeapi_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"net/url"
	"sort"
	"strings"
	"testing"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/dto/output"
	"github.com/zeropsio/zerops-go/sdk"
	"github.com/zeropsio/zerops-go/types"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// tarGz packs files (name → content) as zcli uploads a working directory.
func tarGz(t *testing.T, files map[string]string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := tw.WriteHeader(&tar.Header{Name: n, Mode: 0o644, Size: int64(len(files[n])), Typeflag: tar.TypeReg}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(files[n])); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// pushFiles pushes files (their zerops.yml among them) to serviceID with
// setup and waits for the build process.
func pushFiles(t *testing.T, h sdk.Handler, serviceID, setup string, files map[string]string) (output.PostAppVersion, output.Process) {
	t.Helper()
	ctx := context.Background()
	cr, err := h.PostServiceStackAppVersion(ctx, sid(serviceID), body.PostAppVersion{})
	av := out(t, cr.Output, err)
	ur, err := h.PutAppVersionUpload(ctx, path.AppVersionId{Id: av.Id}, bytes.NewReader(tarGz(t, files)))
	out(t, ur.Output, err)
	br, err := h.PutAppVersionBuildAndDeploy(ctx, path.AppVersionId{Id: av.Id}, body.PutAppVersionBuildAndDeploy{
		ZeropsYaml: types.MediumText(files["zerops.yml"]), ZeropsYamlSetup: types.NewStringNull(setup)})
	p := out(t, br.Output, err)
	return av, waitProcess(t, h, string(p.Id))
}

// nodeApp is a Node app whose build and start need nothing it lacks; each
// case changes one thing.
func nodeApp(yml string, edits map[string]string) map[string]string {
	files := map[string]string{
		"zerops.yml":        yml,
		"package.json":      `{"name":"shop","version":"2.1.0","scripts":{"build":"mkdir -p dist && cp index.js dist/","start":"node index.js"}}`,
		"package-lock.json": `{"lockfileVersion":3}`,
		"index.js":          "require('http').createServer((q, s) => s.end('ok')).listen(process.env.PORT || 3000, '0.0.0.0')\n",
	}
	for k, v := range edits {
		if v == "" {
			delete(files, k)
			continue
		}
		files[k] = v
	}
	return files
}

// prepYml is nodeYml's passing app with extra, indented, added to its
// section ("build" or "run").
func prepYml(section, extra string) string {
	return strings.Replace(nodeYml("[npm ci, npm run build]", "./"), "    "+section+":\n", "    "+section+":\n      "+extra+"\n", 1)
}

func nodeYml(buildCommands, deployFiles string) string {
	return "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      buildCommands: " + buildCommands +
		"\n      deployFiles: " + deployFiles + "\n    run:\n      base: nodejs@22\n      start: node index.js\n      ports: [{port: 3000, httpSupport: true}]\n"
}

// buildLines are the build log lines of an app version, oldest first.
func buildLines(t *testing.T, srv *fakeapi.Server, h sdk.Handler, appVersionID string) []string {
	t.Helper()
	_, items := fetchLogs(t, h, srv.ProjectID(), url.Values{"serviceStackId": {srv.ServiceID("build")},
		"tags": {fakeapi.BuildLogTag(appVersionID)}, "limit": {"1000"}})
	lines := make([]string, 0, len(items))
	for _, l := range items {
		lines = append(lines, l.Message)
	}
	return lines
}

// Each user mistake fails the build as the platform does (BUILD_FAILED,
// pipelineFailed, a FAILED stack.build with the failure line), its log shows
// the command, the tool's own words and the failure line, and the version
// deployed before keeps running.
func TestBuild_FailsOnUserMistakes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		files map[string]string
		want  []string // in the build log, in this order
	}{
		{"ExitNonZero", nodeApp(nodeYml("[npm ci, 'npm run build && exit 1']", "./"), nil),
			[]string{"$ npm run build && exit 1", "> shop@2.1.0 build", "ERROR: build command failed with exit code 1: npm run build && exit 1"}},
		{"False", nodeApp(nodeYml("['false']", "./"), nil),
			[]string{"$ false", "ERROR: build command failed with exit code 1: false"}},
		{"MissingScript", nodeApp(nodeYml("[npm ci, npm run biuld]", "./"), nil),
			[]string{"$ npm run biuld", `npm error Missing script: "biuld"`, "npm error To see a list of scripts, run:",
				"npm error A complete log of this run can be found in: /home/zerops/.npm/_logs/",
				"ERROR: build command failed with exit code 1: npm run biuld"}},
		{"MissingScriptClose", nodeApp(nodeYml("[npm ci, npm run buld]", "./"), nil),
			[]string{`npm error Missing script: "buld"`, "npm error Did you mean this?",
				`npm error   npm run build # run the "build" package script`, "npm error To see a list of scripts, run:"}},
		{"ScriptFails", nodeApp(nodeYml("[npm ci, npm run build]", "./"), map[string]string{
			"package.json": `{"scripts":{"build":"tsc && exit 2"}}`}),
			[]string{"$ npm run build", "> build", "> tsc && exit 2", "npm error code 2", "npm error command sh -c tsc && exit 2",
				"ERROR: build command failed with exit code 2: npm run build"}},
		{"NpmCiWithoutLock", nodeApp(nodeYml("[npm ci]", "./"), map[string]string{"package-lock.json": ""}),
			[]string{"$ npm ci", "npm error code EUSAGE",
				"npm error The `npm ci` command can only install with an existing package-lock.json or",
				"ERROR: build command failed with exit code 1: npm ci"}},
		{"NoPackageJSON", nodeApp(nodeYml("[npm run build]", "./"), map[string]string{"package.json": ""}),
			[]string{"npm error code ENOENT", "npm error enoent Could not read package.json: Error: ENOENT: no such file or directory, open '/build/source/package.json'",
				"ERROR: build command failed with exit code 254: npm run build"}},
		{"CdMissingDir", nodeApp(nodeYml("['cd frontend && npm ci']", "./"), nil),
			[]string{"/bin/sh: cd: line 1: can't cd to frontend: No such file or directory", "exit code 2"}},
		{"PipWithoutRequirements", map[string]string{"zerops.yml": strings.ReplaceAll(nodeYml("[pip install -r requirements.txt]", "./"), "nodejs@22", "python@3.12")},
			[]string{"$ pip install -r requirements.txt", "ERROR: Could not open requirements file: [Errno 2] No such file or directory: 'requirements.txt'",
				"ERROR: build command failed with exit code 1"}},
		{"ComposerWithoutJSON", map[string]string{"zerops.yml": strings.Replace(strings.Replace(nodeYml("[composer install --no-dev]", "./"),
			"nodejs@22", "php@8.4", 1), "nodejs@22", "php-nginx@8.4", 1)},
			[]string{"Composer could not find a composer.json file in /build/source"}},
		{"GoWithoutModule", map[string]string{"zerops.yml": strings.ReplaceAll(nodeYml("[go build -o app ./cmd/api]", "app"), "nodejs@22", "go@1")},
			[]string{"go: go.mod file not found in current directory or any parent directory; see 'go help modules'"}},
		{"PnpmMissingScript", nodeApp(nodeYml("[pnpm i, pnpm run biuld]", "./"), nil),
			[]string{"$ pnpm run biuld", " ERR_PNPM_NO_SCRIPT  Missing script: biuld"}},
		{"YarnMissingScript", nodeApp(nodeYml("[yarn install, yarn biuld]", "./"), nil),
			[]string{"$ yarn biuld", `error Command "biuld" not found.`}},
		{"DeployFilesMissing", nodeApp(nodeYml("[npm ci]", "build"), nil),
			[]string{"$ npm ci", `ERROR: deployFiles: "build" does not exist in /build/source after the build commands`}},
		{"BuildBaseUnknown", nodeApp(strings.Replace(nodeYml("[npm ci, npm run build]", "dist"), "nodejs@22", "nodejs@99", 1), nil),
			[]string{"ERROR: zerops.yml: build.base nodejs@99 is unknown: the service type catalog has no such build version"}},
		{"RunBaseUnknown", nodeApp(strings.Replace(nodeYml("[npm ci, npm run build]", "dist"), "base: nodejs@22\n      start", "base: nodejs@99\n      start", 1), nil),
			[]string{"ERROR: zerops.yml: run.base nodejs@99 is unknown: the service type catalog has no such runtime version"}},
		{"BuildBaseListUnknown", nodeApp(strings.Replace(nodeYml("[npm ci, npm run build]", "dist"), "base: nodejs@22", "base: [nodejs@22, bun@1]", 1), nil),
			[]string{"ERROR: zerops.yml: build.base bun@1 is unknown"}},
		{"RunBaseBuildOnly", nodeApp(strings.Replace(nodeYml("[npm ci, npm run build]", "dist"), "base: nodejs@22\n      start", "base: php@8.4\n      start", 1), nil),
			[]string{"ERROR: zerops.yml: run.base php@8.4 is unknown"}},
		{"DeployFilesListMissing", nodeApp(nodeYml("[npm ci, npm run build]", "[dist, public/~]"), nil),
			[]string{`ERROR: deployFiles: "public/~" does not exist`}},
		// Outputs known: vite without a config writes dist, nothing else.
		{"ViteWithoutConfigWritesDist", nodeApp(nodeYml("[npm ci, npx vite build]", "build/~"), map[string]string{"index.html": "<!doctype html>\n"}),
			[]string{`ERROR: deployFiles: "build/~" does not exist`}},
		{"TscProjectOutDir", nodeApp(nodeYml("[npm ci, 'tsc -p tsconfig.build.json']", "build"), map[string]string{
			"tsconfig.build.json": `{"compilerOptions":{"outDir":"./dist"}}`}),
			[]string{`ERROR: deployFiles: "build" does not exist`}},
		{"SvelteKitAdapterStaticWritesNoDist", nodeApp(nodeYml("[npm ci, npm run build]", "dist/~"), map[string]string{
			"package.json":     `{"scripts":{"build":"vite build"}}`,
			"vite.config.js":   "import { sveltekit } from '@sveltejs/kit/vite';\nexport default { plugins: [sveltekit()] };\n",
			"svelte.config.js": "import adapter from '@sveltejs/adapter-static';\nexport default { kit: { adapter: adapter() } };\n"}),
			[]string{`ERROR: deployFiles: "dist/~" does not exist`}},
		{"VersionOnly", nodeApp(nodeYml("['node --version', npm ci]", "dist"), nil),
			[]string{`ERROR: deployFiles: "dist" does not exist`}},
		{"PrepareExitNonZero", nodeApp(prepYml("build", "prepareCommands: ['exit 3']"), nil),
			[]string{"Preparing the build image", "$ exit 3", "ERROR: build.prepareCommands failed with exit code 3: exit 3"}},
		{"PrepareAptOnAlpine", nodeApp(prepYml("build", "prepareCommands: [sudo apt-get install -y imagemagick]"), nil),
			[]string{"$ sudo apt-get install -y imagemagick", "sudo: apt-get: command not found",
				"ERROR: build.prepareCommands failed with exit code 1"}},
		{"PrepareAptNoSudoOnAlpine", nodeApp(prepYml("build", "prepareCommands: ['apt-get update && apt-get install -y git']"), nil),
			[]string{"/bin/sh: apt-get: not found", "ERROR: build.prepareCommands failed with exit code 127"}},
		{"PrepareApkWithoutSudoUbuntuName", nodeApp(prepYml("build", "prepareCommands: [apk add --no-cache libvips-dev]"), nil),
			[]string{"ERROR: unable to select packages:", "libvips-dev (no such package):", "ERROR: build.prepareCommands failed with exit code 1"}},
		{"PrepareApkOnUbuntu", nodeApp(prepYml("build", "os: ubuntu\n      prepareCommands: [sudo apk add git]"), nil),
			[]string{"sudo: apk: command not found"}},
		{"AptInBuildCommandOnAlpine", nodeApp(nodeYml("['sudo apt-get install -y jq', npm ci]", "./"), nil),
			[]string{"sudo: apt-get: command not found", "ERROR: build command failed with exit code 1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, h := newSDK(t, fastOpts)
			stage := srv.ServiceID("appstage")
			good, p := pushFiles(t, h, stage, "appstage", nodeApp(nodeYml("[npm ci, npm run build]", "dist"), nil))
			if p.Status != "FINISHED" {
				t.Fatalf("the correct app's build ended %s: %q", p.Status, buildLines(t, srv, h, string(good.Id)))
			}
			bad, p := pushFiles(t, h, stage, "appstage", tt.files)
			meta, _ := p.PublicMeta.Get()
			if p.Status != "FAILED" || !strings.HasPrefix(meta["failReason"].(string), "ERROR: ") {
				t.Fatalf("build = %s %v, want FAILED with the failure line", p.Status, meta)
			}
			versions := appVersions(t, h, stage)
			failed := versions[string(bad.Id)]
			if failed.Status != "BUILD_FAILED" || failed.Build == nil {
				t.Fatalf("failed version = %+v", failed)
			}
			if _, ok := failed.Build.PipelineFailed.Get(); !ok {
				t.Error("pipelineFailed not set")
			}
			if versions[string(good.Id)].Status != "ACTIVE" {
				t.Errorf("the version deployed before is %s, want ACTIVE", versions[string(good.Id)].Status)
			}
			lines := buildLines(t, srv, h, string(bad.Id))
			joined := strings.Join(lines, "\n")
			at := 0
			for _, w := range tt.want {
				i := strings.Index(joined[at:], w)
				if i < 0 {
					t.Fatalf("build log lacks %q after offset %d:\n%s", w, at, joined)
				}
				at += i + len(w)
			}
			if strings.HasSuffix(tt.name, "BaseUnknown") && strings.Contains(joined, "$ npm") {
				t.Errorf("build commands ran on a base the catalog lacks:\n%s", joined)
			}
			if strings.Contains(joined, "ARTEFACTS READY") {
				t.Errorf("a failed build claims its artefacts:\n%s", joined)
			}
		})
	}
}

// A build that does what its files allow succeeds: outputs the tools make
// count for deployFiles, and an upload that is no archive applies no rule
// that needs the files.
func TestBuild_SucceedsWhenFilesAllow(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		files map[string]string
	}{
		{"DeployAll", nodeApp(nodeYml("[npm ci]", "./"), nil)},
		{"ScriptMakesDist", nodeApp(nodeYml("[npm ci, npm run build]", "dist/~"), nil)},
		{"ViteBuild", nodeApp(nodeYml("[npm i, npx vite build]", "[dist, package.json]"), map[string]string{"index.html": "<!doctype html>\n"})},
		{"GoBuildOutput", map[string]string{"zerops.yml": "zerops:\n  - setup: appstage\n    build:\n      base: go@1\n      buildCommands: [go build -o app ./cmd/server]\n      deployFiles: app\n    run:\n      base: go@1\n      start: ./app\n      ports: [{port: 8080, httpSupport: true}]\n", "go.mod": "module example.com/x\n", "cmd/server/main.go": "package main\n"}},
		{"TscOutDir", nodeApp(nodeYml("[npm ci, 'npx tsc -p .']", "[out, node_modules]"), map[string]string{"tsconfig.json": `{"compilerOptions":{"outDir":"./out"}}`})},
		{"OrElse", nodeApp(nodeYml("['npm ci || npm install', 'test -f .env || true']", "./"), map[string]string{"package-lock.json": ""})},
		{"GoModuleInSubdir", map[string]string{"zerops.yml": strings.ReplaceAll(nodeYml("['cd api && go build -o ../app .']", "app"), "nodejs@22", "go@1"),
			"api/go.mod": "module x\n", "api/main.go": "package main\n"}},
		{"GoFileMode", map[string]string{"zerops.yml": strings.ReplaceAll(nodeYml("[go build -o app main.go]", "app"), "nodejs@22", "go@1"), "main.go": "package main\n"}},
		{"PipRequirements", map[string]string{"zerops.yml": strings.ReplaceAll(nodeYml("['python3 -m pip install -r requirements.txt --target vendor']", "[., vendor]"), "nodejs@22", "python@3.12"),
			"requirements.txt": "flask\n"}},
		{"YarnScript", nodeApp(nodeYml("[yarn, yarn build]", "dist"), nil)},
		{"PrepareSudoApk", nodeApp(prepYml("build", "prepareCommands: [sudo apk add --no-cache git]"), nil)},
		// Without sudo as official recipes install (ghost, wordpress): not
		// failed, the verdict names it unchecked (mcp's unsudo test).
		{"PrepareApkWithoutSudo", nodeApp(prepYml("build", "prepareCommands: [apk add --no-cache git]"), nil)},
		{"PrepareSudoAptOnUbuntu", nodeApp(prepYml("build", "os: ubuntu\n      prepareCommands: ['sudo apt-get update && sudo apt-get install -y git']"), nil)},
		{"RunPrepareSudoApk", nodeApp(prepYml("run", "prepareCommands: [sudo apk add --no-cache ffmpeg, 'mkdir -p /var/www/cache']"), nil)},
		{"InSubdir", nodeApp(nodeYml("['cd web && npm ci && npm run build']", "web/dist"), map[string]string{
			"web/package.json": `{"scripts":{"build":"vite build"}}`, "web/package-lock.json": "{}", "web/index.html": "<!doctype html>\n"})},
		// A command whose outputs the sandbox cannot know (a CLI it does not
		// model, a tool whose config may move its output) may make any path.
		{"SvelteKitAdapterStatic", nodeApp(nodeYml("[npm ci, npm run build]", "build/~"), map[string]string{
			"package.json":     `{"scripts":{"build":"vite build"}}`,
			"vite.config.js":   "import { sveltekit } from '@sveltejs/kit/vite';\nexport default { plugins: [sveltekit()] };\n",
			"svelte.config.js": "import adapter from '@sveltejs/adapter-static';\nexport default { kit: { adapter: adapter() } };\n"})},
		{"NextStaticExport", nodeApp(nodeYml("[npm ci, npm run build]", "out/~"), map[string]string{
			"package.json": `{"scripts":{"build":"next build"}}`, "next.config.js": "module.exports = { output: 'export' };\n"})},
		{"Gatsby", nodeApp(nodeYml("[npm ci, npm run build]", "public/~"), map[string]string{"package.json": `{"scripts":{"build":"gatsby build"}}`})},
		{"RemixViteBuild", nodeApp(nodeYml("[npm ci, npm run build]", "build/client/~"), map[string]string{"package.json": `{"scripts":{"build":"remix vite:build"}}`})},
		{"Docusaurus", nodeApp(nodeYml("[npm ci, npm run build]", "build/~"), map[string]string{"package.json": `{"scripts":{"build":"docusaurus build"}}`})},
		{"Eleventy", nodeApp(nodeYml("[npm ci, npx @11ty/eleventy]", "_site/~"), nil)},
		{"VitePress", nodeApp(nodeYml("[npm ci, npm run build]", "docs/.vitepress/dist/~"), map[string]string{"package.json": `{"scripts":{"build":"vitepress build docs"}}`})},
		{"NestBuild", nodeApp(nodeYml("[npm ci, npm run build]", "[dist, node_modules, package.json]"), map[string]string{
			"package.json": `{"scripts":{"build":"nest build"}}`, "nest-cli.json": `{"sourceRoot":"src"}`})},
		{"TscProjectFile", nodeApp(nodeYml("[npm ci, npm run build]", "[dist, node_modules]"), map[string]string{
			"package.json": `{"scripts":{"build":"tsc -p tsconfig.build.json"}}`, "tsconfig.build.json": `{"compilerOptions":{"outDir":"./dist"}}`})},
		{"EsbuildOutfile", nodeApp(nodeYml("['npx esbuild src/index.ts --bundle --platform=node --outfile=build/server.js']", "[build]"), nil)},
		{"Tsup", nodeApp(nodeYml("[npm ci, npx tsup src/index.ts]", "[dist, node_modules]"), nil)},
		{"GradleWrapper", map[string]string{"zerops.yml": strings.ReplaceAll(nodeYml("['./gradlew build']", "build/libs/app.jar"), "nodejs@22", "java@21"), "gradlew": "#!/bin/sh\n",
			"gradle/wrapper/gradle-wrapper.jar": "PK\x03\x04"}},
		{"DjangoCollectstatic", map[string]string{"zerops.yml": strings.ReplaceAll(nodeYml("[pip install -r requirements.txt, python manage.py collectstatic --noinput]", "[., staticfiles]"), "nodejs@22", "python@3.12"),
			"requirements.txt": "django\n", "manage.py": "import django\n"}},
		{"ViteWithConfig", nodeApp(nodeYml("[npm ci, npx vite build]", "public/build"), map[string]string{"vite.config.js": "export default { plugins: [laravel()] }\n"})},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, h := newSDK(t, fastOpts)
			av, p := pushFiles(t, h, srv.ServiceID("appstage"), "appstage", tt.files)
			if p.Status != "FINISHED" {
				t.Fatalf("build ended %s:\n%s", p.Status, strings.Join(buildLines(t, srv, h, string(av.Id)), "\n"))
			}
		})
	}
	// No archive (a placeholder upload): npm ci without a known lock passes.
	srv, h := newSDK(t, fastOpts)
	_, p := pushYAML(t, h, srv.ServiceID("appstage"), nodeYml("[npm ci]", "nowhere"), "appstage")
	if p.Status != "FINISHED" {
		t.Fatalf("a build of unknown files ended %s", p.Status)
	}
}
