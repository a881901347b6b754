package knowledge

import (
	"slices"
	"testing"
)

// TestNameCollisions_Rules: an English word the stemmer folds into a name
// is matched in content only; the name typed as a name, an alias for it
// and the same word inflected are not.
func TestNameCollisions_Rules(t *testing.T) {
	t.Parallel()
	ix := testIndex(t)
	tests := []struct {
		typed, contentOnly []string
	}{
		{[]string{"going", "live"}, []string{"going"}},
		{[]string{"admin", "panel"}, []string{"admin"}},
		{[]string{"docker", "compose"}, []string{"compose"}},
		{[]string{"app", "booting"}, []string{"booting"}}, // Spring Boot's second word
		{[]string{"go", "golang", "adminer", "composer"}, nil},
		{[]string{"buckets", "volumes", "shared", "share", "gems"}, nil},
	}
	for _, tt := range tests {
		kept, only := ix.nameCollisions(tt.typed)
		if !slices.Equal(only, tt.contentOnly) || len(kept)+len(only) != len(tt.typed) {
			t.Errorf("nameCollisions(%v) = %v, content only %v; want content only %v", tt.typed, kept, only, tt.contentOnly)
		}
	}
}

// TestRetrieval_NameCollisions: a question whose English word the stemmer
// folds into a runtime's or framework's name is not about it.
func TestRetrieval_NameCollisions(t *testing.T) {
	t.Parallel()
	ix := testIndex(t)
	for _, q := range []string{"the jvm is going out of memory", "things going wrong after deploy",
		"what is going on with my build", "the app is still booting when the first requests arrive, make the deploy wait"} {
		res, err := ix.Search(q, 3)
		if err != nil || len(res.Hits) == 0 {
			t.Fatalf("Search(%q): %v, %d hits", q, err, len(res.Hits))
		}
		if top := res.Hits[0].URI; top == "zerops://docs/runtimes/go" || top == "zerops://docs/frameworks/spring-boot" {
			t.Errorf("Search(%q): top %s, want anything but the named runtime or framework", q, top)
		}
	}
}

// TestRetrieval_TopicOverService: a question that names a topic document's
// whole subject (backups, logs) and a managed service is about the topic;
// the service alone is still about the service.
func TestRetrieval_TopicOverService(t *testing.T) {
	t.Parallel()
	ix := testIndex(t)
	tests := []struct{ query, want string }{
		{"restore yesterday's backup of the mariadb database", "zerops://docs/operations/backups"},
		{"can I download a backup of my valkey data", "zerops://docs/operations/backups"},
		// (not kafka: a commit log is what its own document is about)
		{"where do I read the logs of the meilisearch service", "zerops://docs/operations/logs"},
		{"mariadb connection string", "zerops://docs/services/mariadb"},
		{"valkey port for the tls connection", "zerops://docs/services/valkey"},
	}
	for _, tt := range tests {
		res, err := ix.Search(tt.query, 3)
		if err != nil || len(res.Hits) == 0 {
			t.Fatalf("Search(%q): %v, %d hits", tt.query, err, len(res.Hits))
		}
		if top := res.Hits[0].URI; top != tt.want {
			t.Errorf("Search(%q): top %s, want %s", tt.query, top, tt.want)
		}
	}
}
