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
