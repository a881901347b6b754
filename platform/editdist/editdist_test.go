package editdist

import "testing"

func TestEditDistance_Table(t *testing.T) {
	t.Parallel()
	tests := []struct {
		a, b  string
		limit int
		want  int
	}{
		{"start", "start", 3, 0},
		{"strt", "start", 3, 1},
		{"port", "ports", 3, 1},
		{"minCPU", "mincpu", 9, 3},
		{"kitten", "sitting", 9, 3},
		{"kitten", "sitting", 2, 2},
		{"žluť", "zlut", 9, 2},
		{"a", "abcdef", 3, 3},
		{"", "ab", 3, 2},
		{"kafak", "kafka", 3, 2}, // a swap is two edits here (SwapDistanceWithin counts one)
	}
	for _, tt := range tests {
		if got := EditDistanceWithin(tt.a, tt.b, tt.limit); got != tt.want {
			t.Errorf("EditDistanceWithin(%q, %q, %d) = %d, want %d", tt.a, tt.b, tt.limit, got, tt.want)
		}
		if got, full := EditDistance(tt.a, tt.b), EditDistanceWithin(tt.a, tt.b, 99); got != full {
			t.Errorf("EditDistance(%q, %q) = %d, unbounded count %d", tt.a, tt.b, got, full)
		}
	}
}

// TestSwapDistanceWithin_Table: insertions, deletions, changes and swaps
// of neighbouring runes are one edit each; the answer stops at limit.
func TestSwapDistanceWithin_Table(t *testing.T) {
	t.Parallel()
	tests := []struct {
		a, b  string
		limit int
		want  int
	}{
		{"kafak", "kafka", 3, 1},
		{"valky", "valkey", 3, 1},
		{"photo", "proto", 3, 1},
		{"qdarnt", "qdrant", 3, 1},
		{"envirnoment", "environment", 3, 1}, //nolint:misspell // the typo is the test
		{"instaces", "installs", 3, 2},
		{"same", "same", 3, 0},
		{"", "ab", 3, 2},
		{"abcdef", "uvwxyz", 3, 3},
		{"ab", "abcdefgh", 3, 3},
		{"žluť", "žlťu", 3, 1},
	}
	for _, tt := range tests {
		if got := SwapDistanceWithin(tt.a, tt.b, tt.limit); got != tt.want {
			t.Errorf("SwapDistanceWithin(%q, %q, %d) = %d, want %d", tt.a, tt.b, tt.limit, got, tt.want)
		}
	}
}

// TestNearKey_OneEditBeforeAPrefix: a key one edit away is a likelier
// misspelling than one the unknown key starts with (walk 87: `start:prd`
// was corrected to `start`, beside `start:prod`); a prefix still beats two
// edits, and nothing near is "".
func TestNearKey_OneEditBeforeAPrefix(t *testing.T) {
	t.Parallel()
	scripts := []string{"build", "dev", "start", "start:prod"}
	for _, tt := range []struct {
		unknown string
		allowed []string
		want    string
	}{
		{"start:prd", scripts, "start:prod"},
		{"stort", scripts, "start"},
		{"start:production", scripts, "start:prod"},
		{"port", []string{"ports", "httpSupport"}, "ports"},
		{"enableSubdomain", []string{"enableSubdomainAccess", "envVariables"}, "enableSubdomainAccess"},
		{"migrat", []string{"migrate", "seed"}, "migrate"},
		{"deploy", scripts, ""},
		{"START", scripts, "start"},
	} {
		if got := NearKey(tt.unknown, tt.allowed); got != tt.want {
			t.Errorf("NearKey(%q) = %q, want %q", tt.unknown, got, tt.want)
		}
	}
}
