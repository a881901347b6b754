package appsim

import (
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// oomMessage is what Node prints when its heap is exhausted.
const oomMessage = "FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of memory"

// OutOfMemory reports whether the app dies of an exhausted heap.
func (r RunResult) OutOfMemory() bool {
	for _, l := range r.Crash {
		if strings.Contains(l.Msg, oomMessage) {
			return true
		}
	}
	return false
}

// unboundedGrowth matches a Node entry file that keeps allocating forever:
// a `while (true)` or `setInterval` loop pushing into an array or allocating buffers.
var unboundedGrowth = lazyregexp.New(`(?s)(while\s*\(\s*true\s*\)|setInterval\s*\().*(\.push\(|Buffer\.alloc)`)

// heapExhaustion is how a Node app whose entry file grows without bound
// dies: out of heap, exit 134. nil for any other file.
func heapExhaustion(lang, src string) []Line {
	if lang != "node" || !unboundedGrowth.MatchString(src) {
		return nil
	}
	return []Line{
		{6, "<--- Last few GCs --->"},
		{3, oomMessage},
		{3, " 1: 0xb7a940 node::Abort() [node]"},
	}
}
