package ops_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/ops"
)

// TestExport_MasksSecretsOfEveryShape: whatever shape the platform's export
// gives envSecrets or dotEnvSecrets (a map, a list of KEY=value, a list of
// maps, one dotenv text, an alias), no value comes out, and each key is named
// to fill in.
func TestExport_MasksSecretsOfEveryShape(t *testing.T) {
	t.Parallel()
	const secret = "s3cr3t-never-shown"
	for _, tt := range []struct {
		name, services string
		keys           []string
	}{
		{"map", "  envSecrets:\n    API_KEY: " + secret + "1\n    B: " + secret + "2\n", []string{"API_KEY", "B"}},
		{"list of KEY=value", "  envSecrets:\n    - API_KEY=" + secret + "1\n    - B=" + secret + "2\n", []string{"API_KEY", "B"}},
		{"flow list", "  envSecrets: [\"API_KEY=" + secret + "1\"]\n", []string{"API_KEY"}},
		{"list of maps", "  envSecrets:\n    - API_KEY: " + secret + "1\n    - {B: " + secret + "2}\n", []string{"API_KEY", "B"}},
		{"list item without =", "  envSecrets:\n    - " + secret + "1\n", []string{"envSecrets[0]"}},
		{"dotenv text", "  envSecrets: |\n    API_KEY=" + secret + "1\n    B=" + secret + "2\n", []string{"API_KEY", "B"}},
		{"dotEnvSecrets list", "  dotEnvSecrets:\n    - API_KEY=" + secret + "1\n", []string{"API_KEY"}},
		{"dotEnvSecrets map", "  dotEnvSecrets:\n    API_KEY: " + secret + "1\n", []string{"API_KEY"}},
		{"nested value", "  envSecrets:\n    API_KEY: [" + secret + "1, {x: " + secret + "2}]\n", []string{"API_KEY"}},
		{"empty", "  envSecrets:\n", nil},
		{"alias", "  envSecrets: *s\n", []string{"API_KEY"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fake, c := newFake(t, 0)
			body, _ := json.Marshal(map[string]string{"yaml": "project:\n  name: demo\n  envVariables: &s\n    API_KEY: " + secret + "1\nservices:\n- hostname: app\n  type: nodejs@22\n" + tt.services})
			fake.InjectFault(fakeapi.Fault{Method: "GET", PathPrefix: "/project/", Status: 200, Body: string(body)})
			res, err := ops.Export(context.Background(), ops.Project{Client: c, ID: fake.ProjectID()}, "")
			if err != nil {
				t.Fatal(err)
			}
			if strings.Contains(res.YAML, secret) || strings.Contains(said(res.Next), secret) {
				t.Fatalf("the export holds a secret value:\n%s", res.YAML)
			}
			var want []string
			for _, k := range tt.keys {
				want = append(want, "app."+k)
				if !strings.Contains(res.YAML, ops.Placeholder(k)) && !strings.Contains(res.YAML, ops.Placeholder("app."+k)) {
					t.Errorf("no placeholder for %s:\n%s", k, res.YAML)
				}
			}
			if !slices.Equal(res.Secrets, want) {
				t.Errorf("secrets named %v, want %v", res.Secrets, want)
			}
		})
	}
}
