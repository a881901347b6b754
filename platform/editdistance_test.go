package platform

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
