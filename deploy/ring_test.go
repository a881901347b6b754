package deploy

import (
	"fmt"
	"strings"
	"testing"
)

func TestLineRing_KeepsLastLines(t *testing.T) {
	t.Parallel()
	var seen int
	r := newLineRing(3, newRedactor(), func(string) { seen++ })
	for i := range 10 {
		fmt.Fprintf(r, "line %d\n", i)
	}
	fmt.Fprint(r, "partial")
	got := r.Lines()
	want := []string{"line 8", "line 9", "partial"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("lines = %q, want %q", got, want)
	}
	if seen != 11 {
		t.Errorf("observed %d lines, want 11", seen)
	}
}

func TestLineRing_Cleaning(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		in   string
		want []string
	}{
		{"crlf and cr", "a\r\nb\rc\n", []string{"a", "b", "c"}},
		{"blank lines dropped", "\n\n  \nx\n", []string{"x"}},
		{"ansi colours", "\x1b[32mok\x1b[0m done\n", []string{"ok done"}},
		{"control chars", "a\x00b\x07c\td\n", []string{"abc d"}},
		{"invalid utf8", "a\xffb\n", []string{"ab"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := newLineRing(10, newRedactor(), nil)
			_, _ = r.Write([]byte(tc.in))
			if got := r.Lines(); strings.Join(got, "|") != strings.Join(tc.want, "|") {
				t.Errorf("lines = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestLineRing_BoundsLongLines(t *testing.T) {
	t.Parallel()
	token := "SECRETTOKENVALUE"
	r := newLineRing(5, newRedactor(token), nil)
	// A token straddling the cut is still redacted, and a huge line stays small.
	long := strings.Repeat("x", maxLineBytes-5) + " " + token + " " + strings.Repeat("y", 1<<20)
	for i := 0; i < len(long); i += 4096 {
		_, _ = r.Write([]byte(long[i:min(i+4096, len(long))]))
	}
	_, _ = r.Write([]byte("\nnext\n"))
	got := r.Lines()
	if len(got) != 2 || got[1] != "next" {
		t.Fatalf("lines = %d %q", len(got), got)
	}
	if len(got[0]) > maxLineBytes+32 || !strings.HasSuffix(got[0], "[truncated]") {
		t.Errorf("long line kept %d bytes: …%q", len(got[0]), got[0][max(0, len(got[0])-40):])
	}
	if strings.Contains(got[0], token[:4]) {
		t.Errorf("token fragment survived the cut: …%q", got[0][len(got[0])-40:])
	}
}

func TestLineRing_ConcurrentWriters(t *testing.T) {
	t.Parallel()
	r := newLineRing(50, newRedactor(), nil)
	done := make(chan struct{})
	for w := range 4 {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range 200 {
				fmt.Fprintf(r, "w%d-%d\n", w, i)
			}
		}()
	}
	for range 4 {
		recv(t, done)
	}
	if got := r.Lines(); len(got) != 50 {
		t.Errorf("kept %d lines, want 50", len(got))
	}
}
