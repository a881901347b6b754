package appsim_test

import (
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// actix-web listens where HttpServer's .bind says: "HOST:PORT" or a
// ("HOST", PORT) tuple; it has no default. The binary cargo builds is read
// from the uploaded src/main.rs.
func TestRun_Actix(t *testing.T) {
	t.Parallel()
	app := func(bind string) map[string]string {
		return map[string]string{"Cargo.toml": "[package]\nname = \"api\"\n\n[dependencies]\nactix-web = \"4\"\n",
			"src/main.rs": "use actix_web::{App, HttpServer};\n\n#[actix_web::main]\nasync fn main() -> std::io::Result<()> {\n" +
				"    HttpServer::new(|| App::new())\n        .bind(" + bind + ")?\n        .run()\n        .await\n}\n"}
	}
	tests := []struct {
		name       string
		files      map[string]string
		env        map[string]string
		answers    bool // on port 8080 from the network
		unverified bool
	}{
		{"every address, IPv6 form", app(`"[::]:8080"`), nil, true, false},
		{"every address, tuple", app(`("0.0.0.0", 8080)`), nil, true, false},
		{"localhost", app(`"127.0.0.1:8080"`), nil, false, false},
		{"localhost tuple", app(`("localhost", 8080)`), nil, false, false},
		{"another port", app(`("0.0.0.0", 3000)`), nil, false, false},
		{"a port from a variable the sandbox does not follow", app(`("0.0.0.0", port)`), nil, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := &appsim.Setup{BuildCommands: []string{"cargo build --release"}, DeployFiles: []string{"target/release/~/api"},
				Start: "./api", RunBase: "rust@stable", Ports: []appsim.Port{{Port: 8080, HTTP: true}}}
			built := appsim.Build(d, files(tt.files), fixedTime)
			got := appsim.Run(d, files(tt.files), &built, d.RunBase, appsim.Env{Vars: tt.env}, "seed")
			if got.Answers(8080) != tt.answers || (len(got.Unchecked) > 0) != tt.unverified || got.Crash != nil {
				t.Errorf("answers 8080 = %v (listens %v, unchecked %v, crash %v), want %v, unverified %v",
					got.Answers(8080), got.Listens, got.Unchecked, got.Crash, tt.answers, tt.unverified)
			}
		})
	}
}
