package mcp_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// springPOM is a Spring Boot project whose jar is target/shop.jar.
const springPOM = `<project><modelVersion>4.0.0</modelVersion>
  <parent><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-parent</artifactId><version>3.3.4</version></parent>
  <groupId>com.example</groupId><artifactId>shop</artifactId><version>0.0.1</version>
  <dependencies><dependency><groupId>org.springframework.boot</groupId><artifactId>spring-boot-starter-web</artifactId></dependency></dependencies>
  <build><finalName>shop</finalName><plugins><plugin><groupId>org.springframework.boot</groupId><artifactId>spring-boot-maven-plugin</artifactId></plugin></plugins></build>
</project>
`

// No build image brings Maven or Gradle (the Java one has the JDK, zCLI,
// git and wget): `mvn` in buildCommands fails the build as the shell does,
// and the answer names the wrapper or the prepareCommands install, not a
// deployFiles path; installed there (or run as the wrapper), the build
// goes on (walk 7: `mvn package` on java@21 was built and answered live).
func TestDeploy_BuildToolTheImageLacks(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: java@21%s
      buildCommands:
        - %s
      deployFiles:
        - target/shop.jar
    run:
      base: java@21
      ports:
        - port: 8080
          httpSupport: true
      start: java -jar target/shop.jar
`
	tests := []struct {
		name, prepare, build string
		failed               bool
	}{
		{name: "mvn bare", build: "mvn -B package -DskipTests", failed: true},
		{name: "gradle bare", build: "gradle bootJar", failed: true},
		{name: "mvn installed", prepare: "\n      prepareCommands:\n        - sudo apk add --no-cache maven", build: "mvn -B package -DskipTests"},
		{name: "wrapper", build: "./mvnw -B package -DskipTests"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml": fmt.Sprintf(yml, tt.prepare, tt.build),
				"pom.xml":    springPOM,
				"mvnw":       "#!/bin/sh\n",
				"src/main/java/com/example/shop/ShopApplication.java": "package com.example.shop;\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "java")
			answer := text(res)
			if !tt.failed {
				if m["verdict"] == "build-failed" || strings.Contains(answer, ": not found") {
					t.Fatalf("build with %q failed: %s", tt.build, answer)
				}
				return
			}
			tool := strings.Fields(tt.build)[0]
			if m["verdict"] != "build-failed" || !strings.Contains(answer, "/bin/sh: "+tool+": not found") {
				t.Fatalf("verdict %v, want build-failed with the shell's `%s: not found`: %s", m["verdict"], tool, answer)
			}
			sugg := str(m["suggestion"])
			for _, want := range []string{"./" + tool + "w", "build.prepareCommands", "sudo apk add --no-cache"} {
				if !strings.Contains(sugg, want) {
					t.Errorf("suggestion %q lacks %q", sugg, want)
				}
			}
			if strings.Contains(answer, "deployFiles") {
				t.Errorf("the answer points at deployFiles, which the build never reached: %s", answer)
			}
		})
	}
}

// A prepare command using the package manager the image lacks (apt-get on
// Alpine) is both a zerops.yml warning and the build's failure: the answer
// states its fix once, not in the warning and again in the suggestion
// (walk 7: "fix the 1 warning first … then if it still fails: use sudo apk
// add" after the warning said the same).
func TestDeploy_PrepareManagerFixOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.Replace(demoZeropsYml, "buildCommands: [npm ci]",
		"prepareCommands: [\"apt-get update && apt-get install -y libvips-dev\"]\n      buildCommands: [npm ci]", 1)})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "prep")
	answer := text(res)
	if m["verdict"] != "build-failed" || firstDiagnosis(m["diagnoses"])["signal"] != "prepare-command-failed" {
		t.Fatalf("want build-failed on prepare-command-failed: %s", answer)
	}
	if n := strings.Count(answer, "apk add --no-cache"); n != 1 {
		t.Errorf("the fix (apk add --no-cache) is stated %d times, want once: %s", n, answer)
	}
	if strings.Contains(answer, "if it still fails") {
		t.Errorf("the answer sends the agent to deploy the same fix twice: %s", answer)
	}
}

// The build's prepare commands failing on the package manager the image
// lacks prove the build's warnings of it, not run.prepareCommands' (another
// container, whose own OS decides): those stay in the answer, and the
// suggestion names every build command it proves (walk 13: the Scala
// recipe's apt-get on java@21 fixed in build.prepareCommands only, then
// failed again in run.prepareCommands).
func TestDeploy_PrepareManagerBuildFailureKeepsRunWarnings(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	app := map[string]string{}
	for k, v := range demoApp {
		app[k] = v
	}
	app["zerops.yml"] = strings.Replace(strings.Replace(demoZeropsYml, "buildCommands: [npm ci]",
		"prepareCommands: [\"sudo apt-get update -y\", \"sudo apt-get install -y jq\"]\n      buildCommands: [npm ci]", 1),
		"start: node index.js", "start: node index.js\n      prepareCommands: [\"sudo apt-get install -y curl\"]", 1)
	writeApp(t, h.workDir(t), app)
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "prep")
	answer := text(res)
	if m["verdict"] != "build-failed" || m["status"] != "BUILD_FAILED" {
		t.Fatalf("want build-failed in build.prepareCommands: %s", answer)
	}
	sugg := str(m["suggestion"])
	for _, want := range []string{"zerops[0].build.prepareCommands[0]", "zerops[0].build.prepareCommands[1]"} {
		if !strings.Contains(sugg, want) {
			t.Errorf("the suggestion %q does not name %s", sugg, want)
		}
	}
	var paths []string
	warnings, _ := m["warnings"].([]any)
	for _, w := range warnings {
		wm, _ := w.(map[string]any)
		paths = append(paths, str(wm["path"]))
	}
	if !slices.Contains(paths, "zerops[0].run.prepareCommands[0]") {
		t.Errorf("the run's apt-get on Alpine is not in the answer's warnings %v: %s", paths, answer)
	}
}

// The PHP build image has PHP, Composer, git and wget, not Node.js (the
// docs' PHP build environment; the Laravel recipes add nodejs to
// build.base to run npm): `npm run build` on php@8.4 alone fails as the
// shell does, and the answer adds nodejs to build.base (walk 8: such a
// build was followed as if npm were there).
func TestDeploy_NpmOnPHPBuildBase(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: %s
      prepareCommands: [%s]
      buildCommands:
        - composer install --no-dev
        - npm ci
        - npm run build
      deployFiles: ./
    run:
      base: php-nginx@8.4
      documentRoot: public
      ports: [{port: 80, httpSupport: true}]
`
	tests := []struct {
		name, base, prepare string
		failed              bool
	}{
		{name: "php alone", base: "php@8.4", failed: true},
		{name: "php with nodejs", base: "[php@8.4, nodejs@22]"},
		{name: "node installed by prepareCommands", base: "php@8.4", prepare: "sudo apk add --no-cache nodejs npm"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml":        fmt.Sprintf(yml, tt.base, tt.prepare),
				"composer.json":     `{"require":{"php":"^8.2"}}`,
				"package.json":      `{"name":"web","version":"1.0.0","scripts":{"build":"vite build"},"devDependencies":{"vite":"^6.0.0"}}`,
				"package-lock.json": `{"lockfileVersion":3,"packages":{"":{"name":"web"},"node_modules/vite":{"version":"6.0.1","dev":true}}}`,
				"public/index.php":  "<?php echo 'hi';\n",
				"vite.config.js":    "import { defineConfig } from 'vite';\nimport laravel from 'laravel-vite-plugin';\n\nexport default defineConfig({ plugins: [laravel({ input: ['resources/js/app.js'] })] });\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "phpnpm")
			answer := text(res)
			if !tt.failed {
				if m["verdict"] == "build-failed" {
					t.Fatalf("the build failed: %s", answer)
				}
				return
			}
			if m["verdict"] != "build-failed" || !strings.Contains(answer, "npm: not found") {
				t.Fatalf("verdict %v, want build-failed with the shell's `npm: not found`: %s", m["verdict"], answer)
			}
			if sugg := str(m["suggestion"]); !strings.Contains(sugg, "nodejs@22") || !strings.Contains(sugg, "build.base") {
				t.Errorf("suggestion %q does not add nodejs to build.base: %s", sugg, answer)
			}
		})
	}
}

