package mcp

import (
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// warningsFirst is the next step of a check that passed with warnings: fix
// (or knowingly accept) them, check again, then then. It is "" without
// warnings, so a clean check keeps its plain next step.
func warningsFirst(warnings []platform.Issue, check, then string) string {
	if len(warnings) == 0 {
		return ""
	}
	unknown := 0
	for _, w := range warnings {
		if strings.HasPrefix(w.Problem, "unknown key") {
			unknown++
		}
	}
	next := fmt.Sprintf("Next: fix (or knowingly accept) the %d warning%s first; each names its fix.", len(warnings), plural(len(warnings)))
	if unknown > 0 {
		next += fmt.Sprintf(" %d unknown key%s would be silently ignored: rename %s as %s fix says.",
			unknown, plural(unknown), pick(unknown, "it", "them"), pick(unknown, "its", "each"))
	}
	return next + " Then " + check + " again and " + then
}

func plural(n int) string { return pick(n, "", "s") }

func pick(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
