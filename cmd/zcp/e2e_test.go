package main

import (
	"context"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

func TestBinary_Version(t *testing.T) {
	t.Parallel()
	out, err := exec.Command(zcpBin, "version").CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "zcp e2e" {
		t.Fatalf("zcp version = %q, %v", out, err)
	}
}

func TestBinary_UnknownCommand(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(zcpBin, "frobnicate")
	out, _ := cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 2 || !strings.Contains(string(out), "Usage:") {
		t.Fatalf("exit %d, output %q", cmd.ProcessState.ExitCode(), out)
	}
}

// connectSandbox starts `zcp sandbox` through go-sdk's CommandTransport.
func connectSandbox(t *testing.T, progress func(*sdk.ProgressNotificationClientRequest)) *sdk.ClientSession {
	t.Helper()
	cmd := exec.Command(zcpBin, "sandbox", "--process-duration", "2s", "--build-step", "200ms")
	cmd.Env = cleanEnv()
	opts := &sdk.ClientOptions{}
	if progress != nil {
		opts.ProgressNotificationHandler = func(_ context.Context, req *sdk.ProgressNotificationClientRequest) { progress(req) }
	}
	client := sdk.NewClient(&sdk.Implementation{Name: "e2e", Version: "1"}, opts)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	session, err := client.Connect(ctx, &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect to zcp sandbox: %v", err)
	}
	t.Cleanup(func() { _ = session.Close() })
	return session
}

func TestBinary_SandboxSession(t *testing.T) {
	t.Parallel()
	progress := make(chan string, 64)
	session := connectSandbox(t, func(req *sdk.ProgressNotificationClientRequest) {
		progress <- req.Params.Message
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	tools, err := session.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(tools.Tools) != len(mcp.ToolNames()) {
		t.Fatalf("tools/list has %d tools, the registry %d", len(tools.Tools), len(mcp.ToolNames()))
	}

	res, err := session.CallTool(ctx, &sdk.CallToolParams{Name: "zerops_discover"})
	if err != nil || res.IsError {
		t.Fatalf("discover: %v %v", err, res)
	}
	if text := contentText(res); !strings.Contains(text, `"appdev"`) || !strings.Contains(text, `"demo"`) {
		t.Fatalf("discover does not show the sandbox project: %s", text)
	}

	doc, err := session.ReadResource(ctx, &sdk.ReadResourceParams{URI: "zerops://docs/services/postgresql"})
	if err != nil || len(doc.Contents) == 0 || !strings.Contains(doc.Contents[0].Text, "5432") {
		t.Fatalf("read postgresql doc: %v %+v", err, doc)
	}

	// The sandbox's process runs 2 s: the call reports the state it started
	// with as progress before the result.
	params := &sdk.CallToolParams{Name: "zerops_manage", Arguments: map[string]any{"action": "restart", "serviceHostname": "appdev"}}
	params.SetProgressToken("restart-1")
	res, err = session.CallTool(ctx, params)
	if err != nil || res.IsError {
		t.Fatalf("restart: %v %s", err, contentText(res))
	}
	if text := contentText(res); !strings.Contains(text, "FINISHED") {
		t.Fatalf("restart result is not the finished process: %s", text)
	}
	select {
	case msg := <-progress:
		if !strings.Contains(msg, "appdev") || strings.Contains(msg, "FINISHED") {
			t.Errorf("progress message %q should name the service and not the final state", msg)
		}
	case <-ctx.Done():
		t.Fatal("no progress notification for a 2 s restart")
	}
}

func contentText(res *sdk.CallToolResult) string {
	if res == nil {
		return ""
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

// TestBinary_StdoutStaysJSONRPC_WhenAPIDies kills the API mid-session: the
// zerops-go SDK prints network errors to stdout, which must land on stderr.
func TestBinary_StdoutStaysJSONRPC_WhenAPIDies(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{Token: "e2e-secret-token-123", ProcessDuration: 50 * time.Millisecond})
	s := startRaw(t, []string{"ZEROPS_API_HOST=" + fake.URL(), "ZEROPS_ZCP_API_KEY=" + fake.Token(), "ZCP_LOG_LEVEL=debug"})
	s.initialize()
	s.callTool(2, "zerops_discover", map[string]any{}, "")
	if r := s.result(2); r["isError"] == true {
		t.Fatalf("discover failed while the API was up: %s", toolText(t, r))
	}
	fake.Close()
	// Events, as the gateway keeps the service list and the project that
	// discover read for a moment, but never the process history.
	s.callTool(3, "zerops_events", map[string]any{}, "")
	r := s.result(3)
	if r["isError"] != true || !strings.Contains(toolText(t, r), "NETWORK_ERROR") {
		t.Fatalf("events with the API down = %s, want NETWORK_ERROR", toolText(t, r))
	}
	s.callTool(4, "zerops_knowledge", map[string]any{"query": "valkey password"}, "")
	if r := s.result(4); r["isError"] == true {
		t.Fatalf("knowledge needs no API but failed: %s", toolText(t, r))
	}
	_ = s.stdin.Close()
	if code := s.wait(); code != 0 {
		t.Fatalf("exit code after stdin EOF = %d, want 0; stderr:\n%s", code, s.stderr.String())
	}
	s.assertAllJSONRPC()
	if strings.Contains(s.stdoutText(), fake.Token()) || strings.Contains(s.stderr.String(), fake.Token()) {
		t.Fatal("the API token leaked to stdout or stderr")
	}
}

// TestBinary_SIGTERMDuringPoll stops zcp while a tool call waits on a long
// platform process: it must exit 0 without waiting for the process.
func TestBinary_SIGTERMDuringPoll(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{ProcessDuration: time.Hour})
	s := startRaw(t, []string{"ZEROPS_API_HOST=" + fake.URL(), "ZEROPS_ZCP_API_KEY=" + fake.Token()})
	s.initialize()
	s.callTool(2, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appdev"}, "tok")
	s.await(func(m map[string]any) bool { return m["method"] == "notifications/progress" })
	if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if code := s.wait(); code != 0 {
		t.Fatalf("exit code after SIGTERM = %d, want 0; stderr:\n%s", code, s.stderr.String())
	}
	s.assertAllJSONRPC()
}

// TestBinary_BadTokenExplainsFix: a rejected token does not stop zcp (it
// serves until stdin closes, here at once) but stderr names the fix.
func TestBinary_BadTokenExplainsFix(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{})
	cmd := exec.Command(zcpBin)
	cmd.Env = append(cleanEnv(), "ZEROPS_API_HOST="+fake.URL(), "ZEROPS_ZCP_API_KEY=wrong-token-xyz")
	var stdout, stderr syncBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if cmd.ProcessState.ExitCode() != 0 {
		t.Fatalf("exit = %v, want 0 (stdin closed); stderr: %s", err, stderr.String())
	}
	if stdout.String() != "" {
		t.Errorf("stdout must stay empty, got %q", stdout.String())
	}
	if !strings.Contains(stderr.String(), "fix:") || strings.Contains(stderr.String(), "wrong-token-xyz") {
		t.Errorf("stderr should name a fix and never the token: %s", stderr.String())
	}
}

func TestBinary_NoCredentialsExplainsFix(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(zcpBin)
	cmd.Env = cleanEnv()
	out, _ := cmd.CombinedOutput()
	if cmd.ProcessState.ExitCode() != 0 || !strings.Contains(string(out), "ZEROPS_ZCP_API_KEY") || !strings.Contains(string(out), "serving anyway") {
		t.Fatalf("exit %d, output %q", cmd.ProcessState.ExitCode(), out)
	}
}

// TestBinary_PipedScriptGetsEveryAnswer is the README's hand-poke example: a
// client that writes its requests and closes stdin at once still gets every
// answer, and zcp exits 0.
func TestBinary_PipedScriptGetsEveryAnswer(t *testing.T) {
	t.Parallel()
	cmd := exec.Command(zcpBin, "sandbox")
	cmd.Env = cleanEnv()
	cmd.Stdin = strings.NewReader(strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"me","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"zerops_discover","arguments":{}}}`,
	}, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("zcp sandbox: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[0], `{"jsonrpc":"2.0","id":1,`) ||
		!strings.HasPrefix(lines[1], `{"jsonrpc":"2.0","id":2,`) || !strings.Contains(lines[1], "appdev") {
		t.Fatalf("stdout = %q, want the initialize and discover answers", out)
	}
}

// TestBinary_SandboxWorkflowFirstHasLiveStacks is the agent's first step as
// CLAUDE.md tells it: zerops_workflow before any platform tool. The server
// discovers the project in the background, so the workflow soon carries the
// live stacks without a platform call having been made.
func TestBinary_SandboxWorkflowFirstHasLiveStacks(t *testing.T) {
	t.Parallel()
	session := connectSandbox(t, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	for {
		res, err := session.CallTool(ctx, &sdk.CallToolParams{Name: "zerops_workflow", Arguments: map[string]any{"workflow": "bootstrap"}})
		if err != nil || res.IsError {
			t.Fatalf("workflow: %v %s", err, contentText(res))
		}
		if strings.Contains(contentText(res), "## Available Service Stacks (live)") {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("the bootstrap workflow never listed the live stacks: %s", contentText(res))
		case <-time.After(50 * time.Millisecond):
		}
	}
}
