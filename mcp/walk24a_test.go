package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// walk24aNext is a Next.js frontend (the nextjs-strapi-blog recipe's
// scripts) whose start script is script, started by `yarn run start` with
// env in run.envVariables and 3000 declared.
func walk24aNext(script string, env map[string]string) map[string]string {
	return map[string]string{
		"package.json": `{"name":"blog-front","private":true,"scripts":{"build":"next build","start":"` + script + `"},"dependencies":{"next":"13.1.6","react":"18.2.0","react-dom":"18.2.0"}}` + "\n",
		"zerops.yml": setupYml{base: "nodejs@22", build: []string{"yarn", "yarn run build"}, deploy: "[.next, node_modules, package.json]",
			port: 3000, env: env, start: "yarn run start"}.String(),
	}
}

// TestDeploy_NextPortFlagInScriptWalk24a: `next start -p 8080` in the
// package.json script, 3000 declared. Next takes -p before PORT, yet the
// answer offered PORT: "3000" as a fix; with it set, the same answer came
// back (a loop). Next listens on 3000 unless -p or PORT says otherwise:
// listening elsewhere with PORT unset (or set to another port) means a -p
// in the command.
func TestDeploy_NextPortFlagInScriptWalk24a(t *testing.T) {
	t.Parallel()
	runDeployCases(t, []deployCase{
		{name: "-p 8080 in the script", files: walk24aNext("next start -p 8080", nil), verdict: "not-answering", signal: "wrong-port",
			next: []string{"-p 3000", "package.json"}, lacks: []string{`PORT: \"3000\"`},
			then: []deployCase{
				{name: "PORT set as told before", files: walk24aNext("next start -p 8080", map[string]string{"PORT": "3000"}), verdict: "not-answering",
					signal: "wrong-port", next: []string{"-p 3000"}, lacks: []string{`set PORT: \"3000\"`}},
				{name: "the flag fixed", files: walk24aNext("next start -p 3000", nil), verdict: "live"},
			}},
		{name: "PORT 8080 as a variable", files: walk24aNext("next start", map[string]string{"PORT": "8080"}), verdict: "not-answering", signal: "wrong-port",
			next: []string{`PORT: "3000"`}},
	})
}

// TestValidate_OldFormatWithdrawnBaseWalk24a: the nextjs-strapi-blog
// recipe's zerops.yml is in the format before zerops: with build base
// nodejs@16, which the catalog no longer has. The rewrite told the agent
// to keep the keys "as they are" (nodejs@16 kept), and the next validation
// refused nodejs@16: a fix that fails. The rewrite names a base the
// catalog has, the service's own version where it is of that runtime.
func TestValidate_OldFormatWithdrawnBaseWalk24a(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	old := "appstage:\n  build:\n    base:\n      - nodejs@16\n    build:\n      - yarn\n      - yarn run build\n    deploy:\n      - './'\n" +
		"    cache:\n      - node_modules\n  run:\n    start: yarn run start\n"
	res, m := h.call(t, "zerops_validate", map[string]any{"content": old, "kind": "zerops.yml"})
	fix := text(res)
	if m["valid"] != false || !strings.Contains(fix, "format before zerops:") {
		t.Fatalf("want the old format refused: %s", fix)
	}
	if !strings.Contains(fix, "build.base: nodejs@22") || !strings.Contains(fix, "nodejs@16") {
		t.Errorf("the rewrite keeps nodejs@16, which the catalog lacks, or names no base it has: %s", fix)
	}
	rewritten := "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      buildCommands:\n        - yarn\n        - yarn run build\n" +
		"      deployFiles:\n        - './'\n      cache:\n        - node_modules\n    run:\n      base: nodejs@22\n      start: yarn run start\n"
	if res, m := h.call(t, "zerops_validate", map[string]any{"content": rewritten, "kind": "zerops.yml"}); m["valid"] != true {
		t.Errorf("the rewrite as told is not valid: %s", text(res))
	}
}

