package ops_test

import (
	"strings"
	"testing"
)

// A refused connection in an app's log names the project's own service of
// that kind in its fix, read from the project (the demo's Valkey is cache,
// its PostgreSQL db), not a guessed hostname: zerops_logs passes the
// project's services to the classifier for database refusals as it does
// for a broker's.
func TestLogs_DBRefusalNamesTheProjectsService(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, line, want string
	}{
		{"valkey", "Error: connect ECONNREFUSED 127.0.0.1:6379", "${cache_hostname}:${cache_port}"},
		{"postgres", "psycopg.OperationalError: connection failed: connection to server at \"127.0.0.1\", port 5432 failed: Connection refused", "Point the app at db by"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := logsOf(t, []string{"starting", tt.line}, 50)
			for _, d := range res.Diagnoses {
				if d.Signal == "db-connection-refused" {
					if !strings.Contains(d.Fix, tt.want) {
						t.Errorf("fix %q: want %q", d.Fix, tt.want)
					}
					return
				}
			}
			t.Errorf("diagnoses %+v: want db-connection-refused", res.Diagnoses)
		})
	}
}
