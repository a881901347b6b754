package knowledge

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	_ "embed" // the generated packs
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/blevesearch/bleve/v2/mapping"
	index "github.com/blevesearch/bleve_index_api"
)

// The index of the embedded corpus, made by `go generate ./knowledge`
// (internal/genindex): the files of a persisted scorch index, gzipped in one
// pack. Opening it costs a few milliseconds and no analysis; building the
// same index at start-up cost 10–20 times that and most of a short session's
// peak memory.
//
//go:generate go run ./internal/genindex
//go:embed index.pack.gz
var embeddedPack []byte

// corpusPack holds knowledge/docs/**.md as `go generate` found them, in the
// same pack format (no fingerprint: the index's covers the parsed corpus).
//
//go:embed corpus.pack.gz
var corpusPack []byte

// packedCorpus reads the corpus's markdown files from corpusPack.
func packedCorpus() ([]rawFile, error) {
	hdr, data, err := readPack(bytes.NewReader(corpusPack))
	if err != nil {
		return nil, fmt.Errorf("knowledge corpus: %w", err)
	}
	files := make([]rawFile, len(hdr.Files))
	for i, f := range hdr.Files {
		files[i] = rawFile{path: f.Name, data: data[i]}
	}
	return files, nil
}

// packVersion changes whenever the pack layout or what the fingerprint
// covers changes.
const packVersion = 2 // 2: the scorch files at the pack's root (1: a bleve index directory)

// errPackStale: the embedded index was made from other documents (or another
// mapping) than the ones asked for.
var errPackStale = errors.New("the embedded knowledge index was generated from other documents: run `go generate ./knowledge`")

// packHeader is the first line of a pack: what it was made from, the BM25
// statistics of that corpus, and the files that follow it, in order.
type packHeader struct {
	Version     int            `json:"version"`
	Fingerprint string         `json:"fingerprint"`
	Stats       map[string]int `json:"stats"` // field → analysed tokens over all documents
	Files       []packFile     `json:"files"`
}

type packFile struct {
	Name string `json:"name"` // slash-separated, relative to the pack's root (the index directory, or docs/)
	Size int64  `json:"size"`
}