// A prepare command installing a package by the other OS's name (Debian's
// libvips-dev on Alpine, Alpine's build-base on Ubuntu) fails as the
// manager does, and the answer names the package as the container's OS
// names it (walk 10: `sudo apk add --no-cache libvips-dev` built as if
// Alpine had it). A name both OSes share builds.
func TestDeploy_PrepareOtherOSPackageName(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, prepare string
		failed        bool
		want          []string
	}{
		{"DebianNameOnAlpine", `os: alpine
      prepareCommands: ["sudo apk add --no-cache libvips-dev"]`, true,
			[]string{"libvips-dev (no such package)", "vips-dev."}},
		{"AptGetOnAlpineNamesAlpinePackage", `prepareCommands: ["apt-get update && apt-get install -y libvips-dev"]`, true,
			[]string{"sudo apk add --no-cache vips-dev"}},
		{"AlpineNameOnUbuntu", `os: ubuntu
      prepareCommands: ["sudo apt-get update && sudo apt-get install -y build-base"]`, true,
			[]string{"E: Unable to locate package build-base", "build-essential."}},
		{"SharedName", `prepareCommands: ["sudo apk add --no-cache imagemagick"]`, false, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			app := map[string]string{}
			for k, v := range demoApp {
				app[k] = v
			}
			app["zerops.yml"] = strings.Replace(demoZeropsYml, "buildCommands: [npm ci]", tt.prepare+"\n      buildCommands: [npm ci]", 1)
			writeApp(t, h.workDir(t), app)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "prep")
			answer := text(res)
			if !tt.failed {
				if m["verdict"] == "build-failed" {
					t.Fatalf("a package both OSes name alike failed the build: %s", answer)
				}
				return
			}
			if m["verdict"] != "build-failed" || firstDiagnosis(m["diagnoses"])["signal"] != "prepare-command-failed" {
				t.Fatalf("want build-failed on prepare-command-failed: %s", answer)
			}
			for _, w := range tt.want {
				if !strings.Contains(answer, w) {
					t.Errorf("the answer lacks %q: %s", w, answer)
				}
			}
			if sugg := str(m["suggestion"]); !strings.Contains(sugg, tt.want[len(tt.want)-1]) || strings.Contains(answer, "if it still fails") {
				t.Errorf("the suggestion %q does not name the package once, or sends the agent to deploy twice: %s", sugg, answer)
			}
		})
	}
}
