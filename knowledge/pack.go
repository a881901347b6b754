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
	"os"
	"path/filepath"
	"slices"
	"sync"
)

// The index of the embedded corpus, made by `go generate ./knowledge`
// (internal/genindex): the corpus's postings (postings.go), gzipped in a
// pack. Opening it decodes them and analyses nothing; building it at
// start-up would cost several times that.
//
//go:generate go run ./internal/genindex
//go:embed index.pack.gz
var embeddedPack []byte

// corpusPack holds knowledge/docs/**.md parsed by `go generate`, in the same
// pack format (no fingerprint: the index's covers the parsed corpus).
//
//go:embed corpus.pack.gz
var corpusPack []byte

// packedDocuments reads the parsed documents from corpusPack: what each is
// from its header, each one's content from its file.
func packedDocuments() ([]Document, int, error) {
	hdr, data, err := readPack(bytes.NewReader(corpusPack))
	if err != nil {
		return nil, 0, fmt.Errorf("knowledge corpus: %w", err)
	}
	if hdr.Version != packVersion || len(hdr.Docs) != len(data) || len(hdr.Keywords) != len(data) || len(hdr.Asks) != len(data) {
		return nil, 0, fmt.Errorf("knowledge corpus: %w", errPackStale)
	}
	docs := make([]Document, len(data))
	for i, in := range hdr.Docs {
		docs[i] = Document{URI: in.URI, Path: in.Path, Title: in.Title, Description: in.Description,
			Keywords: hdr.Keywords[i], Content: string(data[i]), Asks: hdr.Asks[i]}
	}
	return docs, hdr.Bytes, nil
}

// packVersion changes whenever the pack layout or what the fingerprint
// covers changes.
const packVersion = 6 // 6: asks; 5: section postings; 4: the corpus parsed (3: the postings; 2: a persisted scorch index)

// postingsFile names the index pack's one file.
const postingsFile = "postings"

// errPackStale: the embedded index was made from other documents (or by
// another analyzer) than the ones asked for.
var errPackStale = errors.New("the embedded knowledge index was generated from other documents: run `go generate ./knowledge`")

// packHeader is the first line of a pack: what it was made from and the
// files that follow it, in order.
type packHeader struct {
	Version     int                   `json:"version"`
	Fingerprint string                `json:"fingerprint,omitempty"`
	Corpus      string                `json:"corpus,omitempty"`    // the index pack's: sha256 of the corpus pack it was made with
	StopWords   []string              `json:"stopWords,omitempty"` // the analyzer's, as the generator's bleve lists them
	Docs        []DocumentInfo        `json:"docs,omitempty"`      // the corpus pack's: what each document is, sorted by URI
	Keywords    [][]string            `json:"keywords,omitempty"`  // the corpus pack's: each document's keywords
	Asks        []map[string][]string `json:"asks,omitempty"`      // the corpus pack's: each document's asks
	Bytes       int                   `json:"bytes,omitempty"`     // the corpus pack's: the size of its markdown files
	Files       []packFile            `json:"files"`
}

type packFile struct {
	Name string `json:"name"` // slash-separated, relative to the pack's root
	Size int64  `json:"size"`
}

