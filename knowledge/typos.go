package knowledge

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/zeropsio/zcp/platform/editdist"
)

// Typo tolerance: a query word no document uses in any form, close to a
// word the corpus uses ("elasticsearh", "instaces", "postgress"), is read as
// that word, so the question reaches the document its topic names instead
// of whatever its other words pull.
const (
	typoMinRunes  = 4 // shorter words are too often another word
	typoLongRunes = 8 // from this length a word may be two edits from a name
	typoMinDocs   = 2 // a correction to a word that is no name: at least this many documents use it
)

// vocabulary is the words an index's documents use (title, keywords,
// content), lower-cased as typed, with the number of documents using each,
// and the words the expansion reads (aliases, symptoms, phrases, patterns),
// which count as used by typoMinDocs documents at least; and the names
// among them. Never changed once made (stems once), so safe for
// concurrent reads.
type vocabulary struct {
	docs  map[string]int
	names map[string]bool

	stemOnce sync.Once
	stems    map[string]string // a name's analysed term → the name, made on first use
}

// namedFolders hold the documents named by what they document: a service,
// a runtime, a framework, a tool.
var namedFolders = []string{"services/", "runtimes/", "frameworks/", "tools/"}

func newVocabulary(docs []Document) *vocabulary {
	v := &vocabulary{docs: map[string]int{}, names: map[string]bool{}}
	for _, d := range docs {
		seen := map[string]bool{}
		for _, w := range letterWords(d.Title + " " + strings.Join(d.Keywords, " ") + " " + d.Content) {
			if !seen[w] {
				seen[w] = true
				v.docs[w]++
			}
		}
		for n := range docNames(d) {
			v.names[n] = true
		}
	}
	for _, w := range expansionWords() {
		v.docs[w] = max(v.docs[w], typoMinDocs)
	}
	// An alias for one name is a name too (postgres, golang, rails).
	for k, terms := range aliases {
		n := 0
		for _, t := range terms {
			if v.names[t] {
				n++
			}
		}
		if n == 1 && !strings.ContainsFunc(k, func(r rune) bool { return !unicode.IsLetter(r) }) {
			v.names[k] = true
		}
	}
	return v
}

// docNames are the names a document of a named folder goes by: the words
// of its title before any bracket (PostgreSQL; Spring, Boot; Object,
// Storage) and its one-word file name (nodejs, dotnet).
func docNames(d Document) map[string]bool {
	rest := strings.TrimPrefix(d.URI, URIPrefix)
	named := false
	for _, f := range namedFolders {
		named = named || strings.HasPrefix(rest, f)
	}
	out := map[string]bool{}
	if !named {
		return out
	}
	head, _, _ := strings.Cut(d.Title, "(") // "Adminer (database web UI)": the words in brackets say what it is
	for _, w := range letterWords(head) {
		out[w] = true // every word of a name: "booting" is no Spring Boot
	}
	if slug := rest[strings.LastIndexByte(rest, '/')+1:]; len(letterWords(slug)) == 1 && letterWords(slug)[0] == slug {
		out[slug] = true
	}
	return out
}

// letterWords are the lower-cased words of text, split at anything but a letter.
func letterWords(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) })
}

// expansionWords are the words the expansion tables read.
func expansionWords() []string {
	var out []string
	for _, m := range []map[string][]string{aliases, symptoms} {
		for k, terms := range m {
			out = append(append(out, letterWords(k)...), letterWords(strings.Join(terms, " "))...)
		}
	}
	for k := range unsupported {
		out = append(out, letterWords(k)...)
	}
	for _, pa := range phraseAliases {
		out = append(out, letterWords(pa.phrase)...)
	}
	for _, m := range []map[string]bool{countedWords, scaleVerbs, shipWords, placeWords, unresolvedWords, errorWords} {
		for k := range m {
			out = append(out, k)
		}
	}
	return out
}

// vocabulary is ix's vocabulary, made on its first use.
func (ix *Index) vocabulary() *vocabulary {
	ix.vocabOnce.Do(func() { ix.vocab = newVocabulary(ix.docs) })
	return ix.vocab
}

// queryWord is a word of a query as tokenize reads it (letters, digits and
// the characters service names use).
var queryWord = regexp.MustCompile(`[\p{L}\p{N}\-.@_]+`)

