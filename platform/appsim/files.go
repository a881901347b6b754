package appsim

import (
	"archive/tar"
	"bufio"
	"compress/gzip"
	"encoding/json"
	"errors"
	"io"
	"path"
	"strings"
)

// Bounds of what the fake keeps of an uploaded archive: every name up to
// maxArchiveEntries, and the content of small files (the simulation reads
// package.json, lock files and entry files) up to maxKeptBytes in all; no
// more than maxUnpackedBytes are decompressed.
const (
	maxArchiveEntries = 20000
	maxUnpackedBytes  = 1 << 30
	maxKeptFile       = 64 << 10
	maxKeptBytes      = 2 << 20
	maxLockBytes      = 32 << 20 // an npm lock file read for its gist (npmLockGist)
)

// Files is what the fake knows of an app version's uploaded files: every
// path (files and the directories above them, slash-separated, relative to
// the working directory) and the content of the small ones.
type Files struct {
	paths map[string]bool
	text  map[string]string
	links map[string]string // each uploaded symlink leading inside the upload: its name and target
	used  *Files            // non-nil: what has and read find is copied here
}

func NewFiles() *Files { return &Files{paths: map[string]bool{}, text: map[string]string{}} }

// Add records the file name with its content, and the directories above it.
func (fs *Files) Add(name, content string) {
	name = CleanRel(name)
	for d := path.Dir(name); d != "." && d != "/"; d = path.Dir(d) {
		fs.paths[d] = true
	}
	fs.paths[name], fs.text[name] = true, content
}

// Has reports whether p names an uploaded file or directory.
func (fs *Files) Has(p string) bool {
	p = CleanRel(p)
	ok := fs.paths[p]
	if ok && fs.used != nil {
		fs.used.paths[p] = true
	}
	return ok
}

// Read returns a small file's content; ok is false when the file is absent
// or was too large to keep.
func (fs *Files) Read(p string) (string, bool) {
	p = CleanRel(p)
	s, ok := fs.text[p]
	if ok && fs.used != nil {
		fs.used.paths[p], fs.used.text[p] = fs.paths[p], s // a moved file's content, for its copy (kept)
		if !fs.paths[p] {
			delete(fs.used.paths, p)
		}
	}
	return s, ok
}

// without is a copy of fs without the paths p and all beneath it (fs
// stays); their content stays readable through a copy of them (kept).
func (fs *Files) without(p string) *Files {
	p = CleanRel(p)
	out := &Files{paths: make(map[string]bool, len(fs.paths)), text: fs.text, links: fs.links, used: fs.used}
	for k := range fs.paths {
		if k != p && !strings.HasPrefix(k, p+"/") {
			out.paths[k] = true
		}
	}
	return out
}

// Remove takes the path p and all beneath it out of fs (what a build
// command moved away: BuildResult's Removed); the content stays for the
// copies made of it (kept).
func (fs *Files) Remove(p string) {
	if fs == nil {
		return
	}
	p = CleanRel(p)
	for k := range fs.paths {
		if k == p || strings.HasPrefix(k, p+"/") {
			delete(fs.paths, k)
		}
	}
}

// kept reports whether p was uploaded, even if a build command moved it
// away since: a copy the build made of it holds its content.
func (fs *Files) kept(p string) bool {
	p = CleanRel(p)
	if fs.Has(p) {
		return true
	}
	s, ok := fs.text[p]
	if ok && fs.used != nil {
		fs.used.text[p] = s
	}
	return ok
}

// Record makes fs copy what it is asked from now on into the set it
// returns (nil for a nil fs): asked the same again, that set answers alike.
func (fs *Files) Record() *Files {
	if fs == nil {
		return nil
	}
	fs.used = NewFiles()
	fs.used.links = fs.links // what a path shows through stays known
	return fs.used
}

// CleanRel is p relative to the working directory: slash-separated, without
// "./", a leading or trailing slash; "" is the directory itself.
func CleanRel(p string) string {
	p = path.Clean("/" + strings.TrimSpace(p))
	return strings.TrimPrefix(p, "/")
}

