package appsim_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// `deno task X` runs the task X of the config it finds, or of the one
// --config (-c) names: a task missing from a config read stops Deno with
// "Task not found"; one named in another config (however the flag is
// written) is that config's, never failed from deno.json; what the
// sandbox does not follow (--cwd) is unverified, naming why.
func TestRun_DenoTaskConfig(t *testing.T) {
	t.Parallel()
	const serve = "Deno.serve({ port: 8000 }, () => new Response('ok'))\n"
	denoJSON := `{"tasks":{"dev":"deno run -A main.ts"}}`
	other := `{"tasks":{"start":"deno run -A main.ts"}}`
	tests := []struct {
		name      string
		start     string
		files     map[string]string
		crash     []string // nil: it starts
		listens   bool     // it listens on 8000, read (not assumed)
		unchecked string   // "": everything was read
	}{
		{"the task in deno.json", "deno task dev",
			map[string]string{"deno.json": denoJSON, "main.ts": serve}, nil, true, ""},
		{"a task deno.json lacks", "deno task start",
			map[string]string{"deno.json": denoJSON, "main.ts": serve}, []string{"Task not found: start", "Available tasks:", "- dev"}, false, ""},
		{"--config=other.json names the task", "deno task --config=other.json start",
			map[string]string{"deno.json": denoJSON, "other.json": other, "main.ts": serve}, nil, true, ""},
		{"--config other.json names the task", "deno task --config other.json start",
			map[string]string{"deno.json": denoJSON, "other.json": other, "main.ts": serve}, nil, true, ""},
		{"-c other.json names the task", "deno task -c other.json start",
			map[string]string{"deno.json": denoJSON, "other.json": other, "main.ts": serve}, nil, true, ""},
		{"-c=other.json names the task", "deno task -c=other.json start",
			map[string]string{"deno.json": denoJSON, "other.json": other, "main.ts": serve}, nil, true, ""},
		{"--config=other.json, not deno.json's task", "deno task --config=other.json dev",
			map[string]string{"deno.json": denoJSON, "other.json": other, "main.ts": serve}, []string{"Task not found: dev", "- start"}, false, ""},
		{"--config=other.json runs in the config's directory", "deno task --config=conf/other.json start",
			map[string]string{"conf/other.json": other, "conf/main.ts": serve}, nil, true, ""},
		{"--config=other.json beside a package.json", "deno task --config=other.json dev",
			map[string]string{"other.json": other, "package.json": `{"scripts":{"dev":"deno run -A main.ts"}}`, "main.ts": serve},
			nil, false, "package.json"},
		{"--config=other.json not deployed", "deno task --config=other.json start",
			map[string]string{"deno.json": denoJSON, "main.ts": serve}, nil, false, "other.json"},
		{"--cwd=sub", "deno task --cwd=sub start",
			map[string]string{"deno.json": denoJSON, "main.ts": serve}, nil, false, "--cwd"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := run(appsim.Setup{Start: tt.start, RunBase: "deno@2", Ports: []appsim.Port{{Port: 8000, HTTP: true}}}, tt.files)
			crash := crashText(got)
			if (tt.crash == nil) != (crash == "") {
				t.Fatalf("crash:\n%s\nwant %q", crash, tt.crash)
			}
			for _, c := range tt.crash {
				if !strings.Contains(crash, c) {
					t.Errorf("crash lacks %q:\n%s", c, crash)
				}
			}
			if tt.crash == nil && tt.listens && (got.Assumed || !got.Answers(8000)) {
				t.Errorf("listens = %+v (assumed %v), want 8000 read from the code", got.Listens, got.Assumed)
			}
			if u := strings.Join(got.Unchecked, "; "); (tt.unchecked == "") != (u == "") || !strings.Contains(u, tt.unchecked) {
				t.Errorf("Unchecked = %q, want %q", u, tt.unchecked)
			}
		})
	}
}
