package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

const demoSynopsis = `  zcp demo [--process-duration D] [--build-step D]

Starts "zcp sandbox" as a child and drives a short agent session through it over MCP,
printing each tool call, its key arguments, the answer summarised in words and the time
it took. Nothing touches a real Zerops account.`

// demoStep is one tool call of the scripted session.
type demoStep struct {
	say      string // why an agent makes this call
	tool     string
	args     map[string]any
	progress bool                        // send a progress token and draw the bar
	summary  func(map[string]any) string // one line from the structured answer
}

var demoImportBad = "services:\n  - hostname: api\n    type: nodejs@99\n  - hostname: pg\n    type: postgresql@16\n    mode: NON_HA\n"
var demoImportGood = strings.Replace(demoImportBad, "nodejs@99", "nodejs@22", 1)

func demoSteps() []demoStep {
	return []demoStep{
		{say: "The user asks for a Node.js API with PostgreSQL; first the workflow.", tool: "zerops_workflow", args: map[string]any{"workflow": "bootstrap"}, summary: summarizeMarkdown},
		{say: "Look up how a runtime reaches PostgreSQL.", tool: "zerops_knowledge", args: map[string]any{"query": "postgresql connection string"}, summary: summarizeHits},
		{say: "Dry-run an import.yml with a version the agent made up.", tool: "zerops_import", args: map[string]any{"content": demoImportBad, "dryRun": true}, summary: summarizeDryRun},
		{say: "Fix the version from the hint and dry-run again.", tool: "zerops_import", args: map[string]any{"content": demoImportGood, "dryRun": true}, summary: summarizeDryRun},
		{say: "Import for real, following the platform process.", tool: "zerops_import", args: map[string]any{"content": demoImportGood}, progress: true, summary: summarizeImport},
		{say: "See what the project holds now.", tool: "zerops_discover", summary: summarizeServices},
		{say: "Point the running app at the database.", tool: "zerops_env", args: map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"DATABASE_URL=${db_connectionString}"}}, progress: true, summary: summarizeEnv},
		{say: "Restart it so the variable takes effect.", tool: "zerops_manage", args: map[string]any{"action": "restart", "serviceHostname": "appdev"}, progress: true, summary: summarizeProcesses},
		{say: "Read the runtime log.", tool: "zerops_logs", args: map[string]any{"serviceHostname": "appdev", "limit": 5}, summary: summarizeLogs},
		{say: "And the project's timeline.", tool: "zerops_events", args: map[string]any{"limit": 5}, summary: summarizeEvents},
	}
}

