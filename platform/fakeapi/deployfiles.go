package fakeapi

import (
	"path"
	"strings"
)

// A deployFiles entry, read as the sandbox reads it (README): a segment "~"
// cuts the path, so what follows it lands in /var/www without the part
// before it ("dist/~" and "dist/~/" deploy dist's contents, "build/~/app"
// puts build/app at /var/www/app); a segment with glob characters (*, ?,
// [...]) matches names as path.Match does, and the entry deploys every
// match, with all beneath it, at its own path.
type deployEntry struct {
	strip   string   // the source path before "~", "" when none
	pattern []string // the source path's segments, "~" dropped; none: everything
}

func parseDeployEntry(df string) deployEntry {
	var e deployEntry
	before, after, cut := strings.Cut("/"+strings.TrimSpace(df)+"/", "/~/")
	if cut {
		e.strip = cleanRel(before)
	} else {
		before, after = "", before
	}
	if p := cleanRel(path.Join(before, after)); p != "" {
		e.pattern = strings.Split(p, "/")
	}
	return e
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
	src := cleanRel(path.Join(e.strip, rel))
	return src, e.covers(src)
}

// deploys reports whether the build's working directory holds what the
// entry names after the build commands: an uploaded path or one a command
// makes; for a glob, an uploaded or made path it matches, or a directory
// a command made before its first glob segment (its content unknown).
func (b *buildSim) deploys(df string) bool {
	e := parseDeployEntry(df)
	if !e.glob() {
		return b.exists(strings.Join(e.pattern, "/"))
	}
	for p := range b.files.paths {
		if e.covers(p) {
			return true
		}
	}
	for p := range b.produced {
		if e.covers(p) {
			return true
		}
	}
	return e.literal() != "" && b.madeByBuild(e.literal())
}
