package mcp_test

import (
	"regexp"
	"strings"
	"testing"
)

// TestAnswers_BriefingWiringNamesRealVariables: every variable a briefing's
// wiring line names, and its ${host_VAR} example, is one the sandbox's
// service of that type really has.
func TestAnswers_BriefingWiringNamesRealVariables(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.call(t, "zerops_knowledge", map[string]any{"runtime": "nodejs@22", "services": []string{"postgresql@16", "valkey@7.2", "object-storage"}})
	wantOK(t, res)
	hostOf := map[string]string{"postgresql": "db", "valkey": "cache", "object-storage": "storage"}
	line := regexp.MustCompile("(?m)^- ([a-z-]+) \\(e\\.g\\. hostname `[a-z]+`\\): (.*) — e\\.g\\. `\\$\\{[a-z]+_([A-Za-z]+)\\}`$")
	parens := regexp.MustCompile(`\(([^)]*)\)`)
	found := 0
	for _, m := range line.FindAllStringSubmatch(text(res), -1) {
		host := hostOf[m[1]]
		if host == "" {
			continue
		}
		found++
		var named []string
		for _, p := range parens.FindAllStringSubmatch(m[2], -1) {
			if _, after, ok := strings.Cut(p[1], " as "); ok {
				named = append(named, after)
			}
		}
		for _, v := range strings.Split(parens.ReplaceAllString(m[2], ""), ",") {
			named = append(named, strings.TrimSpace(v))
		}
		named = append(named, m[3])
		res, env := h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": host})
		wantOK(t, res)
		has := map[string]bool{}
		for _, v := range env["variables"].([]any) {
			has[v.(map[string]any)["key"].(string)] = true
		}
		for _, v := range named {
			if !has[v] {
				t.Errorf("the %s wiring line names %q, which %s does not have: %s", m[1], v, host, m[0])
			}
		}
	}
	if found != len(hostOf) {
		t.Fatalf("found %d wiring lines, want %d: %s", found, len(hostOf), text(res))
	}
}

// TestAnswers_ModeFixSpeaksTheServiceType: a managed service without a mode
// gets a warning (never a refusal) whose fix's example is its own type, and
// that example is valid.
func TestAnswers_ModeFixSpeaksTheServiceType(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: kv\n    type: valkey@7.2\n", "dryRun": true})
	wantOK(t, res)
	if m["valid"] != true {
		t.Errorf("a missing single/HA choice refused: %s", text(res))
	}
	fix := ""
	for _, p := range issuesOf(m, "warnings") {
		if p["path"] == "services[0](kv).type" {
			fix = p["fix"]
		}
	}
	if !strings.Contains(fix, "valkey:single@7.2") || strings.Contains(fix, "postgresql") {
		t.Fatalf("valkey's mode fix = %q, want a valkey example", fix)
	}
	res, m = h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: kv\n    type: valkey:single@7.2\n", "dryRun": true})
	wantOK(t, res)
	if m["valid"] != true {
		t.Errorf("the fix's own example is refused: %s", text(res))
	}
}

// TestAnswers_DocumentTitleOnce: a document read by uri carries its title
// once, whether or not its content opens with it.
func TestAnswers_DocumentTitleOnce(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, uri := range []string{"zerops://docs/platform/scaling", "zerops://docs/services/valkey"} {
		res, _ := h.call(t, "zerops_knowledge", map[string]any{"uri": uri})
		wantOK(t, res)
		md := text(res)
		titles := regexp.MustCompile(`(?m)^# .*$`).FindAllString(md, -1)
		if len(titles) != 1 {
			t.Errorf("%s: %d level-1 titles %q, want 1", uri, len(titles), titles)
		}
	}
}
