package mcp_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// The import reference documents a service key override (boolean, default
// false, "only works for runtime services"): an existing runtime with the
// import's hostname is kept and redeployed instead of refused. These tests
// run zerops_import's dry run and real import through MCP against the fake.

// serviceCount is how many services zerops_discover lists, and how many of
// them are named hostname.
func serviceCount(t *testing.T, h *harness, hostname string) (all, named int) {
	t.Helper()
	for host := range discovered(t, h) {
		all++
		if host == hostname {
			named++
		}
	}
	return all, named
}

// TestImportOverride_RuntimeIsRedeployedNotRefused: override: true on the
// hostname of an existing runtime of the same type is no problem; the dry
// run and the import say the service is kept and redeployed, and the
// import creates no second service (the existing one answers, same id).
func TestImportOverride_RuntimeIsRedeployedNotRefused(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	content := "services:\n  - hostname: appdev\n    type: nodejs@22\n    zeropsSetup: appdev\n    override: true\n"
	before, _ := serviceCount(t, h, "appdev")

	res, m := h.call(t, "zerops_import", map[string]any{"content": content, "dryRun": true})
	wantOK(t, res)
	if m["valid"] != true || len(issuesOf(m, "problems")) != 0 || len(issuesOf(m, "warnings")) != 0 {
		t.Fatalf("override of an existing runtime is not a clean dry run: %s", text(res))
	}
	checkOverrideSaid(t, "dry run", m)

	res, m = h.call(t, "zerops_import", map[string]any{"content": content})
	wantOK(t, res)
	svcs, _ := m["services"].([]any)
	if len(svcs) != 1 {
		t.Fatalf("want one service in the answer: %s", text(res))
	}
	got, _ := svcs[0].(map[string]any)
	if got["id"] != h.fake.ServiceID("appdev") || got["error"] != nil {
		t.Errorf("the answer does not name the existing appdev (%s): %s", h.fake.ServiceID("appdev"), text(res))
	}
	checkOverrideSaid(t, "import", m)
	if all, named := serviceCount(t, h, "appdev"); all != before || named != 1 {
		t.Errorf("after the import: %d services (%d named appdev), want %d (one appdev)", all, named, before)
	}
}

// checkOverrideSaid: the answer marks appdev as overridden and its next
// step says plainly that the existing service is kept and redeployed, as
// the import reference says, and that the reference says no more.
func checkOverrideSaid(t *testing.T, what string, m map[string]any) {
	t.Helper()
	svcs, _ := m["services"].([]any)
	marked := false
	for _, s := range svcs {
		if sv, _ := s.(map[string]any); sv["hostname"] == "appdev" && sv["override"] == true {
			marked = true
		}
	}
	if !marked {
		t.Errorf("%s: appdev is not marked override: %v", what, m["services"])
	}
	next := str(m["next"])
	for _, w := range []string{"appdev", "override: true", "redeploy", "existing", "import reference"} {
		if !strings.Contains(next, w) {
			t.Errorf("%s: next lacks %q: %s", what, w, next)
		}
	}
	if strings.Contains(next, "zerops_deploy") || strings.Contains(strings.ToLower(next), "delete") {
		t.Errorf("%s: next sends the agent to deploy or delete the overridden service: %s", what, next)
	}
}

// TestImportOverride_ManagedStaysRefused: the docs say override works for
// runtimes only, so a taken hostname of a managed service stays refused,
// with a fix that says so; the real import never reaches the API.
func TestImportOverride_ManagedStaysRefused(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	content := "services:\n  - hostname: db\n    type: postgresql:single@16\n    override: true\n"
	res, m := h.call(t, "zerops_import", map[string]any{"content": content, "dryRun": true})
	wantOK(t, res)
	if m["valid"] != false {
		t.Fatalf("override of a managed service accepted: %s", text(res))
	}
	found := false
	for _, p := range issuesOf(m, "problems") {
		if p["path"] == "services[0](db).hostname" && strings.Contains(p["fix"], "override") && strings.Contains(p["fix"], "runtime") {
			found = true
		}
	}
	if !found {
		t.Errorf("no problem at db's hostname whose fix says override is for runtimes only: %s", text(res))
	}
	res, m = h.call(t, "zerops_import", map[string]any{"content": content})
	wantError(t, res, m, platform.ErrInvalidImportYml)
	if !strings.Contains(str(m["error"]), "runtime") {
		t.Errorf("the refusal does not say override is for runtimes: %s", text(res))
	}
	if n := h.fake.CountRequests("POST", importPath(h)); n != 0 {
		t.Errorf("%d refused imports reached the API", n)
	}
}

