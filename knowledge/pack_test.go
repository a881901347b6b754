package knowledge

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestEmbeddedIndex_MatchesCorpus fails when the corpus (or the mapping)
// changed without `go generate ./knowledge`: the binary's knowledge search
// would then be unavailable.
func TestEmbeddedIndex_MatchesCorpus(t *testing.T) {
	t.Parallel()
	ix, err := OpenIndex()
	if err != nil {
		t.Fatalf("OpenIndex: %v (commit the regenerated knowledge/index.pack.gz; after a merge conflict on it, regenerate)", err)
	}
	defer func() { _ = ix.Close() }()
	docs, _ := Documents()
	if len(ix.List()) != len(docs) {
		t.Fatalf("embedded index lists %d documents, corpus has %d", len(ix.List()), len(docs))
	}
	// OpenIndex checks the corpus pack's bytes; what the documents are
	// parsed and analysed into is checked here.
	hdr, _, err := readPack(bytes.NewReader(embeddedPack))
	if err != nil {
		t.Fatal(err)
	}
	if hdr.Fingerprint != fingerprint(ix.docs, ix.analyzer) {
		t.Fatal("the embedded index was made from other documents or by another analysis: run `go generate ./knowledge`")
	}
}

// TestEmbeddedIndex_AnswersAsBuilt compares every retrieval question's
// answer from the embedded index with the answer of an index built in memory
// from the same documents: same hits, same order, same scores and snippets.
func TestEmbeddedIndex_AnswersAsBuilt(t *testing.T) {
	t.Parallel()
	emb, err := OpenIndex()
	if err != nil {
		t.Skipf("no usable embedded index (TestEmbeddedIndex_MatchesCorpus says why): %v", err)
	}
	defer func() { _ = emb.Close() }()
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	built, err := BuildIndex(docs)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = built.Close() }()
	for f, name := range fields {
		if built.post.fields[f].tokens != emb.post.fields[f].tokens {
			t.Errorf("%s tokens: built %d, embedded %d", name, built.post.fields[f].tokens, emb.post.fields[f].tokens)
		}
	}
	queries := []string{"mongodb", "xyzzy frobnicate", "postgress", "s3 bucket"}
	for _, c := range loadRetrievalCases(t) {
		queries = append(queries, c.question)
	}
	for _, q := range queries {
		a, errA := emb.Search(q, 10)
		b, errB := built.Search(q, 10)
		if errA != nil || errB != nil {
			t.Fatalf("%q: %v / %v", q, errA, errB)
		}
		if len(a.Hits) != len(b.Hits) || a.TopContent != b.TopContent || len(a.Suggestions) != len(b.Suggestions) {
			t.Fatalf("%q: embedded %d hits, built %d", q, len(a.Hits), len(b.Hits))
		}
		for i := range a.Hits {
			ha, hb := a.Hits[i], b.Hits[i]
			if ha.URI != hb.URI || ha.Snippet != hb.Snippet || math.Abs(ha.Score-hb.Score) > 1e-9 {
				t.Fatalf("%q hit %d: embedded %+v, built %+v", q, i, ha, hb)
			}
		}
	}
}

// TestOpenIndex_StalePackIsRefused: an index generated from other documents
// is never opened for the corpus.
func TestOpenIndex_StalePackIsRefused(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	hdr, files, err := readPack(bytes.NewReader(embeddedPack))
	if err != nil {
		t.Fatal(err)
	}
	ix, err := newIndexOf(docs[1:], newAnalyzer(hdr.StopWords))
	if err != nil {
		t.Fatal(err)
	}
	if err := ix.openPack(hdr, files); !errors.Is(err, errPackStale) {
		t.Fatalf("openPack for other documents: %v, want errPackStale", err)
	}
}

