//go:build unix

package mcp_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// In the sandbox, zerops_deploy uploads ZCP's working directory and nothing
// beyond it: a working directory linking out is refused before anything is
// uploaded, a FIFO does not stall the call, and hard links to one big file
// stop the upload at its total, the answer naming the limit.
func TestDeploy_SandboxUploadConfinedAndBounded(t *testing.T) {
	t.Parallel()
	// deploy calls zerops_deploy with a deadline of its own.
	deploy := func(t *testing.T, h *harness, args map[string]any) (map[string]any, bool) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		res, m := h.callWith(t, ctx, "zerops_deploy", args, nil)
		if res.IsError {
			return m, false
		}
		return m, true
	}
	ssh := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	t.Run("working directory links out", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, harnessOpts{sandboxPush: true})
		wd, outside := h.workDir(t), t.TempDir()
		mustDo(t, os.WriteFile(filepath.Join(outside, "secret.txt"), []byte("token"), 0o600))
		mustDo(t, os.Symlink(filepath.Join(wd, "zerops.yml"), filepath.Join(outside, "zerops.yml")))
		mustDo(t, os.Symlink(outside, filepath.Join(wd, "app")))
		for _, args := range []map[string]any{
			{"sourceService": "appdev", "targetService": "appstage", "workingDir": "/var/www/app"},
			{"targetService": "appstage", "workingDir": "app"},
		} {
			m, ok := deploy(t, h, args)
			if ok || m["code"] != platform.ErrPathTraversal {
				t.Errorf("%v: %v, want PATH_TRAVERSAL", args, m)
			}
		}
		if n := h.fake.CountRequests("PUT", "/app-version/"); n != 0 {
			t.Errorf("%d uploads from a working directory outside the tree", n)
		}
	})
	t.Run("FIFO in the tree", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, harnessOpts{sandboxPush: true})
		mustDo(t, syscall.Mkfifo(filepath.Join(h.workDir(t), "pipe"), 0o644))
		if m, ok := deploy(t, h, ssh); !ok {
			t.Errorf("a FIFO in the tree failed the deploy: %v", m)
		}
	})
	t.Run("hard links past the total", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, harnessOpts{sandboxPush: true})
		big := filepath.Join(h.workDir(t), "big.bin")
		mustDo(t, os.WriteFile(big, []byte(strings.Repeat("x", 1<<20)), 0o644))
		for i := range 150 {
			mustDo(t, os.Link(big, filepath.Join(h.workDir(t), fmt.Sprintf("big%03d.bin", i))))
		}
		m, ok := deploy(t, h, ssh)
		msg, _ := m["error"].(string)
		if ok || m["code"] != platform.ErrFileTooLarge || !strings.Contains(msg, "32 MiB") || !strings.Contains(msg, ".bin") {
			t.Errorf("%v, want FILE_TOO_LARGE naming the 32 MiB limit and the file", m)
		}
		if n := h.fake.CountRequests("PUT", "/app-version/"); n != 0 {
			t.Errorf("%d uploads past the limit", n)
		}
	})
}

func mustDo(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
