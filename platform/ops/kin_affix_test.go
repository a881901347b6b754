package ops

import "testing"

// TestKinAffix_Table: a hostname that begins or ends with a kind's word
// says that kind; a two-letter word that ends many words does not.
func TestKinAffix_Table(t *testing.T) {
	t.Parallel()
	for host, want := range map[string]string{"apidb": "db", "pgmain": "pg", "rediscache": "cache", "mainredis": "redis", "mainpostgres": "postgres",
		"images": "", "services": "", "api": "", "db": "", "dbb": "", "mydb": "db"} {
		if got := kinAffix(host); got != want {
			t.Errorf("kinAffix(%q) = %q, want %q", host, got, want)
		}
	}
}
