package yamlcheck_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/yamlcheck"
)

func TestValidate_UnknownKeyNamesTheNearMatch(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, kind, content, path, want string
		warning                         bool
	}{
		{"missing plural", "zerops.yml", "zerops:\n  - setup: a\n    build: {base: nodejs@22, deployFiles: ./, buildCommand: [npm ci]}\n    run: {start: x}\n", "zerops[0].build.buildCommand", "Did you mean buildCommands?", false},
		{"port for ports", "zerops.yml", "zerops:\n  - setup: a\n    run: {base: nodejs@22, start: x, port: [{port: 3000}]}\n", "zerops[0].run.port", "Did you mean ports?", false},
		{"typo", "zerops.yml", "zerops:\n  - setup: a\n    run: {base: nodejs@22, strt: x}\n", "zerops[0].run.strt", "Did you mean start?", false},
		{"import singular", "import.yml", "services:\n  - hostname: app\n    type: nodejs@22\n    minContainer: 2\n", "services[0](app).minContainer", "Did you mean minContainers?", true},
		{"import prefix", "import.yml", "services:\n  - hostname: app\n    type: nodejs@22\n    enableSubdomain: true\n", "services[0](app).enableSubdomain", "Did you mean enableSubdomainAccess?", true},
		{"import case", "import.yml", "services:\n  - hostname: app\n    type: nodejs@22\n    verticalAutoscaling: {minCPU: 2}\n", "services[0](app).verticalAutoscaling.minCPU", "Did you mean minCpu?", true},
		{"nothing near", "import.yml", "services:\n  - hostname: app\n    type: nodejs@22\n    colour: blue\n", "services[0](app).colour", "use one of: hostname, type", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := yamlcheck.Validate(tt.content, tt.kind)
			if err != nil {
				t.Fatal(err)
			}
			list := res.Errors
			if tt.warning {
				list = res.Warnings
			}
			i := slices.IndexFunc(list, func(is platform.Issue) bool { return is.Path == tt.path })
			if i < 0 {
				t.Fatalf("no issue at %s: errors %v, warnings %v", tt.path, res.Errors, res.Warnings)
			}
			if !strings.Contains(list[i].Fix, tt.want) {
				t.Errorf("fix %q lacks %q", list[i].Fix, tt.want)
			}
		})
	}
}

func TestValidate_RootListBelongsUnderItsKey(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, kind, content, key string }{
		{"import, kind given", "import.yml", "- hostname: api\n  type: nodejs@22\n", "services:"},
		{"import, kind detected", "", "- hostname: api\n  type: nodejs@22\n", "services:"},
		{"zerops, kind detected", "", "- setup: api\n  run: {base: nodejs@22, start: x}\n", "zerops:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := yamlcheck.Validate(tt.content, tt.kind)
			if err != nil {
				t.Fatal(err)
			}
			if res.Valid || len(res.Errors) != 1 {
				t.Fatalf("valid %v, errors %v: want the one list error", res.Valid, res.Errors)
			}
			if e := res.Errors[0]; !strings.Contains(e.Problem, tt.key) || !strings.Contains(e.Fix, tt.key) {
				t.Errorf("error %v does not send the list under %s", e, tt.key)
			}
		})
	}
}

func TestCheckImport_RootListBelongsUnderServices(t *testing.T) {
	t.Parallel()
	rep, err := yamlcheck.CheckImport("- hostname: api\n  type: nodejs@22\n", yamlcheck.ImportContext{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Problems) != 1 || !strings.Contains(rep.Problems[0].Fix, "services:") {
		t.Errorf("problems %v: want one naming services:", rep.Problems)
	}
}

func TestCheckSetup_OnlyTheSetupPushed(t *testing.T) {
	t.Parallel()
	const doc = `zerops:
  - setup: base
    build: {base: nodejs@22, deployFiles: ./, buildCommand: [npm ci]}
  - setup: appstage
    extends: base
    run: {base: nodejs@22, start: node index.js, port: [{port: 3000}]}
  - setup: appdev
    run: {base: nodejs@22, strt: x}
`
	tests := []struct {
		setup string
		paths []string
	}{
		{"appstage", []string{"zerops[0].build.buildCommand", "zerops[0].run", "zerops[1].run.port"}},
		{"appdev", []string{"zerops[2].run.start", "zerops[2].run.strt"}},
		{"missing", []string{"zerops", "zerops[0].build.buildCommand", "zerops[0].run", "zerops[1].run.port", "zerops[2].run.start", "zerops[2].run.strt"}},
		{"", []string{"zerops[0].build.buildCommand", "zerops[0].run", "zerops[1].run.port", "zerops[2].run.start", "zerops[2].run.strt"}},
	}
	for _, tt := range tests {
		t.Run(tt.setup, func(t *testing.T) {
			t.Parallel()
			got, _, err := yamlcheck.CheckSetup(doc, tt.setup)
			if err != nil {
				t.Fatal(err)
			}
			var paths []string
			for _, is := range got {
				paths = append(paths, is.Path)
			}
			slices.Sort(paths)
			if !slices.Equal(paths, tt.paths) {
				t.Errorf("paths %v, want %v", paths, tt.paths)
			}
		})
	}
	if got, _, err := yamlcheck.CheckSetup(goodZerops, "app"); err != nil || len(got) != 0 {
		t.Errorf("a good file: %v, %v", got, err)
	}
	// A valid file without the pushed setup is refused, naming the setups it has.
	got, _, err := yamlcheck.CheckSetup(goodZerops, "appdev")
	if err != nil || len(got) != 1 || got[0].Path != "zerops" || !strings.Contains(got[0].Problem, `"appdev"`) ||
		!strings.Contains(got[0].Problem, `setups "app"`) || !strings.Contains(got[0].Fix, "setup argument") {
		t.Errorf("a good file without the setup: %+v, %v", got, err)
	}
}
