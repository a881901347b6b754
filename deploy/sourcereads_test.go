package deploy_test

import (
	"context"
	"path"
	"path/filepath"
	"sync"
	"testing"

	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/platform/ops"
)

// TestRun_RustDeployReadsCargoTomlOnce: a Rust deploy reads Cargo.toml
// (over ssh on the platform) once, whatever needs what it says: the
// binaries the build writes for the diagnosis and, for a start that runs
// one of them, which source to read where it binds.
func TestRun_RustDeployReadsCargoTomlOnce(t *testing.T) {
	t.Parallel()
	yml := func(cmds, deployFiles, start string) string {
		return "zerops:\n  - setup: appstage\n    build:\n      base: rust@1\n      buildCommands: [" + cmds + "]\n      deployFiles: " + deployFiles +
			"\n    run:\n      base: rust@1\n      ports:\n        - port: 8080\n          httpSupport: true\n      start: " + start + "\n"
	}
	tests := []struct {
		name, yml string
	}{
		{"the recipe: the binary deployed apart", yml("cargo build --release", "./target/release/~/rust", "./rust")},
		{"the binary started where Cargo puts it", yml("cargo build --release", "./target/release/rust", "./target/release/rust")},
		{"two cargo builds", yml("cargo build, cargo build --release", "./target/release/~/rust", "./rust")},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fake, c := startFake(t, 0)
			root := t.TempDir()
			writeFile(t, filepath.Join(root, "zerops.yml"), tt.yml)
			writeFile(t, filepath.Join(root, "Cargo.toml"), "[package]\nname = \"rust\"\nversion = \"0.1.0\"\nedition = \"2021\"\n")
			writeFile(t, filepath.Join(root, "src/main.rs"), "fn main() {\n    let _ = std::net::TcpListener::bind(\"0.0.0.0:8080\");\n}\n")
			var mu sync.Mutex
			reads := map[string]int{}
			pusher := deploy.NewAPIPusher(c, root, func(ctx context.Context, dir, p string) (string, error) {
				mu.Lock()
				reads[path.Base(p)]++
				mu.Unlock()
				return ops.ReadFileInDir(ctx, dir, p)
			})
			env := deploy.Env{Client: c, ProjectID: fake.ProjectID(), WorkDir: root, Push: pusher.Deploy,
				ReadZeropsYml: pusher.ReadZeropsYml, ReadSource: pusher.ReadSource}
			if _, err := deploy.Run(testContext(t), env, deploy.Params{WorkingDir: ".", TargetService: "appstage"}); err != nil {
				t.Fatal(err)
			}
			mu.Lock()
			defer mu.Unlock()
			if n := reads["Cargo.toml"]; n != 1 {
				t.Errorf("Cargo.toml read %d times for one deploy, want 1 (reads: %v)", n, reads)
			}
		})
	}
}
