package deploy

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"
)

// The jar a Maven or Gradle build packages, as its build files name it,
// and the TypeScript source of a compiled start file.
func TestSourceReads_JarsAndTSSources(t *testing.T) {
	t.Parallel()
	envOf := func(files map[string]string) Env {
		return Env{ReadSource: func(_ context.Context, _ Request, rel string) (string, error) {
			if s, ok := files[rel]; ok {
				return s, nil
			}
			return "", errors.New("not there")
		}}
	}
	pom := "<project><parent><artifactId>spring-boot-starter-parent</artifactId><version>3.3.2</version></parent>" +
		"<artifactId>demo</artifactId><version>0.0.1-SNAPSHOT</version><dependencies><dependency><artifactId>x</artifactId><version>1</version></dependency></dependencies>%s</project>"
	jars := []struct {
		name  string
		files map[string]string
		cmds  []string
		want  []string
	}{
		{"maven finalName", map[string]string{"pom.xml": fmt.Sprintf(pom, "<build><finalName>api</finalName></build>")}, []string{"./mvnw clean install --define maven.test.skip"}, []string{"target/api.jar"}},
		{"maven coordinates", map[string]string{"pom.xml": fmt.Sprintf(pom, "")}, []string{"mvn -B package"}, []string{"target/demo-0.0.1-SNAPSHOT.jar"}},
		{"gradle with a version", map[string]string{"settings.gradle": "rootProject.name = 'app'\n", "build.gradle": "version = '1.2.0'\n"}, []string{"./gradlew bootJar"}, []string{"build/libs/app-1.2.0.jar"}},
		{"gradle without a version", map[string]string{"settings.gradle.kts": "rootProject.name = \"app\"\n"}, []string{"gradle build -x test"}, []string{"build/libs/app.jar"}},
		{"no packaging command", map[string]string{"pom.xml": fmt.Sprintf(pom, "")}, []string{"mvn compile"}, nil},
	}
	for _, tt := range jars {
		if got := jarOutputs(context.Background(), envOf(tt.files), Request{}, tt.cmds); !slices.Equal(got, tt.want) {
			t.Errorf("%s: jarOutputs = %v, want %v", tt.name, got, tt.want)
		}
	}
	nest := map[string]string{"nest-cli.json": `{"sourceRoot": "src"}`, "tsconfig.json": `{"compilerOptions": {"outDir": "./dist"}}`,
		"tsconfig.build.json": `{"extends": "./tsconfig.json"}`, "src/main.ts": "x"}
	sources := []struct {
		name, file, want string
		files            map[string]string
	}{
		{"nest's dist/main", "dist/main.js", "src/main.ts", nest},
		{"rootDir given", "build/server.js", "app/server.ts", map[string]string{"tsconfig.json": `{"compilerOptions": {"outDir": "build", "rootDir": "app"}}`, "app/server.ts": "x"}},
		{"not under outDir", "main.js", "", nest},
		{"no source there", "dist/other.js", "", nest},
	}
	for _, tt := range sources {
		if got := tsSource(context.Background(), envOf(tt.files), Request{}, tt.file); got != tt.want {
			t.Errorf("%s: tsSource(%s) = %q, want %q", tt.name, tt.file, got, tt.want)
		}
	}
	for start, want := range map[string]string{"node dist/main": "dist/main.js", "node --enable-source-maps dist/main": "dist/main.js", "node index.js": "", "node .": "", "npm start": ""} {
		if got := nodeFile(start); got != want {
			t.Errorf("nodeFile(%q) = %q, want %q", start, got, want)
		}
	}
}

// TestCargoOutputs_FlagsInAnyOrder: where `cargo build` writes the binary,
// whichever order its flags come in: a flag without a value never takes
// the next flag as its value, and --target-dir is not --target.
func TestCargoOutputs_FlagsInAnyOrder(t *testing.T) {
	t.Parallel()
	env := Env{ReadSource: func(_ context.Context, _ Request, rel string) (string, error) {
		if rel == "Cargo.toml" {
			return "[package]\nname = \"app\"\nversion = \"0.1.0\"\n", nil
		}
		return "", errors.New("not there")
	}}
	tests := []struct {
		cmd  string
		want []string
	}{
		{"cargo build --release", []string{"target/release/app"}},
		{"cargo build --release --bin server", []string{"target/release/server"}},
		{"cargo build --bin server --release", []string{"target/release/server"}},
		{"cargo build -r --target x86_64-unknown-linux-musl", []string{"target/x86_64-unknown-linux-musl/release/app"}},
		{"cargo build --release --target=x86_64-unknown-linux-musl", []string{"target/x86_64-unknown-linux-musl/release/app"}},
		{"cargo build --release --target-dir out", nil},
		{"cargo build --profile bench", nil},
		{"cargo build", []string{"target/debug/app"}},
	}
	for _, tt := range tests {
		if got := cargoOutputs(context.Background(), env, Request{}, []string{tt.cmd}); !slices.Equal(got, tt.want) {
			t.Errorf("cargoOutputs(%q) = %v, want %v", tt.cmd, got, tt.want)
		}
	}
}
