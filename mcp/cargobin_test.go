package mcp_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// rustApp is the official recipe-rust shape: an actix-web API built by
// `cargo build --release`, its binary deployed by name (deployFiles
// deploy, start run.start) from the package Cargo.toml names (cargo, the
// Cargo.toml text).
func rustApp(deploy, start, cargo string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: appstage\n    build:\n      base: rust@stable\n      buildCommands: [cargo build --release]\n" +
			"      deployFiles: [" + deploy + "]\n    run:\n      base: rust@stable\n      start: " + start + "\n      ports: [{port: 8080, httpSupport: true}]\n",
		"Cargo.toml": cargo,
		"Cargo.lock": "version = 3\n",
		"src/main.rs": "use actix_web::{web, App, HttpResponse, HttpServer};\n\n#[actix_web::main]\nasync fn main() -> std::io::Result<()> {\n" +
			"    HttpServer::new(|| App::new().route(\"/\", web::get().to(|| async { HttpResponse::Ok().body(\"UP\") })))\n" +
			"        .bind((\"0.0.0.0\", 8080))?\n        .run()\n        .await\n}\n",
	}
}

// cargo builds target/<profile>/<name>, the name Cargo.toml gives the
// package (or a [[bin]]): a deployFiles entry or a start naming another
// binary is not what the build makes (walk 14: `./target/release/~/api`
// of a package named rust was deployed as if cargo made it, and answered).
func TestDeploy_CargoBinaryName(t *testing.T) {
	t.Parallel()
	pkg := "[package]\nname = \"rust\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nactix-web = \"4\"\n"
	tests := []struct{ name, deploy, start, cargo, verdict, says string }{
		{"the recipe", "./target/release/~/rust", "./rust", pkg, "live", ""},
		{"another name deployed", "./target/release/~/api", "./api", pkg, "build-failed", "cargo built target/release/rust"},
		{"another name started", "target", "./target/release/api", pkg, "not-answering", "./target/release/api: not found"},
		{"the debug build started", "target", "./target/debug/rust", pkg, "not-answering", "./target/debug/rust: not found"},
		{"a [[bin]] of its own name", "./target/release/~/api", "./api", pkg + "\n[[bin]]\nname = \"api\"\npath = \"src/main.rs\"\n", "live", ""},
		{"a workspace: not read", "./target/release/~/api", "./api", pkg + "\n[workspace]\nmembers = [\"api\"]\n", "live", ""},
		// Walk 86: the fix said "the output directory", the whole target.
		{"a folder cargo never writes", "./build/app", "./build/app", pkg, "build-failed", "In `build.deployFiles` write `./target/release/~/rust` in place of `build/app`, which deploys that file alone at /var/www/rust, and in `run.start` run `./rust` in place of `./build/app`"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			for _, f := range []string{"index.js", "package.json", "package-lock.json"} {
				_ = os.Remove(filepath.Join(h.workDir(t), f))
			}
			writeApp(t, h.workDir(t), rustApp(tt.deploy, tt.start, tt.cargo))
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "cargo")
			answer := text(res)
			if m["verdict"] != tt.verdict {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, answer)
			}
			if !strings.Contains(answer, tt.says) {
				t.Errorf("the answer does not say %q: %s", tt.says, answer)
			}
		})
	}
}
