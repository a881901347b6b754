package platform

import (
	"bytes"
	"strings"
	"testing"
)

func TestScrubber_Cases(t *testing.T) {
	t.Parallel()
	const token = "Abc-def_0123456789xyz"
	tests := []struct {
		name    string
		secrets []string
		in      string
		want    string // after String and Bytes
		holds   bool
	}{
		{"exact", []string{token}, "host " + token + " gone", "host [redacted] gone", true},
		{"twice", []string{token}, token + token, "[redacted][redacted]", true},
		{"absent", []string{token}, "nothing here", "nothing here", false},
		{"other case is held, not rewritten", []string{token}, strings.ToUpper(token), strings.ToUpper(token), true},
		{"letters and digits apart", []string{token}, "x.abc.def.0123456789.xyz", "x.abc.def.0123456789.xyz", true},
		{"JSON-escaped form", []string{`tok"en\0123456789`}, `{"a":"tok\"en\\0123456789"}`, `{"a":"[redacted]"}`, true},
		{"short secret ignored", []string{"sandbox"}, "zcp sandbox", "zcp sandbox", false},
		{"no secrets", nil, token, token, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			sc := NewScrubber(tt.secrets...)
			if got := sc.String(tt.in); got != tt.want {
				t.Errorf("String = %q, want %q", got, tt.want)
			}
			if got := string(sc.Bytes([]byte(tt.in))); got != tt.want {
				t.Errorf("Bytes = %q, want %q", got, tt.want)
			}
			if got := sc.Holds([]byte(tt.in)); got != tt.holds {
				t.Errorf("Holds = %v, want %v", got, tt.holds)
			}
			var buf bytes.Buffer
			n, err := sc.Writer(&buf).Write([]byte(tt.in))
			if err != nil || n != len(tt.in) || buf.String() != tt.want {
				t.Errorf("Writer wrote %q (n %d, err %v), want %q reported as %d", buf.String(), n, err, tt.want, len(tt.in))
			}
		})
	}
}

func TestScrubber_NilIsInert(t *testing.T) {
	t.Parallel()
	var sc *Scrubber
	if sc.Active() || sc.Holds([]byte("x")) || sc.String("x") != "x" || string(sc.Bytes([]byte("x"))) != "x" {
		t.Fatal("a nil Scrubber changed something")
	}
	var buf bytes.Buffer
	if w := sc.Writer(&buf); w != &buf {
		t.Fatal("a nil Scrubber wrapped the writer")
	}
}
