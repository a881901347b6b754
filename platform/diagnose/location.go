package diagnose

import "github.com/zeropsio/zcp/platform/lazyregexp"

// arrowLocation is the line rustc (and compilers printing like it) puts
// under an error: an arrow and the source file's line and column.
var arrowLocation = lazyregexp.New(`^\s*-->\s+\S+:\d+:\d+\s*$`)

// arrowLocationNext reports whether the line after lines[n] locates it in
// a source file, as rustc's errors without a code are located.
func arrowLocationNext(lines []string, n int, _ string) bool {
	return matchWithin(lines, n+1, 1, arrowLocation)
}

// matchWithin reports whether one of the count lines from lines[from] (as
// many as the log has), read without time stamp and colours, matches re.
// The checks that read a line's neighbours (the location under an error,
// the frames of the stack it threw) share it.
func matchWithin(lines []string, from, count int, re *lazyregexp.Regexp) bool {
	for i := max(from, 0); i < len(lines) && i < from+count; i++ {
		if re.MatchString(stripStamp(stripANSI(lines[i]))) {
			return true
		}
	}
	return false
}
