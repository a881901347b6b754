package diagnose

import "testing"

// TestBadRef_Shows: a line shows a bad reference when it holds the
// reference itself, or its host or variable as a whole word: a host or key
// inside a longer name, or a host after a dot (a domain's tail), is not it.
func TestBadRef_Shows(t *testing.T) {
	t.Parallel()
	b := BadRef{Key: "REDIS_HOST", Ref: "${redis_hostname}", Host: "redis"}
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"getaddrinfo ENOTFOUND ${redis_hostname}", true},
		{"getaddrinfo ENOTFOUND redis", true},
		{"redis", true},
		{"redis:6379 refused", true},
		{"connect to redis.local failed", true},
		{"Error: REDIS_HOST is not set", true},
		{"KeyError: 'REDIS_HOST'", true},
		{"env(REDIS_HOST)", true},
		{"@redis/client failed", true},
		{"myredis failed", false},
		{"redis2 failed", false},
		{"redis_cache failed", false},
		{"redis-cli failed", false},
		{"cache.redis failed", false},
		{"app-redis failed", false},
		{"REDIS_HOST_2 unset", false},
		{"MY_REDIS_HOST unset", false},
		{"é redis é", true},
		{"redisredis", false},
		{"redisx redis", true},
		{"", false},
	} {
		if got := b.shows(tt.line); got != tt.want {
			t.Errorf("shows(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
	dotted := BadRef{Key: "DB.URL", Ref: "${db_x}", Host: "db"}
	for _, tt := range []struct {
		line string
		want bool
	}{
		{"no DB.URL here", true},
		{"xDB.URL", false},
		{"db", true},
	} {
		if got := dotted.shows(tt.line); got != tt.want {
			t.Errorf("dotted shows(%q) = %v, want %v", tt.line, got, tt.want)
		}
	}
}
