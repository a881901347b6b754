package setup

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var testTools = []string{"zerops_workflow", "zerops_discover", "zerops_delete"}

func testOptions(t *testing.T) Options {
	t.Helper()
	root := t.TempDir()
	return Options{Dir: filepath.Join(root, "work"), Home: filepath.Join(root, "home"), Binary: "/opt/zcp/bin/zcp", ToolNames: testTools}
}

func readJSON(t *testing.T, path string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return m
}

func write(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// snapshot reads every file under dir, so a second run can be shown to change no byte.
func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		files[path] = info.Mode().String() + " " + info.ModTime().String() + "\n" + string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

func TestRun_FreshHomeThenSecondRunUnchanged(t *testing.T) {
	t.Parallel()
	o := testOptions(t)
	o.SSH = true
	var out, errOut bytes.Buffer
	if err := Run(o, &out, &errOut); err != nil {
		t.Fatalf("Run: %v (%s)", err, errOut.String())
	}
	if got := strings.Count(out.String(), Created); got != 4 {
		t.Fatalf("first run: want 4 files created, got:\n%s", out.String())
	}
	before := snapshot(t, filepath.Dir(o.Home))
	out.Reset()
	if err := Run(o, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	if got := strings.Count(out.String(), Unchanged); got != 4 {
		t.Fatalf("second run: want 4 unchanged, got:\n%s", out.String())
	}
	after := snapshot(t, filepath.Dir(o.Home))
	for path, b := range before {
		if after[path] != b {
			t.Errorf("second run changed %s", path)
		}
	}
	if len(after) != len(before) {
		t.Errorf("second run left %d files, first %d (a temp file?)", len(after), len(before))
	}

	cj := readJSON(t, filepath.Join(o.Home, ".claude.json"))
	entry := cj["mcpServers"].(map[string]any)["zerops"].(map[string]any)
	if entry["command"] != o.Binary || entry["type"] != "stdio" || len(entry["args"].([]any)) != 0 {
		t.Errorf("mcpServers.zerops = %v", entry)
	}
	settings := readJSON(t, filepath.Join(o.Home, ".claude", "settings.json"))
	// Claude Code's documented knobs for long calls, over ZCP's wait budget.
	if env, _ := settings["env"].(map[string]any); entry["timeout"] != float64(callTimeoutMS) || env["MCP_TOOL_TIMEOUT"] != "300000" {
		t.Errorf("long-call settings: mcpServers.zerops.timeout = %v, env = %v", entry["timeout"], settings["env"])
	}
	allow := settings["permissions"].(map[string]any)["allow"].([]any)
	if len(allow) != 2 || allow[0] != "mcp__zerops__zerops_workflow" || allow[1] != "mcp__zerops__zerops_discover" {
		t.Errorf("allow = %v, want every tool but zerops_delete", allow)
	}
	for path, mode := range map[string]os.FileMode{
		filepath.Join(o.Home, ".ssh"):           0o700 | os.ModeDir,
		filepath.Join(o.Home, ".ssh", "config"): 0o600,
		filepath.Join(o.Home, ".claude.json"):   0o600,
	} {
		if st, err := os.Stat(path); err != nil || st.Mode() != mode {
			t.Errorf("%s: mode %v, want %v (%v)", path, st.Mode(), mode, err)
		}
	}
}

func TestRun_MergesIntoExistingFiles(t *testing.T) {
	t.Parallel()
	o := testOptions(t)
	o.Sandbox = true
	write(t, filepath.Join(o.Home, ".claude.json"), `{"numStartups": 7, "mcpServers": {"other": {"command": "x"}, "zerops": {"command": "/old/zcp", "env": {"ZCP_LOG_LEVEL": "debug"}}}, "projects": {"/a": {}}}`)
	write(t, filepath.Join(o.Home, ".claude", "settings.json"), `{
  "model": "opus",
  "permissions": {"allow": ["Bash(ls)", "mcp__zerops__zerops_discover"], "deny": ["Read(.env)"]},
  "hooks": {"SessionStart": [
    {"matcher": "startup", "hooks": [{"type": "command", "command": "echo hi"}, {"type": "command", "command": "/old/zcp hook session-start"}]},
    {"hooks": [{"type": "command", "command": "/older/zcp hook session-start"}]}
  ], "Stop": [{"hooks": [{"type": "command", "command": "true"}]}]}
}`)
	write(t, filepath.Join(o.Dir, "CLAUDE.md"), "# My project\n\nMine.\n")
	var out, errOut bytes.Buffer
	if err := Run(o, &out, &errOut); err != nil {
		t.Fatalf("Run: %v (%s)", err, errOut.String())
	}
	cj := readJSON(t, filepath.Join(o.Home, ".claude.json"))
	servers := cj["mcpServers"].(map[string]any)
	entry := servers["zerops"].(map[string]any)
	if cj["numStartups"] != 7.0 || cj["projects"] == nil || servers["other"] == nil {
		t.Errorf("unrelated keys lost: %v", cj)
	}
	if entry["command"] != o.Binary || entry["args"].([]any)[0] != "sandbox" || entry["env"].(map[string]any)["ZCP_LOG_LEVEL"] != "debug" {
		t.Errorf("zerops entry = %v", entry)
	}
	raw, _ := os.ReadFile(filepath.Join(o.Home, ".claude.json"))
	if strings.Index(string(raw), "numStartups") > strings.Index(string(raw), "projects") {
		t.Errorf("key order not kept:\n%s", raw)
	}

	settings := readJSON(t, filepath.Join(o.Home, ".claude", "settings.json"))
	if settings["model"] != "opus" || settings["permissions"].(map[string]any)["deny"] == nil || settings["hooks"].(map[string]any)["Stop"] == nil {
		t.Errorf("unrelated settings lost: %v", settings)
	}
	allow := settings["permissions"].(map[string]any)["allow"].([]any)
	if len(allow) != 3 || allow[0] != "Bash(ls)" {
		t.Errorf("allow = %v", allow)
	}
	sraw, _ := os.ReadFile(filepath.Join(o.Home, ".claude", "settings.json"))
	want := HookCommand(o.Binary, true)
	if n := strings.Count(string(sraw), "hook session-start"); n != 1 || !strings.Contains(string(sraw), want) || !strings.Contains(string(sraw), "echo hi") {
		t.Errorf("want exactly one ZCP hook %q next to the user's:\n%s", want, sraw)
	}

	md, _ := os.ReadFile(filepath.Join(o.Dir, "CLAUDE.md"))
	if !strings.HasPrefix(string(md), "# My project\n\nMine.\n\n"+mdBegin+"\n") || !strings.HasSuffix(string(md), mdEnd+"\n") {
		t.Errorf("CLAUDE.md:\n%s", md)
	}
	if _, err := os.Stat(filepath.Join(o.Home, ".ssh")); !os.IsNotExist(err) {
		t.Errorf("~/.ssh touched without SSH: %v", err)
	}
}

func TestRun_BrokenJSONLeftUntouched(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, content string }{
		{"truncated", `{"mcpServers": {`},
		{"array", `[1, 2]`},
		{"trailing text", `{} {}`},
		{"mcpServers not an object", `{"mcpServers": []}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			o := testOptions(t)
			path := filepath.Join(o.Home, ".claude.json")
			write(t, path, tt.content)
			var out, errOut bytes.Buffer
			err := Run(o, &out, &errOut)
			if err == nil || !strings.Contains(errOut.String(), path) {
				t.Fatalf("err = %v, stderr %q: want an error naming %s", err, errOut.String(), path)
			}
			if got, _ := os.ReadFile(path); string(got) != tt.content {
				t.Errorf("broken file rewritten: %q", got)
			}
			if out.Len() != 0 {
				t.Errorf("files reported written:\n%s", out.String())
			}
			if _, err := os.Stat(o.Dir); !os.IsNotExist(err) {
				t.Errorf("CLAUDE.md's directory created though .claude.json cannot be merged: %v", err)
			}
			if _, err := os.Stat(filepath.Join(o.Home, ".claude")); !os.IsNotExist(err) {
				t.Errorf("~/.claude created though .claude.json cannot be merged: %v", err)
			}
		})
	}
}

// tree lists every file and directory under root with its mode, mtime and
// content, so a run can be shown to have changed nothing.
func tree(t *testing.T, root string) map[string]string {
	t.Helper()
	files := map[string]string{}
	err := filepath.Walk(root, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		entry := info.Mode().String() + " " + info.ModTime().String()
		if !info.IsDir() {
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			entry += "\n" + string(data)
		}
		files[path] = entry
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// TestRun_AnyFileFailsNoneWritten: when one file cannot be merged or its
// directory cannot be written, no file changes and no directory is left.
func TestRun_AnyFileFailsNoneWritten(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		prepare func(t *testing.T, o Options)
		want    string
	}{
		{"claude.json broken", func(t *testing.T, o Options) {
			write(t, filepath.Join(o.Home, ".claude.json"), `{"mcpServers": {`)
		}, ".claude.json"},
		{"settings.json broken", func(t *testing.T, o Options) {
			write(t, filepath.Join(o.Home, ".claude", "settings.json"), `[]`)
		}, "settings.json"},
		{"ssh config unwritable", func(t *testing.T, o Options) {
			write(t, filepath.Join(o.Home, ".ssh"), "a file where the directory goes")
		}, ".ssh"},
		{"claude dir unwritable", func(t *testing.T, o Options) {
			write(t, filepath.Join(o.Home, ".claude"), "a file where the directory goes")
		}, ".claude"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			o := testOptions(t)
			o.SSH = true
			write(t, filepath.Join(o.Dir, "CLAUDE.md"), "# Notes\n")
			write(t, filepath.Join(o.Home, ".keep"), "")
			tt.prepare(t, o)
			root := filepath.Dir(o.Home)
			before := tree(t, root)
			var out, errOut bytes.Buffer
			err := Run(o, &out, &errOut)
			if err == nil || !strings.Contains(errOut.String(), tt.want) || !strings.Contains(err.Error(), "no file written") {
				t.Fatalf("err = %v, stderr %q: want an error naming %s and no file written", err, errOut.String(), tt.want)
			}
			after := tree(t, root)
			for p, b := range before {
				if after[p] != b {
					t.Errorf("%s changed:\n%q\nnow\n%q", p, b, after[p])
				}
			}
			for p := range after {
				if _, ok := before[p]; !ok {
					t.Errorf("%s appeared", p)
				}
			}
			if out.Len() != 0 {
				t.Errorf("files reported written:\n%s", out.String())
			}
		})
	}
}

func TestRun_SymlinkedFileStaysALink(t *testing.T) {
	t.Parallel()
	o := testOptions(t)
	real := filepath.Join(filepath.Dir(o.Home), "dotfiles", "claude.json")
	write(t, real, `{"a": 1}`)
	if err := os.MkdirAll(o.Home, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(o.Home, ".claude.json")
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if err := Run(o, &out, &errOut); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Lstat(link); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("the link was replaced: %v", err)
	}
	if m := readJSON(t, real); m["mcpServers"] == nil || m["a"] != 1.0 {
		t.Errorf("target = %v", m)
	}
}

func TestMergeBlock_Cases(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text string
		first      bool
		want       string
		err        bool
	}{
		{name: "empty", text: "", want: "B\nbody\nE\n"},
		{name: "append", text: "mine\n", want: "mine\n\nB\nbody\nE\n"},
		{name: "append no newline", text: "mine", want: "mine\n\nB\nbody\nE\n"},
		{name: "first", text: "Host x\n", first: true, want: "B\nbody\nE\n\nHost x\n"},
		{name: "replace in place", text: "a\nB\nold\nE\nz\n", want: "a\nB\nbody\nE\nz\n"},
		{name: "replace at end without newline", text: "a\nB\nold\nE", want: "a\nB\nbody\nE\n"},
		{name: "end only", text: "E\n", err: true},
		{name: "begin only", text: "B\nx\n", err: true},
		{name: "swapped", text: "E\nB\n", err: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := mergeBlock(tt.text, "B", "E", "body\n", tt.first)
			if (err != nil) != tt.err || got != tt.want {
				t.Fatalf("mergeBlock(%q) = %q, %v; want %q", tt.text, got, err, tt.want)
			}
		})
	}
}

func TestHome_ContainerFallback(t *testing.T) {
	t.Parallel()
	tests := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"serviceId": "s1", "HOME": "/"}, ContainerHome},
		{map[string]string{"serviceId": "s1"}, ContainerHome},
		{map[string]string{"serviceId": "s1", "HOME": "/root"}, "/root"},
		{map[string]string{"HOME": "/"}, "/laptop"},
	}
	for _, tt := range tests {
		if got := Home(func(k string) string { return tt.env[k] }, "/laptop"); got != tt.want {
			t.Errorf("Home(%v) = %q, want %q", tt.env, got, tt.want)
		}
	}
}

func TestHookCommand_QuotesOddPaths(t *testing.T) {
	t.Parallel()
	if got := HookCommand("/Users/J Doe/zcp", false); got != `'/Users/J Doe/zcp' hook session-start` {
		t.Errorf("got %q", got)
	}
	if got := HookCommand("/usr/local/bin/zcp", true); got != "/usr/local/bin/zcp hook session-start --sandbox" {
		t.Errorf("got %q", got)
	}
}

func TestSSHBlock_Scope(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		hosts []string
		want  string
	}{
		{"container", nil, "Host *\n"},
		{"laptop", []string{"appdev", "db"}, "Host appdev appdev.zerops db db.zerops\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			o := testOptions(t)
			o.SSH, o.SSHHosts = true, tt.hosts
			var out, errOut bytes.Buffer
			if err := Run(o, &out, &errOut); err != nil {
				t.Fatalf("Run: %v (%s)", err, errOut.String())
			}
			b, err := os.ReadFile(filepath.Join(o.Home, ".ssh", "config"))
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(b), sshBegin+"\n"+tt.want+"    StrictHostKeyChecking no\n") {
				t.Fatalf("~/.ssh/config:\n%s\nwant the block to open with %q", b, tt.want)
			}
			if tt.hosts != nil && strings.Contains(string(b), "Host *") {
				t.Fatalf("scoped block relaxes every host:\n%s", b)
			}
		})
	}
}