// correctTypos reads each misspelt word of q as the word of the corpus it
// is closest to and returns q so corrected, with a note per correction. A
// word is misspelt when no document uses it in any form (its analysed term
// is in no field), the expansion tables do not read it, and a word that at
// least typoMinDocs documents use is one edit away (two for a long word;
// a swap of two neighbouring letters is one edit); the closest word wins,
// then the one more documents use. Words of pasted ${…} literals, numbers,
// identifiers (node_modules, zerops.yml) and stop words are kept as typed.
func (ix *Index) correctTypos(q string) (string, []string) {
	literals := refLiteral.FindAllStringIndex(q, -1)
	inLiteral := func(at int) bool {
		for _, l := range literals {
			if at >= l[0] && at < l[1] {
				return true
			}
		}
		return false
	}
	var b strings.Builder
	var notes []string
	last := 0
	for _, span := range queryWord.FindAllStringIndex(q, -1) {
		word := q[span[0]:span[1]]
		if inLiteral(span[0]) {
			continue
		}
		fix, ok := ix.typoFix(strings.ToLower(word))
		if !ok {
			continue
		}
		b.WriteString(q[last:span[0]])
		b.WriteString(fix)
		last = span[1]
		notes = append(notes, fmt.Sprintf("%q read as %q: no document uses %q.", word, fix, word))
	}
	if notes == nil {
		return q, nil
	}
	b.WriteString(q[last:])
	return b.String(), notes
}

// typoFix is the corpus word w misspells, if any (see correctTypos).
func (ix *Index) typoFix(w string) (string, bool) {
	n := utf8.RuneCountInString(w)
	if n < typoMinRunes || strings.ContainsFunc(w, func(r rune) bool { return !unicode.IsLetter(r) }) || knownWord(w) {
		return "", false
	}
	if !ix.unknownTerm(w) {
		return "", false
	}
	vocab := ix.vocabulary()
	if vocab.docs[w] > 0 {
		return "", false // a word the expansion reads
	}
	best, bestDist, bestDocs := "", 3, 0
	for v, docs := range vocab.docs {
		d := editdist.SwapDistanceWithin(w, v, 3)
		if d > bestDist || !vocab.fixes(w, v, d, docs) || !ix.analysed(v) {
			continue
		}
		if d < bestDist || docs > bestDocs || docs == bestDocs && v < best {
			best, bestDist, bestDocs = v, d, docs
		}
	}
	return best, best != ""
}

// fixes reports whether the typed word w, d edits from the corpus word v
// that docs documents use, misspells v. A name (of a service, a runtime, a
// framework, a tool) is one edit away from a word of four runes or more,
// two from one of typoLongRunes; any other word that typoMinDocs documents
// use is one dropped, doubled or swapped letter away from a word of seven
// runes or more: a changed letter turns too many English words into other
// ones (photo → proto, falling → failing).
func (v *vocabulary) fixes(w, c string, d, docs int) bool {
	n := utf8.RuneCountInString(w)
	switch {
	case d == 0 || d > 2:
		return false
	case v.names[c]:
		return d == 1 || n >= typoLongRunes
	}
	return d == 1 && docs >= typoMinDocs && n >= 7 && !substitution(w, c)
}

// substitution reports whether a and b, one edit apart, differ by a changed rune.
func substitution(a, b string) bool {
	ra, rb := []rune(a), []rune(b)
	if len(ra) != len(rb) {
		return false
	}
	var diff []int
	for i := range ra {
		if ra[i] != rb[i] {
			diff = append(diff, i)
		}
	}
	return len(diff) != 2 || diff[1] != diff[0]+1
}

// unknownTerm reports whether w analyses to one term that no field of any
// document has.
func (ix *Index) unknownTerm(w string) bool {
	terms := ix.analyzer.terms(w)
	if len(terms) != 1 {
		return false // a stop word
	}
	for f := range ix.post.fields {
		if len(ix.post.fields[f].terms[terms[0]]) > 0 {
			return false
		}
	}
	return true
}

// analysed reports whether w is a word of typoMinRunes or more the analyzer
// keeps (no stop word).
func (ix *Index) analysed(w string) bool {
	return utf8.RuneCountInString(w) >= typoMinRunes && len(ix.analyzer.terms(w)) == 1
}

// knownWord reports whether the query pipeline reads w as a word with no
// topic (a filler, generic or "works" word).
func knownWord(w string) bool {
	return fillerWords[w] || genericTerms[w] || fineWords[w]
}
