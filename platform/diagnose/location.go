package diagnose

import "github.com/zeropsio/zcp/platform/lazyregexp"

// arrowLocation is the line rustc (and compilers printing like it) puts
// under an error: an arrow and the source file's line and column.
var arrowLocation = lazyregexp.New(`^\s*-->\s+\S+:\d+:\d+\s*$`)

// arrowLocationNext reports whether the line after lines[n] locates it in
// a source file, as rustc's errors without a code are located.
func arrowLocationNext(lines []string, n int, _ string) bool {
	return n+1 < len(lines) && arrowLocation.MatchString(stripStamp(stripANSI(lines[n+1])))
}
