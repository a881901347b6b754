package mcp_test

import "testing"

// walkBunRenamed is the bun recipe as a walk left it: src/main.ts renamed
// src/server.ts and the build script updated, start:prod still `bun run
// dist/main.js`.
func walkBunRenamed(startProd string) map[string]string {
	files := walk29Sub(walk29Bun(), "package.json::bun build src/main.ts", "bun build src/server.ts",
		"package.json::\"start:prod\": \"bun run dist/main.js\"", "\"start:prod\": \""+startProd+"\"")
	files["src/server.ts"] = files["src/main.ts"]
	delete(files, "src/main.ts")
	return files
}

// TestDeploy_BunBundleOfARenamedEntry: `bun build src/server.ts --outdir
// ./dist` writes dist/server.js. The deploy and zerops_verify said
// "unverified … the build makes dist/main.js with `bun run build`, which
// the sandbox does not run"; on Zerops Bun stops at the start with
// `error: Module not found "dist/main.js"`. Now that is the verdict, a
// missing start file, and the fixed start is read from src/server.ts.
func TestDeploy_BunBundleOfARenamedEntry(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: api\n    type: bun@1.1\n    enableSubdomainAccess: true\n"
	runWalkCases(t, []deployCase{
		{name: "start:prod names the old bundle", services: svc, dir: "api", target: "api", files: walkBunRenamed("bun run dist/main.js"),
			verdict: "not-answering", signal: "start-file-missing", says: []string{`error: Module not found \"dist/main.js\"`},
			lacks: []string{"the build makes dist/main.js", "api is live"}, verify: "failing",
			then: []deployCase{{name: "start:prod names the bundle the build makes", files: walkBunRenamed("bun run dist/server.js"),
				verdict: "unverified", reason: []string{"read its address from src/server.ts, not the bundle"}, lacks: []string{"api is live", "Module not found"}}}},
	})
}
