package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// Sanic's CLI (`sanic`, `python -m sanic`) binds 127.0.0.1:8000 unless
// -H/--host and -p/--port say otherwise (walk 12: `python -m sanic
// app.app --host …` was not read).
func TestDeploy_SanicCLIRead(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: python@3.12
      addToRunPrepare: [requirements.txt]
      deployFiles: [app.py]
    run:
      base: python@3.12
      prepareCommands: [pip install -r requirements.txt]
      ports: [{port: 8000, httpSupport: true}]
      start: %s
`
	app := func(start string) map[string]string {
		return map[string]string{
			"zerops.yml":       strings.Replace(yml, "%s", start, 1),
			"requirements.txt": "sanic==24.6.0\n",
			"app.py":           "from sanic import Sanic\nfrom sanic.response import text\n\napp = Sanic(\"web\")\n\n@app.get(\"/\")\nasync def index(request):\n    return text(\"ok\")\n",
		}
	}
	runDeployCases(t, []deployCase{
		{name: "ModuleEveryAddress", files: app("python -m sanic app.app --host 0.0.0.0 --port 8000"), verdict: "live"},
		{name: "ModuleOnLocalhost", files: app("python -m sanic app.app --host 127.0.0.1 --port 8000"), verdict: "not-answering", says: []string{"`--host 0.0.0.0` instead of `--host 127.0.0.1`"}},
		{name: "CommandDefault", files: app("sanic app:app"), verdict: "not-answering", says: []string{"Sanic binds 127.0.0.1"}},
		{name: "ShortFlags", files: app("sanic app:app -H 0.0.0.0 -p 8000"), verdict: "live"},
		{name: "ModuleMissing", files: app("sanic web:app --host 0.0.0.0"), verdict: "not-answering", says: []string{"No module named 'web'"}},
	})
}

// Rocket binds 127.0.0.1:8000 unless Rocket.toml or ROCKET_ADDRESS and
// ROCKET_PORT say otherwise (Rocket's configuration guide); the fix sets
// ROCKET_ADDRESS (walk 12: Rocket's bind was not read).
func TestDeploy_RocketBindRead(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, env, toml, verdict, says string
	}{
		{"Default", "", "", "not-answering", "ROCKET_ADDRESS=0.0.0.0"},
		{"AddressVariable", "      envVariables:\n        ROCKET_ADDRESS: 0.0.0.0\n        ROCKET_PORT: \"8000\"\n", "", "live", ""},
		{"RocketToml", "", "[default]\naddress = \"0.0.0.0\"\nport = 8000\n", "live", ""},
		{"RocketTomlOtherProfile", "", "[debug]\naddress = \"0.0.0.0\"\n", "not-answering", "ROCKET_ADDRESS=0.0.0.0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: rocket\n    type: rust@1\n"}, "import"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			files := map[string]string{
				"Cargo.toml":  "[package]\nname = \"web\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nrocket = \"0.5\"\n",
				"src/main.rs": "#[macro_use] extern crate rocket;\n\n#[get(\"/\")]\nfn index() -> &'static str {\n    \"ok\"\n}\n\n#[launch]\nfn rocket() -> _ {\n    rocket::build().mount(\"/\", routes![index])\n}\n",
				"zerops.yml": "zerops:\n  - setup: rocket\n    build:\n      base: rust@1\n      buildCommands: [cargo build --release]\n      deployFiles: [target/release/web, Rocket.toml]\n" +
					"    run:\n      base: rust@1\n      ports: [{port: 8000, httpSupport: true}]\n      start: ./target/release/web\n" + tt.env,
			}
			if tt.toml != "" {
				files["Rocket.toml"] = tt.toml
			} else {
				files["zerops.yml"] = strings.Replace(files["zerops.yml"], ", Rocket.toml]", "]", 1)
			}
			writeApp(t, h.workDir(t)+"/rocket", files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": "rocket", "targetService": "rocket"}, "deploy")
			if answer := text(res); m["verdict"] != tt.verdict || !strings.Contains(answer, tt.says) {
				t.Errorf("verdict %v, want %s saying %q: %s", m["verdict"], tt.verdict, tt.says, answer)
			}
		})
	}
}
