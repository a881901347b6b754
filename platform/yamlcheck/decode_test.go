package yamlcheck

import (
	"fmt"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

func TestDecoder_ReportsAndGoesOn(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, doc string
		warn      bool
		problems  []string // "path: problem" prefixes, in order
		port      int      // ports[1].port decoded despite the problems
	}{
		{"unknown keys are errors", "start: x\nweird: 1\nports: [{port: 1}, {port: 3000, colour: red}]\n", false,
			[]string{"weird: unknown key", "ports[1].colour: unknown key"}, 3000},
		{"unknown keys as warnings", "start: x\nweird: 1\nports: [{port: 1}, {port: 3000}]\n", true, nil, 3000},
		{"wrong types", "start: [x]\nos: 1\nports: [{port: \"80\"}, {port: 3000, httpSupport: yes please}]\n", false,
			[]string{"start: must be a string", "ports[0].port: must be a whole number", "ports[1].httpSupport: must be true or false"}, 3000},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var root any
			if err := yaml.Unmarshal([]byte(tt.doc), &root); err != nil {
				t.Fatal(err)
			}
			var c checker
			var r zeropsRun
			if !(decoder{c: &c, unknownAsWarning: tt.warn}).decode("", root, &r) {
				t.Fatal("a mapping did not decode")
			}
			if len(c.errors) != len(tt.problems) {
				t.Fatalf("errors %v, want %d", c.errors, len(tt.problems))
			}
			for i, want := range tt.problems {
				if got := c.errors[i].String(); !strings.HasPrefix(got, want) || c.errors[i].Fix == "" {
					t.Errorf("error %d = %q, want %q… with a fix", i, got, want)
				}
			}
			if tt.warn && len(c.warnings) != 1 {
				t.Errorf("warnings %v, want the unknown key", c.warnings)
			}
			if len(r.Ports) != 2 || r.Ports[1].Port != tt.port || !r.Keys.has("ports") {
				t.Errorf("ports = %+v", r.Ports)
			}
		})
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
