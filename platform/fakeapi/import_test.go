package fakeapi_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/types"
)

func TestImport_Rejections(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()
	svc := func(hostname, typ string) string {
		return "services:\n  - hostname: " + hostname + "\n    type: " + typ + "\n"
	}
	tests := []struct {
		name     string
		yaml     string
		fileCode string   // whole-file rejection (400)
		codes    []string // per-service codes, "" for success
	}{
		{"unparsable", "services: [\n  - {", "projectImportInvalidYaml", nil},
		{"project section", "project:\n  name: p\n" + svc("a", "nodejs@22"), "projectImportInvalidYaml", nil},
		{"no services", "services: []\n", "projectImportInvalidYaml", nil},
		{"services not a list", "services: nodejs\n", "projectImportInvalidYaml", nil},
		{"too large", svc("a", "nodejs@22") + "# " + strings.Repeat("x", 101<<10) + "\n", "projectImportInvalidYaml", nil},
		{"uppercase hostname", svc("Api", "nodejs@22"), "", []string{"serviceStackNameInvalid"}},
		{"dash in hostname", svc("my-api", "nodejs@22"), "", []string{"serviceStackNameInvalid"}},
		{"26 characters", svc("a"+strings.Repeat("b", 25), "nodejs@22"), "", []string{"serviceStackNameInvalid"}},
		{"25 characters", svc("a"+strings.Repeat("b", 24), "nodejs@22"), "", []string{""}},
		{"empty hostname", svc(`""`, "nodejs@22"), "", []string{"serviceStackNameInvalid"}},
		{"unknown type", svc("a", "cobol@1"), "serviceStackTypeNotFound", nil},
		{"unknown version", svc("a", "valkey@8"), "serviceStackTypeNotFound", nil},
		{"older listed version", svc("a", "nodejs@18"), "", []string{""}},
		{"alias and pinned versions", svc("a", "golang@1") + "  - hostname: b\n    type: php-apache@8.1\n  - hostname: c\n    type: nodejs@latest\n", "", []string{"", "", ""}},
		{"build-only version", svc("a", "php@8.4"), "serviceStackTypeNotFound", nil},
		{"malformed type", svc("a", "node js"), "serviceStackTypeNotFound", nil},
		{"new syntax", svc("a", "postgresql:single@18") + "  - hostname: b\n    type: ubuntu/python@3.14\n", "", []string{"", ""}},
		{"duplicate in file", svc("a", "nodejs@22") + "  - hostname: a\n    type: go@1\n", "", []string{"", "serviceStackNameUnavailable"}},
		{"duplicate in project", svc("db", "postgresql@16") + "    mode: NON_HA\n", "", []string{"serviceStackNameUnavailable"}},
		{"bad mode", svc("a", "postgresql@16") + "    mode: TRIPLE\n", "projectImportInvalidParameter", nil},
		{"mode contradicts type", svc("a", "postgresql:ha@16") + "    mode: NON_HA\n", "projectImportInvalidParameter", nil},
		{"zero containers", svc("a", "nodejs@22") + "    minContainers: 0\n", "projectImportInvalidParameter", nil},
		{"too many containers", svc("a", "nodejs@22") + "    maxContainers: 11\n", "projectImportInvalidParameter", nil},
		{"containers min above max", svc("a", "nodejs@22") + "    minContainers: 3\n    maxContainers: 2\n", "projectImportInvalidParameter", nil},
		{"containers in range", svc("a", "nodejs@22") + "    minContainers: 2\n    maxContainers: 4\n", "", []string{""}},
		{"containers on a database", svc("a", "postgresql@16") + "    mode: NON_HA\n    minContainers: 2\n", "projectImportInvalidParameter", nil},
		{"database without mode is single", svc("a", "postgresql@16"), "", []string{""}},
		{"object storage with mode", svc("a", "object-storage") + "    objectStorageSize: 1\n    mode: NON_HA\n", "projectImportInvalidParameter", nil},
		{"object storage without size", svc("a", "object-storage"), "projectImportMissingParameter", nil},
		{"object storage too large", svc("a", "object-storage") + "    objectStorageSize: 101\n", "projectImportInvalidParameter", nil},
		{"object storage with both policies", svc("a", "object-storage") + "    objectStorageSize: 1\n    objectStoragePolicy: private\n    objectStorageRawPolicy: '{}'\n", "", []string{""}}, // the facts do not say: accepted
		{"object storage custom without document", svc("a", "object-storage") + "    objectStorageSize: 1\n    objectStoragePolicy: custom\n", "", []string{""}},                               // the facts do not say: accepted
		{"object storage sized", svc("a", "object-storage") + "    objectStorageSize: 3\n    objectStoragePolicy: public-read\n", "", []string{""}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			// Each case gets its own project so successes do not collide.
			project := srv.ProjectID()
			if tc.name != "duplicate in project" {
				project = srv.AddProject(strings.ReplaceAll(tc.name, " ", ""))
			}
			r, err := h.PostProjectServiceStackImport(ctx, pid(project), body.ServiceStackImport{Yaml: types.Text(tc.yaml)})
			if tc.fileCode != "" {
				if code := apiCode(outErr(t, r.Output, err)); code != tc.fileCode {
					t.Fatalf("code %q, want %q", code, tc.fileCode)
				}
				return
			}
			res := out(t, r.Output, err)
			if len(res.ServiceStacks) != len(tc.codes) {
				t.Fatalf("%d services in answer, want %d", len(res.ServiceStacks), len(tc.codes))
			}
			for i, want := range tc.codes {
				got := ""
				if e := res.ServiceStacks[i].Error; e != nil {
					got = string(e.Code)
					if e.Message == "" {
						t.Errorf("service %d: error without message", i)
					}
				}
				if got != want {
					t.Errorf("service %d: code %q, want %q", i, got, want)
				}
			}
		})
	}
}

