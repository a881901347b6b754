package diagnose

import (
	"regexp"
	"testing"
)

// placeholder is a <value> an agent would have to make up.
var placeholder = regexp.MustCompile(`<[a-z][a-z ]*>`)

// TestFixTexts_NoPlaceholderValues: every cause and fix text, with the port
// known or not, carries a real value or words, never a <placeholder>.
func TestFixTexts_NoPlaceholderValues(t *testing.T) {
	t.Parallel()
	var texts []string
	for _, s := range signals {
		texts = append(texts, s.cause, s.fix)
	}
	for _, s := range localServers {
		texts = append(texts, s.fix, s.port)
	}
	for _, f := range bindForms {
		texts = append(texts, f)
	}
	for _, opt := range []Options{{}, {Port: 8000}, {Ports: []int{3000}}} {
		for _, text := range texts {
			d := Diagnosis{Fix: text}
			d.fillPort(opt)
			if m := placeholder.FindString(d.Fix); m != "" {
				t.Errorf("port %d/%v: %q keeps %s", opt.Port, opt.Ports, d.Fix, m)
			}
		}
	}
}
