package main

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// httpZcp is a `zcp … --http` process.
type httpZcp struct {
	cmd    *exec.Cmd
	url    string // http://127.0.0.1:PORT/mcp
	stderr *syncBuffer
}

var servingLine = regexp.MustCompile(`serving MCP over HTTP at (http://\S+/mcp)`)

// startHTTP runs zcp with args (ending in --http 127.0.0.1:0) and waits for
// the address it serves at.
func startHTTP(t *testing.T, env []string, args ...string) *httpZcp {
	t.Helper()
	cmd := exec.Command(zcpBin, args...)
	cmd.Env = append(cleanEnv(), env...)
	cmd.Dir = t.TempDir()
	pr, pw := io.Pipe()
	var errb syncBuffer
	cmd.Stderr = io.MultiWriter(&errb, pw)
	var out syncBuffer
	cmd.Stdout = &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		if out.String() != "" {
			t.Errorf("stdout must stay empty in HTTP mode, got %q", out.String())
		}
	})
	found := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			if m := servingLine.FindStringSubmatch(sc.Text()); m != nil {
				found <- m[1]
				break
			}
		}
		_, _ = io.Copy(io.Discard, pr)
	}()
	select {
	case url := <-found:
		return &httpZcp{cmd: cmd, url: url, stderr: &errb}
	case <-time.After(60 * time.Second):
		t.Fatalf("zcp never said where it serves; stderr:\n%s", errb.String())
		return nil
	}
}

// TestBinary_SandboxHTTP: `zcp sandbox --http` makes its token file (0600,
// path on stderr), refuses requests without the token, serves a go-sdk
// client with it, and ends on SIGTERM with exit 0.
func TestBinary_SandboxHTTP(t *testing.T) {
	t.Parallel()
	cfg := t.TempDir()
	z := startHTTP(t, []string{"XDG_CONFIG_HOME=" + cfg}, "sandbox", "--process-duration", "1h", "--http", "127.0.0.1:0")
	tokenFile := filepath.Join(cfg, "zcp", "http-token")
	st, err := os.Stat(tokenFile)
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("token file %s: %v, mode %v; want 0600", tokenFile, err, st)
	}
	if !strings.Contains(z.stderr.String(), tokenFile) {
		t.Errorf("stderr does not name the token file:\n%s", z.stderr.String())
	}
	raw, _ := os.ReadFile(tokenFile)
	token := strings.TrimSpace(string(raw))

	resp, err := http.Post(z.url, "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusUnauthorized {
		t.Errorf("no token: %s, want 401", resp.Status)
	}

	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	c := sdk.NewClient(&sdk.Implementation{Name: "e2e", Version: "1"}, nil)
	cs, err := c.Connect(ctx, &sdk.StreamableClientTransport{Endpoint: z.url, HTTPClient: &http.Client{Transport: authTransport(token)}}, nil)
	if err != nil {
		t.Fatalf("connect: %v\n%s", err, z.stderr.String())
	}
	tools, err := cs.ListTools(ctx, nil)
	if err != nil || len(tools.Tools) == 0 {
		t.Fatalf("tools/list: %v", err)
	}
	// A call in flight (a restart followed to its end, which never comes)
	// when SIGTERM arrives: the session is drained, the call answered.
	type answer struct {
		res *sdk.CallToolResult
		err error
	}
	called := make(chan answer, 1)
	go func() {
		p := &sdk.CallToolParams{Name: "zerops_manage", Arguments: map[string]any{"action": "restart", "serviceHostname": "appdev"}}
		p.SetProgressToken("restart")
		res, err := cs.CallTool(ctx, p)
		called <- answer{res, err}
	}()
	awaitDump(t, z, "client e2e, age", "1 calls in flight")
	if err := z.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- z.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("after SIGTERM: %v\n%s", err, z.stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatalf("zcp did not stop after SIGTERM with a session open\n%s", z.stderr.String())
	}
	select {
	case a := <-called: // answered, as over stdio (cancelled, its process named, or the API gone)
		if a.err != nil || a.res == nil {
			t.Errorf("the call in flight after SIGTERM: %v; want its answer", a.err)
		}
	case <-time.After(10 * time.Second):
		t.Error("the call in flight got no answer after SIGTERM")
	}
	if strings.Contains(z.stderr.String(), token) {
		t.Error("stderr shows the HTTP token")
	}
}

