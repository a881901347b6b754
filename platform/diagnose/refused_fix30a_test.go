package diagnose

import (
	"strings"
	"testing"
)

// A refused call at a managed kind's port (issue 34, fix30a item 1): the
// fix showed the placeholder ${<hostname>_hostname} even when the project
// has exactly one service of that kind. It now names that service; with
// none or several of the kind the placeholder stays.
func TestRefusedFix_NamesTheOnePeerOfTheKind(t *testing.T) {
	t.Parallel()
	line := "amqp: dial tcp 127.0.0.1:5672: connect: connection refused"
	tests := []struct {
		name  string
		peers map[string]string
		want  []string
		lacks []string
	}{
		{"one broker", map[string]string{"app": "nodejs@22", "queue": "rabbitmq@3.9", "db": "postgresql@16"},
			[]string{"${queue_hostname}", "${queue_port}"}, []string{"<hostname>"}},
		{"two brokers", map[string]string{"q1": "rabbitmq@3.9", "q2": "rabbitmq@3.9"},
			[]string{"${<hostname>_hostname}"}, []string{"${q1_", "${q2_"}},
		{"no broker", map[string]string{"db": "postgresql@16"},
			[]string{"${<hostname>_hostname}"}, []string{"${db_"}},
		{"peers unknown", nil, []string{"${<hostname>_hostname}"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := ClassifyWith([]string{line}, Runtime, Options{Peers: tt.peers})
			var fix string
			for _, d := range ds {
				if d.Signal == "connection-refused" {
					fix = d.Fix
				}
			}
			for _, w := range tt.want {
				if strings.Count(fix, w) != 1 {
					t.Errorf("fix lacks %q once: %s (diagnoses %v)", w, fix, ds)
				}
			}
			for _, l := range tt.lacks {
				if strings.Contains(fix, l) {
					t.Errorf("fix has %q: %s", l, fix)
				}
			}
		})
	}
}

// A refused database connection's fix hardcoded ${db_hostname}, wrong in
// every project whose database is not named db. It names the project's one
// database of the kind the line points at (by port or client); with none or
// several it says "db" is an example.
func TestDBRefusedFix_NamesTheOneDatabase(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		line  string
		peers map[string]string
		want  string
		lacks []string
	}{
		{"postgres by port", "Error: connect ECONNREFUSED 127.0.0.1:5432",
			map[string]string{"api": "nodejs@22", "pg": "postgresql@16", "cache": "valkey@7.2"}, "${pg_hostname}:${pg_port}", []string{"<hostname>", "${db_", "${cache_"}},
		{"valkey by client word", "redis.exceptions.ConnectionError: Error 111 connecting to localhost:6379. Connection refused.",
			map[string]string{"api": "python@3.12", "pg": "postgresql@16", "cache": "valkey@7.2"}, "${cache_hostname}:${cache_port}", []string{"<hostname>", "${pg_"}},
		{"mariadb by driver", "SQLSTATE[HY000] [2002] Connection refused",
			map[string]string{"web": "php-nginx@8.4", "maria": "mariadb@10.6"}, "${maria_hostname}:${maria_port}", []string{"<hostname>", "${db_"}},
		{"two postgres", "Error: connect ECONNREFUSED 127.0.0.1:5432",
			map[string]string{"pg1": "postgresql@16", "pg2": "postgresql@17"}, "for a service named db", []string{"${pg1_", "${pg2_"}},
		{"peers unknown", "Error: connect ECONNREFUSED 127.0.0.1:5432", nil, "for a service named db", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := ClassifyWith([]string{tt.line}, Runtime, Options{Peers: tt.peers})
			var fix string
			for _, d := range ds {
				if d.Signal == "db-connection-refused" {
					fix = d.Fix
				}
			}
			if !strings.Contains(fix, tt.want) {
				t.Errorf("fix lacks %q: %q (diagnoses %v)", tt.want, fix, ds)
			}
			for _, l := range tt.lacks {
				if strings.Contains(fix, l) {
					t.Errorf("fix has %q: %s", l, fix)
				}
			}
		})
	}
}