// TestMetrics_StrapiWithAnUploadProviderWalk24a: the strapi-blog recipe
// runs three containers and sends uploads to object storage through
// @strapi/provider-upload-aws-s3 (config/plugins.js). Metrics still said
// Strapi writes uploads to public/uploads on the container's own disk and
// advised one container: a warning against what the recipe does. A Strapi
// without an upload provider keeps the caveat.
func TestMetrics_StrapiWithAnUploadProviderWalk24a(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, deps string
		caveat     bool
	}{
		{"aws-s3 provider", `"@strapi/strapi":"4.6.0","@strapi/provider-upload-aws-s3":"4.6.0","pg":"8.9.0"`, false},
		{"local uploads", `"@strapi/strapi":"4.6.0","pg":"8.9.0"`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			importServices(t, h, "services:\n  - hostname: api\n    type: nodejs@22\n    minContainers: 3\n")
			h.ownApp(t, map[string]string{
				"zerops.yml": "zerops:\n  - setup: api\n    build:\n      base: nodejs@22\n      buildCommands:\n        - yarn\n        - yarn run build\n" +
					"      deployFiles: ./\n    run:\n      base: nodejs@22\n      ports:\n        - port: 1337\n          httpSupport: true\n      start: yarn start\n",
				"package.json":      `{"name":"blog-api","private":true,"scripts":{"start":"strapi start","build":"strapi build"},"dependencies":{` + tc.deps + `}}` + "\n",
				"config/plugins.js": "module.exports = ({ env }) => ({\n  upload: { config: { provider: 'aws-s3', providerOptions: { params: { Bucket: env('S3_BUCKET_NAME') } } } },\n});\n",
			})
			if res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "api"}, "v1"); res.IsError {
				t.Fatalf("deploy: %s", text(res))
			}
			res, m := h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "api"})
			wantOK(t, res)
			if got := strings.Contains(str(m["next"]), "public/uploads"); got != tc.caveat {
				t.Errorf("uploads caveat %v, want %v: %s", got, tc.caveat, str(m["next"]))
			}
		})
	}
}

// walk24aRust is the rust recipe's app (actix on [::]:8080, built by
// `cargo build --release` as the package rust) with deployFiles deploy.
func walk24aRust(deploy, start string) map[string]string {
	return walk24aRustOn(deploy, start, "[::]:8080")
}

// walk24aRustOn is walk24aRust bound to addr.
func walk24aRustOn(deploy, start, addr string) map[string]string {
	return map[string]string{
		"zerops.yml": setupYml{base: "rust@stable", build: []string{"cargo build --release"}, deploy: deploy, start: start}.String(),
		"Cargo.toml": "[package]\nname = \"rust\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\nactix-web = \"4\"\n",
		"src/main.rs": "use actix_web::{web, App, HttpResponse, HttpServer};\n\n#[actix_web::main]\nasync fn main() -> std::io::Result<()> {\n" +
			"    HttpServer::new(|| App::new().route(\"/\", web::get().to(|| async { HttpResponse::Ok().body(\"ok\") })))\n" +
			"        .bind(\"" + addr + "\")?\n        .run()\n        .await\n}\n",
	}
}

// TestDeploy_CargoBinaryDeployedInItsFolderWalk24a: the rust recipe
// deploys ./target/release/~/rust and starts ./rust. Deployed as
// ./target/release/rust (no ~), the binary lands at
// /var/www/target/release/rust and ./rust is not found; the answer said
// only "make run.start name a file the build produces", though the build
// wrote it where Cargo.toml's package name puts it. It names the path and
// the ~ form.
func TestDeploy_CargoBinaryDeployedInItsFolderWalk24a(t *testing.T) {
	t.Parallel()
	runDeployCases(t, []deployCase{
		{name: "recipe", files: walk24aRust("./target/release/~/rust", "./rust"), verdict: "live"},
		{name: "no ~", files: walk24aRust("./target/release/rust", "./rust"), verdict: "not-answering", signal: "start-file-missing",
			next: []string{"target/release/rust", "target/release/~"},
			then: []deployCase{{name: "the start names the path", files: walk24aRust("./target/release/rust", "./target/release/rust"), verdict: "live"}}},
	})
}