// fingerprint identifies what an index is made from: the pack layout, the
// mapping (fields, analyzers) and every indexed field of every document.
// docs must be sorted by URI.
func fingerprint(m *mapping.IndexMappingImpl, docs []Document) (string, error) {
	h := sha256.New()
	mj, err := json.Marshal(m)
	if err != nil {
		return "", fmt.Errorf("knowledge index mapping: %w", err)
	}
	fmt.Fprintf(h, "v%d\x00%s\x00", packVersion, mj)
	for _, d := range docs {
		in := d.indexed()
		fmt.Fprintf(h, "%d:%s%d:%s%d:%s%d:%s", len(d.URI), d.URI, len(in.Title), in.Title,
			len(in.Keywords), in.Keywords, len(in.Content), in.Content)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// OpenIndex opens the index `go generate` embedded for the embedded corpus
// (Documents), read-only: nothing is analysed at run time. It fails when the
// corpus changed since the index was generated (run `go generate
// ./knowledge`; TestEmbeddedIndex_MatchesCorpus fails until then).
func OpenIndex() (*Index, error) {
	docs, err := Documents()
	if err != nil {
		return nil, err
	}
	m, err := newMapping()
	if err != nil {
		return nil, err
	}
	ix, err := newIndexOf(docs, m)
	if err != nil {
		return nil, err
	}
	fp, err := fingerprint(m, ix.docs)
	if err != nil {
		return nil, err
	}
	if err := ix.openEmbedded(fp); err != nil {
		return nil, err
	}
	return ix, nil
}

// openEmbedded opens the embedded index read-only when it was made from
// fp's documents. Scorch opens an index directory only, so the pack is
// written to a temporary directory, opened (its files are memory-mapped) and
// the directory removed at once; where open files cannot be removed it is
// removed by Close.
func (ix *Index) openEmbedded(fp string) error {
	hdr, files, err := readPack(bytes.NewReader(embeddedPack))
	if err != nil {
		return err
	}
	if hdr.Version != packVersion || hdr.Fingerprint != fp {
		return errPackStale
	}
	dir, err := os.MkdirTemp("", tempPrefix)
	if err != nil {
		return fmt.Errorf("unpack knowledge index (TMPDIR must name a writable directory): %w", err)
	}
	if err := writeFiles(dir, hdr.Files, files); err != nil {
		_ = os.RemoveAll(dir)
		return fmt.Errorf("unpack knowledge index (TMPDIR must name a writable directory): %w", err)
	}
	bi, err := openScorch(dir, nil)
	if err != nil {
		_ = os.RemoveAll(dir)
		return fmt.Errorf("open knowledge index: %w", err)
	}
	if os.RemoveAll(dir) != nil { // open files cannot be removed here (Windows)
		ix.cleanup = func() error { return os.RemoveAll(dir) }
		removeStale(dir)
	}
	ix.bleve = bi
	for f, n := range hdr.Stats {
		ix.stats.FieldCardinality[f] = n
	}
	return nil
}

// tempPrefix names the temporary directories indexes are unpacked into.
const tempPrefix = "zcp-knowledge-"

// removeStale removes the unpacked indexes of earlier processes that could
// not remove their own (where open files cannot be removed, a process that
// ends without Close leaves its directory behind). Directories younger than
// a minute may belong to a process still opening its index and are left.
func removeStale(own string) {
	dirs, _ := filepath.Glob(filepath.Join(filepath.Dir(own), tempPrefix+"*"))
	for _, d := range dirs {
		if fi, err := os.Stat(d); err == nil && d != own && time.Since(fi.ModTime()) > time.Minute {
			_ = os.RemoveAll(d) // fails for indexes still open: they are in use
		}
	}
}

// readPack reads a pack's header and its files' contents.
func readPack(r io.Reader) (packHeader, [][]byte, error) {
	var hdr packHeader
	zr, err := gzip.NewReader(r)
	if err != nil {
		return hdr, nil, fmt.Errorf("read knowledge index pack: %w", err)
	}
	br := bufio.NewReader(zr)
	line, err := br.ReadBytes('\n')
	if err != nil {
		return hdr, nil, fmt.Errorf("read knowledge index pack header: %w", err)
	}
	if err := json.Unmarshal(line, &hdr); err != nil {
		return hdr, nil, fmt.Errorf("read knowledge index pack header: %w", err)
	}
	files := make([][]byte, len(hdr.Files))
	for i, f := range hdr.Files {
		if !filepath.IsLocal(filepath.FromSlash(f.Name)) || f.Size < 0 || f.Size > 64<<20 {
			return hdr, nil, fmt.Errorf("knowledge index pack: bad file entry %q (%d bytes)", f.Name, f.Size)
		}
		files[i] = make([]byte, f.Size)
		if _, err := io.ReadFull(br, files[i]); err != nil {
			return hdr, nil, fmt.Errorf("read knowledge index pack file %s: %w", f.Name, err)
		}
	}
	return hdr, files, nil
}

func writeFiles(dir string, names []packFile, files [][]byte) error {
	for i, f := range names {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			return err
		}
		if err := os.WriteFile(p, files[i], 0o600); err != nil {
			return err
		}
	}
	return nil
}

// WritePacks reads dir/docs (the markdown corpus) and writes the two packs
// the binary embeds into dir: corpus.pack.gz (the files) and index.pack.gz
// (their index, built as a persisted scorch index). `go generate
// ./knowledge` runs it in the package's directory.
func WritePacks(dir string) error {
	files, err := readCorpus(os.DirFS(dir), "docs")
	if err != nil {
		return err
	}
	docs, _, err := parseFiles(files)
	if err != nil {
		return err
	}
	corpusHdr := packHeader{Version: packVersion}
	contents := make([][]byte, len(files))
	for i, f := range files {
		corpusHdr.Files = append(corpusHdr.Files, packFile{Name: f.path, Size: int64(len(f.data))})
		contents[i] = f.data
	}
	if err := writePackFile(filepath.Join(dir, "corpus.pack.gz"), corpusHdr, contents); err != nil {
		return err
	}
	indexHdr, contents, err := indexPack(docs)
	if err != nil {
		return err
	}
	return writePackFile(filepath.Join(dir, "index.pack.gz"), indexHdr, contents)
}

// indexPack builds docs' index as a persisted scorch index and returns its
// pack header and files.
func indexPack(docs []Document) (packHeader, [][]byte, error) {
	var hdr packHeader
	m, err := newMapping()
	if err != nil {
		return hdr, nil, err
	}
	ix, err := newIndexOf(docs, m)
	if err != nil {
		return hdr, nil, err
	}
	fp, err := fingerprint(m, ix.docs)
	if err != nil {
		return hdr, nil, err
	}
	tmp, err := os.MkdirTemp("", "zcp-genindex-")
	if err != nil {
		return hdr, nil, fmt.Errorf("generate knowledge index: %w", err)
	}
	defer func() { _ = os.RemoveAll(tmp) }()
	dir := filepath.Join(tmp, "index")
	q := index.NewAnalysisQueue(4) // bleve's default
	defer q.Close()
	bi, err := openScorch(dir, q)
	if err != nil {
		return hdr, nil, fmt.Errorf("generate knowledge index: %w", err)
	}
	stats, err := indexBatch(bi, m, ix.docs)
	if cerr := bi.Close(); err == nil && cerr != nil {
		err = fmt.Errorf("generate knowledge index: %w", cerr)
	}
	if err == nil {
		err = canonicalRoot(filepath.Join(dir, "root.bolt"))
	}
	if err != nil {
		return hdr, nil, err
	}
	hdr = packHeader{Version: packVersion, Fingerprint: fp, Stats: stats}
	var contents [][]byte
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if strings.HasSuffix(p, ".zap") {
			if err := canonicalZap(b); err != nil {
				return fmt.Errorf("%s: %w", filepath.Base(p), err)
			}
		}
		rel, err := filepath.Rel(dir, p)
		if err != nil {
			return err
		}
		hdr.Files = append(hdr.Files, packFile{Name: filepath.ToSlash(rel), Size: int64(len(b))})
		contents = append(contents, b)
		return nil
	})
	if err != nil {
		return hdr, nil, fmt.Errorf("generate knowledge index: %w", err)
	}
	return hdr, contents, nil
}

// writePackFile writes a pack to path, replacing it only once complete.
func writePackFile(path string, hdr packHeader, contents [][]byte) error {
	var buf bytes.Buffer
	if err := writePack(&buf, hdr, contents); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

func writePack(w io.Writer, hdr packHeader, contents [][]byte) error {
	zw, err := gzip.NewWriterLevel(w, gzip.BestCompression)
	if err != nil {
		return err
	}
	line, err := json.Marshal(hdr)
	if err != nil {
		return err
	}
	if _, err := zw.Write(append(line, '\n')); err != nil {
		return fmt.Errorf("write knowledge index pack: %w", err)
	}
	for _, b := range contents {
		if _, err := zw.Write(b); err != nil {
			return fmt.Errorf("write knowledge index pack: %w", err)
		}
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("write knowledge index pack: %w", err)
	}
	return nil
}
