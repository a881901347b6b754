package knowledge

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
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
	for _, f := range []string{fieldTitle, fieldKeywords, fieldContent} {
		if built.stats.FieldCardinality[f] != emb.stats.FieldCardinality[f] {
			t.Errorf("%s tokens: built %d, embedded %d", f, built.stats.FieldCardinality[f], emb.stats.FieldCardinality[f])
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
	m, err := newMapping()
	if err != nil {
		t.Fatal(err)
	}
	ix, err := newIndexOf(docs[1:], m)
	if err != nil {
		t.Fatal(err)
	}
	fp, err := fingerprint(m, ix.docs)
	if err != nil {
		t.Fatal(err)
	}
	if err := ix.openEmbedded(fp); !errors.Is(err, errPackStale) {
		t.Fatalf("openEmbedded for other documents: %v, want errPackStale", err)
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

// TestOpenIndex_UnwritableTempDirNamesTheFix: the pack is unpacked into the
// temporary directory; when that cannot be written the error says what to set.
func TestOpenIndex_UnwritableTempDirNamesTheFix(t *testing.T) {
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
	ix, err := OpenIndex()
	if err == nil {
		_ = ix.Close()
		t.Fatal("OpenIndex with a missing TMPDIR succeeded")
	}
	if !strings.Contains(err.Error(), "TMPDIR") {
		t.Fatalf("error %q does not name TMPDIR", err)
	}
}

// TestRemoveStale_OnlyOldDirectoriesOfOthers: leftovers older than a minute
// go; the caller's own directory and young ones (a process still opening)
// stay.
func TestRemoveStale_OnlyOldDirectoriesOfOthers(t *testing.T) {
	t.Parallel()
	parent := t.TempDir()
	mk := func(name string, age time.Duration) string {
		d := filepath.Join(parent, name)
		if err := os.MkdirAll(filepath.Join(d, "store"), 0o700); err != nil {
			t.Fatal(err)
		}
		old := time.Now().Add(-age)
		if err := os.Chtimes(d, old, old); err != nil {
			t.Fatal(err)
		}
		return d
	}
	own := mk(tempPrefix+"own", time.Hour)
	stale := mk(tempPrefix+"stale", 2*time.Minute)
	young := mk(tempPrefix+"young", 0)
	other := mk("unrelated", time.Hour)
	removeStale(own)
	for d, want := range map[string]bool{own: true, stale: false, young: true, other: true} {
		if _, err := os.Stat(d); (err == nil) != want {
			t.Errorf("%s exists = %v, want %v", filepath.Base(d), err == nil, want)
		}
	}
}

// TestCorpusPack_MatchesDocs fails when knowledge/docs changed without
// `go generate ./knowledge`: the binary reads its documents from the pack.
func TestCorpusPack_MatchesDocs(t *testing.T) {
	t.Parallel()
	packed, err := packedCorpus()
	if err != nil {
		t.Fatal(err)
	}
	onDisk, err := readCorpus(docsFS, "docs")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]byte{}
	for _, f := range onDisk {
		want[f.path] = f.data
	}
	for _, f := range packed {
		if d, ok := want[f.path]; !ok || !bytes.Equal(d, f.data) {
			t.Errorf("corpus.pack.gz: %s differs from knowledge/docs: run `go generate ./knowledge`", f.path)
		}
		delete(want, f.path)
	}
	for p := range want {
		t.Errorf("corpus.pack.gz lacks %s: run `go generate ./knowledge`", p)
	}
}

// TestIndexPack_SameBytesEveryRun: the generator makes the same index pack
// from the same documents, byte for byte, so a regenerated
// knowledge/index.pack.gz differs from the committed one only when what it is
// made from changed. Three runs: one of the orders left to chance (each
// field's section table in zap, how far scorch's persister got) can match
// another by luck. (The corpus pack is its files in path order; gzip adds no
// time or name.)
func TestIndexPack_SameBytesEveryRun(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	var first []byte
	for run := range 3 {
		hdr, contents, err := indexPack(docs)
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
