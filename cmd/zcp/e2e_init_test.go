package main

import (
	"context"
	"encoding/json"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// runZcp runs the binary with env added to a clean environment and returns
// stdout, stderr and the exit code.
func runZcp(t *testing.T, env []string, dir string, args ...string) (string, string, int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, zcpBin, args...)
	cmd.Env = append(withoutHome(cleanEnv()), env...)
	cmd.Dir = dir
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("zcp %v did not end: %v", args, err)
	}
	return stdout.String(), stderr.String(), cmd.ProcessState.ExitCode()
}

func withoutHome(env []string) []string {
	out := env[:0:0]
	for _, kv := range env {
		if !strings.HasPrefix(kv, "HOME=") && !strings.HasPrefix(kv, "serviceId=") {
			out = append(out, kv)
		}
	}
	return out
}

func TestBinary_InitLaptopAndContainer(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{})
	api := []string{"ZEROPS_API_HOST=" + fake.URL(), "ZEROPS_ZCP_API_KEY=" + fake.Token()}
	tests := []struct {
		name      string
		env       []string
		args      []string
		wantSSH   string // the ssh block's Host line; "": no ~/.ssh
		wantFiles int
	}{
		{name: "laptop", wantFiles: 3},
		{name: "laptop sandbox", args: []string{"--sandbox"}, wantFiles: 3},
		{name: "laptop with --ssh", env: api, args: []string{"--ssh"}, wantFiles: 4,
			wantSSH: "Host appdev appdev.zerops appstage appstage.zerops db db.zerops cache cache.zerops storage storage.zerops"},
		{name: "container", env: []string{"serviceId=abc123"}, wantSSH: "Host *", wantFiles: 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			home, work := t.TempDir(), t.TempDir()
			env := append([]string{"HOME=" + home}, tt.env...)
			if err := os.WriteFile(filepath.Join(home, ".claude.json"), []byte(`{"userID":"u1","mcpServers":{"github":{"command":"gh-mcp"}}}`), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(work, "CLAUDE.md"), []byte("# Notes\nkeep me\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			args := append([]string{"init"}, tt.args...)
			out, errOut, code := runZcp(t, env, work, args...)
			if code != 0 || strings.Count(out, "\n") != tt.wantFiles {
				t.Fatalf("first run: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
			}
			out2, errOut, code := runZcp(t, env, work, args...)
			if code != 0 || strings.Count(out2, "unchanged") != tt.wantFiles {
				t.Fatalf("second run changed something: exit %d\n%s%s", code, out2, errOut)
			}

			var cj struct {
				UserID     string                     `json:"userID"`
				MCPServers map[string]json.RawMessage `json:"mcpServers"`
			}
			data, _ := os.ReadFile(filepath.Join(home, ".claude.json"))
			if err := json.Unmarshal(data, &cj); err != nil || cj.UserID != "u1" || cj.MCPServers["github"] == nil {
				t.Fatalf("unrelated keys lost: %v\n%s", err, data)
			}
			var zerops struct {
				Command string   `json:"command"`
				Args    []string `json:"args"`
			}
			_ = json.Unmarshal(cj.MCPServers["zerops"], &zerops)
			if zerops.Command != zcpBin {
				t.Errorf("command = %q, want %q", zerops.Command, zcpBin)
			}
			if strings.Contains(string(data), "API_KEY") {
				t.Errorf(".claude.json mentions a token variable:\n%s", data)
			}
			md, _ := os.ReadFile(filepath.Join(work, "CLAUDE.md"))
			if !strings.HasPrefix(string(md), "# Notes\nkeep me\n") || !strings.Contains(string(md), "zerops_workflow") {
				t.Errorf("CLAUDE.md:\n%s", md)
			}
			sshConfig, err := os.ReadFile(filepath.Join(home, ".ssh", "config"))
			if tt.wantSSH == "" {
				if _, err := os.Stat(filepath.Join(home, ".ssh")); err == nil {
					t.Errorf("~/.ssh written without --ssh outside a container")
				}
				return
			}
			if err != nil || !strings.Contains(string(sshConfig), "\n"+tt.wantSSH+"\n    StrictHostKeyChecking no\n") {
				t.Errorf("~/.ssh/config: %v\n%s\nwant the block for %q", err, sshConfig, tt.wantSSH)
			}
			if tt.wantSSH != "Host *" && strings.Contains(string(sshConfig), "Host *") {
				t.Errorf("~/.ssh/config relaxes every host outside a container:\n%s", sshConfig)
			}
		})
	}
}

// TestBinary_InitSSHOnLaptopNeedsTheProject: outside a Zerops container,
// --ssh scopes the block to the project's hostnames, so when the project
// cannot be read (or is simulated) init refuses with the reason and the
// fix, exit 1, and changes no file.
func TestBinary_InitSSHOnLaptopNeedsTheProject(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{})
	empty := fakeapi.StartTB(t, fakeapi.Options{Empty: true})
	tests := []struct {
		name string
		env  []string
		args []string
		want string
	}{
		{"no credentials", nil, nil, "ZEROPS_ZCP_API_KEY"},
		{"token rejected", []string{"ZEROPS_API_HOST=" + fake.URL(), "ZEROPS_ZCP_API_KEY=rejected-7d1e"}, nil, "token is invalid"},
		{"no project", []string{"ZEROPS_API_HOST=" + empty.URL(), "ZEROPS_ZCP_API_KEY=" + empty.Token()}, nil, "no project"},
		{"sandbox", nil, []string{"--sandbox"}, "leave out --ssh"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			home, work := filepath.Join(root, "home"), filepath.Join(root, "work")
			for _, d := range []string{home, work} {
				if err := os.Mkdir(d, 0o700); err != nil {
					t.Fatal(err)
				}
			}
			before := fileTree(t, root)
			out, errOut, code := runZcp(t, append([]string{"HOME=" + home}, tt.env...), work, append([]string{"init", "--ssh"}, tt.args...)...)
			if code != 1 || !strings.Contains(errOut, tt.want) || !strings.Contains(errOut, "--ssh") || out != "" {
				t.Fatalf("exit %d, stdout %q, stderr:\n%s\nwant exit 1 naming %q", code, out, errOut, tt.want)
			}
			if strings.Contains(errOut, "rejected-7d1e") {
				t.Errorf("stderr shows the token:\n%s", errOut)
			}
			after := fileTree(t, root)
			if len(after) != len(before) {
				t.Errorf("files written: %v", after)
			}
		})
	}
}

