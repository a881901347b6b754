package diagnose

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzClassify: any input, in either stage, gives known signals with their
// doc, evidence that is a clipped input line, and no panic.
func FuzzClassify(f *testing.F) {
	for _, tc := range signalLines {
		f.Add(strings.Join(tc.lines, "\n"), uint8(tc.stage))
	}
	f.Add("\x1b[31m\x1b[", uint8(0))
	f.Add("Listening on 127.0.0.1:80\n0.0.0.0", uint8(2))
	f.Fuzz(func(t *testing.T, log string, stage uint8) {
		lines := strings.Split(log, "\n")
		ds := ClassifyWith(lines, Stage(stage%3), Options{Ports: []int{8080}})
		seen := map[string]bool{}
		for _, d := range ds {
			s := signalByID[d.Signal]
			if s == nil || d.Doc != s.doc || seen[d.Signal] {
				t.Fatalf("diagnosis %+v: unknown or repeated signal, or wrong doc", d)
			}
			seen[d.Signal] = true
			if len(d.Evidence) > maxEvidence+len("…") || (utf8.ValidString(log) && !utf8.ValidString(d.Evidence)) {
				t.Fatalf("evidence %q too long or cut inside a rune", d.Evidence)
			}
			ev := strings.TrimSuffix(d.Evidence, "…")
			found := false
			for _, l := range lines {
				found = found || strings.Contains(stripANSI(l), ev)
			}
			if !found {
				t.Fatalf("evidence %q is no input line", d.Evidence)
			}
		}
	})
}
