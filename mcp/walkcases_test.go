package mcp_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
)

// importServices creates the services a walk test deploys to (an import
// YAML), failing the test when the import fails.
func importServices(t *testing.T, h *harness, content string) {
	t.Helper()
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": content}, "import"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
}

// runWalkCases deploys each case as an agent does an app of its own, in a
// sandbox of its own, in parallel: tc.services imported, tc.files written
// to the folder tc.dir under the work dir and pushed from there
// (workingDir) to tc.target; with no tc.dir, written in place of demoApp
// (ownApp) and pushed from appdev (sourceService); with tc.dir ".", written
// in place of demoApp and pushed from the work dir's absolute path. Each
// answer is checked against its case. The cases in tc.then deploy after it in the
// same project, their files written over the last ones.
func runWalkCases(t *testing.T, cases []deployCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			if tc.services != "" {
				importServices(t, h, tc.services)
			}
			wd := filepath.Join(h.workDir(t), tc.dir)
			args := map[string]any{"workingDir": tc.dir, "targetService": tc.target}
			switch tc.dir {
			case "":
				h.ownApp(t, nil)
				args = map[string]any{"sourceService": "appdev", "targetService": tc.target}
			case ".":
				args["workingDir"] = h.ownApp(t, nil)
			}
			for i, c := range append([]deployCase{tc}, tc.then...) {
				writeApp(t, wd, c.files)
				h.deployAndCheck(t, c, args, i)
			}
		})
	}
}

// deployAndCheck calls zerops_deploy with args (the i-th deploy of a
// case) and checks its answer against c, then zerops_verify's on the
// target when c names a verify verdict.
func (h *harness) deployAndCheck(t *testing.T, c deployCase, args map[string]any, i int) {
	t.Helper()
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, fmt.Sprintf("deploy%d", i))
	c.check(t, text(res), m)
	if c.verify != "" {
		vres, vm := h.call(t, "zerops_verify", map[string]any{"serviceHostname": args["targetService"]})
		c.checkVerify(t, text(vres), vm)
	}
}
