package diagnose

import (
	"slices"
	"testing"
)

func TestBuildOutputs_FlagsNamed(t *testing.T) {
	t.Parallel()
	got := BuildOutputs([]string{"go build -o bin/server ./cmd/api", "CGO_ENABLED=0 go build -ldflags='-s' -o=./app .", "bun build --compile --outfile dist/cli src/cli.ts", "npm ci", "gcc -O2 -o /build/source/hello hello.c"})
	want := []string{"bin/server", "app", "dist/cli", "hello"}
	if !slices.Equal(got, want) {
		t.Errorf("BuildOutputs = %q, want %q", got, want)
	}
}

func TestDeployedAt_DeployFilesPlaceTheOutput(t *testing.T) {
	t.Parallel()
	tests := []struct {
		out   string
		files []string
		want  string
	}{
		{"bin/server", []string{"./bin"}, "bin/server"},
		{"bin/server", []string{"bin/~"}, "server"},
		{"bin/server", []string{"./bin/~/"}, "server"},
		{"bin/server", []string{"./"}, "bin/server"},
		{"bin/server", []string{"bin/server"}, "bin/server"},
		{"bin/server", []string{"./app", "static"}, ""},
		{"target/release/web", []string{"./target/release/~web"}, "web"},
	}
	for _, tt := range tests {
		if got := deployedAt(tt.out, tt.files); got != tt.want {
			t.Errorf("deployedAt(%q, %q) = %q, want %q", tt.out, tt.files, got, tt.want)
		}
	}
}
