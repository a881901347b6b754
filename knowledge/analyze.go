package knowledge

import (
	"bytes"
	"unicode"
	"unicode/utf8"

	porterstemmer "github.com/blevesearch/go-porterstemmer"
	"github.com/blevesearch/segment"
)

// analyzer turns text into index terms as bleve's English analyzer ("en")
// does: Unicode words (UAX #29), a trailing possessive 's dropped, lower
// case, stop words dropped, the Porter stem. It calls the word segmenter and
// the stemmer bleve calls, without bleve's analysis registry, whose imports
// (geo shapes, a JSON library) cost the binary about 0.3 MB;
// TestAnalyzer_AsBleve holds it to bleve's. Safe for concurrent use.
type analyzer struct {
	stop map[string]bool // bleve's English stop words, carried by the index pack
}

// analyzerName names the analysis, in the index's fingerprint.
const analyzerName = "en: unicode words, possessive, lower case, stop words, porter"

func newAnalyzer(stopWords []string) *analyzer {
	a := &analyzer{stop: make(map[string]bool, len(stopWords))}
	for _, w := range stopWords {
		a.stop[w] = true
	}
	return a
}

// terms returns text's terms in order, repeats included.
func (a *analyzer) terms(text string) []string {
	var out []string
	seg := segment.NewWordSegmenterDirect([]byte(text))
	for seg.Segment() {
		if seg.Type() == segment.None {
			continue
		}
		t := lowerCase(possessive(seg.Bytes()))
		if a.stop[string(t)] {
			continue
		}
		out = append(out, string(porterstemmer.StemWithoutLowerCasing(bytes.Runes(t))))
	}
	return out
}

// possessive drops a trailing 's (', ’ or ＇ before an s or S).
func possessive(t []byte) []byte {
	last, n := utf8.DecodeLastRune(t)
	if last != 's' && last != 'S' {
		return t
	}
	prev, m := utf8.DecodeLastRune(t[:len(t)-n])
	if prev == '\'' || prev == '’' || prev == '＇' {
		return t[:len(t)-n-m]
	}
	return t
}

// lowerCase is bytes.ToLower, with a final capital sigma as a final small
// sigma (ς) unless a rune before it grew in length when lowered.
func lowerCase(t []byte) []byte {
	out := make([]byte, 0, len(t))
	for i := 0; i < len(t); {
		r, w := utf8.DecodeRune(t[i:])
		l := unicode.ToLower(r)
		if l == r {
			out = append(out, t[i:i+w]...)
			i += w
			continue
		}
		if l == 'σ' && i+2 == len(t) {
			l = 'ς'
		}
		if utf8.RuneLen(l) > w {
			return append(out, bytes.ToLower(t[i:])...)
		}
		out = utf8.AppendRune(out, l)
		i += w
	}
	return out
}