// demoCmd runs `zcp demo`.
func demoCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("zcp demo", flag.ContinueOnError)
	procDur := fs.Duration("process-duration", time.Second, "how long a simulated platform process runs (a `DURATION` such as 1s)")
	buildStep := fs.Duration("build-step", 300*time.Millisecond, "how long each step of a simulated build takes (a `DURATION` such as 500ms)")
	if code, ok := parseFlags(fs, demoSynopsis, args, stdout, stderr); !ok {
		return code
	}
	bin, err := executable()
	if err != nil {
		fmt.Fprintf(stderr, "zcp demo: %v\n", err)
		return 1
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	child := exec.CommandContext(ctx, bin, "sandbox", "--process-duration", procDur.String(), "--build-step", buildStep.String())
	child.Env = append(os.Environ(), "ZCP_LOG_LEVEL=error")
	bar := &progressBar{w: stdout, tty: isTerminal(stdout), expected: 2 * *procDur, now: time.Now}
	client := sdk.NewClient(&sdk.Implementation{Name: "zcp-demo", Version: version}, &sdk.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *sdk.ProgressNotificationClientRequest) { bar.update(req.Params) },
	})
	started := time.Now()
	session, err := client.Connect(ctx, &sdk.CommandTransport{Command: child}, nil)
	if err != nil {
		fmt.Fprintf(stderr, "zcp demo: starting zcp sandbox: %v\n", err)
		return 1
	}
	defer func() { _ = session.Close() }()
	tools, err := session.ListTools(ctx, nil)
	if err != nil {
		fmt.Fprintf(stderr, "zcp demo: tools/list: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "zcp demo: connected to `zcp sandbox` (simulated project \"demo\") in %s; %d tools.\n\n",
		time.Since(started).Round(time.Millisecond), len(tools.Tools))

	failed := 0
	for i, st := range demoSteps() {
		fmt.Fprintf(stdout, "%2d. %s\n    → %s %s\n", i+1, st.say, st.tool, demoArgs(st.args))
		params := &sdk.CallToolParams{Name: st.tool, Arguments: st.args}
		if st.progress {
			params.SetProgressToken(fmt.Sprintf("demo-%d", i+1))
			bar.start()
		}
		t0 := time.Now()
		res, err := session.CallTool(ctx, params)
		bar.done()
		took := time.Since(t0).Round(time.Millisecond)
		switch {
		case err != nil:
			fmt.Fprintf(stdout, "    ✘ %v\n\n", err)
			failed++
			continue
		case res.IsError:
			var e struct{ Code, Error, Suggestion string }
			_ = json.Unmarshal([]byte(resultText(res)), &e)
			fmt.Fprintf(stdout, "    ✘ %s: %s (%s)\n      fix: %s\n\n", e.Code, clipLine(e.Error, 110), took, clipLine(e.Suggestion, 110))
			failed++
			continue
		}
		summary := st.summary
		if summary == nil {
			summary = summarizeKeys
		}
		first, rest, _ := strings.Cut(summary(structured(res)), "\n")
		fmt.Fprintf(stdout, "    ✔ %s (%s)\n", first, took)
		if rest != "" {
			fmt.Fprintln(stdout, rest)
		}
		fmt.Fprintln(stdout)
	}
	fmt.Fprintf(stdout, "zcp demo: %d calls in %s", len(demoSteps()), time.Since(started).Round(100*time.Millisecond))
	if failed > 0 {
		fmt.Fprintf(stdout, "; %d did not go as expected.\n", failed)
		return 1
	}
	fmt.Fprintln(stdout, ". Connect Claude Code to the same sandbox with `zcp init --sandbox`.")
	return 0
}

func demoArgs(args map[string]any) string {
	if len(args) == 0 {
		return "{}"
	}
	parts := make([]string, 0, len(args))
	for _, k := range []string{"workflow", "query", "action", "serviceHostname", "variables", "dryRun", "limit", "content"} {
		v, ok := args[k]
		if !ok {
			continue
		}
		if s, ok := v.(string); ok && strings.Contains(s, "\n") {
			v = "<import.yml: " + strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ")), " ") + ">"
		}
		parts = append(parts, fmt.Sprintf("%s=%v", k, v))
	}
	return clipLine(strings.Join(parts, " "), 150)
}

func resultText(res *sdk.CallToolResult) string {
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			return tc.Text
		}
	}
	return ""
}

// structured is the answer's JSON object (structured content, else the
// text), or {"markdown": text} for a document answer.
func structured(res *sdk.CallToolResult) map[string]any {
	var m map[string]any
	if b, err := json.Marshal(res.StructuredContent); err == nil && json.Unmarshal(b, &m) == nil && m != nil {
		return m
	}
	if json.Unmarshal([]byte(resultText(res)), &m) != nil || m == nil {
		m = map[string]any{"markdown": resultText(res)}
	}
	return m
}

func clipLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

func summarizeMarkdown(m map[string]any) string {
	md, _ := m["markdown"].(string)
	title, _, _ := strings.Cut(strings.TrimLeft(md, "# "), "\n")
	return fmt.Sprintf("%q, %d lines of guidance", title, strings.Count(md, "\n"))
}

// summarizeHits reads a search's numbered hits ("1. Title (uri, score …)").
func summarizeHits(m map[string]any) string {
	md, _ := m["markdown"].(string)
	var titles []string
	for _, line := range strings.Split(md, "\n") {
		num, rest, ok := strings.Cut(line, ". ")
		if _, err := strconv.Atoi(num); err != nil || !ok || !strings.Contains(rest, " (zerops://") {
			continue
		}
		titles = append(titles, rest[:strings.LastIndex(rest, " (zerops://")])
	}
	n := len(titles)
	if len(titles) > 3 {
		titles = titles[:3]
	}
	return fmt.Sprintf("%d hits: %s", n, strings.Join(titles, "; "))
}