// TestImportOverride_OtherTypeWarns: whether override replaces a runtime
// with one of another type is not documented: the import is not refused,
// a warning names both types, and no second service is created.
func TestImportOverride_OtherTypeWarns(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, typ string
	}{
		{"OtherKind", "go@1"},
		{"OtherVersion", "nodejs@20"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			content := "services:\n  - hostname: appstage\n    type: " + tt.typ + "\n    override: true\n"
			before, _ := serviceCount(t, h, "appstage")
			res, m := h.call(t, "zerops_import", map[string]any{"content": content, "dryRun": true})
			wantOK(t, res)
			if m["valid"] != true || len(issuesOf(m, "problems")) != 0 {
				t.Fatalf("override with another type refused: %s", text(res))
			}
			found := false
			for _, w := range issuesOf(m, "warnings") {
				if strings.HasPrefix(w["path"], "services[0](appstage)") && strings.Contains(w["problem"], "nodejs@22") &&
					strings.Contains(w["problem"], tt.typ) && w["fix"] != "" {
					found = true
				}
			}
			if !found {
				t.Errorf("no warning naming nodejs@22 and %s: %s", tt.typ, text(res))
			}
			res, _ = h.call(t, "zerops_import", map[string]any{"content": content})
			wantOK(t, res)
			if all, named := serviceCount(t, h, "appstage"); all != before || named != 1 {
				t.Errorf("after the import: %d services (%d named appstage), want %d (one appstage)", all, named, before)
			}
		})
	}
}

// TestImportOverride_WithoutItTheHostnameStaysTaken: without override (or
// with override: false) a taken hostname is refused as before, and for a
// runtime with buildFromGit the fix names override: true; for a managed
// service it does not (override is for runtimes only), nor for a runtime
// without code, as an export gives (walk 74: "redeploy the existing
// runtime appdev from this import" for YAML that carries no code).
func TestImportOverride_WithoutItTheHostnameStaysTaken(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	tests := []struct {
		name, content, path string
		override            bool // the fix names override: true
	}{
		{"RuntimeNoKey", "services:\n  - hostname: appdev\n    type: nodejs@22\n    buildFromGit: https://github.com/zeropsio/recipe-nodejs\n", "services[0](appdev).hostname", true},
		{"RuntimeFalse", "services:\n  - hostname: appdev\n    type: nodejs@22\n    buildFromGit: https://github.com/zeropsio/recipe-nodejs\n    override: false\n", "services[0](appdev).hostname", true},
		{"RuntimeNoCode", "services:\n  - hostname: appdev\n    type: nodejs@22\n    minContainers: 1\n", "services[0](appdev).hostname", false},
		{"Managed", "services:\n  - hostname: cache\n    type: valkey:single@7.2\n", "services[0](cache).hostname", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, m := h.call(t, "zerops_import", map[string]any{"content": tt.content, "dryRun": true})
			wantOK(t, res)
			fix := ""
			for _, p := range issuesOf(m, "problems") {
				if p["path"] == tt.path {
					fix = p["fix"]
				}
			}
			if m["valid"] != false || fix == "" {
				t.Fatalf("the taken hostname is not refused: %s", text(res))
			}
			if strings.Contains(fix, "override: true") != tt.override {
				t.Errorf("fix names override: true = %v, want %v: %s", !tt.override, tt.override, fix)
			}
			res, m = h.call(t, "zerops_import", map[string]any{"content": tt.content})
			wantError(t, res, m, platform.ErrInvalidImportYml)
			if tt.name != "Managed" && strings.Contains(text(res), "override: true") != tt.override {
				t.Errorf("the refusal names override: true = %v, want %v: %s", !tt.override, tt.override, text(res))
			}
		})
	}
	t.Cleanup(func() {
		if n := h.fake.CountRequests("POST", importPath(h)); n != 0 {
			t.Errorf("%d refused imports reached the API", n)
		}
	})
}
