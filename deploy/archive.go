package deploy

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

// packLimits bound the archive an APIPusher uploads, which is built in memory.
type packLimits struct {
	files int   // files archived; one more stops the upload
	bytes int64 // file content read, every file (each hard link) in full; more stops the upload
	file  int64 // a larger file is sent as its name with no content
}

// uploadLimits are the sandbox's. The simulated platform reads names and
// small files only (at most 64 kB each, 2 MB in all), so a larger file goes
// in as its name, and 32 MiB of content is far more than the simulation
// reads yet keeps the archive's memory small. The facts give no upload
// limit of the real platform; a real push (zcli) is not read by ZCP.
var uploadLimits = packLimits{files: 20000, bytes: 32 << 20, file: 1 << 20}

// skippedDirs are left out of the archive: zcli leaves .git out by default,
// and node_modules is rebuilt by the build (and usually git-ignored).
var skippedDirs = map[string]bool{".git": true, "node_modules": true}

// packer writes the files of one working directory into a tar, and what
// they hold (names, modes and content) into a digest.
type packer struct {
	root  *os.Root
	tw    *tar.Writer
	sum   hash.Hash
	lim   packLimits
	shown string // the working directory as the deploy names it
	files int
	read  int64 // bytes of file content read
}

// packDir returns a tar.gz of the regular files and symlinks of dir (relative to root),
// as zcli uploads a working directory, read through os.Root (nothing outside
// root) without blocking. Passing a limit is FILE_TOO_LARGE naming it, the
// file that reached it and shown (dir as the deploy names it).
func packDir(ctx context.Context, root, dir, shown string, lim packLimits) (*bytes.Buffer, *packer, error) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	pk, err := walkDir(ctx, root, dir, shown, lim, zw)
	if err != nil {
		return nil, pk, err
	}
	if err := zw.Close(); err != nil {
		return nil, pk, fmt.Errorf("pack the working directory: %w", err)
	}
	return &buf, pk, nil
}

// digestDir is the digest packDir's archive of dir would have (see
// packer.digest), read without keeping the archive.
func digestDir(ctx context.Context, root, dir string, lim packLimits) (string, error) {
	pk, err := walkDir(ctx, root, dir, dir, lim, io.Discard)
	if err != nil {
		return "", err
	}
	return pk.digest(), nil
}

// digest is the hex SHA-256 of what the packed files hold: their names,
// modes and content (a file sent by name only: its size and time), not
// when they were written, so that the same files pushed twice are equal.
func (pk *packer) digest() string { return hex.EncodeToString(pk.sum.Sum(nil)) }

// walkDir writes a tar of the regular files and the symlinks of dir
// (relative to root) to w.
func walkDir(ctx context.Context, root, dir, shown string, lim packLimits, w io.Writer) (*packer, error) {
	top, err := os.OpenRoot(root)
	if err != nil {
		return nil, fmt.Errorf("open the working directory: %w", err)
	}
	defer func() { _ = top.Close() }()
	sub, err := top.OpenRoot(dir) // a link leading out of root is refused
	if err != nil {
		return nil, fmt.Errorf("open the working directory: %w", err)
	}
	defer func() { _ = sub.Close() }()
	pk := &packer{root: sub, tw: tar.NewWriter(w), sum: sha256.New(), lim: lim, shown: shown}
	walkErr := fs.WalkDir(sub.FS(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil //nolint:nilerr // an unreadable entry is left out, as an ignored one
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if d.IsDir() {
			if p != "." && skippedDirs[path.Base(p)] {
				return fs.SkipDir
			}
			return nil
		}
		if d.Type()&fs.ModeSymlink != 0 {
			return pk.link(p)
		}
		if !d.Type().IsRegular() {
			return nil // FIFOs, sockets, devices: never opened
		}
		return pk.add(p, d)
	})
	if platform.ErrorCode(walkErr) != "" {
		return pk, walkErr
	}
	if walkErr != nil {
		return pk, fmt.Errorf("pack the working directory: %w", walkErr)
	}
	if err := pk.tw.Close(); err != nil {
		return pk, fmt.Errorf("pack the working directory: %w", err)
	}
	return pk, nil
}

