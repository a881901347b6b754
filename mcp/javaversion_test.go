package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A jar compiled for a newer Java than run.base runs (built on java@21,
// run on java@17) stops at start with the JVM's UnsupportedClassVersionError,
// and the answer names the version to set; a build file targeting the run
// base's release starts (walk 10: a Micronaut jar built on java@21 and run
// on java@17 was answered as if it might be live).
func TestDeploy_JarNewerThanRunJava(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: java@21
      buildCommands:
        - ./gradlew shadowJar
      deployFiles:
        - build/libs/app-all.jar
    run:
      base: %s
      ports:
        - port: 8080
          httpSupport: true
      start: java -jar build/libs/app-all.jar
`
	gradle := `plugins { id("io.micronaut.application") version "4.4.4" }
application { mainClass = "example.Application" }
%s
`
	tests := []struct {
		name, runBase, target string
		crash                 bool
	}{
		{"BuiltOn21RunOn17", "java@17", "", true},
		{"Targets21RunOn17", "java@17", `java { targetCompatibility = JavaVersion.toVersion("21") }`, true},
		{"Targets17RunOn17", "java@17", `java { targetCompatibility = JavaVersion.toVersion("17") }`, false},
		{"RunOn21", "java@21", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml":                             fmt.Sprintf(yml, tt.runBase),
				"build.gradle":                           fmt.Sprintf(gradle, tt.target),
				"gradlew":                                "#!/bin/sh\n",
				"gradle/wrapper/gradle-wrapper.jar":      "PK\x03\x04",
				"src/main/java/example/Application.java": "package example;\npublic class Application {\n  public static void main(String[] args) {}\n}\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "java")
			answer := text(res)
			if !tt.crash {
				if strings.Contains(answer, "UnsupportedClassVersionError") || m["verdict"] == "not-answering" {
					t.Fatalf("a jar the run Java loads was answered as crashing: %s", answer)
				}
				return
			}
			if m["verdict"] != "not-answering" || !strings.Contains(answer, "class file version 65.0") {
				t.Fatalf("verdict %v, want not-answering with the JVM's UnsupportedClassVersionError: %s", m["verdict"], answer)
			}
			check, _ := m["check"].(map[string]any)
			if firstDiagnosis(check["diagnoses"])["signal"] != "runtime-version-mismatch" {
				t.Errorf("want the runtime-version-mismatch diagnosis first: %s", answer)
			}
			if next := str(m["next"]); !strings.Contains(next, "`run.base` to java@21") {
				t.Errorf("next %q does not set run.base to java@21", next)
			}
			if strings.Contains(answer, "app-crash") {
				t.Errorf("the JVM's LinkageError header is diagnosed as a crash in the app's code: %s", answer)
			}
		})
	}
}
