package deploy

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// The archive holds the working directory's files by relative path, leaves
// .git and node_modules out, sends a file over the bound empty and never
// follows a link out of the directory.
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
		"big.bin":                 strings.Repeat("x", maxArchivedBytes+1),
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
	buf, n, err := packDir(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(buf)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	got := map[string]string{}
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, err := io.ReadAll(tr)
		if err != nil {
			t.Fatal(err)
		}
		got[h.Name] = string(b)
	}
	names := make([]string, 0, len(got))
	for k := range got {
		names = append(names, k)
	}
	sort.Strings(names)
	want := []string{"big.bin", "package.json", "src/index.js", "zerops.yml"}
	if !reflect.DeepEqual(names, want) || n != len(want) {
		t.Fatalf("archive = %v (%d files), want %v", names, n, want)
	}
	if got["big.bin"] != "" || got["src/index.js"] != files["src/index.js"] {
		t.Errorf("contents: big.bin %d bytes, src/index.js %q", len(got["big.bin"]), got["src/index.js"])
	}
}
