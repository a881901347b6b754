package platform

import (
	"errors"
	"strings"
	"testing"
)

func TestValidHostname_Table(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want bool
	}{
		{"app", true},
		{"a", true},
		{"app1", true},
		{"a" + strings.Repeat("b", 24), true},
		{"a" + strings.Repeat("b", 25), false},
		{"a" + strings.Repeat("b", 39), false}, // 40: what ZCP wrongly accepted before
		{"", false},
		{"1app", false},
		{"my-app", false},
		{"my_app", false},
		{"App", false},
		{"app;rm", false},
		{"app\n", false},
		{"ápp", false},
	}
	for _, tt := range tests {
		if got := ValidHostname(tt.in); got != tt.want {
			t.Errorf("ValidHostname(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

func TestValidateHostname_SuggestsFix(t *testing.T) {
	t.Parallel()
	err := ValidateHostname("My-App")
	if ErrorCode(err) != ErrInvalidHostname {
		t.Fatalf("code = %q, want %q", ErrorCode(err), ErrInvalidHostname)
	}
	var pe *PlatformError
	if !errors.As(err, &pe) || !strings.Contains(pe.Suggestion, `"myapp"`) {
		t.Errorf("suggestion of %v does not offer myapp", err)
	}
	if ValidateHostname("api") != nil {
		t.Error("valid hostname rejected")
	}
}

func TestSuggestHostname_Table(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"My-App":                 "myapp",
		"9lives":                 "lives",
		"___":                    "",
		strings.Repeat("x", 100): strings.Repeat("x", 25),
	}
	for in, want := range tests {
		if got := SuggestHostname(in); got != want {
			t.Errorf("SuggestHostname(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestJoinClipped_WholeItems: a list is cut between items, with the rest
// counted, never inside one; a first item longer than n alone is clipped.
func TestJoinClipped_WholeItems(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		items []string
		n     int
		want  string
	}{
		{"fits", []string{"A", "B"}, 10, "A, B"},
		{"none", nil, 10, ""},
		{"cut between items", []string{"S3_ACCESS_KEY", "S3_ENDPOINT", "S3_BUCKET"}, 20, "S3_ACCESS_KEY, … and 2 more"},
		{"long first item", []string{"ABCDEFGHIJ", "K"}, 4, "ABCD…, … and 1 more"},
		{"exactly n", []string{"ab", "cd"}, 6, "ab, cd"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := JoinClipped(tt.items, ", ", tt.n); got != tt.want {
				t.Errorf("JoinClipped(%q, %d) = %q, want %q", tt.items, tt.n, got, tt.want)
			}
		})
	}
}
