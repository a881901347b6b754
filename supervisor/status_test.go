package supervisor

import (
	"bytes"
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/zeropsio/zcp/actors"
	"github.com/zeropsio/zcp/platform"
)

// stuckActor answers Status only when its context ends.
type stuckActor struct{}

func (stuckActor) String() string                  { return "stuck" }
func (stuckActor) Serve(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }
func (stuckActor) Status(ctx context.Context) (actors.ActorStatus, error) {
	<-ctx.Done()
	return actors.ActorStatus{}, ctx.Err()
}

// deafActor ignores its context: Status returns only when release closes.
type deafActor struct{ release chan struct{} }

func (deafActor) String() string                  { return "deaf" }
func (deafActor) Serve(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }
func (d deafActor) Status(context.Context) (actors.ActorStatus, error) {
	<-d.release
	return actors.ActorStatus{Name: "deaf", State: actors.StateRunning}, nil
}

func TestStatusDump_FormatAndUnresponsiveActor(t *testing.T) {
	checkLeaks(t)
	deaf := deafActor{release: make(chan struct{})}
	t.Cleanup(func() { close(deaf.release) }) // runs before the leak check
	gw := actors.NewGateway(nil, actors.GatewayConfig{})
	pool := actors.NewDeployPool(2)
	var out bytes.Buffer
	file := filepath.Join(t.TempDir(), "status.txt")
	now := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	d := &StatusDump{
		Version:     "v1.2.3",
		Started:     now.Add(-90 * time.Second),
		ProjectName: "demo",
		ProjectID:   "proj-1",
		Actors:      func() []actors.Actor { return []actors.Actor{gw, stuckActor{}, deaf, pool} },
		Restarts:    func(name string) int { return map[string]int{"deploy-pool": 2}[name] },
		InFlight: func() []InFlightCall {
			return []InFlightCall{{Tool: "zerops_deploy", Started: now.Add(-3 * time.Second)}}
		},
		Out:  &out,
		File: file,
		Now:  func() time.Time { return now },
	}
	d.Dump()
	text := out.String()
	want := []string{
		"=== zcp status 2025-06-01T12:00:00Z ===\n",
		"version: v1.2.3\n",
		"uptime: 1m30s\n",
		"project: demo (id proj-1)\n",
		"  api-gateway: idle, restarts 0, rate 10/s burst 20",
		"  stuck: unresponsive",
		"  deaf: unresponsive",
		"  deploy-pool: idle, restarts 2, busy 0, idle 2, queued 0",
		"tool calls in flight: 1\n  zerops_deploy: 3s\n",
	}
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("dump lacks %q:\n%s", w, text)
		}
	}
	if !regexp.MustCompile(`goroutines: \d+\n`).MatchString(text) {
		t.Errorf("no goroutine count:\n%s", text)
	}
	if !strings.HasSuffix(text, "=== end ===\n") || strings.Count(text, "=== zcp status") != 1 {
		t.Errorf("dump not framed once:\n%s", text)
	}
	fromFile, err := os.ReadFile(file)
	if err != nil || string(fromFile) != text {
		t.Errorf("status file: %v, %q", err, fromFile)
	}
}

// countingWriter records how many writes it received.
type countingWriter struct {
	writes int
	bytes.Buffer
}

func (c *countingWriter) Write(p []byte) (int, error) { c.writes++; return c.Buffer.Write(p) }

func TestStatusDump_OneWrite(t *testing.T) {
	t.Parallel()
	var w countingWriter
	d := &StatusDump{Out: &w, Actors: func() []actors.Actor { return []actors.Actor{actors.NewDeployPool(1)} }}
	d.Dump()
	if w.writes != 1 {
		t.Errorf("%d writes, want 1", w.writes)
	}
}