func summarizeServices(m map[string]any) string {
	svcs, _ := m["services"].([]any)
	var names []string
	for _, s := range svcs {
		if sm, ok := s.(map[string]any); ok {
			names = append(names, fmt.Sprintf("%v (%v)", sm["hostname"], sm["status"]))
		}
	}
	return fmt.Sprintf("%d services: %s", len(svcs), strings.Join(names, ", "))
}

func summarizeDryRun(m map[string]any) string {
	if m["valid"] == true {
		return fmt.Sprintf("valid: %v services, versions and hostnames checked", m["serviceCount"])
	}
	problems, _ := m["problems"].([]any)
	if len(problems) == 0 {
		return "not valid"
	}
	p, _ := problems[0].(map[string]any)
	return fmt.Sprintf("not valid (%s): %v\n      fix: %v", plural(len(problems), "problem", "problems"), p["problem"], p["fix"])
}

// quiet are the log severities a summary may quote: the sandbox's app writes
// a few canned warnings and errors that the demo did not cause, and quoting
// them would read as if the session had broken something.
var quiet = map[string]bool{"Informational": true, "Notice": true, "Debug": true}

func summarizeLogs(m map[string]any) string {
	entries, _ := m["entries"].([]any)
	if len(entries) == 0 {
		return "the log is empty so far"
	}
	newest := ""
	for i := len(entries) - 1; i >= 0 && newest == ""; i-- {
		if e, ok := entries[i].(map[string]any); ok && quiet[fmt.Sprint(e["severity"])] {
			newest = fmt.Sprint(e["message"])
		}
	}
	out := fmt.Sprintf("read the %d newest log lines of %v", len(entries), m["serviceHostname"])
	if newest != "" {
		out += fmt.Sprintf(", e.g. %q", clipLine(newest, 60))
	}
	return out
}

// pastTense names what a finished process did.
var pastTense = map[string]string{
	"stack.create": "created", "stack.restart": "restarted", "stack.start": "started", "stack.stop": "stopped",
	"stack.updateUserData": "variables updated", "stack.delete": "deleted", "stack.build": "built",
	"stack.autoscaling": "scaled", "build": "build",
}

// describeEvent is one process or build in words: "appdev restarted".
func describeEvent(e map[string]any) string {
	what := pastTense[fmt.Sprint(e["action"])]
	if what == "" {
		what = fmt.Sprint(e["action"])
	}
	s := fmt.Sprintf("%v %s", e["serviceHostname"], what)
	switch st := fmt.Sprint(e["status"]); st {
	case "FINISHED":
	case "ACTIVE":
		s += " active"
	default:
		s += " (" + strings.ToLower(st) + ")"
	}
	return s
}

func summarizeEvents(m map[string]any) string {
	events, _ := m["events"].([]any)
	var acts []string
	for _, e := range events {
		if em, ok := e.(map[string]any); ok {
			acts = append(acts, describeEvent(em))
		}
	}
	return fmt.Sprintf("the %d latest events, newest first: %s", len(events), strings.Join(acts, ", "))
}

// summarizeProcesses says what the call's platform processes did, in words.
func summarizeProcesses(m map[string]any) string {
	procs, _ := m["processes"].([]any)
	var done []string
	finished := 0
	for _, p := range procs {
		if pm, ok := p.(map[string]any); ok {
			done = append(done, describeEvent(pm))
			if pm["status"] == "FINISHED" {
				finished++
			}
		}
	}
	if len(procs) == 0 {
		return summarizeKeys(m)
	}
	return fmt.Sprintf("%s; %s", strings.Join(done, ", "), plural(finished, "platform process finished", "platform processes finished"))
}

func summarizeImport(m map[string]any) string {
	svcs, _ := m["services"].([]any)
	var names []string
	for _, s := range svcs {
		if sm, ok := s.(map[string]any); ok {
			names = append(names, fmt.Sprint(sm["hostname"]))
		}
	}
	procs, _ := m["processes"].([]any)
	return fmt.Sprintf("created %s; %s", strings.Join(names, " and "), plural(len(procs), "platform process followed to the end", "platform processes followed to the end"))
}

