package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// walkCall is one literal call a workflow shows: `tool` `{json}`.
var walkCall = regexp.MustCompile("`(zerops_[a-z]+)`(?: with)? `(\\{[^`]*\\})`")

// walkSubst fills a workflow's placeholders the way an agent following it
// in the sandbox would.
var walkSubst = strings.NewReplacer(
	"<name>", "appdev", "<service>", "appdev", "<runtime type>", "nodejs@22", "<type>", "valkey@7.2",
	"<doc>", "zerops://docs/platform/scaling", "<error text>", "Error: Cannot find module 'express'",
)

const walkImport = "services:\n  - hostname: api\n    type: nodejs@22\n  - hostname: kv\n    type: valkey@7.2\n    mode: NON_HA\n"

var (
	walkDocURI  = regexp.MustCompile(`zerops://docs/[a-z0-9/_-]+`)
	walkSubURL  = regexp.MustCompile(`https://([a-z][a-z0-9]*)-[0-9a-f]{4}(?:-([0-9]+))?\.prg1\.zerops\.app`)
	walkVersion = regexp.MustCompile(`\b([a-z][a-z0-9-]*(?::[a-z]+)?@[0-9][0-9.]*)\b`)
)

// TestWalk_WorkflowsFollowedLiterally follows the six workflows in order in
// the sandbox, sending every call they show with their placeholders filled,
// and checks every answer: no fix stated twice, no link to a document that does not exist, no
// subdomain URL the service does not serve, no zerops_delete suggested by
// another tool, no maximum lowered by the workflow's own example, and no
// version outside the live catalog.
func TestWalk_WorkflowsFollowedLiterally(t *testing.T) {
	t.Parallel()
	w := &walker{
		h:   newHarness(t, harnessOpts{sandboxPush: true}),
		ctx: context.Background(), docs: map[string]bool{}, versions: map[string]string{},
	}
	for _, wf := range []string{"bootstrap", "deploy", "debug", "scale", "configure", "monitor"} {
		res, _ := w.h.call(t, "zerops_workflow", map[string]any{"workflow": wf})
		wantOK(t, res)
		w.check(t, wf, "zerops_workflow", text(res), nil)
		for i, c := range walkCall.FindAllStringSubmatch(text(res), -1) {
			var args map[string]any
			if err := json.Unmarshal([]byte(walkSubst.Replace(c[2])), &args); err != nil {
				t.Errorf("%s: %s is not JSON an agent can send: %v", wf, c[2], err)
				continue
			}
			w.fill(c[1], args)
			step := fmt.Sprintf("%s #%d %s %v", wf, i+1, c[1], args)
			res, m := w.h.callWith(t, w.ctx, c[1], args, step)
			t.Logf("%s → error=%v %s", step, res.IsError, clipText(text(res), 300))
			w.check(t, step, c[1], text(res), m)
		}
	}
	w.checkVersions(t)
}

// walker is TestWalk_WorkflowsFollowedLiterally's state: what the walk has
// learnt so far from the answers.
type walker struct {
	h                      *harness
	ctx                    context.Context
	lastProcess, lastBuild string
	docs                   map[string]bool   // document URI → exists
	versions               map[string]string // type → where it was answered
}

// fill replaces the placeholders left in args of a call to tool with what
// an agent would send: the ids the walk has seen, real content.
func (w *walker) fill(tool string, args map[string]any) {
	for k, v := range args {
		s, _ := v.(string)
		switch {
		case k == "processId":
			args[k] = w.lastProcess
		case k == "buildId":
			args[k] = w.lastBuild
		case k == "content" && tool == "zerops_import":
			args[k] = walkImport
		case k == "content":
			args[k] = demoZeropsYml
		case strings.Contains(s, "…"):
			args[k] = strings.ReplaceAll(s, "…", "x")
		}
		if list, ok := v.([]any); ok {
			for j, x := range list {
				if s, ok := x.(string); ok {
					list[j] = strings.ReplaceAll(s, "…", "x")
				}
			}
		}
	}
}

