package mcp_test

import "testing"

// Gin's r.Run() without an address listens on the PORT variable's port,
// else 8080 (walk11a: it was unverified, "could not check where it
// listens"): on 8080 it is live, behind another port it fails naming
// 8080, and PORT set to that port makes it live.
func TestDeploy_GinBareRunListensOnPortElse8080(t *testing.T) {
	t.Parallel()
	app := func(port int, env map[string]string) map[string]string {
		return map[string]string{
			"zerops.yml": setupYml{base: "go@1", build: []string{"go build -o bin/server ."}, deploy: "./bin", port: port, env: env, start: "./bin/server"}.String(),
			"go.mod":     "module example.com/shop\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
			"go.sum":     "github.com/gin-gonic/gin v1.10.0 h1:x=\n",
			"main.go":    "package main\n\nimport \"github.com/gin-gonic/gin\"\n\nfunc main() {\n\tr := gin.Default()\n\tr.GET(\"/\", func(c *gin.Context) { c.String(200, \"ok\") })\n\tr.Run()\n}\n",
		}
	}
	runDeployCases(t, []deployCase{
		{name: "8080 declared", files: app(8080, nil), verdict: "live"},
		{name: "3000 declared, no PORT", files: app(3000, nil), verdict: "build-failed|deploy-failed|not-answering", says: []string{"8080"}},
		{name: "3000 declared, PORT 3000", files: app(3000, map[string]string{"PORT": "3000"}), verdict: "live"},
	})
}
