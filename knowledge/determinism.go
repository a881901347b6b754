package knowledge

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/blevesearch/bleve/v2/index/scorch"
	"github.com/blevesearch/bleve/v2/util"
	index "github.com/blevesearch/bleve_index_api"
	segment "github.com/blevesearch/scorch_segment_api/v2"
	zapv16 "github.com/blevesearch/zapx/v16"
	bolt "go.etcd.io/bbolt"
)

// `go generate ./knowledge` writes the same index.pack.gz for the same
// documents, byte for byte. Left to itself scorch would not: a batch's
// documents reach the new segment in the order their analysis ends (a map
// walked in Go's random order, analysed by several goroutines), which
// numbers them differently each run; root.bolt holds the time its snapshot
// was persisted, under an epoch and beside older snapshots that depend on how
// far the persister got before Close, in a bolt file whose pages depend on
// how many transactions it committed; and zap writes each field's table of
// sections in the random order of a map. sortedZap fixes the first,
// canonicalRoot the second, canonicalZap the third. What the packs are then
// made of is the documents, the mapping, and the code that writes them:
// another bleve (zap, bolt) or Go (compress/flate) version may write other
// bytes for the same documents, and bolt writes its pages in the machine's
// byte order (every target of `make release` is little-endian).

// sortedZap is zap v16 (scorch's default segment format) whose new segments
// number their documents in ID order, however the analysis finished. The
// segments it writes are plain zap v16: it changes which order New is given,
// nothing else.
type sortedZap struct{ *zapv16.ZapPlugin }

func (p sortedZap) New(results []index.Document) (segment.Segment, uint64, error) {
	slices.SortFunc(results, func(a, b index.Document) int { return strings.Compare(a.ID(), b.ID()) })
	return p.ZapPlugin.New(results)
}

// scorch keeps its segment formats in a package-level registry that NewScorch
// reads unlocked, so the replacement is made once, here, before any index
// exists. It stands in for zap v16 wherever this package is linked; only
// indexes being built call New (the binary only opens the embedded one).
func init() {
	scorch.RegisterSegmentPlugin(sortedZap{&zapv16.ZapPlugin{}}, true)
}

// packEpoch stands for the time scorch persisted the generated snapshot: a
// read-only index never reads it (scorch consults it only to choose which
// old snapshots to keep while it persists new ones).
var packEpoch = time.Unix(0, 0).UTC()

// rootPageSize is the page size of the canonical root.bolt. bolt otherwise
// takes the machine's memory page size (4 KiB on linux/amd64, 16 KiB on
// darwin/arm64); an existing file is read with the size it was written with.
const rootPageSize = 4096

// packSnapshotKey is the key of the one snapshot in the canonical root.bolt:
// epoch 1 as scorch encodes epochs in keys (one byte, 136+n, for n ≤ 109).
// scorch numbers the snapshot of a batch's in-memory segment 1 and the one
// that swaps in the same segment persisted 2; which of them is the newest
// persisted when the generator closes the index depends on timing, and both
// name the same segment file.
var packSnapshotKey = []byte{136 + 1}

// canonicalRoot rewrites scorch's root.bolt at path into a new bolt file
// written by one transaction, each bucket and key in bolt's (byte) order,
// holding the newest snapshot only (the one scorch opens), keyed
// packSnapshotKey, its time replaced by packEpoch: the same snapshot makes
// the same bytes, whatever transactions made the original.
func canonicalRoot(path string) error {
	src, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		return fmt.Errorf("generate knowledge index: read %s: %w", path, err)
	}
	defer func() { _ = src.Close() }()
	tmp := path + ".canonical"
	_ = os.Remove(tmp)
	dst, err := bolt.Open(tmp, 0o600, &bolt.Options{PageSize: rootPageSize, Timeout: time.Second})
	if err != nil {
		return fmt.Errorf("generate knowledge index: %w", err)
	}
	err = src.View(func(stx *bolt.Tx) error {
		return dst.Update(func(dtx *bolt.Tx) error {
			return stx.ForEach(func(name []byte, b *bolt.Bucket) error {
				nb, err := dtx.CreateBucket(name)
				if err != nil {
					return err
				}
				if !bytes.Equal(name, util.BoltSnapshotsBucket) {
					return copyBucket(nb, b)
				}
				// The newest snapshot only: it is the one scorch opens.
				k, v := b.Cursor().Last()
				if k == nil || v != nil {
					return errors.New("no snapshot")
				}
				sb, err := nb.CreateBucket(packSnapshotKey)
				if err != nil {
					return err
				}
				return copyBucket(sb, b.Bucket(k))
			})
		})
	})
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return fmt.Errorf("generate knowledge index: rewrite %s: %w", path, err)
	}
	return nil
}

