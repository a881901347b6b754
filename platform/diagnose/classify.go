package diagnose

import (
	"math/bits"
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// rule recognises one way a tool prints one failure.
type rule struct {
	build, runtime string         // the signal it names in each stage; "" where it does not apply
	keys           []string       // lower-case keywords, one of which the line must contain
	re             *regexp.Regexp // then the line must match this
}

// compiled is the rule set with its keyword scanner, built on first use.
var compiled = sync.OnceValue(func() *keywordScanner {
	keys := make([][]string, len(rules))
	for i, r := range rules {
		keys[i] = r.keys
	}
	return newKeywordScanner(keys)
})

// maxEvidence bounds Diagnosis.Evidence, in bytes.
const maxEvidence = 300

// classify runs the rules over the lines; see ClassifyWith.
func classify(lines []string, stage Stage, opt Options) []Diagnosis {
	scanner := compiled()
	hit := make([]uint64, (len(rules)+63)/64)
	type found struct {
		sig  *signal
		line int
		text string
	}
	var got []found
	seen := map[string]bool{}
	for n, raw := range lines {
		line := stripANSI(raw)
		if !scanner.scan(line, hit) {
			continue
		}
		for w := range hit {
			for hit[w] != 0 {
				bit := hit[w] & -hit[w]
				hit[w] &^= bit
				r := &rules[w*64+bits.TrailingZeros64(bit)]
				id := r.signalFor(stage)
				if id == "" || seen[id] || !r.re.MatchString(line) {
					continue
				}
				seen[id] = true
				got = append(got, found{signalByID[id], n, line})
			}
		}
	}
	_ = opt
	if len(got) == 0 {
		return nil
	}
	sort.SliceStable(got, func(i, j int) bool {
		if got[i].sig.rank != got[j].sig.rank {
			return got[i].sig.rank > got[j].sig.rank
		}
		return got[i].line < got[j].line
	})
	out := make([]Diagnosis, len(got))
	for i, f := range got {
		out[i] = Diagnosis{Signal: f.sig.id, Cause: f.sig.cause, Fix: f.sig.fix, Evidence: clip(f.text), Doc: f.sig.doc}
	}
	return out
}

// signalFor names the rule's signal in stage; an unknown stage reads as runtime
// where the rule applies there.
func (r *rule) signalFor(stage Stage) string {
	switch stage {
	case Build:
		return r.build
	case Runtime:
		return r.runtime
	}
	if r.runtime != "" {
		return r.runtime
	}
	return r.build
}

// stripANSI drops terminal colour sequences (ESC [ … letter) from line.
func stripANSI(line string) string {
	if strings.IndexByte(line, 0x1b) < 0 {
		return line
	}
	var b strings.Builder
	for i := 0; i < len(line); i++ {
		if line[i] == 0x1b && i+1 < len(line) && line[i+1] == '[' {
			j := i + 2
			for j < len(line) && (line[j] < '@' || line[j] > '~') {
				j++
			}
			i = j
			continue
		}
		b.WriteByte(line[i])
	}
	return b.String()
}

// clip trims line to maxEvidence bytes on a rune boundary.
func clip(line string) string {
	line = strings.TrimSpace(line)
	if len(line) <= maxEvidence {
		return line
	}
	cut := maxEvidence
	for cut > 0 && !utf8.RuneStart(line[cut]) {
		cut--
	}
	return line[:cut] + "…"
}
