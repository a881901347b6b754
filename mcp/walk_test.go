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
// and checks every answer: no link to a document that does not exist, no
// subdomain URL the service does not serve, no zerops_delete suggested by
// another tool, no maximum lowered by the workflow's own example, and no
// version outside the live catalog.
func TestWalk_WorkflowsFollowedLiterally(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	lastProcess, lastBuild := "", ""
	docs := map[string]bool{}
	versions := map[string]string{} // type → where it was answered
	check := func(step, tool, answer string, m map[string]any) {
		for _, uri := range walkDocURI.FindAllString(answer, -1) {
			if _, ok := docs[uri]; !ok {
				res, _ := h.call(t, "zerops_knowledge", map[string]any{"uri": uri})
				docs[uri] = !res.IsError
			}
			if !docs[uri] {
				t.Errorf("%s: names %s, which does not exist", step, uri)
			}
		}
		for _, u := range walkSubURL.FindAllStringSubmatch(answer, -1) {
			port := 80
			if u[2] != "" {
				port, _ = strconv.Atoi(u[2])
			}
			svc, err := h.client.GetService(ctx, h.fake.ServiceID(u[1]))
			served := false
			for _, p := range svc.Ports {
				served = served || (p.Port == port && p.HTTPRouting)
			}
			if err != nil || !svc.SubdomainAccess || !served {
				t.Errorf("%s: names %s, which %s does not serve (ports %v)", step, u[0], u[1], svc.Ports)
			}
		}
		if tool != "zerops_delete" && strings.Contains(answer, "zerops_delete") && tool != "zerops_workflow" && tool != "zerops_knowledge" {
			t.Errorf("%s: suggests zerops_delete: %s", step, answer)
		}
		if w := fmt.Sprint(m["warnings"]); strings.Contains(w, "lowered") {
			t.Errorf("%s: the workflow's own call cuts resources: %s", step, w)
		}
		for _, line := range strings.Split(answer, "\n") {
			if tool == "zerops_knowledge" || strings.Contains(strings.ToLower(line), "invented") {
				continue // documents name wrong versions on purpose, as do the pitfalls
			}
			for _, v := range walkVersion.FindAllString(line, -1) {
				if _, ok := versions[v]; !ok {
					versions[v] = step
				}
			}
		}
		if procs, _ := m["processes"].([]any); len(procs) > 0 {
			lastProcess, _ = procs[0].(map[string]any)["id"].(string)
		}
		if events, _ := m["events"].([]any); len(events) > 0 {
			for _, e := range events {
				if ev := e.(map[string]any); ev["kind"] == "build" {
					lastBuild, _ = ev["id"].(string)
					break
				}
			}
		}
	}
	for _, wf := range []string{"bootstrap", "deploy", "debug", "scale", "configure", "monitor"} {
		res, _ := h.call(t, "zerops_workflow", map[string]any{"workflow": wf})
		wantOK(t, res)
		check(wf, "zerops_workflow", text(res), nil)
		for i, c := range walkCall.FindAllStringSubmatch(text(res), -1) {
			var args map[string]any
			if err := json.Unmarshal([]byte(walkSubst.Replace(c[2])), &args); err != nil {
				t.Errorf("%s: %s is not JSON an agent can send: %v", wf, c[2], err)
				continue
			}
			for k, v := range args {
				s, _ := v.(string)
				switch {
				case k == "processId":
					args[k] = lastProcess
				case k == "buildId":
					args[k] = lastBuild
				case k == "content" && c[1] == "zerops_import":
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
			step := fmt.Sprintf("%s #%d %s %v", wf, i+1, c[1], args)
			res, m := h.callWith(t, ctx, c[1], args, step)
			t.Logf("%s → error=%v %s", step, res.IsError, clipText(text(res), 300))
			check(step, c[1], text(res), m)
		}
	}
	// Every version answered outside documents is one the catalog offers.
	var b strings.Builder
	b.WriteString("services:\n")
	var order []string
	for v := range versions {
		order = append(order, v)
	}
	for i, v := range order {
		fmt.Fprintf(&b, "  - hostname: v%d\n    type: %s\n    mode: NON_HA\n", i, v)
	}
	if len(order) == 0 {
		return
	}
	res, m := h.call(t, "zerops_import", map[string]any{"content": b.String(), "dryRun": true})
	wantOK(t, res)
	for _, p := range issuesOf(m, "problems") {
		if strings.HasSuffix(p["path"], ".type") {
			i, _ := strconv.Atoi(strings.SplitN(strings.TrimPrefix(p["path"], "services["), "]", 2)[0])
			t.Errorf("%s answers %s: %s", versions[order[i]], order[i], p["problem"])
		}
	}
}

func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
