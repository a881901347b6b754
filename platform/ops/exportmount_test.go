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
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// TestExport_MountFromTheConnections: an export of the platform's that
// leaves a runtime's mount out (whether the live export carries it the
// facts do not say) gets it back from the connections the service lists;
// one that has it keeps it as it is. When the services cannot be read,
// the answer says the mount (and the scaling) were not completed.
// The import's processes are ended at once (a signal), and searches do
// not lag: the test polled for the mount under a wall-clock deadline while
// the search index trailed the state by a second (DefaultSearchLag), so
// under load the export's service list could still miss what the poll had
// seen, and the mount was skipped without a word.
func TestExport_MountFromTheConnections(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, exported string
		listFails      bool // the service list fails while exporting
	}{
		{"left out", "", false},
		{"kept", "  mount: [files]\n", false},
		{"services unread", "", true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fake := fakeapi.StartTB(t, fakeapi.Options{ProcessDuration: time.Hour, SearchLag: -1}) // processes end when the test says
			c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: fake.URL(), Token: fake.Token()})
			if err != nil {
				t.Fatal(err)
			}
			ctx := context.Background()
			proj := ops.Project{Client: c, ID: fake.ProjectID()}
			if _, err := c.ImportServices(ctx, fake.ProjectID(), "services:\n  - hostname: files\n    type: shared-storage\n    mode: NON_HA\n"+
				"  - hostname: web\n    type: nodejs@22\n    buildFromGit: https://github.com/example/app\n    mount: [files]\n"); err != nil {
				t.Fatal(err)
			}
			fake.EndProcesses()
			if d, err := ops.Discover(ctx, proj, "web", false); err != nil || len(d.Services) != 1 || len(d.Services[0].Mounts) != 1 {
				t.Fatalf("web does not mount files once imported: %+v, %v", d, err)
			}
			body, _ := json.Marshal(map[string]string{"yaml": "services:\n- hostname: files\n  type: shared-storage\n  mode: NON_HA\n" +
				"- hostname: web\n  type: nodejs@22\n  buildFromGit: https://github.com/example/app\n" + tt.exported})
			fake.InjectFault(fakeapi.Fault{Method: "GET", PathPrefix: "/project/" + fake.ProjectID() + "/export", Status: 200, Body: string(body)})
			if tt.listFails {
				fake.InjectFault(fakeapi.Fault{Method: "POST", PathPrefix: "/service-stack/search", Status: 503})
			}
			res, err := ops.Export(ctx, proj, "")
			if err != nil {
				t.Fatal(err)
			}
			if tt.listFails {
				if strings.Contains(res.YAML, "mount:") || !strings.Contains(res.Note, "mount") || !strings.Contains(res.Note, "not completed") {
					t.Errorf("services unread: the export claims a mount, or the note %q does not say the mount was not completed:\n%s", res.Note, res.YAML)
				}
				return
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
