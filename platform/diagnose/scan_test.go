package diagnose

import (
	"slices"
	"testing"
	"unicode/utf8"
)

func TestKeywordScanner_FindsEveryKeywordCaseInsensitively(t *testing.T) {
	t.Parallel()
	k := newKeywordScanner([][]string{{"he", "she"}, {"his"}, {"hers"}, {"err!"}})
	tests := []struct {
		name, line string
		want       []int
	}{
		{"Overlapping", "USHERS", []int{0, 2}},
		{"Suffix", "this", []int{1}},
		{"Punctuation", "npm ERR! code 1", []int{3}},
		{"None", "all good", nil},
		{"Empty", "", nil},
		{"NonASCII", "ßhe€", []int{0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			hit := make([]uint64, 1)
			any := k.scan(tt.line, hit)
			var got []int
			for r := 0; r < 64; r++ {
				if hit[0]&(1<<r) != 0 {
					got = append(got, r)
				}
			}
			if !slices.Equal(got, tt.want) || any != (len(tt.want) > 0) {
				t.Errorf("scan(%q) = %v (%v), want %v", tt.line, got, any, tt.want)
			}
		})
	}
}

// TestKeywordScanner_FindsAKeywordInsideALongerOnesPath: "bc" ends inside
// the path of "abcd", so only the failure links' merged outputs report it.
func TestKeywordScanner_FindsAKeywordInsideALongerOnesPath(t *testing.T) {
	t.Parallel()
	k := newKeywordScanner([][]string{{"abcd"}, {"bc"}})
	for _, line := range []string{"abce", "xabc"} {
		hit := make([]uint64, 1)
		if !k.scan(line, hit) || hit[0] != 1<<1 {
			t.Errorf("scan(%q) = %b, want rule 1 only", line, hit[0])
		}
	}
}

func TestStripANSI_DropsColourSequences(t *testing.T) {
	t.Parallel()
	if got := stripANSI("\x1b[31mnpm\x1b[39m \x1b[1mERR!\x1b[0m x"); got != "npm ERR! x" {
		t.Errorf("stripANSI = %q", got)
	}
}

func TestClip_KeepsRunesWhole(t *testing.T) {
	t.Parallel()
	long := ""
	for len(long) < 2*maxEvidence {
		long += "ž"
	}
	got := clip(long)
	if len(got) > maxEvidence+len("…") || !utf8.ValidString(got) {
		t.Errorf("clip gave %d bytes, valid=%v", len(got), utf8.ValidString(got))
	}
}
