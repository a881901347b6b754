package supervisor

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/zeropsio/zcp/actors"
	"github.com/zeropsio/zcp/platform"
)

// DefaultStatusTimeout is how long each actor has to answer Status.
const DefaultStatusTimeout = 100 * time.Millisecond

// InFlightCall is one tool call being handled, for the status dump.
type InFlightCall struct {
	Tool    string
	Started time.Time
}

// SessionStatus is one open MCP session (HTTP mode), for the status dump.
type SessionStatus struct {
	ID      string
	Client  string
	Started time.Time
	Calls   int // tool calls in flight
}

// StatusDump renders and writes the SIGUSR1 status dump. It never shows the
// API token: it is given only the project's name and id. Fields may be set
// after construction but not while a dump is being written.
type StatusDump struct {
	Version     string
	Started     time.Time
	ProjectName string
	ProjectID   string
	Project     func() (name, id string)                          // when set, asked at each dump instead of ProjectName/ProjectID
	Actors      func() []actors.Actor                             // usually Tree.Actors
	Restarts    func(name string) int                             // usually Tree.Restarts
	InFlight    func() []InFlightCall                             // tool calls in flight (nil: none tracked)
	Sessions    func() []SessionStatus                            // open MCP sessions over HTTP (nil: stdio, not listed)
	Policy      func() (inForce string, decisions map[string]int) // the policy gate (nil: not shown)
	Out         io.Writer                                         // default os.Stderr
	File        string                                            // ZCP_STATUS_FILE: also written here
	Secrets     *platform.Scrubber                                // removed from every dump (nil: none)
	Timeout     time.Duration                                     // per actor Status (default 100 ms)
	Now         func() time.Time                                  // default time.Now
}

// NewStatusDump returns a dump of tree's actors, writing to stderr and, when
// ZCP_STATUS_FILE is set in the environment, to that file.
func NewStatusDump(version string, tree *Tree) *StatusDump {
	return &StatusDump{
		Version:  version,
		Started:  time.Now(),
		Actors:   tree.Actors,
		Restarts: tree.Restarts,
		File:     os.Getenv("ZCP_STATUS_FILE"),
	}
}

// Dump writes the dump to Out in one write, and to File if set. Errors go
// nowhere: it runs from a signal handler with nowhere to report them but the
// same stderr.
func (d *StatusDump) Dump() {
	b := d.Render(context.Background())
	out := d.Out
	if out == nil {
		out = os.Stderr
	}
	_, _ = out.Write(b)
	if d.File != "" {
		if err := writeFileAtomic(d.File, b); err != nil {
			_, _ = fmt.Fprintf(out, "zcp status: %v\n", err)
		}
	}
}

// StatusFileInterval is how often RefreshFile rewrites ZCP_STATUS_FILE.
const StatusFileInterval = 10 * time.Second

// RefreshFile rewrites File with a fresh dump every interval until ctx
// ends: the dump's way out where no signal asks for it (Windows has no
// SIGUSR1). Without File it returns at once.
func (d *StatusDump) RefreshFile(ctx context.Context, every time.Duration) {
	if d.File == "" {
		return
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			_ = writeFileAtomic(d.File, d.Render(ctx))
		}
	}
}

// writeFileAtomic replaces path with b through a temporary file in the same
// directory, so that a reader never sees half a dump.
func writeFileAtomic(path string, b []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("write status file: %w", err)
	}
	_, werr := tmp.Write(b)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("write status file %s: %w", path, err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("write status file %s: %w", path, err)
	}
	return nil
}

type actorAnswer struct {
	st  actors.ActorStatus
	err error
	ok  bool
}

// Render builds the dump text. Every actor is asked at once, each with its own
// timeout; one that does not answer in time is listed as unresponsive.
func (d *StatusDump) Render(ctx context.Context) []byte {
	now := time.Now
	if d.Now != nil {
		now = d.Now
	}
	timeout := d.Timeout
	if timeout <= 0 {
		timeout = DefaultStatusTimeout
	}
	var list []actors.Actor
	if d.Actors != nil {
		list = d.Actors()
	}
	answers := askActors(ctx, list, timeout)

	t := now()
	var b bytes.Buffer
	fmt.Fprintf(&b, "=== zcp status %s ===\n", t.Format(time.RFC3339))
	fmt.Fprintf(&b, "version: %s\n", orDash(d.Version))
	if !d.Started.IsZero() {
		fmt.Fprintf(&b, "uptime: %s\n", t.Sub(d.Started).Round(time.Second))
	}
	name, id := d.ProjectName, d.ProjectID
	if d.Project != nil {
		name, id = d.Project()
	}
	fmt.Fprintf(&b, "project: %s (id %s)\n", orDash(name), orDash(id))
	fmt.Fprintf(&b, "goroutines: %d\n", runtime.NumGoroutine())
	d.writeActors(&b, list, answers, timeout)
	d.writeCalls(&b, t)
	d.writePolicy(&b)
	if d.Sessions != nil {
		sessions := d.Sessions()
		fmt.Fprintf(&b, "sessions: %d\n", len(sessions))
		for _, s := range sessions {
			fmt.Fprintf(&b, "  %s: client %s, age %s, %d calls in flight\n",
				oneLine(s.ID), oneLine(orDash(s.Client)), t.Sub(s.Started).Round(time.Second), s.Calls)
		}
	}
	b.WriteString("=== end ===\n")
	return d.Secrets.Bytes(b.Bytes())
}

