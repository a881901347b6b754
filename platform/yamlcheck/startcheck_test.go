package yamlcheck_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/yamlcheck"
)

// What run.start shows will fail is warned of before a deploy: a built
// executable deployFiles leave out, `flask run` without an address. Each
// near form that works is not (walk 76).
func TestValidate_StartWarnings(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: api\n    build:\n      base: %s\n      buildCommands: [%s]\n      deployFiles: %s\n    run:\n      base: %s\n%s      ports: [{port: 8080, httpSupport: true}]\n      start: %s\n"
	goYml := func(build, deploy, start string) string {
		return fmt.Sprintf(yml, "go@1", build, deploy, "go@1", "", start)
	}
	pyYml := func(env, start string) string {
		return fmt.Sprintf(yml, "python@3.12", "pip install --target=./vendor -r requirements.txt", "./", "python@3.12", env, start)
	}
	tests := []struct {
		name, content, want string // want: a warning's words, "" for none of these
	}{
		{"built binary left out", goYml("go build -o app main.go", "[main.go, go.mod]", "./app"), "run.start runs ./app, which `go build -o app main.go` writes"},
		{"built binary in bin left out", goYml("go build -o bin/server ./cmd/server", "[go.mod]", "bin/server"), "run.start runs bin/server"},
		{"built binary deployed", goYml("go build -o app main.go", "[app]", "./app"), ""},
		{"built binary, whole tree", goYml("go build -o app main.go", "./", "./app"), ""},
		{"built binary in a deployed folder", goYml("go build -o bin/server ./cmd/server", "[bin]", "bin/server"), ""},
		{"a tilde entry is not judged", goYml("go build -o out/app .", "[out/~]", "./app"), ""},
		{"built binary named otherwise", goYml("go build -o bin/server .", "./", "./bin/app"), "run.start runs ./bin/app, but the build writes bin/server (`go build -o bin/server .`)"},
		{"two built, one the start's", goYml("go build -o bin/worker ./cmd/worker, go build -o bin/app .", "./", "./bin/app"), ""},
		{"built in another folder", goYml("go build -o out/server .", "./", "./bin/app"), ""},
		// Walk 85: cargo's binary deployed at its path, started at the top.
		{"rust binary deployed at its path", fmt.Sprintf(yml, "rust@1", "cargo build --release", "./target/release/rust", "rust@1", "", "./rust"),
			"run.start runs ./rust, but build.deployFiles deploys target/release/rust at that path under /var/www"},
		{"rust binary started at its path", fmt.Sprintf(yml, "rust@1", "cargo build --release", "./target/release/rust", "rust@1", "", "./target/release/rust"), ""},
		{"rust binary moved to the top", fmt.Sprintf(yml, "rust@1", "cargo build --release", "./target/release/~/rust", "rust@1", "", "./rust"), ""},
		{"flask run, no host", pyYml("", "flask run"), "`flask run` binds 127.0.0.1"},
		{"flask run with --host", pyYml("", "flask run --host 0.0.0.0 --port 8080"), ""},
		{"flask run with FLASK_RUN_HOST", pyYml("      envVariables: {FLASK_RUN_HOST: 0.0.0.0}\n", "flask run"), ""},
		{"gunicorn", pyYml("", "gunicorn app:app --bind 0.0.0.0:8080"), ""},
		{"uvicorn, no host", pyYml("", "uvicorn main:app"), "uvicorn binds 127.0.0.1"},
		{"python -m uvicorn, port only", pyYml("", "python -m uvicorn main:app --port 8080"), "uvicorn binds 127.0.0.1"},
		{"uvicorn with --host", pyYml("", "uvicorn main:app --host 0.0.0.0 --port 8080"), ""},
		{"uvicorn with --host=", pyYml("", "python3 -m uvicorn main:app --host=0.0.0.0 --port=8080"), ""},
		{"uvicorn with UVICORN_HOST", pyYml("      envVariables: {UVICORN_HOST: 0.0.0.0}\n", "uvicorn main:app"), ""},
		{"gunicorn with uvicorn workers", pyYml("", "gunicorn main:app -k uvicorn.workers.UvicornWorker --bind 0.0.0.0:8080"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := yamlcheck.Validate(tt.content, "zerops.yml")
			if err != nil {
				t.Fatal(err)
			}
			got := fmt.Sprint(res.Warnings)
			if !res.Valid {
				t.Fatalf("refused (a warning only may be said): %v", res.Errors)
			}
			said := strings.Contains(got, "run.start runs") || strings.Contains(got, "`flask run` binds") || strings.Contains(got, "uvicorn binds")
			if tt.want == "" && said || tt.want != "" && !strings.Contains(got, tt.want) {
				t.Errorf("warnings %s, want %q", got, tt.want)
			}
		})
	}
}