// ReadArchive reads an upload as a tar archive, gzip-compressed or not, and
// drains the rest of r. It returns nil when the upload is no such archive
// (a test's placeholder bytes): the simulation then knows nothing of the
// files and applies no rule that needs them.
func ReadArchive(r io.Reader) *Files {
	br := bufio.NewReader(r)
	defer func() { _, _ = io.Copy(io.Discard, br) }()
	var src io.Reader = br
	if magic, err := br.Peek(2); err == nil && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil
		}
		defer func() { _ = zr.Close() }()
		src = io.LimitReader(zr, maxUnpackedBytes) // a small upload may unpack to far more
	}
	tr := tar.NewReader(src)
	fs := NewFiles()
	kept := 0
	links := map[string]string{} // each symlink: its name and where it leads
	defer func() { fs.follow(links) }()
	for n := 0; n < maxArchiveEntries; n++ {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			if n == 0 {
				return nil
			}
			break
		}
		name := CleanRel(h.Name)
		if name == "" {
			continue
		}
		for d := path.Dir(name); d != "." && d != "/"; d = path.Dir(d) {
			fs.paths[d] = true
		}
		fs.paths[name] = true
		if h.Typeflag == tar.TypeSymlink {
			links[name] = h.Linkname
		}
		if lock := path.Base(name); h.Typeflag == tar.TypeReg && h.Size > maxKeptFile && h.Size <= maxLockBytes && (lock == "package-lock.json" || lock == "npm-shrinkwrap.json") {
			// Lock files outgrow maxKeptFile (an app's is often 500 kB):
			// what the simulation reads of one is kept instead.
			if b, err := io.ReadAll(io.LimitReader(tr, maxLockBytes)); err == nil {
				if text, ok := npmLockGist(b); ok && kept+len(text) <= maxKeptBytes {
					fs.text[name], kept = text, kept+len(text)
				}
			}
			continue
		}
		if h.Typeflag != tar.TypeReg || h.Size > maxKeptFile || kept+int(h.Size) > maxKeptBytes {
			continue
		}
		b, err := io.ReadAll(io.LimitReader(tr, maxKeptFile))
		if err != nil {
			break
		}
		fs.text[name], kept = string(b), kept+len(b)
	}
	return fs
}

// follow makes each symlink of links that leads to an uploaded file or
// directory (a relative target, inside the upload) hold what its target
// holds, as the build's and the container's file system show it through
// the link: `current -> ./versions/5.82.1` holds current/package.json.
// A link to a link is followed as far as a few steps; one leading outside
// the upload (or nowhere) stays a name only.
func (fs *Files) follow(links map[string]string) {
	for range 4 {
		grew := false
		for name, target := range links {
			if path.IsAbs(target) {
				continue
			}
			to := CleanRel(path.Join(path.Dir(name), target))
			if to == "" || to == name || strings.HasPrefix(name, to+"/") {
				continue // a link to a folder above it: a loop
			}
			if fs.links == nil {
				fs.links = map[string]string{}
			}
			fs.links[name] = to
			for p := range fs.paths {
				rest, ok := strings.CutPrefix(p, to)
				if !ok || rest != "" && rest[0] != '/' {
					continue
				}
				q := name + rest
				if !fs.paths[q] {
					fs.paths[q], grew = true, true
				}
				if t, ok := fs.text[p]; ok {
					if _, had := fs.text[q]; !had {
						fs.text[q], grew = t, true
					}
				}
			}
		}
		if !grew || len(fs.paths) > maxArchiveEntries*2 {
			return
		}
	}
}

// linkedFrom is the path p shows through an uploaded symlink: its target's
// (current/index.js → versions/5.82.1/index.js); false when p is under no
// link. Of nested links the longest name decides.
func (fs *Files) linkedFrom(p string) (string, bool) {
	p = CleanRel(p)
	best, to := "", ""
	for name, t := range fs.links {
		if (p == name || strings.HasPrefix(p, name+"/")) && len(name) > len(best) {
			best, to = name, t
		}
	}
	if best == "" {
		return "", false
	}
	return to + strings.TrimPrefix(p, best), true
}

// npmLockGist is what the simulation reads of an npm lock file (b): each
// package's key with its dev flag and the binaries it declares, and a v1
// lock's dependency names, as indented JSON of the same shape; false when
// b is no lock file.
func npmLockGist(b []byte) (string, bool) {
	type entry struct {
		Dev bool            `json:"dev,omitempty"`
		Bin json.RawMessage `json:"bin,omitempty"`
	}
	var l struct {
		LockfileVersion int                       `json:"lockfileVersion"`
		Packages        map[string]entry          `json:"packages,omitempty"`
		Dependencies    map[string]map[string]any `json:"dependencies,omitempty"`
	}
	if json.Unmarshal(b, &l) != nil || l.Packages == nil && l.Dependencies == nil {
		return "", false
	}
	for name := range l.Dependencies {
		l.Dependencies[name] = map[string]any{}
	}
	out, err := json.MarshalIndent(l, "", "  ")
	return string(out), err == nil
}
