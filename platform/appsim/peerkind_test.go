package appsim

import "testing"

func TestPeerOfKind_NamesTheOneServiceOfTheKind(t *testing.T) {
	t.Parallel()
	peers := map[string]string{"db": "postgresql@16", "cache": "valkey@7.2", "app": "nodejs@22"}
	twoDBs := map[string]string{"db": "postgresql@16", "olddb": "postgresql@14", "sql": "mariadb@10.6"}
	tests := []struct {
		name, key, def string
		peers          map[string]string
		want           string
	}{
		{"cache by name", "REDIS_HOST", "localhost", peers, "cache"},
		{"database by scheme", "DATABASE_URL", "postgres://u:p@localhost:5432/app", peers, "db"},
		{"scheme before name", "DATABASE_URL", "redis://localhost:6379", peers, "cache"},
		{"generic word", "DB_HOST", "127.0.0.1", peers, "db"},
		{"several of the kind", "PG_HOST", "localhost", twoDBs, ""},
		{"mariadb by scheme among postgres", "DATABASE_URL", "mysql://localhost/app", twoDBs, "sql"},
		{"none of the kind", "NATS_URL", "nats://localhost:4222", peers, ""},
		{"unknown kind", "SMTP_HOST", "localhost", peers, ""},
		{"no peers known", "REDIS_HOST", "localhost", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := peerOfKind(tt.key, tt.def, tt.peers); got != tt.want {
				t.Errorf("peerOfKind(%q, %q) = %q, want %q", tt.key, tt.def, got, tt.want)
			}
		})
	}
}