// TestBinary_InitBrokenJSONChangesNothing: when one JSON file does not
// parse, init exits 1 naming it and no file or directory in the home or
// the project changes (bytes, modes and mtimes compared).
func TestBinary_InitBrokenJSONChangesNothing(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file, broken string
	}{
		{"claude.json", ".claude.json", `{"mcpServers": {`},
		{"settings.json", filepath.Join(".claude", "settings.json"), "{\"permissions\": {\"allow\": [\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root := t.TempDir()
			home, work := filepath.Join(root, "home"), filepath.Join(root, "work")
			files := map[string]string{
				filepath.Join(work, "CLAUDE.md"):                "# Notes\n",
				filepath.Join(home, ".claude.json"):             `{"userID":"u1"}`,
				filepath.Join(home, ".claude", "settings.json"): `{"model":"opus"}`,
				filepath.Join(home, tt.file):                    tt.broken,
			}
			for p, content := range files {
				if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
					t.Fatal(err)
				}
			}
			before := fileTree(t, root)
			out, errOut, code := runZcp(t, []string{"HOME=" + home}, work, "init")
			if code != 1 || !strings.Contains(errOut, filepath.Join(home, tt.file)) || !strings.Contains(errOut, "not valid JSON") {
				t.Fatalf("exit %d, stdout %q, stderr:\n%s", code, out, errOut)
			}
			if out != "" {
				t.Errorf("stdout reports writes: %q", out)
			}
			after := fileTree(t, root)
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
		})
	}
}

