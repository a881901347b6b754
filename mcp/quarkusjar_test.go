package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// Quarkus's quarkus-run.jar is a launcher: the app is in the lib/, app/
// and quarkus/ folders beside it. Deploying the jar alone fails the start
// in the JVM's words, and the answer names the folders the deploy lacks
// and deploying the whole folder, once (walk9: "unverified", naming
// nothing; the JVM's two lines read as two causes).
func TestDeploy_QuarkusLauncherWithoutItsFolders(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		deployFiles string
		missing     []string // the folders the answer names as left out; nil: the start is not refused
		there       []string // folders it must not name as left out
	}{
		{name: "the jar alone", deployFiles: "[target/quarkus-app/quarkus-run.jar]", missing: []string{"`lib/`", "`app/`", "`quarkus/`"}},
		{name: "the jar and lib", deployFiles: "[target/quarkus-app/quarkus-run.jar, target/quarkus-app/lib]",
			missing: []string{"`app/`", "`quarkus/`"}, there: []string{"`lib/`,"}},
		{name: "the whole folder", deployFiles: "[target/quarkus-app]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: java@21
      buildCommands:
        - ./mvnw clean package -DskipTests
      deployFiles: ` + tt.deployFiles + `
    run:
      base: java@21
      ports:
        - port: 8080
          httpSupport: true
      start: java -jar target/quarkus-app/quarkus-run.jar
`,
				"mvnw":    "#!/bin/sh\n",
				"pom.xml": "<project><artifactId>app</artifactId><version>1.0.0</version><build><plugins><plugin><artifactId>quarkus-maven-plugin</artifactId></plugin></plugins></build></project>\n",
				"src/main/java/org/acme/GreetingResource.java": "package org.acme;\n\npublic class GreetingResource {}\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
			out := text(res)
			if tt.missing == nil {
				if m["verdict"] == "not-answering" || strings.Contains(out, "quarkus-run.jar, a launcher") {
					t.Errorf("the whole folder is deployed, yet the answer refuses the start: %s", out)
				}
				return
			}
			check, _ := m["check"].(map[string]any)
			diags, _ := check["diagnoses"].([]any)
			first := firstDiagnosis(check["diagnoses"])
			if m["verdict"] != "not-answering" || len(diags) != 1 {
				t.Fatalf("verdict %v with %d diagnoses, want not-answering with one: %s", m["verdict"], len(diags), out)
			}
			for _, w := range tt.missing {
				if !strings.Contains(first["cause"], w) {
					t.Errorf("the cause does not name %s: %s", w, first["cause"])
				}
			}
			for _, w := range tt.there {
				if strings.Contains(first["cause"], "lacks "+w) {
					t.Errorf("the cause names %s, which is deployed: %s", w, first["cause"])
				}
			}
			fix := "`target/quarkus-app` in `build.deployFiles`"
			if !strings.Contains(str(m["next"]), fix) || strings.Count(out, fix) != 1 {
				t.Errorf("the fix %s is not stated once, in next: %s", fix, out)
			}
		})
	}
}
