package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// dotnetApp is a small ASP.NET Core app on Kestrel at 0.0.0.0:5000 whose
// zerops.yml declares env, deployed to appstage; it reads DB_URL as it
// starts, as an app connecting at start does.
func dotnetApp(env string) map[string]string {
	return map[string]string{
		"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: dotnet@9
      buildCommands:
        - dotnet publish -c Release -o out
      deployFiles:
        - out/~
    run:
      base: dotnet@9
      ports:
        - port: 5000
          httpSupport: true
      envVariables:
        ASPNETCORE_URLS: http://0.0.0.0:5000
        ` + env + `
      start: dotnet Notes.dll
`,
		"Notes.csproj": "<Project Sdk=\"Microsoft.NET.Sdk.Web\">\n  <PropertyGroup>\n    <TargetFramework>net9.0</TargetFramework>\n  </PropertyGroup>\n</Project>\n",
		"Program.cs":   "var db = ConnectionMultiplexer.Connect(Environment.GetEnvironmentVariable(\"DB_URL\"));\nvar app = WebApplication.CreateBuilder(args).Build();\napp.MapGet(\"/\", () => \"ok\");\napp.Run();\n",
	}
}

// A reference whose hostname swaps two letters of a service's (walk 7:
// ${vk_connectionString} for the Valkey service kv) is that service's
// typo: the fix keeps the key and names the service, never "create a
// service vk"; a .NET app reports the host in .NET's words, not Node's.
func TestDeploy_HostTypoNamesTheNearService(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	h.ownApp(t, dotnetApp("DB_URL: ${bd_connectionString}"))
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
	check, _ := m["check"].(map[string]any)
	first := firstDiagnosis(check["diagnoses"])
	if first["signal"] != "host-not-found" {
		t.Fatalf("first diagnosis %v; want host-not-found: %s", first, text(res))
	}
	if ev := first["evidence"]; !strings.Contains(ev, "System.Net.Sockets.SocketException") || strings.Contains(ev, "getaddrinfo") {
		t.Errorf("evidence %q: want .NET's SocketException, not Node's getaddrinfo", ev)
	}
	next := str(m["next"])
	if !strings.Contains(next, "${db_connectionString}") || strings.Contains(next, "Create a service with hostname bd") {
		t.Errorf("next %q: want ${db_connectionString} (bd swaps db's letters), no service bd created", next)
	}
}

// Two variables referencing one missing service are one cause: the
// deploy's answer states its fix once (walk 7: after meili was deleted,
// MEILI_URL's warning and the diagnosis of MEILI_KEY each said "Create
// meili again …", the next step both "fix the warnings first" and, if
// the deploy still failed, the same fix).
func TestDeploy_OneMissingServiceOneFix(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	yml := strings.Replace(demoZeropsYml, "      start: node index.js\n",
		"      start: node index.js\n      envVariables:\n        SEARCH_URL: http://${search_hostname}:7700\n        SEARCH_KEY: ${search_masterKey}\n", 1)
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
	if first := firstDiagnosis(m["check"].(map[string]any)["diagnoses"]); first["signal"] != "host-not-found" {
		t.Fatalf("first diagnosis %v; want host-not-found: %s", first, text(res))
	}
	if n := strings.Count(text(res), "Create a service with hostname search"); n != 1 {
		t.Errorf("the fix is stated %d times; want once: %s", n, text(res))
	}
	if next := str(m["next"]); strings.Contains(next, "warning") {
		t.Errorf("next %q sends to warnings that state the same fix", next)
	}
	// The warning left out, the diagnosis names the other variable.
	if first := firstDiagnosis(m["check"].(map[string]any)["diagnoses"]); !strings.Contains(first["cause"], "references search too") {
		t.Errorf("cause %q: want the other variable referencing search named", first["cause"])
	}
}

// A reference to a service the project lacks whose key names no address
// (recipe-medusa-storefront's IMGPROXY_KEY: ${imgproxy_IMGPROXY_KEY}) is
// left as written: the app gets the text, not a host to look up, so the
// sandbox cannot tell whether it starts: unverified, naming the reference,
// never a host-not-found crash it did not see. A key that carries the
// address (hostname, connectionString, a URL), or the service's address
// written out beside the reference, still crashes the start.
func TestDeploy_MissingServiceKeyWithoutAddressIsUnverified(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, env, verdict string
	}{
		{"Key", "        IMGPROXY_KEY: ${imgproxy_IMGPROXY_KEY}\n        IMGPROXY_SALT: ${imgproxy_IMGPROXY_SALT}\n", "unverified"},
		{"Password", "        DB_PASS: ${pg_password}\n", "unverified"},
		{"Hostname", "        IMGPROXY_KEY: ${imgproxy_IMGPROXY_KEY}\n        IMGPROXY_HOST: ${imgproxy_hostname}\n", "not-answering"},
		{"URL", "        API: ${api_API_URL}\n", "not-answering"},
		{"AddressWrittenOut", "        DB_PASS: ${pg_password}\n        DB_URL: postgres://user@pg:5432/app\n", "not-answering"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			yml := strings.Replace(demoZeropsYml, "      start: node index.js\n", "      start: node index.js\n      envVariables:\n"+tc.env, 1)
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
			if m["verdict"] != tc.verdict {
				t.Fatalf("verdict %v; want %s: %s", m["verdict"], tc.verdict, text(res))
			}
			check, _ := m["check"].(map[string]any)
			if tc.verdict == "unverified" {
				if first := firstDiagnosis(check["diagnoses"]); first["signal"] == "host-not-found" {
					t.Errorf("a host-not-found the sandbox did not see: %v", first)
				}
				ref := strings.TrimSpace(tc.env[strings.Index(tc.env, "${") : strings.Index(tc.env, "}")+1])
				if reason := str(check["reason"]); !strings.Contains(reason, ref) {
					t.Errorf("check.reason %q does not name %s", reason, ref)
				}
			} else if first := firstDiagnosis(check["diagnoses"]); first["signal"] != "host-not-found" {
				t.Errorf("first diagnosis %v; want host-not-found", first)
			}
		})
	}
}

// A Deno app reports a host that does not resolve in Deno's words (walk 7:
// it logged Node's getaddrinfo ENOTFOUND after meili was deleted), however
// it is started: its fetch's TypeError ending "dns error: failed to lookup
// address information" (the form Deno's issues show, e.g. denoland/deno
// #24922, #29272), which the diagnosis reads as host-not-found.
func TestDeploy_DenoHostNotFoundInItsWords(t *testing.T) {
	t.Parallel()
	for _, start := range []string{"deno run --allow-net --allow-env main.ts", "deno task start", "deno serve --allow-env main.ts"} {
		t.Run(start, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml": `zerops:
  - setup: appstage
    build:
      base: deno@2
      os: ubuntu
      deployFiles: [main.ts, deno.json]
    run:
      base: deno@2
      os: ubuntu
      ports:
        - port: 8000
          httpSupport: true
      envVariables:
        MEILI_URL: http://${meili_hostname}:7700
      start: ` + start + "\n",
				"deno.json": `{"tasks":{"start":"deno run --allow-net --allow-env main.ts"}}` + "\n",
				// it fetches from Meilisearch as it starts
				"main.ts": "const health = await fetch(`${Deno.env.get(\"MEILI_URL\")}/health`);\nDeno.serve({ port: 8000, hostname: \"0.0.0.0\" }, () => new Response(health.statusText));\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
			first := firstDiagnosis(m["check"].(map[string]any)["diagnoses"])
			if first["signal"] != "host-not-found" || !strings.Contains(first["evidence"], "dns error: failed to lookup address information") || strings.Contains(first["evidence"], "getaddrinfo") {
				t.Errorf("first diagnosis %v; want host-not-found in Deno's words: %s", first, text(res))
			}
		})
	}
}

// .NET's resolver names no host: the diagnosis still finds the variable
// whose reference names the missing service (walk 7: after the .NET
// words, a service variable's typo got the generic "point the app at a
// service … then zerops_deploy again" instead of its zerops_env fix).
func TestVerify_HostlessNotFoundFindsTheVariable(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	h.ownApp(t, dotnetApp("LOG_LEVEL: info"))
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	if res, _ := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage",
		"variables": []string{"DB_URL=${bd_connectionString}"}, "restart": true}, "set"); res.IsError {
		t.Fatalf("env set: %s", text(res))
	}
	v := h.verifyUntil(t, func(svc map[string]any) bool { return svc["diagnoses"] != nil })
	next := str(v["next"])
	if !strings.Contains(next, "zerops_env action=set serviceHostname=appstage") || !strings.Contains(next, "${db_connectionString}") || strings.Contains(next, "zerops_deploy") {
		t.Errorf("verify next %q: want the zerops_env fix naming ${db_connectionString}, no deploy", next)
	}
}
