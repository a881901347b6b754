package appsim

import "testing"

// The kind of service a missing host is for: the URL's scheme, then the
// variable's words, then the hostname's.
func TestHostKind_SchemeKeyThenHost(t *testing.T) {
	t.Parallel()
	tests := []struct {
		host, key, value, want string
	}{
		{"cache", "REDIS_URL", "${cache_connectionString}", "redis"},
		{"store", "SESSION_URL", "valkey://store:6379", "redis"},
		{"cache", "CACHE_HOST", "${cache_hostname}", "redis"},
		{"main", "DATABASE_URL", "${main_connectionString}", ""}, // any database: the Gemfile decides
		{"pg", "DATABASE_URL", "${pg_connectionString}", "postgresql"},
		{"db", "SOME_URL", "mysql2://db:3306/app", "mysql"},
		{"maria", "DB_HOST", "${maria_hostname}", "mysql"},
		{"api", "UPSTREAM", "${api_hostname}", ""},
	}
	for _, tt := range tests {
		t.Run(tt.key+"="+tt.value, func(t *testing.T) {
			t.Parallel()
			if got := hostKind(tt.host, tt.key, tt.value); got != tt.want {
				t.Errorf("hostKind(%q, %q, %q) = %q, want %q", tt.host, tt.key, tt.value, got, tt.want)
			}
		})
	}
}
