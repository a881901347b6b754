package platform_test

import (
	"testing"

	"github.com/zeropsio/zcp/platform"
)

func TestParseSeverity_Values(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want int
		ok   bool
	}{
		{"emergency", 0, true}, {"EMERG", 0, true}, {"alert", 1, true}, {"critical", 2, true}, {"crit", 2, true},
		{"error", 3, true}, {"err", 3, true}, {" Error ", 3, true}, {"3", 3, true}, {"warning", 4, true}, {"warn", 4, true},
		{"notice", 5, true}, {"info", 6, true}, {"informational", 6, true}, {"debug", 7, true}, {"0", 0, true}, {"7", 7, true},
		{"8", 0, false}, {"-1", 0, false}, {"", 0, false}, {"fatal", 0, false}, {"3.0", 0, false}, {"errorr", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			t.Parallel()
			got, err := platform.ParseSeverity(tt.in)
			if !tt.ok {
				if platform.ErrorCode(err) != platform.ErrInvalidParameter {
					t.Fatalf("ParseSeverity(%q) = %d, %v; want INVALID_PARAMETER", tt.in, got, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("ParseSeverity(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
			}
		})
	}
}

func FuzzParseSeverity(f *testing.F) {
	for _, s := range []string{"error", "3", "-0", "+3", "07", "ERR", "\u0130nfo", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := platform.ParseSeverity(s)
		if err == nil && (n < 0 || n > 7) {
			t.Fatalf("ParseSeverity(%q) = %d", s, n)
		}
		if err != nil && platform.ErrorCode(err) != platform.ErrInvalidParameter {
			t.Fatalf("ParseSeverity(%q): %v", s, err)
		}
	})
}
