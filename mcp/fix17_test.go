package mcp_test

import (
	"testing"
)

// A Next.js build that runs `next build` but leaves `.next` out of
// deployFiles makes `next start` print "Try building your app with 'next
// build'": the fix is the deployFiles entry, not running next build, which
// the build already does (walk 16: "Run `next build` in
// `build.buildCommands`" on a build that ran it).
func TestDeploy_NextBuiltNotDeployed(t *testing.T) {
	t.Parallel()
	pkg := `{"name":"web","private":true,"scripts":{"build":"next build","start":"next start"},"dependencies":{"next":"15.1.0","react":"19.0.0"}}` + "\n"
	app := func(build []string) map[string]string {
		return map[string]string{"package.json": pkg,
			"zerops.yml": setupYml{base: "nodejs@22", build: build, deploy: "[node_modules, package.json]", port: 3000, start: "npm start"}.String()}
	}
	runDeployCases(t, []deployCase{
		{name: "next build ran", files: app([]string{"npm install", "npm run build"}), verdict: "not-answering", signal: "deploy-files-missing",
			next: []string{"Add `.next` to `build.deployFiles`"}, lacks: []string{"Run `next build` in"}},
		{name: "next build never ran", files: app([]string{"npm install"}), verdict: "not-answering", signal: "deploy-files-missing",
			next: []string{"Run `next build` in `build.buildCommands`"}},
	})
}
