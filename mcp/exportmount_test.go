package mcp_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform/ops"
)

// TestExport_KeepsSharedStorageMount: a runtime imported with mount: [files]
// (and buildFromGit, which the import reference requires for a mount) is
// connected to the shared storage; zerops_discover shows it, zerops_export
// keeps it, and the export imported into another project connects the new
// runtime to the new storage. Walk 11: the sandbox's import dropped the
// mount and the export lost it. A mount without buildFromGit is not
// connected (the shared-storage guide: a runtime waiting for code at
// import does not pick it up): the import warns, naming buildFromGit, and
// nothing shows a mount that is not there.
func TestExport_KeepsSharedStorageMount(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, source string
		mounted      bool
	}{
		{"with buildFromGit", "    buildFromGit: https://github.com/example/app\n", true},
		{"without code", "    startWithoutCode: true\n", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			ctx := context.Background()
			yml := "services:\n  - hostname: files\n    type: shared-storage\n    mode: NON_HA\n" +
				"  - hostname: web\n    type: nodejs@22\n" + tc.source + "    mount:\n      - files\n"
			res, m := h.callWith(t, ctx, "zerops_import", map[string]any{"content": yml}, "imp")
			wantOK(t, res)
			if warned := strings.Contains(fmt.Sprint(m["warnings"]), "buildFromGit"); warned == tc.mounted {
				t.Errorf("import warns of buildFromGit: %v, want %v: %s", warned, !tc.mounted, text(res))
			}

			res, m = h.call(t, "zerops_discover", map[string]any{"serviceHostname": "web"})
			wantOK(t, res)
			svc := m["services"].([]any)[0].(map[string]any)
			if got := fmt.Sprint(svc["mounts"]); (got == "[files]") != tc.mounted {
				t.Errorf("discover's mounts of web = %s, mounted %v: %s", got, tc.mounted, text(res))
			}

			res, m = h.call(t, "zerops_export", map[string]any{})
			wantOK(t, res)
			var doc struct {
				Services []struct {
					Hostname     string   `yaml:"hostname"`
					BuildFromGit string   `yaml:"buildFromGit"`
					Mount        []string `yaml:"mount"`
				} `yaml:"services"`
			}
			if err := yaml.Unmarshal([]byte(m["yaml"].(string)), &doc); err != nil {
				t.Fatalf("export: %v", err)
			}
			i := slices.IndexFunc(doc.Services, func(s struct {
				Hostname     string   `yaml:"hostname"`
				BuildFromGit string   `yaml:"buildFromGit"`
				Mount        []string `yaml:"mount"`
			}) bool {
				return s.Hostname == "web"
			})
			if i < 0 {
				t.Fatalf("the export lacks web: %s", m["yaml"])
			}
			// Walk 12 asked for shared-storage:single, a form the platform
			// does not publish (its docs list only type: shared-storage).
			if y := m["yaml"].(string); !strings.Contains(y, "type: shared-storage\n") || !strings.Contains(y, "mode: NON_HA") {
				t.Errorf("the export does not keep the storage's published type and its mode:\n%s", y)
			}
			if got := doc.Services[i].Mount; slices.Equal(got, []string{"files"}) != tc.mounted {
				t.Fatalf("the export's mount of web = %v, mounted %v:\n%s", got, tc.mounted, m["yaml"])
			}
			if !tc.mounted {
				return
			}
			// The export re-imports to the same project: the new runtime mounts the new storage.
			fresh := h.fake.AddProject("fresh")
			proj := ops.Project{Client: h.client, ID: fresh}
			if _, err := h.client.ImportServices(ctx, fresh, m["yaml"].(string)); err != nil {
				t.Fatalf("re-import: %v", err)
			}
			await(t, "web mounts files in the new project", func() bool {
				d, err := ops.Discover(ctx, proj, "web", false)
				return err == nil && len(d.Services) == 1 && slices.Equal(d.Services[0].Mounts, []string{"files"})
			})
		})
	}
}
