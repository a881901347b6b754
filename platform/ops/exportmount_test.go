package ops_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/ops"
)

// TestExport_MountFromTheConnections: an export of the platform's that
// leaves a runtime's mount out (whether the live export carries it the
// facts do not say) gets it back from the connections the service lists;
// one that has it keeps it as it is.
func TestExport_MountFromTheConnections(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, exported string
	}{
		{"left out", ""},
		{"kept", "  mount: [files]\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fake, c := newFake(t, time.Millisecond)
			ctx := context.Background()
			proj := ops.Project{Client: c, ID: fake.ProjectID()}
			if _, err := c.ImportServices(ctx, fake.ProjectID(), "services:\n  - hostname: files\n    type: shared-storage\n    mode: NON_HA\n"+
				"  - hostname: web\n    type: nodejs@22\n    buildFromGit: https://github.com/example/app\n    mount: [files]\n"); err != nil {
				t.Fatal(err)
			}
			deadline := time.Now().Add(10 * time.Second)
			for {
				d, err := ops.Discover(ctx, proj, "web", false)
				if err == nil && len(d.Services) == 1 && len(d.Services[0].Mounts) == 1 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("web never mounted files: %+v, %v", d, err)
				}
				time.Sleep(10 * time.Millisecond)
			}
			body, _ := json.Marshal(map[string]string{"yaml": "services:\n- hostname: files\n  type: shared-storage\n  mode: NON_HA\n" +
				"- hostname: web\n  type: nodejs@22\n  buildFromGit: https://github.com/example/app\n" + tt.exported})
			fake.InjectFault(fakeapi.Fault{Method: "GET", PathPrefix: "/project/" + fake.ProjectID() + "/export", Status: 200, Body: string(body)})
			res, err := ops.Export(ctx, proj, "")
			if err != nil {
				t.Fatal(err)
			}
			var doc struct {
				Services []map[string]any `yaml:"services"`
			}
			if err := yaml.Unmarshal([]byte(res.YAML), &doc); err != nil {
				t.Fatal(err)
			}
			for _, s := range doc.Services {
				got, _ := yaml.Marshal(s["mount"])
				switch want := map[string]string{"web": "- files\n", "files": "null\n"}[s["hostname"].(string)]; {
				case string(got) != want:
					t.Errorf("mount of %s = %q, want %q:\n%s", s["hostname"], got, want, res.YAML)
				}
			}
			if strings.Count(res.YAML, "mount:") != 1 {
				t.Errorf("the export names mount %d times, want once:\n%s", strings.Count(res.YAML, "mount:"), res.YAML)
			}
		})
	}
}