// TestImport_OverrideKeepsTheExistingRuntime: the import reference's
// override: true on the hostname of an existing runtime redeploys that
// runtime instead of refusing the hostname. The fake answers the existing
// service (same id, no error) and creates no second one; what the redeploy
// changes the facts do not say, so the service keeps its state and data.
// A managed service's hostname stays unavailable (override is for runtimes
// only), as does a taken hostname without override.
func TestImport_OverrideKeepsTheExistingRuntime(t *testing.T) {
	t.Parallel()
	svc := func(hostname, typ, extra string) string {
		return "services:\n  - hostname: " + hostname + "\n    type: " + typ + "\n" + extra
	}
	tests := []struct {
		name, yaml string
		code       string // the per-service error; "" accepted
		existing   bool   // the answer is the existing service, nothing created
	}{
		{"runtime", svc("appdev", "nodejs@22", "    override: true\n"), "", true},
		{"runtime of another type", svc("appstage", "go@1", "    override: true\n"), "", true},
		{"managed", svc("db", "postgresql@16", "    mode: NON_HA\n    override: true\n"), "serviceStackNameUnavailable", false},
		{"override false", svc("appdev", "nodejs@22", "    override: false\n"), "serviceStackNameUnavailable", false},
		{"free hostname", svc("fresh", "nodejs@22", "    override: true\n"), "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv, h := newSDK(t, fastOpts)
			ctx := context.Background()
			count := func() int {
				r, err := h.PostServiceStackSearch(ctx, filter([2]string{"projectId", srv.ProjectID()}))
				return len(out(t, r.Output, err).Items)
			}
			before := count()
			host := strings.Fields(tc.yaml)[3]
			oldID := srv.ServiceID(host)
			var oldStatus string
			if oldID != "" {
				oldStatus = string(getService(t, h, oldID).Status)
			}
			r, err := h.PostProjectServiceStackImport(ctx, pid(srv.ProjectID()), body.ServiceStackImport{Yaml: types.Text(tc.yaml)})
			res := out(t, r.Output, err)
			if len(res.ServiceStacks) != 1 {
				t.Fatalf("%d services in answer, want 1", len(res.ServiceStacks))
			}
			got := res.ServiceStacks[0]
			code := ""
			if got.Error != nil {
				code = string(got.Error.Code)
			}
			if code != tc.code {
				t.Fatalf("code %q, want %q", code, tc.code)
			}
			if !tc.existing {
				return
			}
			if string(got.Id) != oldID || string(got.Name) != host {
				t.Errorf("answered %s (%s), want the existing %s (%s)", got.Name, got.Id, host, oldID)
			}
			if n := count(); n != before {
				t.Errorf("%d services after the import, want %d", n, before)
			}
			if s := getService(t, h, oldID); string(s.Status) != oldStatus || string(s.ServiceStackTypeInfo.ServiceStackTypeVersionName) != "nodejs@22" {
				t.Errorf("the existing %s changed: %s %s, want %s nodejs@22", host, s.Status, s.ServiceStackTypeInfo.ServiceStackTypeVersionName, oldStatus)
			}
		})
	}
}
