package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestScale_KafkaRAMByItsPage: Kafka's page of the Zerops docs gives it up
// to 40 GB of RAM, below the platform's 48 GB (walk 10: Kafka's answers
// offered 48). A maxRam above 40 is warned of and sent, never refused
// (the platform is not known to refuse it); the metrics answer offers a
// raise up to 40; an import asking more than 40 is warned of; a runtime
// keeps the platform's 48.
func TestScale_KafkaRAMByItsPage(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	if res, _ := h.callWith(t, ctx, "zerops_import", map[string]any{"content": "services:\n  - hostname: kafka\n    type: kafka@3.9\n    mode: NON_HA\n"}, "imp"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	tests := []struct {
		name, host string
		args       map[string]any
		warned     bool
	}{
		{"kafka within its page", "kafka", map[string]any{"maxRam": 8}, false},
		{"kafka above its page", "kafka", map[string]any{"maxRam": 44}, true},
		{"kafka minimum above its page", "kafka", map[string]any{"minRam": 42, "maxRam": 44}, true},
		{"a runtime above 40", "appdev", map[string]any{"maxRam": 44}, false},
	}
	for _, tt := range tests {
		args := map[string]any{"action": "scale", "serviceHostname": tt.host}
		for k, v := range tt.args {
			args[k] = v
		}
		res, m := h.callWith(t, ctx, "zerops_manage", args, "scale")
		wantOK(t, res)
		warned := strings.Contains(fmt.Sprint(m["warnings"]), "40 GB")
		if warned != tt.warned {
			t.Errorf("%s: warned of Kafka's 40 GB: %v, want %v: %s", tt.name, warned, tt.warned, text(res))
		}
	}
	res, m := h.call(t, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "kafka", "maxRam": 50})
	wantError(t, res, m, platform.ErrInvalidScaling)
	if said := str(m["error"]) + " " + str(m["suggestion"]); !strings.Contains(said, "40 GB") {
		t.Errorf("maxRam 50 on Kafka is refused without its page's 40 GB: %s", said)
	}

	res, _ = h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "scale", "serviceHostname": "kafka", "minRam": 1, "maxRam": 8}, "scale")
	wantOK(t, res)
	_, m = h.callWith(t, ctx, "zerops_metrics", map[string]any{"serviceHostname": "kafka"}, "metrics")
	if next := str(m["next"]); !strings.Contains(next, "raise maxRam (up to 40)") || strings.Contains(next, "48") {
		t.Errorf("Kafka's metrics next does not offer its page's 40 GB: %s", next)
	}

	res, m = h.call(t, "zerops_import", map[string]any{"dryRun": true, "content": "services:\n  - hostname: kafka2\n    type: kafka@3.9\n    mode: NON_HA\n    verticalAutoscaling:\n      maxRam: 44\n"})
	wantOK(t, res)
	if m["valid"] != true || !strings.Contains(fmt.Sprint(m["warnings"]), "40 GB") {
		t.Errorf("an import of Kafka with maxRam 44 is refused or not warned of: %s", text(res))
	}
}
