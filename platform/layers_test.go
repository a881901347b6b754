package platform_test

import (
	"os/exec"
	"strings"
	"testing"
)

// layer is what a package (and every package under it) may depend on,
// transitively; "platform/..." is platform and everything under it.
type layer struct {
	pkg     string
	allowed []string
}

// layers are the import directions written in doc.go; the longest matching
// pkg wins, and a ZCP package under none of them fails the test.
var layers = []layer{
	{"platform", []string{"platform/editdist"}},
	{"platform/...", []string{"platform/..."}},
	{"platform/zeropsapi", []string{"platform", "platform/editdist"}},
	{"platform/zeropsyml", nil},
	{"platform/lazyregexp", nil},
	{"platform/editdist", nil},
	{"platform/schema", []string{"platform", "platform/editdist"}},
	{"platform/yamlcheck", []string{"platform", "platform/zeropsyml", "platform/schema", "platform/editdist"}},
	{"platform/appsim", []string{"platform", "platform/zeropsyml", "platform/lazyregexp", "platform/editdist"}},
	{"platform/fakeapi", []string{"platform", "platform/zeropsyml", "platform/appsim", "platform/lazyregexp", "platform/editdist"}},
	{"platform/diagnose", []string{"platform/lazyregexp", "platform/editdist"}},
	{"platform/policy", []string{"platform", "platform/editdist"}},
	{"platform/auth", []string{"platform", "platform/zeropsapi", "platform/editdist"}},
	{"platform/ops", []string{"platform", "platform/yamlcheck", "platform/schema", "platform/diagnose", "platform/zeropsyml", "platform/lazyregexp", "platform/editdist"}},
	{"deploy/...", []string{"platform/...", "deploy/..."}},
	{"knowledge/...", []string{"platform/...", "knowledge/..."}},
	{"actors/...", []string{"platform/...", "knowledge/...", "actors/..."}},
	{"mcp/...", []string{"platform/...", "knowledge/...", "actors/...", "deploy/...", "mcp/..."}},
	{"supervisor/...", []string{"platform/...", "knowledge/...", "actors/...", "deploy/...", "mcp/...", "supervisor/..."}},
	{"cmd/...", []string{"platform/...", "knowledge/...", "actors/...", "deploy/...", "mcp/...", "supervisor/...", "cmd/..."}},
}

const module = "github.com/zeropsio/zcp/"

// matches reports whether rel (a path under the module) is pattern or, for
// "x/...", x or under it.
func matches(pattern, rel string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return rel == base || strings.HasPrefix(rel, base+"/")
	}
	return rel == pattern
}

// ruleFor returns the layer of rel: its own, else the deepest "x/..." over it.
func ruleFor(rel string) (layer, bool) {
	var best layer
	found := false
	for _, l := range layers {
		switch {
		case l.pkg == rel:
			return l, true
		case matches(l.pkg, rel) && (!found || len(l.pkg) > len(best.pkg)):
			best, found = l, true
		}
	}
	return best, found
}

// violations checks one package's ZCP dependencies against its layer.
func violations(rel string, deps []string) []string {
	l, ok := ruleFor(rel)
	if !ok {
		return []string{rel + " is in no layer: add it to layers and to platform/doc.go"}
	}
	var out []string
	for _, d := range deps {
		allowed := false
		for _, a := range l.allowed {
			allowed = allowed || matches(a, d)
		}
		if !allowed {
			out = append(out, rel+" imports "+d)
		}
	}
	return out
}

func TestLayers_ImportDirections(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command")
	}
	// -deps with Deps in the template: each package with its transitive imports.
	out, err := exec.Command("go", "list", "-f", "{{.ImportPath}}{{range .Deps}} {{.}}{{end}}", module+"...").CombinedOutput()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, out)
	}
	seen := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		rel, ok := strings.CutPrefix(fields[0], module)
		if !ok {
			continue
		}
		seen++
		var deps []string
		for _, d := range fields[1:] {
			if r, ok := strings.CutPrefix(d, module); ok {
				deps = append(deps, r)
			}
		}
		for _, v := range violations(rel, deps) {
			t.Error(v)
		}
	}
	if seen < 10 {
		t.Fatalf("go list saw %d ZCP packages, want the whole module", seen)
	}
}

func TestLayers_RulesCatchUpwardImports(t *testing.T) {
	t.Parallel()
	tests := []struct {
		pkg  string
		deps []string
		bad  bool
	}{
		{"platform", nil, false},
		{"platform", []string{"platform/zeropsapi"}, true},
		{"platform/ops", []string{"platform", "platform/yamlcheck"}, false},
		{"platform/ops", []string{"deploy"}, true},
		{"platform/ops", []string{"platform/zeropsapi"}, true},
		{"platform/other", []string{"platform/ops", "platform"}, false},
		{"platform/other", []string{"mcp"}, true},
		{"platform/diagnose", []string{"platform"}, true},
		{"platform/yamlcheck", []string{"knowledge"}, true},
		{"platform/zeropsyml", []string{"platform"}, true},
		{"platform/fakeapi", []string{"platform", "platform/zeropsyml"}, false},
		{"platform/appsim", []string{"platform/fakeapi"}, true},
		{"platform/fakeapi", []string{"platform/appsim"}, false},
		{"deploy", []string{"platform/ops", "deploy/sshdtest"}, false},
		{"deploy", []string{"actors"}, true},
		{"actors", []string{"platform", "knowledge"}, false},
		{"actors", []string{"mcp"}, true},
		{"mcp", []string{"supervisor"}, true},
		{"supervisor", []string{"cmd/zcp"}, true},
		{"tools", nil, true},
	}
	for _, tt := range tests {
		if got := violations(tt.pkg, tt.deps); (len(got) > 0) != tt.bad {
			t.Errorf("violations(%s, %v) = %v, want bad=%v", tt.pkg, tt.deps, got, tt.bad)
		}
	}
}