// fingerprint identifies what an index is made from: the pack layout, the
// analyzer and every indexed field of every document. docs must be sorted
// by URI.
func fingerprint(docs []Document, an *analyzer) string {
	h := sha256.New()
	stop := make([]string, 0, len(an.stop))
	for w := range an.stop {
		stop = append(stop, w)
	}
	slices.Sort(stop)
	fmt.Fprintf(h, "v%d\x00%s\x00%q\x00", packVersion, analyzerName, stop)
	for _, d := range docs {
		in := d.indexed()
		fmt.Fprintf(h, "%d:%s%d:%s%d:%s%d:%s", len(d.URI), d.URI, len(in.Title), in.Title,
			len(in.Keywords), in.Keywords, len(in.Content), in.Content)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// OpenIndex opens the index `go generate` embedded for the embedded corpus
// (Documents): nothing is analysed at run time. It fails when the corpus
// changed since the index was generated (run `go generate ./knowledge`;
// TestEmbeddedIndex_MatchesCorpus fails until then).
func OpenIndex() (*Index, error) {
	docs, err := Documents()
	if err != nil {
		return nil, err
	}
	hdr, files, err := readPack(bytes.NewReader(embeddedPack))
	if err != nil {
		return nil, err
	}
	ix, err := newIndexOf(docs, newAnalyzer(hdr.StopWords))
	if err != nil {
		return nil, err
	}
	if err := ix.openPack(hdr, files); err != nil {
		return nil, err
	}
	return ix, nil
}

// openPack reads a pack's postings when they were made with the embedded
// corpus pack: a hash of its bytes is checked here, while
// TestEmbeddedIndex_MatchesCorpus checks the fingerprint of the parsed
// documents (the hash costs a fraction of a millisecond, the fingerprint
// several milliseconds of the first knowledge answer).
func (ix *Index) openPack(hdr packHeader, files [][]byte) error {
	if hdr.Version != packVersion || hdr.Corpus != corpusHash(corpusPack) || len(files) != 1 || hdr.Files[0].Name != postingsFile {
		return errPackStale
	}
	p, err := decodePostings(files[0], len(ix.docs))
	if err != nil {
		return err
	}
	ix.post = p
	return nil
}

// embeddedStopWords are the stop words the embedded index pack carries.
var embeddedStopWords = sync.OnceValues(func() ([]string, error) {
	hdr, _, err := readPack(bytes.NewReader(embeddedPack))
	if err == nil && len(hdr.StopWords) == 0 {
		err = errPackStale
	}
	return hdr.StopWords, err
})

// DocumentInfos lists what each embedded document is, sorted by URI, from
// the corpus pack's header alone: no content is read (Documents reads it).
var DocumentInfos = sync.OnceValues(func() ([]DocumentInfo, error) {
	zr, err := gzip.NewReader(bytes.NewReader(corpusPack))
	if err != nil {
		return nil, fmt.Errorf("knowledge corpus: %w", err)
	}
	line, err := bufio.NewReader(zr).ReadBytes('\n')
	if err != nil {
		return nil, fmt.Errorf("knowledge corpus header: %w", err)
	}
	var hdr packHeader
	if err := json.Unmarshal(line, &hdr); err != nil {
		return nil, fmt.Errorf("knowledge corpus header: %w", err)
	}
	return hdr.Docs, nil
})

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

// WritePacks reads dir/docs (the markdown corpus) and writes the two packs
// the binary embeds into dir: corpus.pack.gz (the files) and index.pack.gz
// (their postings). `go generate
// ./knowledge` runs it in the package's directory.
func WritePacks(dir string, stopWords []string) error {
	files, err := readCorpus(os.DirFS(dir), "docs")
	if err != nil {
		return err
	}
	docs, _, err := parseFiles(files)
	if err != nil {
		return err
	}
	// The corpus pack holds the documents parsed: each one's content as a
	// file, what it is in the header.
	corpusHdr := packHeader{Version: packVersion}
	contents := make([][]byte, len(docs))
	for _, f := range files {
		corpusHdr.Bytes += len(f.data)
	}
	for i, d := range docs {
		corpusHdr.Docs = append(corpusHdr.Docs, d.Info())
		corpusHdr.Keywords = append(corpusHdr.Keywords, d.Keywords)
		corpusHdr.Asks = append(corpusHdr.Asks, d.Asks)
		corpusHdr.Files = append(corpusHdr.Files, packFile{Name: d.Path + ".md", Size: int64(len(d.Content))})
		contents[i] = []byte(d.Content)
	}
	var corpus bytes.Buffer
	if err := writePack(&corpus, corpusHdr, contents); err != nil {
		return err
	}
	if err := writeFileAtomic(filepath.Join(dir, "corpus.pack.gz"), corpus.Bytes()); err != nil {
		return err
	}
	indexHdr, contents, err := indexPack(docs, stopWords, corpusHash(corpus.Bytes()))
	if err != nil {
		return err
	}
	return writePackFile(filepath.Join(dir, "index.pack.gz"), indexHdr, contents)
}

// corpusHash identifies a corpus pack by its bytes.
func corpusHash(pack []byte) string {
	h := sha256.Sum256(pack)
	return hex.EncodeToString(h[:])
}

// indexPack analyses docs, read from the corpus pack of hash corpus, and
// returns the index pack's header and file.
func indexPack(docs []Document, stopWords []string, corpus string) (packHeader, [][]byte, error) {
	stop := slices.Sorted(slices.Values(stopWords))
	ix, err := buildIndex(docs, newAnalyzer(stop))
	if err != nil {
		return packHeader{}, nil, err
	}
	b := ix.post.encode()
	hdr := packHeader{Version: packVersion, Fingerprint: fingerprint(ix.docs, ix.analyzer), Corpus: corpus, StopWords: slices.Compact(stop),
		Files: []packFile{{Name: postingsFile, Size: int64(len(b))}}}
	return hdr, [][]byte{b}, nil
}

// writePackFile writes a pack to path, replacing it only once complete.
func writePackFile(path string, hdr packHeader, contents [][]byte) error {
	var buf bytes.Buffer
	if err := writePack(&buf, hdr, contents); err != nil {
		return err
	}
	return writeFileAtomic(path, buf.Bytes())
}

// writeFileAtomic writes b to path, replacing it only once complete.
func writeFileAtomic(path string, b []byte) error {
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
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
