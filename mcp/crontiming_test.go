package mcp_test

import (
	"strings"
	"testing"
)

// Walk 14: a run.crontab timing with six fields (a leading seconds field,
// as node-cron writes it) or otherwise not cron passed zerops_validate
// unsaid. The docs give timing as five fields of standard cron (minute,
// hour, day of month, month, day of week); the published schema takes any
// string, so each is a warning naming the fix, never a refusal. What the
// docs and official recipes write passes unwarned.
func TestValidate_CronTiming(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	tests := []struct {
		timing string
		want   []string // in the timing warning's problem and fix; none: no warning
	}{
		{"0 5 * * *", nil},
		{"*/10 * * * *", nil},
		{"* * * * *", nil},
		{"0 * * * *", nil},
		{"0 0 1-15/2 JAN,jul MON-FRI", nil},
		{"0 3 * * 7", nil},
		{"0 */5 * * * *", []string{"6 fields", "seconds", `timing: "*/5 * * * *"`}},
		{"*/30 * * * * *", []string{"6 fields", `timing: "* * * * *"`}},
		{"5 * * *", []string{"4 fields", "five fields"}},
		{"@daily", []string{"shorthand", `timing: "0 0 * * *"`}},
		{"@reboot", []string{"shorthand", "five fields"}},
		{"60 * * * *", []string{"minute", `"60"`, "0–59"}},
		{"0 24 * * *", []string{"hour", `"24"`}},
		{"0 0 * * ?", []string{"day of week", `"?"`}},
		{"*/0 * * * *", []string{"step"}},
		{"every 5 minutes", []string{"3 fields"}},
	}
	for _, tt := range tests {
		t.Run(tt.timing, func(t *testing.T) {
			t.Parallel()
			yml := "zerops:\n  - setup: appstage\n    build: {base: nodejs@22, deployFiles: ./}\n    run:\n      base: nodejs@22\n      start: node index.js\n" +
				"      crontab:\n        - timing: \"" + tt.timing + "\"\n          command: node job.js\n          allContainers: false\n"
			res, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
			wantOK(t, res)
			if m["valid"] != true {
				t.Errorf("a timing is refused; the schema takes any string: %s", text(res))
			}
			var got string
			for _, w := range issuesOf(m, "warnings") {
				if strings.HasSuffix(w["path"], ".crontab[0].timing") {
					got += w["problem"] + " | " + w["fix"]
				}
			}
			if len(tt.want) == 0 && got != "" {
				t.Errorf("timing %q warned: %s", tt.timing, got)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("timing %q: warning %q does not name %q", tt.timing, got, w)
				}
			}
		})
	}
}
