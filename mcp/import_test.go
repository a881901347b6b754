package mcp_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

// issuesOf reads a list of {path, problem, fix} from a decoded answer.
func issuesOf(m map[string]any, key string) []map[string]string {
	list, _ := m[key].([]any)
	out := make([]map[string]string, 0, len(list))
	for _, x := range list {
		raw, _ := x.(map[string]any)
		is := map[string]string{}
		for k, v := range raw {
			is[k], _ = v.(string)
		}
		out = append(out, is)
	}
	return out
}

// importPath is the API path a real import posts to.
func importPath(h *harness) string { return "/project/" + h.fake.ProjectID() + "/service-stack/import" }

// TestImportDryRun_Rules runs every rule of the dry run through the real MCP
// client: the dry run answers valid: false with a {path, problem, fix} at the
// offending path, and the real import of the same file is refused before it
// reaches the API.
func TestImportDryRun_Rules(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	svc := func(lines ...string) string { return "services:\n  - " + strings.Join(lines, "\n    ") + "\n" }
	tests := []struct {
		name    string
		content string
		path    string // where the problem is; "" for a valid file
		fix     string // part of the fix
		warning bool   // the issue at path is a warning: the file stays valid
	}{
		{"ValidRuntime", svc("hostname: api", "type: nodejs@22"), "", "", false},
		{"ModeInType", svc("hostname: pg", "type: postgresql:single@16"), "", "", false},
		{"UnknownType", svc("hostname: kv", "type: redis@7"), "services[0](kv).type", "valkey@7.2", false},
		// Listed by the platform: an old version is not withdrawn.
		{"OldListedVersion", svc("hostname: api", "type: nodejs@18"), "", "", false},
		{"Alias", svc("hostname: api", "type: golang@1"), "", "", false},
		{"OSPrefixed", svc("hostname: api", "type: alpine/nodejs@22"), "", "", false},
		{"InventedVersion", svc("hostname: api", "type: nodejs@99"), "services[0](api).type", "nodejs@24", false},
		{"InventedBunVersion", svc("hostname: api", "type: bun@1"), "services[0](api).type", "bun@1.3", false},
		{"UbuntuOnlyOnAlpine", svc("hostname: api", "type: alpine/python@3.14"), "services[0](api).type", "set os: ubuntu", true},
		{"HostnameTaken", svc("hostname: appdev", "type: nodejs@22"), "services[0](appdev).hostname", "another hostname", false},
		{"ProjectSection", "project: {name: x}\n" + svc("hostname: api", "type: nodejs@22"), "project", "Remove the project", false},
		{"ServiceEnvVariables", svc("hostname: api", "type: nodejs@22", "envVariables: {A: 1}"), "services[0](api).envVariables", "run.envVariables", true},
		{"ManagedWithoutMode", svc("hostname: pg", "type: postgresql@16"), "services[0](pg).type", "postgresql:single@16", true},
		{"LegacyMode", svc("hostname: pg", "type: postgresql@16", "mode: NON_HA"), "", "", false},
		{"ObjectStorageMode", svc("hostname: files", "type: object-storage", "mode: NON_HA"), "services[0](files).mode", "Remove mode", false},
		{"BadMode", svc("hostname: pg", "type: postgresql@16", "mode: SINGLE"), "services[0](pg).mode", "NON_HA", false},
		{"BadHostname", svc("hostname: My_App", "type: nodejs@22"), "services[0].hostname", "myapp", false},
		{"MissingHostname", svc("type: nodejs@22"), "services[0].hostname", "at most 25 characters", false},
		{"Hostname25Characters", svc("hostname: a"+strings.Repeat("b", 24), "type: nodejs@22"), "", "", false},
		{"Hostname26Characters", svc("hostname: a"+strings.Repeat("b", 25), "type: nodejs@22"), "services[0].hostname", "25 characters in all", false},
		{"MissingType", svc("hostname: api"), "services[0](api).type", "nodejs@22", false},
		{"ContainersOutOfRange", svc("hostname: api", "type: nodejs@22", "minContainers: 20"), "services[0](api).minContainers", "1 to 10", false},
		{"MeilisearchHA", svc("hostname: search", "type: meilisearch:ha@1.20"), "services[0](search).type", "meilisearch:single@1.20", false},
		{"NoServices", "hello: world\n", "services", "List the services", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, m := h.call(t, "zerops_import", map[string]any{"content": tt.content, "dryRun": true})
			wantOK(t, res)
			if m["versionsChecked"] != true || m["hostnamesChecked"] != true {
				t.Errorf("a check did not run: %s", text(res))
			}
			problems := issuesOf(m, "problems")
			if tt.path == "" {
				if m["valid"] != true || len(problems) != 0 {
					t.Fatalf("valid file refused: %s", text(res))
				}
				return
			}
			if tt.warning {
				problems = issuesOf(m, "warnings")
			}
			if m["valid"] != tt.warning {
				t.Fatalf("valid = %v, want %v: %s", m["valid"], tt.warning, text(res))
			}
			found := false
			for _, p := range problems {
				if p["path"] == tt.path && strings.Contains(p["fix"], tt.fix) && p["problem"] != "" {
					found = true
				}
			}
			if !found {
				t.Errorf("no issue at %s with a fix naming %q: %s", tt.path, tt.fix, text(res))
			}
			if tt.warning { // a warning never refuses the import; not imported here
				return
			}
			res, m = h.call(t, "zerops_import", map[string]any{"content": tt.content})
			wantError(t, res, m, map[bool]string{true: platform.ErrImportHasProject, false: platform.ErrInvalidImportYml}[tt.path == "project"])
		})
	}
	t.Cleanup(func() {
		if n := h.fake.CountRequests("POST", importPath(h)); n != 0 {
			t.Errorf("%d refused imports reached the API", n)
		}
	})
}