func summarizeEnv(m map[string]any) string {
	changed, _ := m["changed"].([]any)
	var keys []string
	for _, k := range changed {
		keys = append(keys, fmt.Sprint(k))
	}
	out := fmt.Sprintf("set %s on %v", strings.Join(keys, ", "), m["serviceHostname"])
	return out + notesOf(m)
}

// notesOf renders the answer's notes as a sentence tail ("; note: …").
func notesOf(m map[string]any) string {
	notes, _ := m["notes"].([]any)
	out := ""
	for _, n := range notes {
		out += "\n      note: " + clipLine(fmt.Sprint(n), 240)
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// summarizeKeys is the fallback summary: the answer's short fields in words
// and its notes in full.
func summarizeKeys(m map[string]any) string {
	var parts []string
	for k, v := range m {
		switch x := v.(type) {
		case string:
			if k != "next" && len(x) < 60 {
				parts = append(parts, k+" "+x)
			}
		case bool:
			parts = append(parts, fmt.Sprintf("%s %v", k, x))
		}
	}
	sort.Strings(parts)
	return clipLine(strings.Join(parts, ", "), 140) + notesOf(m)
}

// progressBar shows a call in flight. On a terminal it redraws one line:
// a bar that fills as time passes (towards, never reaching, the end until the
// call returns) with the latest progress message. Elsewhere (a pipe, a file)
// it writes plain lines: no carriage returns, no escape codes. Safe for
// concurrent use: notifications arrive on the client's goroutine.
type progressBar struct {
	w        io.Writer
	tty      bool
	expected time.Duration // how long a call usually takes; sets the fill speed
	now      func() time.Time

	mu     sync.Mutex
	active bool
	began  time.Time
	msg    string
	stop   chan struct{}
	ticked chan struct{} // closed by the redraw goroutine when it ends
}

const barWidth = 24

// isTerminal reports whether w is a character device (an interactive terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// start begins a call that reports progress.
func (b *progressBar) start() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.active, b.began, b.msg = true, b.now(), "working"
	if !b.tty {
		return
	}
	b.drawLocked()
	b.stop, b.ticked = make(chan struct{}), make(chan struct{})
	go b.redraw(b.stop, b.ticked)
}

func (b *progressBar) redraw(stop <-chan struct{}, ended chan<- struct{}) {
	defer close(ended)
	t := time.NewTicker(100 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			b.mu.Lock()
			b.drawLocked()
			b.mu.Unlock()
		}
	}
}

// update takes a progress notification's message.
func (b *progressBar) update(p *sdk.ProgressNotificationParams) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.active || p.Message == "" || p.Message == b.msg {
		return
	}
	b.msg = p.Message
	if b.tty {
		b.drawLocked()
		return
	}
	fmt.Fprintf(b.w, "    … %s\n", clipLine(p.Message, 90))
}

// filled is how many cells of the bar elapsed fills: half the bar after the
// expected time, approaching the end after that.
func (b *progressBar) filled(elapsed time.Duration) int {
	if b.expected <= 0 {
		return 0
	}
	x := float64(elapsed) / float64(b.expected)
	return min(barWidth-1, int(float64(barWidth)*x/(x+1)))
}

func (b *progressBar) drawLocked() {
	n := b.filled(b.now().Sub(b.began))
	fmt.Fprintf(b.w, "\r    [%s%s] %s\033[K", strings.Repeat("█", n), strings.Repeat("·", barWidth-n), clipLine(b.msg, 70))
}

// done ends the call's progress display.
func (b *progressBar) done() {
	b.mu.Lock()
	if !b.active {
		b.mu.Unlock()
		return
	}
	b.active = false
	stop, ended := b.stop, b.ticked
	b.stop, b.ticked = nil, nil
	b.mu.Unlock()
	if stop != nil {
		close(stop)
		<-ended
	}
	if b.tty {
		fmt.Fprintf(b.w, "\r    [%s] done\033[K\n", strings.Repeat("█", barWidth))
	}
}
