package appsim_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

func TestBuild_PackageManagersRunInstalledBinaries(t *testing.T) {
	t.Parallel()
	nuxt := map[string]string{"package.json": `{"scripts": {"build": "nuxt build"}, "devDependencies": {"nuxt": "^3"}}`,
		"yarn.lock": "", "pnpm-lock.yaml": "", "app.vue": "<template/>"}
	tests := []struct {
		name     string
		commands []string
		deploy   string
		failure  string // "": the build passes
	}{
		{"yarn runs nuxi after an install", []string{"yarn", "yarn nuxi generate"}, ".output/public/~", ""},
		{"pnpm runs nuxi after an install", []string{"pnpm i", "pnpm nuxi generate"}, ".output/public/~", ""},
		{"npx runs nuxi", []string{"npm i", "npx nuxi generate"}, ".output/public/~", ""},
		{"yarn without an install has no binary", []string{"yarn nuxi generate"}, "./", "build command failed"},
		{"a script typo with nothing installed", []string{"yarn biuld"}, "./", "build command failed"},
		{"a script typo after an install", []string{"yarn", "yarn biuld"}, "./", "build command failed"},
		{"pnpm run is scripts only", []string{"pnpm i", "pnpm run nuxi generate"}, "./", "build command failed"},
		{"npm run never runs a binary", []string{"npm i", "npm run nuxi"}, "./", "build command failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{BuildCommands: tt.commands, DeployFiles: []string{tt.deploy}, RunBase: "static"}
			res := appsim.Build(&d, files(nuxt), fixedTime)
			if (tt.failure == "") != (res.Failure == "") || !strings.Contains(res.Failure, tt.failure) {
				t.Errorf("failure %q, want %q; lines %v", res.Failure, tt.failure, res.Lines)
			}
		})
	}
}

// What a build tool makes is known when its config leaves the output where
// the tool puts it by default: nest build is tsc through
// tsconfig.build.json (its extends read), nuxt writes .output unless its
// config names nitro's output or preset.
func TestBuild_ToolOutputsKnownFromTheirConfig(t *testing.T) {
	t.Parallel()
	nest := map[string]string{"package.json": `{"scripts": {"build": "nest build"}}`, "nest-cli.json": `{"sourceRoot": "src"}`,
		"tsconfig.json":       `{"compilerOptions": {"outDir": "./dist", "module": "commonjs"}}`,
		"tsconfig.build.json": `{"extends": "./tsconfig.json", "include": ["src/**/*.ts"]}`,
		"src/main.ts":         "", "src/app/app.module.ts": "", "test/app.e2e-spec.ts": ""}
	nuxt := map[string]string{"package.json": `{"devDependencies": {"nuxt": "3"}}`, "nuxt.config.ts": "export default defineNuxtConfig({})\n"}
	with := func(m map[string]string, k, v string) map[string]string {
		out := map[string]string{k: v}
		for n, c := range m {
			if n != k {
				out[n] = c
			}
		}
		return out
	}
	tests := []struct {
		name     string
		files    map[string]string
		commands []string
		made     []string // "": nothing in particular
		unknown  bool
	}{
		{"nest build: tsc's files", nest, []string{"npm run build"}, []string{"dist/main.js", "dist/app/app.module.js"}, false},
		{"nest build with webpack", with(nest, "nest-cli.json", `{"compilerOptions": {"webpack": true}}`), []string{"npm run build"}, nil, true},
		{"nuxi generate", nuxt, []string{"npx nuxi generate"}, []string{".output"}, false},
		{"nuxi generate with a nitro preset", with(nuxt, "nuxt.config.ts", "export default defineNuxtConfig({ nitro: { preset: 'vercel' } })\n"),
			[]string{"npx nuxi generate"}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{BuildCommands: tt.commands, DeployFiles: []string{"./"}}
			res := appsim.Build(&d, files(tt.files), fixedTime)
			if res.Unknown != tt.unknown || res.Failure != "" {
				t.Errorf("unknown %v (failure %q), want %v", res.Unknown, res.Failure, tt.unknown)
			}
			for _, p := range tt.made {
				if !res.Produced[p] {
					t.Errorf("the build did not make %s: %v", p, res.Produced)
				}
			}
			if res.Produced["dist"] && !tt.unknown {
				t.Errorf("the build made the whole of dist, not tsc's files: %v", res.Produced)
			}
		})
	}
}

// cargo b is cargo build: its binary in target/ is deployable.
func TestBuild_CargoAliasBuildsIntoTarget(t *testing.T) {
	t.Parallel()
	up := map[string]string{"Cargo.toml": "[package]\nname = \"app\"\n", "src/main.rs": "fn main() {}\n"}
	for _, c := range []string{"cargo build --release", "cargo b --release"} {
		d := appsim.Setup{BuildCommands: []string{c}, DeployFiles: []string{"target/release/app"}, RunBase: "rust@1"}
		if res := appsim.Build(&d, files(up), fixedTime); res.Failure != "" {
			t.Errorf("%s: failure %q, want the build to pass", c, res.Failure)
		}
	}
}

// No build image brings Maven or Gradle: run by its bare name, the tool is
// there only when build.prepareCommands install it; a wrapper or a path
// is the repository's own or installed elsewhere.
func TestBuild_ToolNoImageBrings(t *testing.T) {
	t.Parallel()
	up := map[string]string{"pom.xml": "<project><artifactId>api</artifactId><version>1</version></project>", "mvnw": "#!/bin/sh\n", "gradlew": "#!/bin/sh\n",
		"gradle/wrapper/gradle-wrapper.jar": "jar"}
	tests := []struct {
		name, cmd string
		prepare   []string
		missing   string // "": the build passes
	}{
		{name: "mvn", cmd: "mvn -B package", missing: "mvn"},
		{name: "gradle", cmd: "gradle build", missing: "gradle"},
		{name: "after another command", cmd: "echo hi && mvn package", missing: "mvn"},
		{name: "apk add maven", cmd: "mvn package", prepare: []string{"sudo apk add --no-cache maven"}},
		{name: "sdkman gradle", cmd: "gradle build", prepare: []string{"curl -s https://get.sdkman.io | bash", "sdk install gradle"}},
		{name: "maven wrapper", cmd: "./mvnw package"},
		{name: "gradle wrapper", cmd: "sh ./gradlew build"},
		{name: "a path", cmd: "/opt/maven/bin/mvn package"},
		{name: "installed for another tool", cmd: "mvn package", prepare: []string{"sudo apk add --no-cache git"}, missing: "mvn"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{BuildBases: []string{"java@21"}, BuildCommands: []string{tt.cmd}, RunBase: "java@21"}
			d.Prep.BuildPrepare = tt.prepare
			res := appsim.Build(&d, files(up), fixedTime)
			if tt.missing == "" {
				if res.Failure != "" {
					t.Errorf("failure %q, want the build to pass", res.Failure)
				}
				return
			}
			want := "/bin/sh: " + tt.missing + ": not found"
			if !strings.Contains(res.Failure, "exit code 127") || !slices.ContainsFunc(res.Lines, func(l appsim.Line) bool { return l.Msg == want }) {
				t.Errorf("failure %q, lines %v, want %q and exit 127", res.Failure, res.Lines, want)
			}
		})
	}
}
