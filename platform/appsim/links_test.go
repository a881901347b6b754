package appsim

import (
	"archive/tar"
	"bytes"
	"testing"
)

// A symlink of the upload that leads to an uploaded folder or file holds
// what its target holds; one that loops or leads out stays a name only.
func TestReadArchive_FollowsLinksInside(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	file := func(name, body string) {
		must(t, tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body)), Typeflag: tar.TypeReg}))
		_, err := tw.Write([]byte(body))
		must(t, err)
	}
	link := func(name, to string) {
		must(t, tw.WriteHeader(&tar.Header{Name: name, Linkname: to, Mode: 0o777, Typeflag: tar.TypeSymlink}))
	}
	file("versions/5.82.1/package.json", `{"name":"ghost"}`)
	file("versions/5.82.1/core/index.js", "1")
	link("current", "./versions/5.82.1")
	link("latest", "current")                // a link to a link
	link("cfg.json", "current/package.json") // a link to a file
	link("versions/5.82.1/up", "..")         // a loop: the folder above
	link("self", "self")
	link("out", "../../etc")
	link("abs", "/etc")
	must(t, tw.Close())
	fs := ReadArchive(&buf)
	for _, tc := range []struct {
		path string
		has  bool
		text string
	}{
		{"current/package.json", true, `{"name":"ghost"}`},
		{"current/core/index.js", true, "1"},
		{"latest/core/index.js", true, "1"},
		{"cfg.json", true, `{"name":"ghost"}`},
		{"versions/5.82.1/up/versions", false, ""},
		{"self", true, ""},
		{"out", true, ""},
		{"out/passwd", false, ""},
		{"abs/passwd", false, ""},
	} {
		if got := fs.Has(tc.path); got != tc.has {
			t.Errorf("Has(%s) = %v, want %v", tc.path, got, tc.has)
		}
		if got, _ := fs.Read(tc.path); got != tc.text {
			t.Errorf("Read(%s) = %q, want %q", tc.path, got, tc.text)
		}
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