// askActors asks every actor of list for its status at once and waits at
// most timeout in all; an actor that has not answered by then has no answer.
func askActors(ctx context.Context, list []actors.Actor, timeout time.Duration) []actorAnswer {
	answers := make([]actorAnswer, len(list))
	replies := make([]chan actorAnswer, len(list))
	for i, a := range list {
		replies[i] = make(chan actorAnswer, 1) // the asker never blocks, even when nobody waits
		go func(a actors.Actor, reply chan<- actorAnswer) {
			actx, cancel := context.WithTimeout(ctx, timeout)
			defer cancel()
			st, err := a.Status(actx)
			reply <- actorAnswer{st: st, err: err, ok: true}
		}(a, replies[i])
	}
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	expired := false
	for i := range list {
		if expired {
			select {
			case answers[i] = <-replies[i]:
			default:
			}
			continue
		}
		select {
		case answers[i] = <-replies[i]:
		case <-deadline.C:
			expired = true
		}
	}
	return answers
}

// writeActors writes the actors section: each actor of list with its answer.
func (d *StatusDump) writeActors(b *bytes.Buffer, list []actors.Actor, answers []actorAnswer, timeout time.Duration) {
	fmt.Fprintf(b, "actors: %d\n", len(list))
	for i, a := range list {
		restarts := 0
		if d.Restarts != nil {
			restarts = d.Restarts(a.String())
		}
		ans := answers[i]
		switch {
		case !ans.ok || errors.Is(ans.err, context.DeadlineExceeded):
			fmt.Fprintf(b, "  %s: unresponsive (no status within %s), restarts %d\n", a, timeout, restarts)
		case ans.err != nil:
			fmt.Fprintf(b, "  %s: status error: %v, restarts %d\n", a, ans.err, restarts)
		default:
			fmt.Fprintf(b, "  %s: %s, restarts %d", a, ans.st.State, restarts)
			for _, f := range ans.st.Figures {
				fmt.Fprintf(b, ", %s %s", f.Key, f.Value)
			}
			b.WriteByte('\n')
			for _, line := range ans.st.Details {
				fmt.Fprintf(b, "    %s\n", oneLine(line))
			}
		}
	}
}

// writeCalls writes the tool calls in flight at t, oldest first.
func (d *StatusDump) writeCalls(b *bytes.Buffer, t time.Time) {
	var calls []InFlightCall
	if d.InFlight != nil {
		calls = d.InFlight()
	}
	sort.Slice(calls, func(i, j int) bool { return calls[i].Started.Before(calls[j].Started) })
	fmt.Fprintf(b, "tool calls in flight: %d\n", len(calls))
	for _, c := range calls {
		fmt.Fprintf(b, "  %s: %s\n", oneLine(c.Tool), t.Sub(c.Started).Round(time.Millisecond))
	}
}

// writePolicy writes the policy in force and its decisions so far, when
// the dump shows a policy gate.
func (d *StatusDump) writePolicy(b *bytes.Buffer) {
	if d.Policy == nil {
		return
	}
	inForce, decisions := d.Policy()
	fmt.Fprintf(b, "policy: %s\n", oneLine(orDash(inForce)))
	keys := make([]string, 0, len(decisions))
	for k := range decisions {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	counts := make([]string, len(keys))
	for i, k := range keys {
		counts[i] = fmt.Sprintf("%s %d", oneLine(k), decisions[k])
	}
	fmt.Fprintf(b, "  decisions: %s\n", orDash(strings.Join(counts, ", ")))
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// maxDumpValue bounds one value a client chose (its name, a tool name) in the dump.
const maxDumpValue = 500

// oneLine keeps a value on its line as printable text, so the dump stays parseable
// and a client's name cannot reach the operator's terminal as escape sequences:
// control characters become spaces, invalid UTF-8 U+FFFD, and it is clipped.
func oneLine(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, strings.ToValidUTF8(s, "\uFFFD"))
	return platform.Clip(s, maxDumpValue)
}
