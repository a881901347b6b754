package knowledge

// nameCollisions separates from typed terms the English words the stemmer
// folds into a name ("going" → go, "admin" → adminer, "compose" →
// composer, "expression" → express): the index cannot tell them from the
// name, but a name's document is named in its title and keywords, so such
// a word is matched in content only, where it counts as the word it is.
// A word counts as a name when typed as one (a name, or an alias for one);
// the same word inflected ("buckets", "shared" for share) is no collision.
func (ix *Index) nameCollisions(typed []string) (kept, contentOnly []string) {
	var stems map[string]string // a name's stem → the name
	for _, t := range typed {
		terms := ix.analyzer.terms(t)
		if len(terms) != 1 {
			kept = append(kept, t) // a stop word, or several words
			continue
		}
		if stems == nil {
			stems = ix.vocabulary().nameStems(ix.analyzer)
		}
		v := ix.vocabulary()
		name, ok := stems[terms[0]]
		if !ok || v.names[t] || sameWord(t, name) {
			kept = append(kept, t)
			continue
		}
		contentOnly = append(contentOnly, t)
	}
	return kept, contentOnly
}

// inflections are the endings that make a word's plural or past form.
var inflections = []string{"s", "es", "d", "ed"}

// sameWord reports whether a and b are one word, one the other inflected
// (bucket, buckets; share, shared).
func sameWord(a, b string) bool {
	for _, s := range inflections {
		if a+s == b || b+s == a {
			return true
		}
	}
	return a == b
}

// nameStems maps each name's analysed term to the name.
func (v *vocabulary) nameStems(an *analyzer) map[string]string {
	v.stemOnce.Do(func() {
		v.stems = map[string]string{}
		for n := range v.names {
			if terms := an.terms(n); len(terms) == 1 {
				if prev, ok := v.stems[terms[0]]; !ok || n < prev {
					v.stems[terms[0]] = n
				}
			}
		}
	})
	return v.stems
}
