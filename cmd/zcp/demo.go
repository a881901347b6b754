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
	"strings"
	"sync"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

const demoSynopsis = `  zcp demo [--process-duration D] [--build-step D]

Starts "zcp sandbox" as a child and drives a short agent session through it over MCP,
printing each tool call, its key arguments, a one-line summary of the answer and the time
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
		{say: "Import for real, following the platform process.", tool: "zerops_import", args: map[string]any{"content": demoImportGood}, progress: true, summary: summarizeKeys},
		{say: "See what the project holds now.", tool: "zerops_discover", summary: summarizeServices},
		{say: "Point the running app at the database.", tool: "zerops_env", args: map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"DATABASE_URL=${db_connectionString}"}}, progress: true, summary: summarizeKeys},
		{say: "Restart it so the variable takes effect.", tool: "zerops_manage", args: map[string]any{"action": "restart", "serviceHostname": "appdev"}, progress: true, summary: summarizeKeys},
		{say: "Read the runtime log.", tool: "zerops_logs", args: map[string]any{"serviceHostname": "appdev", "limit": 5}, summary: summarizeLogs},
		{say: "And the project's timeline.", tool: "zerops_events", args: map[string]any{"limit": 5}, summary: summarizeEvents},
	}
}

// demoCmd runs `zcp demo`.
func demoCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("zcp demo", flag.ContinueOnError)
	procDur := fs.Duration("process-duration", time.Second, "how long a simulated platform process runs")
	buildStep := fs.Duration("build-step", 300*time.Millisecond, "how long each step of a simulated build takes")
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
	bar := &progressBar{w: stdout}
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
		fmt.Fprintf(stdout, "    ✔ %s (%s)\n\n", summary(structured(res)), took)
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

// structured is the answer's JSON object (structured content, else the text).
func structured(res *sdk.CallToolResult) map[string]any {
	var m map[string]any
	if b, err := json.Marshal(res.StructuredContent); err == nil && json.Unmarshal(b, &m) == nil && m != nil {
		return m
	}
	_ = json.Unmarshal([]byte(resultText(res)), &m)
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

func summarizeHits(m map[string]any) string {
	hits, _ := m["hits"].([]any)
	var titles []string
	for _, h := range hits {
		if hm, ok := h.(map[string]any); ok {
			if t, ok := hm["title"].(string); ok {
				titles = append(titles, t)
			}
		}
	}
	if len(titles) > 3 {
		titles = titles[:3]
	}
	return fmt.Sprintf("%d hits: %s", len(hits), strings.Join(titles, "; "))
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
	return fmt.Sprintf("not valid, %d problem(s): %v — %v", len(problems), p["problem"], p["fix"])
}

func summarizeLogs(m map[string]any) string {
	entries, _ := m["entries"].([]any)
	last := ""
	if len(entries) > 0 {
		if e, ok := entries[len(entries)-1].(map[string]any); ok {
			last = fmt.Sprintf("; newest: %v %q", e["severity"], e["message"])
		}
	}
	return fmt.Sprintf("%d lines%s", len(entries), last)
}

func summarizeEvents(m map[string]any) string {
	events, _ := m["events"].([]any)
	var acts []string
	for _, e := range events {
		if em, ok := e.(map[string]any); ok {
			acts = append(acts, fmt.Sprintf("%v %v %v", em["action"], em["serviceHostname"], em["status"]))
		}
	}
	return fmt.Sprintf("%d events: %s", len(events), strings.Join(acts, ", "))
}

// summarizeKeys is the generic summary: the answer's scalar fields and the
// size of its lists.
func summarizeKeys(m map[string]any) string {
	var parts []string
	for k, v := range m {
		switch x := v.(type) {
		case string:
			if k != "next" && len(x) < 60 {
				parts = append(parts, k+"="+x)
			}
		case bool, float64:
			parts = append(parts, fmt.Sprintf("%s=%v", k, x))
		case []any:
			parts = append(parts, fmt.Sprintf("%s: %d", k, len(x)))
		}
	}
	sort.Strings(parts)
	return clipLine(strings.Join(parts, ", "), 140)
}

// progressBar draws MCP progress notifications on one line.
type progressBar struct {
	mu    sync.Mutex
	w     io.Writer
	drawn bool
}

func (b *progressBar) update(p *sdk.ProgressNotificationParams) {
	b.mu.Lock()
	defer b.mu.Unlock()
	const width = 24
	filled := 0
	if p.Total > 0 {
		filled = min(width, int(p.Progress/p.Total*width))
	}
	fmt.Fprintf(b.w, "\r    [%s%s] %s\033[K", strings.Repeat("█", filled), strings.Repeat("·", width-filled), clipLine(p.Message, 70))
	b.drawn = true
}

func (b *progressBar) done() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.drawn {
		fmt.Fprintf(b.w, "\r    [%s] done\033[K\n", strings.Repeat("█", 24))
		b.drawn = false
	}
}