// copyBucket copies src's keys and nested buckets into dst, the snapshot
// time set to packEpoch.
func copyBucket(dst, src *bolt.Bucket) error {
	epoch, err := packEpoch.MarshalText()
	if err != nil {
		return err
	}
	return src.ForEach(func(k, v []byte) error {
		if v == nil { // a nested bucket
			nb, err := dst.CreateBucket(k)
			if err != nil {
				return err
			}
			return copyBucket(nb, src.Bucket(k))
		}
		if bytes.Equal(k, util.BoltMetaDataTimeStamp) {
			v = epoch
		}
		return dst.Put(k, v)
	})
}

// canonicalZap sorts, in a persisted zap v16 segment, each field's table of
// (section type, address) pairs by section type and sets the checksum that
// covers them. zap writes the table walking a map of its section kinds, so
// its order changes from run to run; the reader loads it into a map, so the
// order carries nothing. The layout is checked as it is read (a later zap
// that writes other tables fails here, not in the index).
func canonicalZap(b []byte) error {
	bad := errors.New("zap segment layout not understood (bleve upgraded? see canonicalZap)")
	const footer = zapv16.FooterSize
	if len(b) < footer {
		return bad
	}
	end := len(b)
	if binary.BigEndian.Uint32(b[end-8:]) != zapv16.Version ||
		binary.BigEndian.Uint32(b[end-4:]) != crc32.ChecksumIEEE(b[:end-4]) {
		return bad
	}
	body := uint64(end - footer)
	uvarint := func(pos uint64) (uint64, uint64, error) {
		if pos >= body {
			return 0, 0, bad
		}
		v, n := binary.Uvarint(b[pos:body])
		if n <= 0 {
			return 0, 0, bad
		}
		return v, pos + uint64(n), nil
	}
	pos := binary.BigEndian.Uint64(b[end-28:]) // the sections index
	numFields, pos, err := uvarint(pos)
	if err != nil || numFields > (body-pos)/8 {
		return bad
	}
	for i := range numFields {
		addr := binary.BigEndian.Uint64(b[pos+8*i:])
		if addr == 0 {
			continue // a field without sections
		}
		nameLen, p, err := uvarint(addr)
		if err != nil || nameLen > body-p {
			return bad
		}
		numSections, p, err := uvarint(p + nameLen)
		if err != nil || numSections > (body-p)/10 {
			return bad
		}
		pairs := b[p : p+10*numSections]
		sort.Sort(sectionPairs(pairs))
	}
	binary.BigEndian.PutUint32(b[end-4:], crc32.ChecksumIEEE(b[:end-4]))
	return nil
}

// sectionPairs is a zap field's table of sections: 10-byte records, a
// big-endian uint16 section type and a uint64 address.
type sectionPairs []byte

func (s sectionPairs) Len() int { return len(s) / 10 }
func (s sectionPairs) Less(i, j int) bool {
	return binary.BigEndian.Uint16(s[10*i:]) < binary.BigEndian.Uint16(s[10*j:])
}
func (s sectionPairs) Swap(i, j int) {
	var t [10]byte
	copy(t[:], s[10*i:10*i+10])
	copy(s[10*i:10*i+10], s[10*j:10*j+10])
	copy(s[10*j:10*j+10], t[:])
}