// TestDeploy_CargoBinaryPortInItsSourceWalk24a: the rust recipe starts
// ./rust, the binary Cargo names after the package. Its bind moved to
// 3000 (8080 declared), the answer did not read src/main.rs and led with
// setting PORT "where the code reads a port variable"; started by its
// target/release path, the same app got the line in main.rs. Both starts
// read the source.
func TestDeploy_CargoBinaryPortInItsSourceWalk24a(t *testing.T) {
	t.Parallel()
	runDeployCases(t, []deployCase{
		{name: "./rust on 3000", files: walk24aRustOn("./target/release/~/rust", "./rust", "0.0.0.0:3000"), verdict: "not-answering", signal: "wrong-port",
			says: []string{"src/main.rs, line"}, lacks: []string{"where the code reads a port variable"},
			then: []deployCase{{name: "the bind fixed", files: walk24aRustOn("./target/release/~/rust", "./rust", "0.0.0.0:8080"), verdict: "live"}}},
	})
}

// walk24aDotnet is the dotnet recipe's app built by build (`dotnet build
// -o app`, deployed app/~, started `dotnet dotnet.dll` on 5000), its
// appsettings.json giving Kestrel's endpoint url.
func walk24aDotnet(build, url string) map[string]string {
	return map[string]string{
		"zerops.yml":       setupYml{base: "dotnet@6", build: []string{build}, deploy: "app/~", port: 5000, start: "dotnet dotnet.dll"}.String(),
		"dotnet.csproj":    "<Project Sdk=\"Microsoft.NET.Sdk.Web\">\n  <PropertyGroup>\n    <TargetFramework>net6.0</TargetFramework>\n  </PropertyGroup>\n</Project>\n",
		"Program.cs":       "var builder = WebApplication.CreateBuilder(args);\nvar app = builder.Build();\napp.MapGet(\"/\", () => \"ok\");\napp.Run();\n",
		"appsettings.json": "{\n  \"AllowedHosts\": \"*\",\n  \"Kestrel\": {\n    \"Endpoints\": {\n      \"Http1\": { \"Url\": \"" + url + "\" }\n    }\n  }\n}\n",
	}
}

// TestDeploy_DotnetKestrelSettingsCopiedByTheBuildWalk24a: the dotnet
// recipe builds with `dotnet build -o app`, deploys app/~ and binds
// Kestrel to http://0.0.0.0:5000 in appsettings.json, which the build
// copies beside the dll. The sandbox read no appsettings.json in the
// deploy (the build's copy had no content) and said the recipe listens
// on localhost, advising ASPNETCORE_URLS: a fault against what the recipe
// does (with publish too). A localhost url there is still found.
func TestDeploy_DotnetKestrelSettingsCopiedByTheBuildWalk24a(t *testing.T) {
	t.Parallel()
	runDeployCases(t, []deployCase{
		{name: "recipe, dotnet build", files: walk24aDotnet("dotnet build -o app", "http://0.0.0.0:5000"), verdict: "live|unverified", lacks: []string{"listens on localhost"}},
		{name: "dotnet publish", files: walk24aDotnet("dotnet publish -o app", "http://0.0.0.0:5000"), verdict: "live"},
		{name: "localhost in the settings", files: walk24aDotnet("dotnet publish -o app", "http://localhost:5000"), verdict: "not-answering", signal: "listening-on-localhost"},
	})
}

// TestDeploy_DotnetKestrelEndpointOnLocalhostWalk24a: the dotnet recipe
// binds Kestrel in appsettings.json (Kestrel:Endpoints). With its Url on
// localhost, the answer told the agent to set ASPNETCORE_URLS, which
// Kestrel's endpoints override: set and restarted, the same answer came
// back (a loop); so with its port another than the declared one. The
// answer names the settings line to change.
func TestDeploy_DotnetKestrelEndpointOnLocalhostWalk24a(t *testing.T) {
	t.Parallel()
	runDeployCases(t, []deployCase{
		{name: "localhost in appsettings.json", files: walk24aDotnet("dotnet build -o app", "http://localhost:5000"), verdict: "not-answering", signal: "listening-on-localhost",
			next: []string{"appsettings.json, line 5", "http://0.0.0.0:5000"}, lacks: []string{"set ASPNETCORE_URLS"},
			then: []deployCase{{name: "the line fixed", files: walk24aDotnet("dotnet build -o app", "http://0.0.0.0:5000"), verdict: "live"}}},
		{name: "port 5001 in appsettings.json", files: walk24aDotnet("dotnet build -o app", "http://0.0.0.0:5001"), verdict: "not-answering", signal: "wrong-port",
			next: []string{"appsettings.json, line 5", "http://0.0.0.0:5000"}, lacks: []string{"set ASPNETCORE_URLS"}},
	})
}
