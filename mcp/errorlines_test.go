package mcp_test

import (
	"context"
	"regexp"
	"strings"
	"testing"
)

// A crash loop logs the same error at each start: verify shows each error
// line once with how often it came, not the same line again and again.
func TestVerify_RepeatedErrorLinesShownOnceWithCount(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "first"); m["verdict"] != "live" {
		t.Fatalf("first deploy: %s", text(res))
	}
	res, _ := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage",
		"variables": []string{"CACHE=${nosuch_hostname}"}, "restart": true}, "set")
	wantOK(t, res)
	counted := regexp.MustCompile(` \(\d+ times\)$`)
	m := h.verifyUntil(t, func(svc map[string]any) bool {
		lines, _ := svc["errorLines"].([]any)
		n := 0
		for _, l := range lines {
			if s, _ := l.(string); strings.Contains(s, "ENOTFOUND ${nosuch_hostname}") {
				n++
			}
		}
		return n > 1 || (n == 1 && slicesAnyMatch(lines, counted))
	})
	seen := map[string]bool{}
	lines, _ := firstService(m)["errorLines"].([]any)
	for _, l := range lines {
		s, _ := l.(string)
		key := regexp.MustCompile(`\d+`).ReplaceAllString(counted.ReplaceAllString(s, ""), "N")
		if seen[key] {
			t.Errorf("verify shows %q again: %q", s, lines)
		}
		seen[key] = true
	}
}

func slicesAnyMatch(lines []any, re *regexp.Regexp) bool {
	for _, l := range lines {
		if s, _ := l.(string); re.MatchString(s) {
			return true
		}
	}
	return false
}

// A usage error printed with blank lines around it (gunicorn's) shows no
// blank line, and no count standing alone, among the lines of the deploy.
func TestDeploy_BlankErrorLinesAreNotCounted(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: python@3.12\n      deployFiles: ./\n" +
		"    run:\n      base: python@3.12\n      prepareCommands: [python3 -m pip install gunicorn]\n      ports: [{port: 8000, httpSupport: true}]\n" +
		"      start: gunicorn main:app --bind 0.0.0.0:$PORT\n"
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml, "main.py": "app = object()\n"})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "unset")
	check, _ := m["check"].(map[string]any)
	lines, _ := check["logLines"].([]any)
	if len(lines) == 0 {
		t.Fatalf("no log lines: %s", text(res))
	}
	for _, l := range lines {
		if s, _ := l.(string); strings.TrimSpace(regexp.MustCompile(`\(\d+ times\)`).ReplaceAllString(s, "")) == "" {
			t.Errorf("log line %q says nothing: %q", s, lines)
		}
	}
}
