package appsim

import (
	"path"
	"strings"
)

// A deployFiles entry, read as the sandbox reads it (README): a segment "~"
// cuts the path, so what follows it lands in /var/www without the part
// before it ("dist/~" and "dist/~/" deploy dist's contents, "build/~/app"
// puts build/app at /var/www/app); "~name" is "~/name" ("src/~server" puts
// src/server at /var/www/server); where the path has no such folder, a bare
// "~" between two parts matches one or more folders ("packages/~/dist"
// puts packages/api/dist at /var/www/dist). A segment with glob characters
// (*, ?, [...]) matches names as path.Match does, and the entry deploys
// every match, with all beneath it, at its own path.
type deployEntry struct {
	strip   string   // the source path before "~", "" when none
	pattern []string // the source path's segments, "~" dropped; none: everything
	wild    []string // after a bare "~" between two parts: what follows it
}

func parseDeployEntry(df string) deployEntry {
	var e deployEntry
	df = "/" + strings.TrimSpace(df) + "/"
	if i := strings.Index(df, "/~"); i >= 0 && df[i+2] != '/' {
		df = df[:i] + "/~/" + df[i+2:] // "~name" is "~/name"
	} else if i >= 0 && CleanRel(df[:i]) != "" && CleanRel(df[i+3:]) != "" {
		e.wild = strings.Split(CleanRel(df[i+3:]), "/")
	}
	before, after, cut := strings.Cut(df, "/~/")
	if cut {
		e.strip = CleanRel(before)
	} else {
		before, after = "", before
	}
	if p := CleanRel(path.Join(before, after)); p != "" {
		e.pattern = strings.Split(p, "/")
	}
	return e
}

// wildLanding is where a bare "~" between two parts puts the source path
// src: the folders it matches (one or more) and the part before them
// dropped; false when the entry does not match src that way.
func (e deployEntry) wildLanding(src string) (string, bool) {
	rest, ok := strings.CutPrefix(src, e.strip+"/")
	if e.wild == nil || !ok {
		return "", false
	}
	segs := strings.Split(rest, "/")
	for k := 1; k+len(e.wild) <= len(segs); k++ {
		match := true
		for j, w := range e.wild {
			if ok, err := path.Match(w, segs[k+j]); err != nil || !ok {
				match = false
				break
			}
		}
		if match {
			return strings.Join(segs[k:], "/"), true
		}
	}
	return "", false
}

// glob reports whether the entry has glob characters.
func (e deployEntry) glob() bool {
	for _, s := range e.pattern {
		if strings.ContainsAny(s, "*?[") {
			return true
		}
	}
	return false
}

// literal is the entry's path up to its first glob segment.
func (e deployEntry) literal() string {
	var out []string
	for _, s := range e.pattern {
		if strings.ContainsAny(s, "*?[") {
			break
		}
		out = append(out, s)
	}
	return strings.Join(out, "/")
}

// covers reports whether the source path src lies at or under a path the
// entry names (with a glob: one of its matches).
func (e deployEntry) covers(src string) bool {
	segs := strings.Split(src, "/")
	if src == "" {
		segs = nil
	}
	if len(segs) < len(e.pattern) {
		return false
	}
	for i, p := range e.pattern {
		if ok, err := path.Match(p, segs[i]); err != nil || !ok {
			return false
		}
	}
	return true
}

// source is the source path the entry puts at /var/www/rel; false when the
// entry does not deploy rel.
func (e deployEntry) source(rel string) (string, bool) {
	src := CleanRel(path.Join(e.strip, rel))
	return src, e.covers(src)
}

// deploys reports whether the build's working directory holds what the
// entry names after the build commands: an uploaded path or one a command
// makes; for a glob, an uploaded or made path it matches, or a directory
// a command made before its first glob segment, its content unknown.
func (b *buildSim) deploys(df string) bool {
	e := parseDeployEntry(df)
	if !e.glob() && b.exists(strings.Join(e.pattern, "/")) {
		return true
	}
	for p := range b.files.paths {
		if _, wild := e.wildLanding(p); wild || (e.glob() && e.covers(p)) {
			return true
		}
	}
	for p := range b.produced {
		if _, wild := e.wildLanding(p); wild || (e.glob() && e.covers(p)) {
			return true
		}
	}
	if !e.glob() {
		return false
	}
	// A folder made with its content unknown may hold a match.
	return e.literal() != "" && b.madeByBuild(e.literal()) && !b.known[e.literal()]
}