// TestReadPack_RejectsBadEntries: a pack naming a file outside the index
// directory, or a size it does not hold, is refused before anything is
// written.
func TestReadPack_RejectsBadEntries(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name  string
		files []packFile
		body  string
		want  string
	}{
		{"escapes", []packFile{{Name: "../evil", Size: 1}}, "x", "bad file entry"},
		{"absolute", []packFile{{Name: "/etc/evil", Size: 1}}, "x", "bad file entry"},
		{"negative", []packFile{{Name: "a", Size: -1}}, "", "bad file entry"},
		{"short", []packFile{{Name: "a", Size: 10}}, "abc", "unexpected EOF"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var buf bytes.Buffer
			zw := gzip.NewWriter(&buf)
			line, _ := json.Marshal(packHeader{Version: packVersion, Files: tt.files})
			_, _ = zw.Write(append(line, '\n'))
			_, _ = zw.Write([]byte(tt.body))
			_ = zw.Close()
			_, _, err := readPack(&buf)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("readPack: %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// TestDecodePostings_RejectsMalformed: postings cut short, with a
// document out of range or bytes left over are refused, never read past.
func TestDecodePostings_RejectsMalformed(t *testing.T) {
	t.Parallel()
	docs := []Document{{URI: "zerops://docs/a/b", Title: "Postgres backup", Content: "backup the database"},
		{URI: "zerops://docs/a/c", Title: "Valkey", Content: "cache"}}
	ix, err := BuildIndex(docs)
	if err != nil {
		t.Fatal(err)
	}
	good := ix.post.encode()
	if p, err := decodePostings(good, len(docs)); err != nil || p.fields[2].tokens != ix.post.fields[2].tokens {
		t.Fatalf("decode of good postings: %v", err)
	}
	for name, b := range map[string][]byte{
		"empty":     nil,
		"cut short": good[:len(good)-1],
		"trailing":  append(slices.Clone(good), 0),
		"huge term": append(slices.Clone(good[:4]), 0xff, 0xff, 0xff, 0x0f),
	} {
		if _, err := decodePostings(b, len(docs)); err == nil {
			t.Errorf("%s: decoded", name)
		}
	}
	if _, err := decodePostings(good, 3); !errors.Is(err, errPackStale) {
		t.Errorf("postings of 2 documents for 3: %v, want errPackStale", err)
	}
}

// TestDocumentInfos_AsParsed: the corpus pack's header says what each
// document is as parsing the documents does.
func TestDocumentInfos_AsParsed(t *testing.T) {
	t.Parallel()
	infos, err := DocumentInfos()
	if err != nil {
		t.Fatal(err)
	}
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	if len(infos) != len(docs) {
		t.Fatalf("the corpus pack lists %d documents, the corpus has %d: run `go generate ./knowledge`", len(infos), len(docs))
	}
	for i, d := range docs {
		if infos[i] != d.Info() {
			t.Fatalf("document %d: the pack says %+v, parsed %+v: run `go generate ./knowledge`", i, infos[i], d.Info())
		}
	}
}

// TestCorpusPack_MatchesDocs fails when knowledge/docs changed without
// `go generate ./knowledge`: the binary reads its documents, parsed, from
// the pack.
func TestCorpusPack_MatchesDocs(t *testing.T) {
	t.Parallel()
	packed, packedBytes, err := packedDocuments()
	if err != nil {
		t.Fatal(err)
	}
	onDisk, n, err := parseCorpus(docsFS, "docs")
	if err != nil {
		t.Fatal(err)
	}
	if packedBytes != n {
		t.Errorf("corpus.pack.gz counts %d bytes of markdown, knowledge/docs has %d: run `go generate ./knowledge`", packedBytes, n)
	}
	want := map[string]Document{}
	for _, d := range onDisk {
		want[d.URI] = d
	}
	for _, d := range packed {
		if w, ok := want[d.URI]; !ok || !reflect.DeepEqual(w, d) {
			t.Errorf("corpus.pack.gz: %s differs from knowledge/docs: run `go generate ./knowledge`", d.URI)
		}
		delete(want, d.URI)
	}
	for u := range want {
		t.Errorf("corpus.pack.gz lacks %s: run `go generate ./knowledge`", u)
	}
}

// TestIndexPack_SameBytesEveryRun: the generator makes the same index pack
// from the same documents, byte for byte, so a regenerated
// knowledge/index.pack.gz differs from the committed one only when what it is
// made from changed. Three runs: an order left to chance (a map's) could
// match another by luck. (The corpus pack is its files in path order; gzip
// adds no time or name.)
func TestIndexPack_SameBytesEveryRun(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	stop, err := embeddedStopWords()
	if err != nil {
		t.Fatal(err)
	}
	var first []byte
	for run := range 3 {
		hdr, contents, err := indexPack(docs, stop, corpusHash(corpusPack))
		if err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		var buf bytes.Buffer
		if err := writePack(&buf, hdr, contents); err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = buf.Bytes()
		} else if !bytes.Equal(buf.Bytes(), first) {
			t.Errorf("run %d: the index pack differs from run 0's in %s", run, packDiff(t, first, buf.Bytes()))
		}
	}
}

// packDiff names the files two packs hold different bytes for.
func packDiff(t *testing.T, a, b []byte) string {
	t.Helper()
	ha, fa, errA := readPack(bytes.NewReader(a))
	hb, fb, errB := readPack(bytes.NewReader(b))
	if errA != nil || errB != nil {
		t.Fatalf("read packs: %v / %v", errA, errB)
	}
	if len(ha.Files) != len(hb.Files) {
		return fmt.Sprintf("its file list (%d files, then %d)", len(ha.Files), len(hb.Files))
	}
	var diff []string
	for i := range ha.Files {
		if ha.Files[i] != hb.Files[i] || !bytes.Equal(fa[i], fb[i]) {
			diff = append(diff, ha.Files[i].Name)
		}
	}
	if len(diff) == 0 {
		return "its header"
	}
	return strings.Join(diff, ", ")
}
