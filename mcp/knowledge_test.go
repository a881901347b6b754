package mcp_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestDirectTool_ArgumentsValidated checks that zerops_knowledge, registered
// through the SDK's raw API for speed, refuses bad arguments as the typed
// tools do: an unknown or miscased name, a wrong type, a value its lenient
// type cannot read. Each answer is INVALID_PARAMETER naming the argument,
// and the search still answers afterwards.
func TestDirectTool_ArgumentsValidated(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	tests := []struct {
		name string
		args map[string]any
		want string // what the error must name
	}{
		{"unknown argument", map[string]any{"query": "valkey", "nosuch": 1}, "nosuch"},
		{"miscased name", map[string]any{"QUERY": "valkey"}, "QUERY"},
		{"wrong type", map[string]any{"query": 5}, "query"},
		{"unreadable number", map[string]any{"query": "valkey", "limit": "many"}, `"many"`},
		{"list of numbers", map[string]any{"runtime": "nodejs@22", "services": []any{1, 2}}, "services"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, m := h.call(t, "zerops_knowledge", tt.args)
			wantError(t, res, m, platform.ErrInvalidParameter)
			if msg, _ := m["error"].(string); !strings.Contains(msg, tt.want) {
				t.Errorf("error %q does not name %q", msg, tt.want)
			}
		})
	}
	res, _ := h.call(t, "zerops_knowledge", map[string]any{"query": "valkey", "limit": "2"})
	wantOK(t, res)
	if hits := searchHits(text(res)); len(hits) != 2 {
		t.Errorf("limit \"2\" gave %d hits", len(hits))
	}
}

// TestKnowledge_SearchTextIsMarkdown checks what an agent reads of a search,
// which is all of it (no structured content): the hits as a numbered list
// with their uris, then the top document as markdown (not a JSON string of
// escaped lines), then the next step.
func TestKnowledge_SearchTextIsMarkdown(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.call(t, "zerops_knowledge", map[string]any{"query": "valkey password"})
	wantOK(t, res)
	if res.StructuredContent != nil {
		t.Errorf("a search answers structured content, which Claude Code would show instead of the text")
	}
	got := text(res)
	hits := searchHits(got)
	if len(hits) == 0 {
		t.Fatalf("no numbered hits with uris:\n%s", got)
	}
	if !strings.Contains(got, "\n---\n\n# ") {
		t.Errorf("text does not carry the top document as markdown:\n%s", got)
	}
	if !strings.HasPrefix(got, "Search: valkey password") || !strings.HasPrefix(nextStep(got), "Next: ") {
		t.Errorf("text does not start with the query and end with the next step:\n%s", got)
	}
}

// RabbitMQ is in the catalog (rabbitmq@3.9) and in the docs' list of
// types, with no guide: the briefing says so and names NATS as the
// documented broker, never that Zerops has no RabbitMQ (walk 9: "RabbitMQ
// (not on Zerops)" beside a version check calling it valid) nor that it is
// legacy (nothing the platform publishes says so).
func TestKnowledge_OfferedServiceIsNotCalledMissing(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.call(t, "zerops_knowledge", map[string]any{"runtime": "php-apache@8.4", "services": []string{"mariadb@10.6", "rabbitmq@3.9"}})
	answer := text(res)
	for _, bad := range []string{"not on Zerops", "Zerops has no RabbitMQ", "legacy service", "RabbitMQ (legacy", "do not create"} {
		if strings.Contains(answer, bad) {
			t.Errorf("the briefing says %q of a service the catalog offers: %s", bad, answer)
		}
	}
	for _, want := range []string{"rabbitmq@3.9", "no guide", "zerops_discover", "NATS"} {
		if !strings.Contains(answer, want) {
			t.Errorf("the briefing lacks %q: %s", want, answer)
		}
	}
}

// A PHP queue worker: the knowledge no longer sends the agent to a
// `php@8.4` run base, which the schema (and the import, as a type)
// refuses (walk 9: a Symfony Messenger worker written so failed
// zerops_validate); it drains the queue from run.crontab.
func TestKnowledge_PHPWorkerNotOnABuildBase(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, q := range []string{"symfony messenger worker on zerops", "laravel queue worker on zerops"} {
		res, _ := h.call(t, "zerops_knowledge", map[string]any{"query": q})
		answer := text(res)
		if strings.Contains(answer, "on a `php@8.4` base") || !strings.Contains(answer, "run.crontab") {
			t.Errorf("%q: the answer puts a worker on a php@8.4 base (or names no run.crontab): %s", q, answer)
		}
	}
}
