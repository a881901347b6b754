package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// `./gradlew` runs the JVM on gradle/wrapper/gradle-wrapper.jar: a source
// without that jar (a .gitignore'd *.jar) fails the build as the real one
// does, and the answer names the jar to commit (walk 10: the build passed).
func TestDeploy_GradleWrapperJarMissing(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: api
    build:
      base: java@21
      buildCommands:
        - ./gradlew clean build -x test
      deployFiles:
        - build/libs/~/app.jar
    run:
      base: java@21
      ports:
        - port: 8080
          httpSupport: true
      start: java -jar app.jar
`
	tests := []struct {
		name    string
		jar     bool
		verdict string
	}{
		{"WithoutTheJar", false, "build-failed"},
		{"WithTheJar", true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: java@21\n"}, "import"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			app := map[string]string{
				"zerops.yml":   yml,
				"gradlew":      "#!/bin/sh\nexec java -classpath \"$APP_HOME/gradle/wrapper/gradle-wrapper.jar\" org.gradle.wrapper.GradleWrapperMain \"$@\"\n",
				"build.gradle": "plugins { id 'java' }\njar { archiveFileName = 'app.jar' }\n",
				"gradle/wrapper/gradle-wrapper.properties": "distributionUrl=https\\://services.gradle.org/distributions/gradle-8.10-bin.zip\n",
				"src/main/java/App.java":                   "public class App { public static void main(String[] a) {} }\n",
			}
			if tt.jar {
				app["gradle/wrapper/gradle-wrapper.jar"] = "PK\x03\x04"
			}
			h.ownApp(t, app)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "api"}, "gradle")
			answer := text(res)
			if tt.verdict == "" {
				if strings.Contains(answer, "GradleWrapperMain") {
					t.Fatalf("with the jar uploaded, the wrapper fails: %s", answer)
				}
				return
			}
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, answer)
			}
			for _, w := range []string{"Could not find or load main class org.gradle.wrapper.GradleWrapperMain", "gradle/wrapper/gradle-wrapper.jar"} {
				if !strings.Contains(answer, w) {
					t.Errorf("the answer lacks %q: %s", w, answer)
				}
			}
		})
	}
}