// add writes the regular file p; one larger than the limit, or one that
// cannot be opened, goes in with its name only. One no longer regular when
// opened (swapped since the walk listed it) or gone is left out.
func (pk *packer) add(p string, d fs.DirEntry) error {
	if pk.files == pk.lim.files {
		return pk.tooLarge(p, fmt.Sprintf("more than %d files", pk.lim.files),
			"Move generated or vendored directories out of it")
	}
	f, info, err := ops.OpenRegular(pk.root.OpenFile, p, p)
	if err != nil {
		if platform.ErrorCode(err) != "" || errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		if info, err = d.Info(); err != nil {
			return nil //nolint:nilerr // a file gone since the walk listed it is left out
		}
	} else {
		defer func() { _ = f.Close() }() // read only: nothing to lose
	}
	pk.files++
	size := info.Size()
	if size > pk.lim.file || f == nil {
		size = 0
	}
	if pk.read+size > pk.lim.bytes {
		return pk.tooLarge(p, fmt.Sprintf("more than %d MiB of files", pk.lim.bytes>>20),
			"Move large or generated files (build output, archives, media) out of it")
	}
	h := &tar.Header{Name: p, Mode: int64(info.Mode().Perm()), Size: size, ModTime: info.ModTime(), Typeflag: tar.TypeReg}
	fmt.Fprintf(pk.sum, "%q %o %d\n", p, h.Mode, size)
	if f == nil || info.Size() > pk.lim.file {
		fmt.Fprintf(pk.sum, "name only: %d %d\n", info.Size(), info.ModTime().UnixNano())
	}
	if err := pk.tw.WriteHeader(h); err != nil || size == 0 {
		return err
	}
	// The file may shrink or grow while read: exactly size bytes go in.
	if _, err := io.CopyN(io.MultiWriter(pk.tw, pk.sum), io.MultiReader(f, zeros{}), size); err != nil {
		return err
	}
	pk.read += size
	return nil
}

// link writes the symlink p as a link, never followed, as zcli packs one
// (a recipe's committed `current -> ./versions/5.82.1`): the platform's
// build sees it as the link it is. Only a relative link that stays inside
// the tree goes in: one leading out (or absolute) names what the upload
// never holds, and one unreadable is left out.
func (pk *packer) link(p string) error {
	target, err := pk.root.Readlink(p)
	if err != nil || path.IsAbs(target) {
		return nil //nolint:nilerr // a link gone since the walk listed it is left out
	}
	if to := path.Join(path.Dir(p), target); to == ".." || strings.HasPrefix(to, "../") {
		return nil
	}
	if pk.files == pk.lim.files {
		return pk.tooLarge(p, fmt.Sprintf("more than %d files", pk.lim.files),
			"Move generated or vendored directories out of it")
	}
	pk.files++
	fmt.Fprintf(pk.sum, "%q link %q\n", p, target)
	return pk.tw.WriteHeader(&tar.Header{Name: p, Linkname: target, Mode: 0o777, Typeflag: tar.TypeSymlink})
}

// tooLarge is the FILE_TOO_LARGE of a limit reached at p.
func (pk *packer) tooLarge(p, limit, move string) error {
	return platform.NewError(platform.ErrFileTooLarge,
		fmt.Sprintf("the working directory %s holds %s, the sandbox's limit for an upload (reached at %q); nothing was uploaded",
			pk.shown, limit, platform.Clip(p, 120)),
		move+", or deploy a subdirectory holding only the app (workingDir). .git and node_modules are left out already; every hard link counts in full.")
}

// zeros pads a file that shrank while it was archived.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