// TestStatusDump_ShowsEnvWriteQueue: the env-writes actor under the tree
// shows a target held by a write's processes and the write queued behind it.
func TestStatusDump_ShowsEnvWriteQueue(t *testing.T) {
	checkLeaks(t)
	tree := NewTree(slog.New(slog.DiscardHandler), TreeConfig{})
	envs := actors.NewEnvWrites()
	if err := tree.Add(GroupEnv, envs); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(t.Context())
	done := tree.Start(ctx)
	defer func() { cancel(); <-done }()
	settling := make(chan struct{})
	if err := envs.Write(t.Context(), "service:api", func(context.Context) (func(context.Context), error) {
		return func(ctx context.Context) { close(settling); <-ctx.Done() }, nil
	}); err != nil {
		t.Fatal(err)
	}
	recv(t, settling)
	queued := make(chan error, 1)
	go func() {
		queued <- envs.Write(t.Context(), "service:api", func(context.Context) (func(context.Context), error) { return nil, nil })
	}()
	var text string
	for deadline := time.Now().Add(10 * time.Second); !strings.Contains(text, "queued 1"); {
		if time.Now().After(deadline) {
			t.Fatalf("the queued write never showed:\n%s", text)
		}
		var out bytes.Buffer
		d := NewStatusDump("test", tree)
		d.Out = &out
		d.Dump()
		text = out.String()
	}
	for _, w := range []string{"env-writes: running", "target service:api: running", "1 queued"} {
		if !strings.Contains(text, w) {
			t.Errorf("dump lacks %q:\n%s", w, text)
		}
	}
	cancel()
	if err := recv(t, queued); platform.ErrorCode(err) != platform.ErrServiceUnavailable {
		t.Errorf("queued write at shutdown: %v, want SERVICE_UNAVAILABLE", err)
	}
}

func TestStatusDump_RefreshFileRewritesUntilCancelled(t *testing.T) {
	checkLeaks(t)
	path := filepath.Join(t.TempDir(), "status.txt")
	d := &StatusDump{Version: "v", Started: time.Now(), File: path, Actors: func() []actors.Actor { return nil }}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); d.RefreshFile(ctx, time.Millisecond) }()
	deadline := time.After(10 * time.Second)
	for {
		if b, err := os.ReadFile(path); err == nil && strings.Contains(string(b), "v") {
			break
		}
		select {
		case <-deadline:
			t.Fatal("status file never written")
		case <-time.After(5 * time.Millisecond):
		}
	}
	cancel()
	<-done
}

// TestStatusDump_ListsSessions: over HTTP the dump lists each session with its
// client, age and calls in flight; over stdio (Sessions nil) no such section.
func TestStatusDump_ListsSessions(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	d := &StatusDump{Version: "test", Now: func() time.Time { return now }}
	if strings.Contains(string(d.Render(context.Background())), "sessions:") {
		t.Fatal("a stdio dump lists sessions")
	}
	d.Sessions = func() []SessionStatus {
		return []SessionStatus{{ID: "S1", Client: "claude-code", Started: now.Add(-90 * time.Second), Calls: 2}, {ID: "S2\nX", Started: now}}
	}
	got := string(d.Render(context.Background()))
	for _, want := range []string{"sessions: 2\n", "  S1: client claude-code, age 1m30s, 2 calls in flight\n", "  S2 X: client -, age 0s, 0 calls in flight\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("dump lacks %q:\n%s", want, got)
		}
	}
}

// TestStatusDump_ClientValuesPrintable: a client's name with a NUL, terminal
// escapes, invalid UTF-8 or no end reaches the dump as one printable line.
func TestStatusDump_ClientValuesPrintable(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, client, want string }{
		{"escape sequence", "a\x00\x1b[31mRED\x7f", "client a  [31mRED , age"},
		{"invalid UTF-8", "a\xff\xfeb", "client a\uFFFDb, age"},
		{"endless", strings.Repeat("n", 10_000), "client " + strings.Repeat("n", maxDumpValue) + "…, age"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := &StatusDump{Version: "test", Sessions: func() []SessionStatus { return []SessionStatus{{ID: "S1", Client: tt.client}} }}
			got := string(d.Render(context.Background()))
			if !strings.Contains(got, tt.want) || strings.ContainsAny(got, "\x00\x1b\x7f") || !utf8.ValidString(got) {
				t.Errorf("dump %q, want a printable line with %q", got, tt.want)
			}
		})
	}
}

func TestStatusDump_ShowsPolicyAndDecisions(t *testing.T) {
	t.Parallel()
	d := &StatusDump{Version: "t", Policy: func() (string, map[string]int) {
		return "team.yml (2 rules), then built-in defaults", map[string]int{"deny": 3, "allow": 7, "replay": 1}
	}}
	out := string(d.Render(context.Background()))
	for _, want := range []string{"policy: team.yml (2 rules), then built-in defaults\n", "  decisions: allow 7, deny 3, replay 1\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("dump lacks %q:\n%s", want, out)
		}
	}
}
