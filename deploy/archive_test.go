package deploy

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// The archive holds the working directory's files by relative path, leaves
// .git and node_modules out, sends a file over the bound empty, never
// follows a link out of the directory and keeps a relative link inside it
// as a link (zcli does; the official ghost recipe's `current`).
func TestPackDir_WhatGoesIn(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	outside := filepath.Join(t.TempDir(), "secret.txt")
	files := map[string]string{
		"zerops.yml":              "zerops: []\n",
		"package.json":            "{}\n",
		"src/index.js":            "console.log(1)\n",
		".git/config":             "[core]\n",
		"node_modules/x/index.js": "module.exports = 1\n",
		"web/node_modules/y/a.js": "1\n",
		"big.bin":                 strings.Repeat("x", int(uploadLimits.file)+1),
	}
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(outside, []byte("token"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "link.txt")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("../../..", filepath.Join(dir, "src", "up")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("./src", filepath.Join(dir, "current")); err != nil {
		t.Fatal(err)
	}
	buf, pk, err := packDir(context.Background(), dir, ".", "/var/www", uploadLimits)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(buf)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	got, links := map[string]string{}, map[string]string{}
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Typeflag == tar.TypeSymlink {
			links[h.Name] = h.Linkname
			continue
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		got[h.Name] = string(b)
	}
	if fmt.Sprint(links) != "map[current:./src]" {
		t.Errorf("links = %v, want only current -> ./src", links)
	}
	names := make([]string, 0, len(got))
	for k := range got {
		names = append(names, k)
	}
	sort.Strings(names)
	want := []string{"big.bin", "package.json", "src/index.js", "zerops.yml"}
	if !reflect.DeepEqual(names, want) || pk.files != len(want)+len(links) {
		t.Fatalf("archive = %v (%d files), want %v", names, pk.files, want)
	}
	if got["big.bin"] != "" || got["src/index.js"] != files["src/index.js"] {
		t.Errorf("contents: big.bin %d bytes, src/index.js %q", len(got["big.bin"]), got["src/index.js"])
	}
}

// Each limit stops the walk before what would pass it is read: the content
// read never exceeds the total, however many hard links name one file.
func TestPackDir_StopsAtItsLimits(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	big := filepath.Join(dir, "big.bin")
	if err := os.WriteFile(big, []byte(strings.Repeat("x", 64<<10)), 0o644); err != nil {
		t.Fatal(err)
	}
	for i := range 40 {
		if err := os.Link(big, filepath.Join(dir, fmt.Sprintf("link%02d.bin", i))); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name string
		lim  packLimits
		want string
	}{
		{"total bytes", packLimits{files: 1000, bytes: 1 << 20, file: 1 << 20}, "more than 1 MiB of files"},
		{"file count", packLimits{files: 10, bytes: 1 << 30, file: 1 << 20}, "more than 10 files"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, pk, err := packDir(context.Background(), dir, ".", "/var/www", tt.lim)
			var pe *platform.PlatformError
			if !errors.As(err, &pe) || pe.Code != platform.ErrFileTooLarge || !strings.Contains(pe.Message, tt.want) ||
				!strings.Contains(pe.Message, ".bin") || pe.Suggestion == "" {
				t.Fatalf("err = %v, want FILE_TOO_LARGE naming %q and a file, with a fix", err, tt.want)
			}
			if pk.read > tt.lim.bytes || pk.files > tt.lim.files {
				t.Errorf("read %d bytes of %d files past the limits %+v", pk.read, pk.files, tt.lim)
			}
		})
	}
}
