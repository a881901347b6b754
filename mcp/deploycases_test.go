package mcp_test

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
)

// setupYml is a zerops.yml of one setup, appstage, as the walk tests
// deploy it: built on base with its build commands and deployFiles
// (build.envVariables when set), run on base on one HTTP port with
// run.envVariables and start.
type setupYml struct {
	base     string            // build.base and run.base
	build    []string          // build.buildCommands, one an item
	deploy   string            // build.deployFiles
	buildEnv map[string]string // build.envVariables
	port     int               // run.ports' one port (8080 when 0)
	env      map[string]string // run.envVariables
	start    string            // run.start
}

func (s setupYml) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "zerops:\n  - setup: appstage\n    build:\n      base: %s\n", s.base)
	if len(s.build) > 0 {
		b.WriteString("      buildCommands:\n")
		for _, c := range s.build {
			b.WriteString("        - " + c + "\n")
		}
	}
	fmt.Fprintf(&b, "      deployFiles: %s\n", s.deploy)
	yamlEnv(&b, s.buildEnv)
	fmt.Fprintf(&b, "    run:\n      base: %s\n", s.base)
	yamlEnv(&b, s.env)
	fmt.Fprintf(&b, "      ports:\n        - port: %d\n          httpSupport: true\n      start: %s\n", cmpOr(s.port, 8080), s.start)
	return b.String()
}

// yamlEnv writes env as an envVariables key under build or run.
func yamlEnv(b *strings.Builder, env map[string]string) {
	if len(env) == 0 {
		return
	}
	b.WriteString("      envVariables:\n")
	for _, k := range slices.Sorted(maps.Keys(env)) {
		fmt.Fprintf(b, "        %s: %q\n", k, env[k])
	}
}

func cmpOr(n, d int) int {
	if n == 0 {
		return d
	}
	return n
}

// deployCase is one deploy of a walk test: the app (zerops.yml among its
// files) deployed to the service of its runtime (matchingTarget), the
// verdict the answer gives ("a|b": either) and words it holds or lacks,
// and zerops_verify's verdict after it; then, in the same project, the
// deploys after it (a fix applied). runWalkCases deploys it as an agent
// does from a folder of its own: services imported, the app written to
// dir, pushed with workingDir to target.
type deployCase struct {
	name     string
	services string // runWalkCases: zerops_import's YAML first; "": none
	dir      string // runWalkCases: the app's folder under the work dir ("": appdev's; ".": the work dir)
	target   string // runWalkCases: targetService
	files    map[string]string
	verdict  string   // "": not checked
	says     []string // in the answer
	once     []string // in the answer exactly once (a fix stated once)
	next     []string // in its step: next, or a failed deploy's suggestion
	reason   []string // in check.reason
	signal   string   // check's first diagnosis' signal; "": not checked
	lacks    []string // nowhere in the answer, nor in zerops_verify's
	verify   string   // zerops_verify's verdict on the target; "": not called
	then     []deployCase
	// and checks what the fields above cannot say of the answer (its
	// text and decoded map); nil: nothing more.
	and func(t *testing.T, answer string, m map[string]any)
}

// runDeployCases deploys each case in a sandbox of its own, in parallel,
// and checks each answer against its case.
func runDeployCases(t *testing.T, cases []deployCase) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			target, files, _ := h.matchingTarget(t, tc.files, nil)
			wd := h.ownApp(t, files)
			for i, c := range append([]deployCase{tc}, tc.then...) {
				if i > 0 { // its files over the last ones, its setup the target's
					files = maps.Clone(c.files)
					files["zerops.yml"] = strings.ReplaceAll(files["zerops.yml"], "setup: appstage", "setup: "+target)
					writeApp(t, wd, files)
				}
				h.deployAndCheck(t, c, map[string]any{"sourceService": "appdev", "targetService": target}, i)
			}
		})
	}
}

// check checks a deploy's answer (its text and decoded map) against c.
func (c deployCase) check(t *testing.T, answer string, m map[string]any) {
	t.Helper()
	if v, _ := m["verdict"].(string); c.verdict != "" && !slices.Contains(strings.Split(c.verdict, "|"), v) {
		t.Fatalf("%s: verdict %v, want %s: %s", c.name, m["verdict"], c.verdict, answer)
	}
	step := str(m["next"])
	if m["suggestion"] != nil {
		step = str(m["suggestion"])
	}
	check, _ := m["check"].(map[string]any)
	for _, w := range []struct {
		where, text string
		want        []string
	}{{"the answer", answer, c.says}, {"its step", step, c.next}, {"check.reason", str(check["reason"]), c.reason}} {
		for _, s := range w.want {
			if !strings.Contains(w.text, s) {
				t.Errorf("%s: %s lacks %q: %s", c.name, w.where, s, answer)
			}
		}
	}
	for _, s := range c.once {
		if n := strings.Count(answer, s); n != 1 {
			t.Errorf("%s: the answer has %q %d times, want once: %s", c.name, s, n, answer)
		}
	}
	if d := firstDiagnosis(check["diagnoses"]); c.signal != "" && d["signal"] != c.signal {
		t.Errorf("%s: first diagnosis %v, want %s: %s", c.name, d, c.signal, answer)
	}
	for _, s := range c.lacks {
		if strings.Contains(answer, s) {
			t.Errorf("%s: the answer has %q: %s", c.name, s, answer)
		}
	}
	if c.and != nil {
		c.and(t, answer, m)
	}
}

// checkVerify checks zerops_verify's answer (its text and decoded map)
// after the deploy of c.
func (c deployCase) checkVerify(t *testing.T, answer string, m map[string]any) {
	t.Helper()
	if m["verdict"] != c.verify {
		t.Errorf("%s: zerops_verify verdict %v, want %s: %s", c.name, m["verdict"], c.verify, answer)
	}
	for _, s := range c.lacks {
		if strings.Contains(answer, s) {
			t.Errorf("%s: zerops_verify's answer has %q: %s", c.name, s, answer)
		}
	}
}
