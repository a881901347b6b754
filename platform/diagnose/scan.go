package diagnose

// keywordScanner finds, in one pass over a line, which rules' keywords occur
// in it (ASCII case-insensitive): an Aho-Corasick automaton compiled to a
// dense table over the bytes the keywords use.
type keywordScanner struct {
	class   [256]uint8 // byte → column; 0 for bytes no keyword has
	columns int
	delta   []int32   // state*columns + column → next state
	out     [][]int32 // state → rules whose keyword ends here (fail chain merged)
}

// lowerASCII folds A-Z to a-z and leaves every other byte.
func lowerASCII(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

// newKeywordScanner compiles keys[i], the keywords of rule i.
func newKeywordScanner(keys [][]string) *keywordScanner {
	k := &keywordScanner{columns: 1}
	for _, ks := range keys {
		for _, w := range ks {
			for i := 0; i < len(w); i++ {
				c := lowerASCII(w[i])
				if k.class[c] == 0 {
					k.class[c] = uint8(k.columns)
					k.columns++
				}
			}
		}
	}
	for b := 'A'; b <= 'Z'; b++ {
		k.class[b] = k.class[b+'a'-'A']
	}
	// The trie, with -1 for a missing edge.
	k.delta = make([]int32, k.columns)
	for i := range k.delta {
		k.delta[i] = -1
	}
	k.out = [][]int32{nil}
	for r, ks := range keys {
		for _, w := range ks {
			s := int32(0)
			for i := 0; i < len(w); i++ {
				col := int32(k.class[lowerASCII(w[i])])
				next := k.delta[s*int32(k.columns)+col]
				if next < 0 {
					next = int32(len(k.out))
					k.out = append(k.out, nil)
					row := make([]int32, k.columns)
					for j := range row {
						row[j] = -1
					}
					k.delta = append(k.delta, row...)
					k.delta[s*int32(k.columns)+col] = next
				}
				s = next
			}
			k.out[s] = appendUnique(k.out[s], int32(r))
		}
	}
	// Breadth first: fill the missing edges from the failure states, merge outputs.
	fail := make([]int32, len(k.out))
	queue := make([]int32, 0, len(k.out))
	cols := int32(k.columns)
	for c := int32(0); c < cols; c++ {
		if n := k.delta[c]; n > 0 {
			fail[n] = 0
			queue = append(queue, n)
		} else {
			k.delta[c] = 0
		}
	}
	for len(queue) > 0 {
		s := queue[0]
		queue = queue[1:]
		for _, r := range k.out[fail[s]] {
			k.out[s] = appendUnique(k.out[s], r)
		}
		for c := int32(0); c < cols; c++ {
			n := k.delta[s*cols+c]
			if n < 0 {
				k.delta[s*cols+c] = k.delta[fail[s]*cols+c]
				continue
			}
			fail[n] = k.delta[fail[s]*cols+c]
			queue = append(queue, n)
		}
	}
	// Column 0 (a byte no keyword has) always returns to the root.
	for s := int32(0); s < int32(len(k.out)); s++ {
		k.delta[s*cols] = 0
	}
	return k
}

func appendUnique(list []int32, v int32) []int32 {
	for _, x := range list {
		if x == v {
			return list
		}
	}
	return append(list, v)
}

// scan marks in hit (one bit per rule) the rules whose keywords occur in line
// and reports whether any did.
func (k *keywordScanner) scan(line string, hit []uint64) bool {
	any := false
	s := int32(0)
	cols := int32(k.columns)
	for i := 0; i < len(line); i++ {
		s = k.delta[s*cols+int32(k.class[line[i]])]
		for _, r := range k.out[s] {
			hit[r>>6] |= 1 << (uint(r) & 63)
			any = true
		}
	}
	return any
}