// TestImportDryRun_AllProblemsAtOnce: one answer lists every problem of the
// file, with warnings apart; no check is skipped because another failed.
func TestImportDryRun_AllProblemsAtOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	content := "services:\n" +
		"  - hostname: cache\n    type: redis@7\n" +
		"  - hostname: api\n    type: nodejs@99\n    envVariables: {A: 1}\n    colour: blue\n" +
		"  - hostname: Bad_Name\n    type: postgresql@16\n"
	res, m := h.call(t, "zerops_import", map[string]any{"content": content, "dryRun": "true"})
	wantOK(t, res)
	var paths []string
	for _, p := range issuesOf(m, "problems") {
		paths = append(paths, p["path"])
	}
	// The schema refuses an unknown key; the dropped envVariables and the
	// missing single/HA choice are warnings.
	want := []string{"services[0](cache).hostname", "services[0](cache).type", "services[1](api).type",
		"services[1](api).colour", "services[2].hostname"}
	for _, w := range want {
		if !strings.Contains(strings.Join(paths, "\n"), w) {
			t.Errorf("problem at %s missing; got %q", w, paths)
		}
	}
	var warned []string
	for _, w := range issuesOf(m, "warnings") {
		warned = append(warned, w["path"])
	}
	for _, w := range []string{"services[1](api).envVariables", "services[2](Bad_Name).type"} {
		if !strings.Contains(strings.Join(warned, "\n"), w) {
			t.Errorf("warning at %s missing; got %q", w, warned)
		}
	}
	if m["valid"] != false {
		t.Errorf("valid = %v", m["valid"])
	}
}

// TestImportDryRun_ChecksThatCouldNotRun: with the catalog or the service
// list unreadable the answer says which checks did not run.
func TestImportDryRun_ChecksThatCouldNotRun(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, path, flag, next string
	}{
		{"CatalogDown", "/service-stack-type/search", "versionsChecked", "types and versions"},
		{"ServiceListDown", "/service-stack/search", "hostnamesChecked", "hostnames in use"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			h.fake.InjectFault(fakeapi.Fault{Method: "POST", PathPrefix: tt.path, Status: 503})
			res, m := h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: api\n    type: nodejs@99\n", "dryRun": true})
			wantOK(t, res)
			if m[tt.flag] != false || !strings.Contains(m["next"].(string), "Not checked: "+tt.next) {
				t.Errorf("answer does not say the check did not run: %s", text(res))
			}
			if tt.flag == "versionsChecked" && !strings.Contains(text(res), "versions could not be checked") {
				t.Errorf("no warning says the versions were not checked: %s", text(res))
			}
		})
	}
}