// check checks the answer of step (a call to tool) and keeps what later
// steps need from it.
func (w *walker) check(t *testing.T, step, tool, answer string, m map[string]any) {
	t.Helper()
	w.checkDocs(t, step, answer)
	w.checkSubdomains(t, step, answer)
	if tool != "zerops_delete" && strings.Contains(answer, "zerops_delete") && tool != "zerops_workflow" && tool != "zerops_knowledge" {
		t.Errorf("%s: suggests zerops_delete: %s", step, answer)
	}
	wantStatedOnce(t, step, m)
	if warn := fmt.Sprint(m["warnings"]); strings.Contains(warn, "lowered") {
		t.Errorf("%s: the workflow's own call cuts resources: %s", step, warn)
	}
	for _, line := range strings.Split(answer, "\n") {
		if tool == "zerops_knowledge" || strings.Contains(strings.ToLower(line), "invented") {
			continue // documents name wrong versions on purpose, as do the pitfalls
		}
		for _, v := range walkVersion.FindAllString(line, -1) {
			if _, ok := w.versions[v]; !ok {
				w.versions[v] = step
			}
		}
	}
	if procs, _ := m["processes"].([]any); len(procs) > 0 {
		w.lastProcess, _ = procs[0].(map[string]any)["id"].(string)
	}
	if events, _ := m["events"].([]any); len(events) > 0 {
		for _, e := range events {
			if ev := e.(map[string]any); ev["kind"] == "build" {
				w.lastBuild, _ = ev["id"].(string)
				break
			}
		}
	}
}

// checkDocs fails on a document answer names that does not exist.
func (w *walker) checkDocs(t *testing.T, step, answer string) {
	t.Helper()
	for _, uri := range walkDocURI.FindAllString(answer, -1) {
		if _, ok := w.docs[uri]; !ok {
			res, _ := w.h.call(t, "zerops_knowledge", map[string]any{"uri": uri})
			w.docs[uri] = !res.IsError
		}
		if !w.docs[uri] {
			t.Errorf("%s: names %s, which does not exist", step, uri)
		}
	}
}

// checkSubdomains fails on a subdomain URL answer names that its service
// does not serve.
func (w *walker) checkSubdomains(t *testing.T, step, answer string) {
	t.Helper()
	for _, u := range walkSubURL.FindAllStringSubmatch(answer, -1) {
		port := 80
		if u[2] != "" {
			port, _ = strconv.Atoi(u[2])
		}
		svc, err := w.h.client.GetService(w.ctx, w.h.fake.ServiceID(u[1]))
		served := false
		for _, p := range svc.Ports {
			served = served || (p.Port == port && p.HTTPRouting)
		}
		if err != nil || !svc.SubdomainAccess || !served {
			t.Errorf("%s: names %s, which %s does not serve (ports %v)", step, u[0], u[1], svc.Ports)
		}
	}
}

// checkVersions fails on a version answered outside documents that the
// catalog does not offer.
func (w *walker) checkVersions(t *testing.T) {
	t.Helper()
	var b strings.Builder
	b.WriteString("services:\n")
	var order []string
	for v := range w.versions {
		order = append(order, v)
	}
	for i, v := range order {
		fmt.Fprintf(&b, "  - hostname: v%d\n    type: %s\n    mode: NON_HA\n", i, v)
	}
	if len(order) == 0 {
		return
	}
	res, m := w.h.call(t, "zerops_import", map[string]any{"content": b.String(), "dryRun": true})
	wantOK(t, res)
	for _, p := range issuesOf(m, "problems") {
		if strings.HasSuffix(p["path"], ".type") {
			i, _ := strconv.Atoi(strings.SplitN(strings.TrimPrefix(p["path"], "services["), "]", 2)[0])
			t.Errorf("%s answers %s: %s", w.versions[order[i]], order[i], p["problem"])
		}
	}
}

func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
