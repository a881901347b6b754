package mcp_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"
)

// TestEnv_ManagedServiceGeneratesItsPagesVariables: a managed service
// generates the variables its knowledge-base page and the Zerops docs name
// (zerops_env get lists them), so the references the page recommends are
// set without a warning of a missing variable. Walk 7: NATS lacked
// connectionString; walk 8: ClickHouse had only port, so
// ${olap_portHttp} steered to the native port; walk9b: Kafka's
// ${kafka_user} and ${kafka_password} were "kafka has no variable user";
// recipes15: PostgreSQL lacked superUserPassword (recipe-tegola).
func TestEnv_ManagedServiceGeneratesItsPagesVariables(t *testing.T) {
	t.Parallel()
	tests := []struct {
		host, typ string
		vars      []string // patterns over zerops_env get's variables
		refs      []string // set on appdev: none may be warned of
	}{
		{"olap", "clickhouse@25.3",
			[]string{`key:portHttp [^]]*value:8123`, `key:portNative [^]]*value:9000`, `key:portMysql [^]]*value:9004`, `key:portPostgresql [^]]*value:9005`, `key:superUserPassword `, `key:user [^]]*value:zerops`},
			[]string{"CLICKHOUSE_URL=http://${olap_hostname}:${olap_portHttp}"}},
		{"bus", "nats@2.12",
			[]string{`key:connectionString `, `key:user [^]]*value:zerops`},
			[]string{"NATS_URL=${bus_connectionString}"}},
		{"kafka", "kafka@3.9",
			[]string{`key:user `, `key:password `, `key:port [^]]*value:9092`},
			[]string{"KAFKA_USER=${kafka_user}", "KAFKA_PASSWORD=${kafka_password}", "KAFKA_BROKERS=${kafka_hostname}:${kafka_port}"}},
		{"postgis", "postgresql@16", // the PostgreSQL page's superuser, as recipe-tegola's migrations use it
			[]string{`key:superUser [^]]*value:postgres`, `key:superUserPassword `},
			[]string{"PGUSER=${postgis_superUser}", "PGPASSWORD=${postgis_superUserPassword}"}},
		{"vec", "qdrant@1.12",
			[]string{`key:connectionString `, `key:grpcConnectionString `, `key:apiKey `, `key:readOnlyApiKey `},
			[]string{"QDRANT_URL=${vec_connectionString}", "QDRANT_GRPC=${vec_grpcConnectionString}", "QDRANT_KEY=${vec_apiKey}", "QDRANT_RO_KEY=${vec_readOnlyApiKey}"}},
	}
	for _, tt := range tests {
		t.Run(tt.host, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			content := fmt.Sprintf("services:\n  - hostname: %s\n    type: %s\n    mode: NON_HA\n", tt.host, tt.typ)
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": content}, "imp"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			res, m := h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": tt.host})
			wantOK(t, res)
			vars := fmt.Sprint(m["variables"])
			for _, want := range tt.vars {
				if !regexp.MustCompile(want).MatchString(vars) {
					t.Errorf("%s lacks %q: %s", tt.host, want, vars)
				}
			}
			res, m = h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": tt.refs})
			wantOK(t, res)
			if m["warnings"] != nil {
				t.Errorf("a reference the %s page recommends is warned about: %s", tt.typ, text(res))
			}
		})
	}
}
