package yamlcheck

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform/zeropsyml"
)

func TestShaper_ReportsAndGoesOn(t *testing.T) {
	t.Parallel()
	runFields := zeropsyml.Fields[0].Keys[3]
	if runFields.Key != "run" {
		t.Fatalf("field %q, want run", runFields.Key)
	}
	tests := []struct {
		name, doc string
		problems  []string // "path: problem" prefixes, in order
		bad       []string // paths refused, sorted
	}{
		{"unknown keys are errors", "start: x\nweird: 1\nports: [{port: 1}, {port: 3000, colour: red}]\n",
			[]string{"weird: unknown key", "ports[1].colour: unknown key"}, nil},
		{"wrong types", "start: [x]\nos: 1\nports: [{port: \"80\"}, {port: 3000, httpSupport: yes please}]\ninitCommands: npm start\n",
			[]string{"start: must be a string", "ports[0].port: must be a whole number", "ports[1].httpSupport: must be true or false", "initCommands: must be a list of commands"},
			[]string{"initCommands", "ports[0].port", "ports[1].httpSupport", "start"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var root any
			if err := yaml.Unmarshal([]byte(tt.doc), &root); err != nil {
				t.Fatal(err)
			}
			var c checker
			sh := shaper{c: &c, bad: badPaths{}}
			if _, ok := sh.mapping("", root, runFields.Keys); !ok {
				t.Fatal("a mapping was refused")
			}
			if len(c.errors) != len(tt.problems) {
				t.Fatalf("errors %v, want %d", c.errors, len(tt.problems))
			}
			for i, want := range tt.problems {
				if got := c.errors[i].String(); !strings.HasPrefix(got, want) || c.errors[i].Fix == "" {
					t.Errorf("error %d = %q, want %q… with a fix", i, got, want)
				}
			}
			if got := slices.Sorted(maps.Keys(sh.bad)); !slices.Equal(got, tt.bad) {
				t.Errorf("bad %v, want %v", got, tt.bad)
			}
		})
	}
}

func TestDecoder_UnknownKeysAsWarnings(t *testing.T) {
	t.Parallel()
	var root any
	if err := yaml.Unmarshal([]byte("cpuMode: SHARED\nweird: 1\nminRam: 0.5\n"), &root); err != nil {
		t.Fatal(err)
	}
	var c checker
	var v importVertical
	if !(decoder{c: &c, unknownAsWarning: true}).decode("", root, &v) {
		t.Fatal("a mapping did not decode")
	}
	if len(c.errors) != 0 || len(c.warnings) != 1 || !strings.HasPrefix(c.warnings[0].String(), "weird: unknown key") {
		t.Errorf("errors %v, warnings %v, want the unknown key warned", c.errors, c.warnings)
	}
	if v.CPUMode != "SHARED" || v.MinRAM != 0.5 || !v.Keys.has("minRam") {
		t.Errorf("decoded %+v", v)
	}
}

func TestValidate_ImportEveryProblemInOneAnswer(t *testing.T) {
	t.Parallel()
	doc := `services:
  - hostname: Bad_Name
    type: nodejs@22
  - hostname: db
    type: postgresql@16
  - hostname: cache
    type: valkey@7.2
    mode: SINGLE
  - hostname: app
    type: nodejs@22
    envVariables: {A: 1}
    minContainers: 0
    maxContainers: 11
    enableSubdomainAccess: "yes"
  - hostname: files
    type: object-storage
    objectStorageSize: 2
    mode: NON_HA
    objectStoragePolicy: open
  - hostname: api
    type: go@1
    verticalAutoscaling: {cpuMode: FAST, minRam: lots}
  - type: nodejs@22
  - hostname: api
`
	res, err := Validate(doc, KindImportYml)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Errors) != 12 { // a missing mode and service envVariables warn
		t.Fatalf("%d errors, want 12:\n%v", len(res.Errors), res.Errors)
	}
	if w := fmt.Sprint(res.Warnings); !strings.Contains(w, "services[3](app).envVariables") || !strings.Contains(w, "services[1](db).type") {
		t.Errorf("warnings %v lack the envVariables and the missing single/HA", res.Warnings)
	}
}
