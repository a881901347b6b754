package mcp_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"
)

// A ClickHouse service generates a port variable per protocol and the
// user zerops, as the knowledge base's ClickHouse page says (walk 8: the
// sandbox's ClickHouse had only port, so its own recommended
// CLICKHOUSE_URL: http://${olap_hostname}:${olap_portHttp} was warned
// about as a reference to a missing variable, steering to the native port).
func TestEnv_ClickHousePortVariables(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: olap\n    type: clickhouse@25.3\n    mode: NON_HA\n"}, "imp"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	res, m := h.call(t, "zerops_env", map[string]any{"action": "get", "serviceHostname": "olap"})
	wantOK(t, res)
	vars := fmt.Sprint(m["variables"])
	for _, want := range []string{`key:portHttp [^]]*value:8123`, `key:portNative [^]]*value:9000`, `key:portMysql [^]]*value:9004`, `key:portPostgresql [^]]*value:9005`, `key:superUserPassword `, `key:user [^]]*value:zerops`} {
		if !regexp.MustCompile(want).MatchString(vars) {
			t.Errorf("olap lacks %q: %s", want, vars)
		}
	}
	res, m = h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"CLICKHOUSE_URL=http://${olap_hostname}:${olap_portHttp}"}})
	wantOK(t, res)
	if m["warnings"] != nil {
		t.Errorf("${olap_portHttp} warned about: %s", text(res))
	}
}
