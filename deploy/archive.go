package deploy

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
)

// Bounds of the archive an APIPusher uploads. The simulated platform reads
// names and small files only, so a larger file is sent as its name with no
// content rather than refusing the push.
const (
	maxArchiveFiles  = 20000
	maxArchivedBytes = 1 << 20
)

// skippedDirs are left out of the archive: zcli leaves .git out by default,
// and node_modules is rebuilt by the build (and usually git-ignored).
var skippedDirs = map[string]bool{".git": true, "node_modules": true}

// packDir returns a tar.gz of dir's files and their number, as zcli uploads the working
// directory: paths relative to dir, directories and symbolic links left
// out, files over maxArchivedBytes sent empty. It reads through os.Root, so
// nothing outside dir is read.
func packDir(ctx context.Context, dir string) (*bytes.Buffer, int, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, 0, fmt.Errorf("open the working directory: %w", err)
	}
	defer func() { _ = root.Close() }()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	n := 0
	walkErr := fs.WalkDir(root.FS(), ".", func(p string, d fs.DirEntry, err error) error {
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
		if !d.Type().IsRegular() {
			return nil
		}
		if n++; n > maxArchiveFiles {
			return fs.SkipAll
		}
		info, err := d.Info()
		if err != nil {
			return nil //nolint:nilerr // a file gone since the walk listed it is left out
		}
		return addFile(tw, root, p, info)
	})
	if walkErr != nil {
		return nil, 0, fmt.Errorf("pack the working directory: %w", walkErr)
	}
	if err := tw.Close(); err != nil {
		return nil, 0, fmt.Errorf("pack the working directory: %w", err)
	}
	if err := zw.Close(); err != nil {
		return nil, 0, fmt.Errorf("pack the working directory: %w", err)
	}
	return &buf, min(n, maxArchiveFiles), nil
}

// addFile writes one regular file; one larger than maxArchivedBytes goes
// in with its name only.
func addFile(tw *tar.Writer, root *os.Root, p string, info fs.FileInfo) error {
	size := info.Size()
	if size > maxArchivedBytes {
		size = 0
	}
	h := &tar.Header{Name: p, Mode: int64(info.Mode().Perm()), Size: size, ModTime: info.ModTime(), Typeflag: tar.TypeReg}
	if size == 0 {
		return tw.WriteHeader(h)
	}
	f, err := root.Open(p)
	if err != nil {
		h.Size = 0
		return tw.WriteHeader(h)
	}
	defer func() { _ = f.Close() }()
	if err := tw.WriteHeader(h); err != nil {
		return err
	}
	// The file may shrink or grow while read: exactly size bytes go in.
	if _, err := io.CopyN(tw, io.MultiReader(f, zeros{}), size); err != nil {
		return err
	}
	return nil
}

// zeros pads a file that shrank while it was archived.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
