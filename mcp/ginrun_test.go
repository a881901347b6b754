package mcp_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
)

// Gin's r.Run() without an address listens on the PORT variable's port,
// else 8080 (walk11a: it was unverified, "could not check where it
// listens"): on 8080 it is live, behind another port it fails naming
// 8080, and PORT set to that port makes it live.
func TestDeploy_GinBareRunListensOnPortElse8080(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: go@1
      buildCommands:
        - go build -o bin/server .
      deployFiles: ./bin
    run:
      base: go@1
      ports:
        - port: %d
          httpSupport: true
      start: ./bin/server
%s`
	tests := []struct {
		name    string
		port    int
		env     string
		verdict string
		says    string
	}{
		{"8080 declared", 8080, "", "live", ""},
		{"3000 declared, no PORT", 3000, "", "build-failed|not-answering", "8080"},
		{"3000 declared, PORT 3000", 3000, "      envVariables:\n        PORT: \"3000\"\n", "live", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := map[string]string{
				"zerops.yml": strings.Replace(strings.Replace(yml, "%d", strconv.Itoa(tt.port), 1), "%s", tt.env, 1),
				"go.mod":     "module example.com/shop\n\ngo 1.22\n\nrequire github.com/gin-gonic/gin v1.10.0\n",
				"go.sum":     "github.com/gin-gonic/gin v1.10.0 h1:x=\n",
				"main.go":    "package main\n\nimport \"github.com/gin-gonic/gin\"\n\nfunc main() {\n\tr := gin.Default()\n\tr.GET(\"/\", func(c *gin.Context) { c.String(200, \"ok\") })\n\tr.Run()\n}\n",
			}
			target, files, _ := h.matchingTarget(t, files, nil)
			h.ownApp(t, files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": target}, "gin")
			answer := text(res)
			if v, _ := m["verdict"].(string); !strings.Contains("|"+tt.verdict+"|", "|"+v+"|") {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.verdict, answer)
			}
			if tt.says != "" && !strings.Contains(answer, tt.says) {
				t.Errorf("the answer lacks %q: %s", tt.says, answer)
			}
		})
	}
}
