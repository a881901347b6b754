package knowledge

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

// fields are the indexed fields, in the order postings keeps them.
var fields = [...]string{fieldTitle, fieldKeywords, fieldContent}

// fieldIndex is the position of a field name in fields (-1 when none).
func fieldIndex(name string) int {
	for i, f := range fields {
		if f == name {
			return i
		}
	}
	return -1
}

// posting is one document's occurrences of a term in a field.
type posting struct {
	doc  uint32 // position in Index.docs
	freq uint32 // occurrences of the term in the field
}

// fieldPostings is one field's inverted index.
type fieldPostings struct {
	lens   []uint32             // analysed tokens of the field, per document
	tokens int                  // the sum of lens: BM25's field cardinality
	terms  map[string][]posting // term → postings in document order
}

// postings is the inverted index of documents: what bleve's scorch index
// held for BM25 (term frequencies and field lengths), and no more. Never
// changed once made, so safe for concurrent reads.
type postings struct {
	docs   int
	fields [len(fields)]fieldPostings
	// sections is the content of every document cut at its `## ` headings
	// (splitSections), "See also" aside, each section a unit: a posting's doc is a section's
	// position, secDoc the document each section is part of.
	sections fieldPostings
	secDoc   []uint32
}

// analyse indexes docs (sorted by URI) with the fields' analyzer: each
// field's terms and their frequencies, and its length in tokens, as bleve
// analyses a text field.
func analyse(docs []Document, an *analyzer) *postings {
	p := &postings{docs: len(docs)}
	for f := range fields {
		p.fields[f] = fieldPostings{lens: make([]uint32, len(docs)), terms: map[string][]posting{}}
	}
	p.sections.terms = map[string][]posting{}
	for i, d := range docs {
		in := d.indexed()
		for f, text := range [...]string{in.Title, in.Keywords, in.Content} {
			fp := &p.fields[f]
			fp.lens[i] = fp.add(an.terms(text), uint32(i))
		}
		for _, sec := range splitSections(d.Content) {
			if strings.EqualFold(sec.heading, "See also") {
				continue // links to other documents answer nothing themselves
			}
			n := p.sections.add(an.terms(sec.text+"\n"+camelWords(sec.text)+"\n"+d.asked(sec.heading)), uint32(len(p.secDoc)))
			p.sections.lens = append(p.sections.lens, n)
			p.secDoc = append(p.secDoc, uint32(i))
		}
	}
	return p
}

// add posts terms, the analysed text of one unit (a document's field or a
// section), as unit's, and returns their count.
func (fp *fieldPostings) add(terms []string, unit uint32) uint32 {
	fp.tokens += len(terms)
	freq := map[string]uint32{}
	for _, t := range terms {
		freq[t]++
	}
	for term, n := range freq {
		fp.terms[term] = append(fp.terms[term], posting{doc: unit, freq: n})
	}
	return uint32(len(terms))
}

// norm is the length normalisation of a field of n tokens as bleve's zap
// segments store it (a float32), so scores match bleve's to the last bit.
func norm(n uint32) float64 {
	return float64(float32(1 / math.Sqrt(float64(n))))
}

// encode writes p compactly: the document count, each field, then the
// sections' documents as deltas and the sections as a field. The same
// postings give the same bytes.
func (p *postings) encode() []byte {
	var b []byte
	b = binary.AppendUvarint(b, uint64(p.docs))
	for f := range fields {
		b = p.fields[f].encode(b)
	}
	b = binary.AppendUvarint(b, uint64(len(p.secDoc)))
	prev := uint32(0)
	for _, d := range p.secDoc {
		b = binary.AppendUvarint(b, uint64(d-prev))
		prev = d
	}
	return p.sections.encode(b)
}

// encode appends fp to b: the units' lengths, then each term (in byte
// order) with its postings as unit deltas and frequencies.
func (fp *fieldPostings) encode(b []byte) []byte {
	for _, n := range fp.lens {
		b = binary.AppendUvarint(b, uint64(n))
	}
	terms := make([]string, 0, len(fp.terms))
	for t := range fp.terms {
		terms = append(terms, t)
	}
	slices.Sort(terms)
	b = binary.AppendUvarint(b, uint64(len(terms)))
	for _, t := range terms {
		b = binary.AppendUvarint(b, uint64(len(t)))
		b = append(b, t...)
		ps := fp.terms[t]
		b = binary.AppendUvarint(b, uint64(len(ps)))
		prev := uint32(0)
		for _, ps := range ps {
			b = binary.AppendUvarint(b, uint64(ps.doc-prev))
			b = binary.AppendUvarint(b, uint64(ps.freq))
			prev = ps.doc
		}
	}
	return b
}

var errPostings = errors.New("knowledge index: malformed postings")

// decodePostings reads what encode wrote, for docs documents.
func decodePostings(b []byte, docs int) (*postings, error) {
	r := uvarints{b: b}
	if n := r.next(); n != uint64(docs) {
		return nil, fmt.Errorf("knowledge index: made for %d documents, not %d: %w", n, docs, errPackStale)
	}
	p := &postings{docs: docs}
	for f := range fields {
		if err := p.fields[f].decode(&r, docs); err != nil {
			return nil, err
		}
	}
	nsec := r.next()
	if nsec > uint64(len(b)) {
		return nil, errPostings
	}
	p.secDoc = make([]uint32, nsec)
	doc := uint64(0)
	for i := range p.secDoc {
		doc += r.next()
		if doc >= uint64(docs) {
			return nil, errPostings
		}
		p.secDoc[i] = uint32(doc)
	}
	if err := p.sections.decode(&r, int(nsec)); err != nil {
		return nil, err
	}
	if r.err != nil || len(r.b) != 0 {
		return nil, errPostings
	}
	return p, nil
}

// decode reads what encode wrote for units units.
func (fp *fieldPostings) decode(r *uvarints, units int) error {
	fp.lens = make([]uint32, units)
	for i := range fp.lens {
		fp.lens[i] = uint32(r.next())
		fp.tokens += int(fp.lens[i])
	}
	nt := r.next()
	if nt > uint64(len(r.b)) {
		return errPostings
	}
	fp.terms = make(map[string][]posting, nt)
	for range nt {
		tl := r.next()
		if r.err != nil || tl > uint64(len(r.b)) {
			return errPostings
		}
		term := strings.Clone(string(r.b[:tl]))
		r.b = r.b[tl:]
		np := r.next()
		if np > uint64(units) {
			return errPostings
		}
		ps := make([]posting, np)
		unit := uint64(0)
		for i := range ps {
			unit += r.next()
			if unit >= uint64(units) {
				return errPostings
			}
			ps[i] = posting{doc: uint32(unit), freq: uint32(r.next())}
		}
		fp.terms[term] = ps
	}
	return r.err
}

// uvarints reads unsigned varints until the first error, which it keeps.
type uvarints struct {
	b   []byte
	err error
}

func (r *uvarints) next() uint64 {
	if r.err != nil {
		return 0
	}
	v, n := binary.Uvarint(r.b)
	if n <= 0 || v > math.MaxUint32 {
		r.err = errPostings
		return 0
	}
	r.b = r.b[n:]
	return v
}
