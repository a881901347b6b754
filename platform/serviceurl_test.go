package platform_test

import (
	"testing"

	"github.com/zeropsio/zcp/platform"
)

func TestURLHost_SchemeAndBareHost(t *testing.T) {
	t.Parallel()
	tests := []struct {
		value, host, kind string // host "": no service URL
	}{
		{"postgresql://${db_user}:${db_password}@postgres:5432/db", "postgres", "postgresql"},
		{"postgresql+asyncpg://u:p@pg/db", "pg", "postgresql"},
		{"mongodb+srv://mongo", "mongo", "mongodb"},
		{"rediss://valkey:6379", "valkey", "redis"},
		{"amqp://guest:guest@queue:5672", "queue", "rabbitmq"},
		{"  mysql://root@maria:3306/app  ", "maria", "mysql"},
		{"postgresql://u:p@localhost:5432/db", "", ""},      // the app's own container
		{"postgresql://u:p@db.example.com:5432/db", "", ""}, // a public host
		{"postgresql://u:p@${db_hostname}:5432/db", "", ""}, // a reference
		{"http://backend:8080", "", ""},                     // a scheme of no service
		{"db://u:p@postgres/db", "", ""},                    // a word too wide to name a kind
		{"${db_connectionString}", "", ""},
	}
	for _, tt := range tests {
		host, kind := platform.URLHost(tt.value)
		if host != tt.host || kind != tt.kind {
			t.Errorf("URLHost(%q) = %q, %q; want %q, %q", tt.value, host, kind, tt.host, tt.kind)
		}
	}
}