// fileTree maps every path under root to its mode, mtime and content.
func fileTree(t *testing.T, root string) map[string]string {
	t.Helper()
	entries := map[string]string{}
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
		entries[path] = entry
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return entries
}

func TestBinary_HookSessionStart(t *testing.T) {
	t.Parallel()
	// An API that accepts connections and never answers.
	silent, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = silent.Close() })
	go func() {
		for {
			c, err := silent.Accept()
			if err != nil {
				return
			}
			t.Cleanup(func() { _ = c.Close() })
		}
	}()
	fake := fakeapi.StartTB(t, fakeapi.Options{})
	const rejected = "rejected-token-4f9c2e"
	tests := []struct {
		name      string
		env       []string
		args      []string
		want      string // empty: prints nothing
		wantLines int    // 0: any up to 10
	}{
		{name: "sandbox", args: []string{"--sandbox"}, want: "appdev"},
		{name: "no credentials"},
		{name: "API never answers", env: []string{"ZCP_API_KEY=t", "ZCP_API_HOST=http://" + silent.Addr().String()}},
		{name: "token rejected", env: []string{"ZCP_API_KEY=" + rejected, "ZCP_API_HOST=" + fake.URL()}, want: "rejected ZCP's token", wantLines: 1},
		{name: "token accepted", env: []string{"ZCP_API_KEY=" + fake.Token(), "ZCP_API_HOST=" + fake.URL()}, want: "Call zerops_workflow"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			env := append([]string{"HOME=" + t.TempDir()}, tt.env...)
			out, errOut, code := runZcp(t, env, t.TempDir(), append([]string{"hook", "session-start"}, tt.args...)...)
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %q", code, errOut)
			}
			if tt.want == "" && out != "" || !strings.Contains(out, tt.want) {
				t.Fatalf("stdout %q, want %q", out, tt.want)
			}
			if n := strings.Count(out, "\n"); n > 10 || tt.wantLines != 0 && n != tt.wantLines {
				t.Errorf("%d lines, want at most 10 (exactly %d if set):\n%s", n, tt.wantLines, out)
			}
			if strings.Contains(out, rejected) || strings.Contains(out, fake.Token()) {
				t.Errorf("the hook printed a token:\n%s", out)
			}
		})
	}
}

// singleDashFlag finds a flag listed as -name (Go's default) instead of --name.
var singleDashFlag = regexp.MustCompile(`\n  -[a-z]`)

// flagLine is how a flag is listed: --name, then at most one upper-case
// argument name (the flag package takes a back-quoted word of the usage as it).
var flagLine = regexp.MustCompile(`^  --[a-z][a-z-]*( [A-Z][A-Z_]*)?$`)

func TestBinary_HelpFlagNames(t *testing.T) {
	t.Parallel()
	for _, cmd := range []string{"init", "serve", "sandbox", "diagnose"} {
		out, errOut, code := runZcp(t, []string{"HOME=" + t.TempDir()}, t.TempDir(), cmd, "--help")
		if code != 0 {
			t.Fatalf("zcp %s --help: exit %d, stderr %q", cmd, code, errOut)
		}
		for _, line := range strings.Split(out, "\n") {
			if strings.HasPrefix(line, "  --") && !flagLine.MatchString(line) {
				t.Errorf("zcp %s --help lists a flag as %q: want --name and one upper-case argument name", cmd, line)
			}
		}
	}
}

func TestBinary_HelpOnEveryCommand(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{
		{"-h"}, {"--help"}, {"help"}, {"serve", "-h"}, {"sandbox", "--help"}, {"init", "-h"},
		{"hook", "session-start", "--help"}, {"hook", "-h"}, {"version", "--help"},
	} {
		out, errOut, code := runZcp(t, []string{"HOME=" + t.TempDir()}, t.TempDir(), args...)
		if code != 0 || !strings.Contains(out, "Usage") || singleDashFlag.MatchString(out) {
			t.Errorf("zcp %v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}
