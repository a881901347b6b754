package diagnose

import (
	"slices"
	"testing"
)

// TestListenPorts_AcceptingRequestsAnnouncesAListener: servers that say
// they accept requests or connections on a port (Prerender's factory,
// others alike) announce a listener as "listening on" does; a database's
// readiness line naming no port announces none.
func TestListenPorts_AcceptingRequestsAnnouncesAListener(t *testing.T) {
	t.Parallel()
	tests := []struct {
		line string
		want []int
	}{
		{"2026-12-02T17:40:11.512Z Prerender server accepting requests on port 3000", []int{3000}},
		{"Accepting connections on port 8055", []int{8055}},
		{"server is now accepting requests at 0.0.0.0:4000", []int{4000}},
		{"database system is ready to accept connections", nil},
	}
	for _, tt := range tests {
		if got := ListenPorts([]string{tt.line}); !slices.Equal(got, tt.want) {
			t.Errorf("ListenPorts(%q) = %v, want %v", tt.line, got, tt.want)
		}
		if tt.want == nil {
			continue
		}
		ds := ClassifyWith([]string{"Starting app version v1 on nodejs@20: node server.js", tt.line}, Runtime, Options{Ports: []int{8080}})
		if len(ds) == 0 || ds[0].Signal != "wrong-port" {
			t.Errorf("%q on run.ports 8080: diagnoses %v, want wrong-port", tt.line, signalIDs(ds))
		}
	}
}