// TestBinary_HTTPRefusals: a bind beyond loopback needs --allow-remote, and a
// short ZCP_HTTP_TOKEN is refused.
func TestBinary_HTTPRefusals(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		env  []string
		args []string
		want string
	}{
		{"remote bind", nil, []string{"sandbox", "--http", "0.0.0.0:0"}, "--allow-remote"},
		{"all interfaces", nil, []string{"serve", "--http", ":0"}, "--allow-remote"},
		{"short token", []string{"ZCP_HTTP_TOKEN=short"}, []string{"sandbox", "--http", "127.0.0.1:0"}, "ZCP_HTTP_TOKEN"},
		{"allow-remote alone", nil, []string{"serve", "--allow-remote"}, "--http"},
		{"bad idle", []string{"ZCP_HTTP_IDLE=soon"}, []string{"sandbox", "--http", "127.0.0.1:0"}, "ZCP_HTTP_IDLE"},
		{"bad sessions", []string{"ZCP_HTTP_SESSIONS=0"}, []string{"sandbox", "--http", "127.0.0.1:0"}, "ZCP_HTTP_SESSIONS"},
		{"init URL", nil, []string{"init", "--http", "ftp://127.0.0.1:8080"}, "--http"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			env := append([]string{"XDG_CONFIG_HOME=" + t.TempDir()}, tt.env...)
			code, stdout, stderr := runBinary(t, env, tt.args...)
			if code != 2 || !strings.Contains(stderr, tt.want) || stdout != "" {
				t.Fatalf("exit %d, stderr %q, stdout %q; want exit 2 naming %q", code, stderr, stdout, tt.want)
			}
		})
	}
}

// awaitDump asks for status dumps (SIGUSR1) until one holds every want.
func awaitDump(t *testing.T, z *httpZcp, want ...string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		before := len(z.stderr.String())
		if err := z.cmd.Process.Signal(syscall.SIGUSR1); err != nil {
			t.Fatal(err)
		}
		for end := time.Now().Add(time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
			out := z.stderr.String()[before:]
			if i := strings.LastIndex(out, "=== end ==="); i >= 0 {
				ok := true
				for _, w := range want {
					ok = ok && strings.Contains(out[:i], w)
				}
				if ok {
					return
				}
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no status dump with %q within 30 s; stderr:\n%s", want, z.stderr.String())
		}
	}
}

// authTransport adds the bearer token to every request.
type authTransport string

func (a authTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+string(a))
	return http.DefaultTransport.RoundTrip(r)
}

// TestBinary_HTTPSecretsScrubbed: over HTTP, as on stdio, a variable holding
// ZCP's API token or the bearer token comes back redacted from zerops_env get.
func TestBinary_HTTPSecretsScrubbed(t *testing.T) {
	t.Parallel()
	const apiToken, bearer = "httpApiTok3nNeverEchoed0123456789XYZ", "httpBearerTok3nNeverEchoed0123456789"
	fake := fakeapi.StartTB(t, fakeapi.Options{Token: apiToken, ProcessDuration: 20 * time.Millisecond})
	client, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: fake.URL(), Token: apiToken})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	// The user's own copy of the tokens, set outside ZCP (ZCP refuses them as arguments).
	if _, err := client.SetServiceEnvFile(ctx, fake.ServiceID("appdev"), "ZEROPS_ZCP_API_KEY="+apiToken+"\nMCP_TOKEN="+bearer+"\n"); err != nil {
		t.Fatal(err)
	}
	z := startHTTP(t, []string{"ZEROPS_API_HOST=" + fake.URL(), "ZEROPS_ZCP_API_KEY=" + apiToken, "ZCP_HTTP_TOKEN=" + bearer},
		"serve", "--http", "127.0.0.1:0")
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "e2e", Version: "1"}, nil).Connect(ctx,
		&sdk.StreamableClientTransport{Endpoint: z.url, HTTPClient: &http.Client{Transport: authTransport(bearer)}}, nil)
	if err != nil {
		t.Fatalf("connect: %v\n%s", err, z.stderr.String())
	}
	defer func() { _ = cs.Close() }()
	var text string
	for deadline := time.Now().Add(30 * time.Second); !strings.Contains(text, "MCP_TOKEN"); {
		res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "zerops_env", Arguments: map[string]any{"action": "get", "serviceHostname": "appdev"}})
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := json.Marshal(res)
		if text = string(raw); time.Now().After(deadline) {
			t.Fatalf("the variables never showed: %s", text)
		}
	}
	if strings.Contains(text, apiToken) || strings.Contains(text, bearer) || !strings.Contains(text, "[redacted]") {
		t.Errorf("zerops_env get over HTTP: %s, want both tokens redacted", text)
	}
}
