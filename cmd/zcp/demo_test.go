package main

import (
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// fakeClock is a settable clock for the progress bar.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *fakeClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// lockedBuilder is a strings.Builder safe for the bar's redraw goroutine.
type lockedBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuilder) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuilder) String() string { l.mu.Lock(); defer l.mu.Unlock(); return l.b.String() }

// TestProgressBar_MovesOnTerminal: on a terminal the bar fills as time
// passes (each frame at least as full as the one before, more than one fill
// level seen) and ends full; elsewhere it writes plain lines only.
func TestProgressBar_MovesOnTerminal(t *testing.T) {
	t.Parallel()
	clock := &fakeClock{t: time.Unix(0, 0)}
	out := &lockedBuilder{}
	bar := &progressBar{w: out, tty: true, expected: time.Second, now: clock.now}
	bar.start()
	for i := 0; i < 6; i++ {
		clock.add(400 * time.Millisecond)
		bar.update(&sdk.ProgressNotificationParams{Message: "Restarting appdev: RUNNING (" + string(rune('0'+i)) + " s)"})
	}
	bar.done()
	frames := strings.Split(out.String(), "\r")
	last, levels := -1, map[int]bool{}
	for _, f := range frames[1 : len(frames)-1] {
		n := strings.Count(f, "█")
		if n < last {
			t.Errorf("the bar went back from %d to %d cells:\n%q", last, n, out.String())
		}
		last = n
		levels[n] = true
	}
	if len(levels) < 3 {
		t.Errorf("the bar took %d fill levels, want it to move:\n%q", len(levels), out.String())
	}
	if !strings.Contains(frames[len(frames)-1], strings.Repeat("█", barWidth)+"] done") {
		t.Errorf("the last frame is not a full bar: %q", frames[len(frames)-1])
	}

	plain := &lockedBuilder{}
	pbar := &progressBar{w: plain, tty: false, expected: time.Second, now: clock.now}
	pbar.start()
	pbar.update(&sdk.ProgressNotificationParams{Message: "Restarting appdev: RUNNING (1 s)"})
	pbar.update(&sdk.ProgressNotificationParams{Message: "Restarting appdev: RUNNING (1 s)"}) // repeated: once
	pbar.done()
	if got := plain.String(); got != "    … Restarting appdev: RUNNING (1 s)\n" {
		t.Errorf("non-terminal output = %q", got)
	}
}

// TestDemoSummaries_Words: answers are summarised in words, notes shown in
// full, and the sandbox's canned warnings and errors are never quoted.
func TestDemoSummaries_Words(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		got     string
		want    []string
		notWant []string
	}{
		{"env", summarizeEnv(map[string]any{"changed": []any{"DATABASE_URL"}, "serviceHostname": "appdev",
			"notes": []any{"Running containers see the change after a restart."}}),
			[]string{"set DATABASE_URL on appdev", "note: Running containers see the change after a restart."}, []string{"notes: 1", "changed:"}},
		{"restart", summarizeProcesses(map[string]any{"processes": []any{map[string]any{"action": "stack.restart", "serviceHostname": "appdev", "status": "FINISHED"}}}),
			[]string{"appdev restarted", "1 platform process finished"}, []string{"processes:"}},
		{"logs", summarizeLogs(map[string]any{"serviceHostname": "appdev", "entries": []any{
			map[string]any{"severity": "Informational", "message": "GET / 200"},
			map[string]any{"severity": "Critical", "message": "Worker exited unexpectedly with code 137"}}}),
			[]string{"2 newest log lines of appdev", `"GET / 200"`}, []string{"137", "Critical"}},
		{"fallback", summarizeKeys(map[string]any{"action": "stop", "notes": []any{"The service keeps its data."}, "processes": []any{1}}),
			[]string{"action stop", "note: The service keeps its data."}, []string{"notes: 1", "processes: 1", "="}},
	}
	for _, tt := range tests {
		for _, w := range tt.want {
			if !strings.Contains(tt.got, w) {
				t.Errorf("%s: %q lacks %q", tt.name, tt.got, w)
			}
		}
		for _, w := range tt.notWant {
			if strings.Contains(tt.got, w) {
				t.Errorf("%s: %q contains %q", tt.name, tt.got, w)
			}
		}
	}
}
