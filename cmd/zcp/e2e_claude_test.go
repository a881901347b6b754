package main

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// claudeCodeVersion is the Claude Code CLI the test installs from npm.
const claudeCodeVersion = "2.1.330"

// claudeBin installs the pinned Claude Code CLI with npm into a cache
// directory (ZCP_CLAUDE_CACHE, else the user cache dir), once. Without npm
// the test is skipped, except under CI, where .ci/run provides it.
func claudeBin(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("ZCP_CLAUDE_CACHE")
	if dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			base = os.TempDir()
		}
		dir = filepath.Join(base, "zcp-test", "claude-code-"+claudeCodeVersion)
	}
	bin := filepath.Join(dir, "node_modules", ".bin", "claude")
	if _, err := os.Stat(bin); err == nil {
		return bin
	}
	npm, err := exec.LookPath("npm")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("npm is not installed; .ci/run installs it for this test")
		}
		t.Skip("npm is not installed: cannot install the Claude Code CLI (CI installs it)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, npm, "install", "--no-audit", "--no-fund", "--prefix", dir, "@anthropic-ai/claude-code@"+claudeCodeVersion)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("npm install @anthropic-ai/claude-code@%s: %v\n%s", claudeCodeVersion, err, out)
	}
	return bin
}

var connectedLine = regexp.MustCompile(`(?m)^zerops: .*\bsandbox\b.*✔ Connected`)

// TestClaudeCode_ConnectsAfterInit is the user's path: `zcp init --sandbox`
// in a fresh home (on a laptop, and in a simulated Zerops container), then
// the real Claude Code CLI's `claude mcp list` shows ZCP connected; a second
// `zcp init` changes nothing, even after Claude Code wrote its own keys.
func TestClaudeCode_ConnectsAfterInit(t *testing.T) {
	claude := claudeBin(t)
	for _, mode := range []struct {
		name string
		env  []string
	}{{"laptop", nil}, {"container", []string{"serviceId=demo-service"}}} {
		t.Run(mode.name, func(t *testing.T) {
			home, work := t.TempDir(), t.TempDir()
			env := append([]string{"HOME=" + home}, mode.env...)
			if out, errOut, code := runZcp(t, env, work, "init", "--sandbox"); code != 0 {
				t.Fatalf("zcp init: exit %d\n%s%s", code, out, errOut)
			}
			out, err := claudeMCPList(claude, work, env)
			if err != nil || !connectedLine.Match(out) {
				t.Fatalf("claude mcp list: %v\n%s", err, out)
			}
			again, errOut, code := runZcp(t, env, work, "init", "--sandbox")
			if code != 0 || strings.Contains(again, "updated") || strings.Contains(again, "created") {
				t.Fatalf("second zcp init changed files: exit %d\n%s%s", code, again, errOut)
			}
		})
	}
}

var connectedHTTPLine = regexp.MustCompile(`(?m)^zerops: http://127\.0\.0\.1:\d+/mcp\b.*✔ Connected`)

// TestClaudeCode_ConnectsOverHTTP: with `zcp sandbox --http` running, `zcp
// init --http URL` makes the real Claude Code CLI's `claude mcp list` show
// ZCP connected over HTTP with the token from the token file.
func TestClaudeCode_ConnectsOverHTTP(t *testing.T) {
	claude := claudeBin(t)
	home, work, cfg := t.TempDir(), t.TempDir(), t.TempDir()
	env := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + cfg}
	z := startHTTP(t, env, "sandbox", "--http", "127.0.0.1:0")
	if out, errOut, code := runZcp(t, env, work, "init", "--sandbox", "--http", z.url); code != 0 || !strings.Contains(out, "not your Zerops token") {
		t.Fatalf("zcp init --http: exit %d\n%s%s", code, out, errOut)
	}
	out, err := claudeMCPList(claude, work, env)
	if err != nil || !connectedHTTPLine.Match(out) {
		t.Fatalf("claude mcp list: %v\n%s\nzcp stderr:\n%s", err, out, z.stderr.String())
	}
	t.Logf("claude mcp list:\n%s", out)
}

// claudeMCPList runs the real Claude Code CLI's `claude mcp list` in work
// with env (HOME among it), offline, within 2 minutes. Executing the
// binary right after npm's postinstall wrote it can meet ETXTBSY (text file
// busy: the kernel still counts a writer); nothing signals its end, so
// the start is tried again, a few times, within the same deadline.
func claudeMCPList(claude, work string, env []string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	for wait := 50 * time.Millisecond; ; wait *= 2 {
		cmd := exec.CommandContext(ctx, claude, "mcp", "list")
		cmd.Dir = work
		cmd.Env = append(withoutHome(cleanEnv()), env...)
		cmd.Env = append(cmd.Env, "DISABLE_AUTOUPDATER=1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC=1")
		out, err := cmd.CombinedOutput()
		if !errors.Is(err, syscall.ETXTBSY) || wait > 2*time.Second {
			return out, err
		}
		select {
		case <-ctx.Done():
			return out, err
		case <-time.After(wait):
		}
	}
}
