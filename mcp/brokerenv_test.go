package mcp_test

import (
	"context"
	"fmt"
	"testing"
)

// A managed service generates the variables the knowledge base's page of
// its type names, so the references the page recommends resolve (walk9b:
// Kafka's ${kafka_user} and ${kafka_password}, from its page and the Zerops
// docs, were warned about as "kafka has no variable user (it has: hostname,
// port)", steering the agent away from the credentials SASL needs).
func TestEnv_ManagedServiceGeneratesItsPagesVariables(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name, typ string
		refs      []string
	}{
		{"kafka", "kafka@3.9", []string{"KAFKA_USER=${kafka_user}", "KAFKA_PASSWORD=${kafka_password}", "KAFKA_BROKERS=${kafka_hostname}:${kafka_port}"}},
		{"vec", "qdrant@1.12", []string{"QDRANT_URL=${vec_connectionString}", "QDRANT_GRPC=${vec_grpcConnectionString}", "QDRANT_KEY=${vec_apiKey}", "QDRANT_RO_KEY=${vec_readOnlyApiKey}"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			content := fmt.Sprintf("services:\n  - hostname: %s\n    type: %s\n    mode: NON_HA\n", tc.name, tc.typ)
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": content}, "imp"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			res, m := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": tc.refs})
			wantOK(t, res)
			if m["warnings"] != nil {
				t.Errorf("a reference the %s page recommends is warned about: %s", tc.typ, text(res))
			}
		})
	}
}
