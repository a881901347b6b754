package diagnose

import (
	"regexp"
	"slices"
	"testing"
)

// A loopback listener explains the balancer's refusal of its port even
// where its own line names none (Vite's hint): the port comes from the
// server's Local line or the start command's option.
func TestClassify_LoopbackHintExplainsTheRefusalOfItsPort(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		want  []string
	}{
		{"VitePreviewLocalLine", []string{"> board@0.3.1 preview", "> vite preview", "  ➜  Local:   http://localhost:4173/", "  ➜  Network: use --host to expose",
			"[L7 balancer] 502 Bad Gateway GET / upstream board:4173 connection refused"}, []string{"listening-on-localhost"}},
		{"Vite2Backticks", []string{"  vite v2.9.18 dev server running at:", "  > Local: http://localhost:3000/", "  > Network: use `--host` to expose",
			"502 Bad Gateway: upstream 10.0.7.3:3000 connection refused"}, []string{"listening-on-localhost"}},
		{"AstroPortOption", []string{"> astro preview --port 8080", "  ┃ Network  use --host to expose",
			"balancer: GET / -> 502, dial tcp 10.0.2.9:8080: connect: connection refused"}, []string{"listening-on-localhost"}},
		{"AnotherPortStaysItsOwn", []string{"  ➜  Local:   http://localhost:5173/", "  ➜  Network: use --host to expose",
			"Error: connect ECONNREFUSED 10.0.3.3:8000"}, []string{"connection-refused", "listening-on-localhost"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := signalIDs(Classify(tt.lines, Runtime)); !slices.Equal(got, tt.want) {
				t.Fatalf("signals = %v, want %v", got, tt.want)
			}
		})
	}
}

// The balancer refusing the declared port while the app's own line shows
// it listening on another is the wrong port; the app's own outbound
// refusal, or a refusal of the port it listens on, stays a refusal.
func TestClassify_BalancerRefusalBesideAnotherPortIsWrongPort(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		want  []string
		fix   []string
	}{
		{"UpOnAnotherPort", []string{"catalog service up on :3000 (NODE_ENV=production)", "[L7 balancer] 502 Bad Gateway GET /api upstream catalog:8080 connection refused"},
			[]string{"wrong-port"}, []string{"listen on 8080", "`run.ports` to 3000"}},
		{"ListeningOnPort", []string{"Server listening on port 4000", "502 Bad Gateway (upstream 10.0.2.7:8000: connection refused)"},
			[]string{"wrong-port"}, []string{"listen on 8000", "`run.ports` to 4000"}},
		{"ListeningAtAddress", []string{"Listening at http://0.0.0.0:5000", "balancer: GET /health -> 502, dial tcp 10.0.4.2:3000: connect: connection refused"},
			[]string{"wrong-port"}, []string{"listen on 3000", "`run.ports` to 5000"}},
		{"OwnCallStaysARefusal", []string{"Server listening on port 4000", "Error: connect ECONNREFUSED 10.0.2.7:8000"}, []string{"connection-refused"}, nil},
		{"SamePortStaysARefusal", []string{"Server listening on port 8000", "502 Bad Gateway (upstream 10.0.2.7:8000: connection refused)"}, []string{"connection-refused"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, Runtime)
			if got := signalIDs(ds); !slices.Equal(got, tt.want) {
				t.Fatalf("signals = %v, want %v", got, tt.want)
			}
			wantIn(t, "fix", ds[0].Fix, tt.fix, nil)
		})
	}
}

// A refused connection stays a failure unless a later line shows the
// client connected to that address, and nothing refused it again after.
func TestClassify_RefusalRecoveredOnlyByItsOwnAddress(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		want  []string
	}{
		{"RefusedAgainAfterConnecting", []string{"Error: connect ECONNREFUSED 10.0.2.9:5432", "pg pool: connected to 10.0.2.9:5432",
			"Error: connect ECONNREFUSED 10.0.2.9:5432"}, []string{"db-connection-refused"}},
		{"ConnectedElsewhere", []string{"consumer: Cannot connect to redis://cache:6379/0: Error 111 connecting to cache:6379. Connection refused..",
			"Connected to amqp://guest:**@broker:5672//"}, []string{"db-connection-refused"}},
		{"DisconnectedIsNoConnection", []string{"amqp: dial tcp 10.0.3.3:5672: connect: connection refused", "amqp: disconnected from 10.0.3.3:5672"},
			[]string{"connection-refused"}},
		{"ReadyByHostnameOnItsPort", []string{"[ioredis] Unhandled error event: Error: connect ECONNREFUSED 10.0.5.7:6379",
			`{"level":"info","msg":"cache ready","host":"valkey","port":6379}`}, nil},
		{"ConnectedByHostnameColonPort", []string{"pg: connect ECONNREFUSED 10.0.1.4:5432 (attempt 1)", "pool: connected to db:5432"}, nil},
		{"DebugStatusConnectingToReady", []string{"[ioredis] Unhandled error event: Error: connect ECONNREFUSED 10.0.5.7:6379",
			"ioredis:redis status[10.0.5.7:6379]: connecting -> ready +40ms"}, nil},
		{"ReadyOnAnotherPortStays", []string{"Error: connect ECONNREFUSED 10.0.5.7:6379", "amqp ready port=5672"}, []string{"db-connection-refused"}},
		{"WaitingToBeReadyStays", []string{"Error: connect ECONNREFUSED 10.0.2.9:5432", "waiting for db:5432 to be ready (attempt 3)"}, []string{"db-connection-refused"}},
		{"NotReadyStays", []string{"Error: connect ECONNREFUSED 10.0.2.9:5432", "db:5432 not ready yet"}, []string{"db-connection-refused"}},
		{"ReadyThenRefusedAgain", []string{"redis: dial tcp 10.0.5.7:6379: connect: connection refused", "redis client ready on :6379",
			"redis: dial tcp 10.0.5.7:6379: connect: connection refused"}, []string{"db-connection-refused"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := signalIDs(Classify(tt.lines, Runtime)); !slices.Equal(got, tt.want) {
				t.Fatalf("signals = %v, want %v", got, tt.want)
			}
		})
	}
}

// namesPort, one expression for every port, reads a line as the expression
// written for that port alone did: the port after a colon or the word port,
// whole, not inside a longer number or word.
func TestNamesPort_ReadsAsThePortsOwnExpression(t *testing.T) {
	t.Parallel()
	lines := []string{
		"pool: connected to db:5432", "redis client ready on :6379", `{"msg":"cache ready","host":"valkey","port":6379}`,
		"amqp ready port=5672", "PORT: 8080", "port  :  8080", "port::::8080", "Port 80:8080 mapped", "listening on :18080",
		"listening on :80801", "upstream 10.0.0.1:8080abc", "sport 8080", "export8080", "port8080 ok", "port 8080_x",
		"[::1]:3000 ready", "connected to 10.0.5.7:6379, 10.0.5.8:6380", "port 80 then port 8080", "ready", "",
	}
	for _, port := range []string{"80", "3000", "5432", "5672", "6379", "6380", "8080", "18080"} {
		own := regexp.MustCompile(`(?i)(:|\bport\W{0,3})` + port + `\b`)
		for _, l := range lines {
			if got, want := namesPort(l, port), own.MatchString(l); got != want {
				t.Errorf("namesPort(%q, %s) = %v, want %v", l, port, got, want)
			}
		}
	}
}
