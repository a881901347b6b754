package yamlcheck

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// preprocessorLines are the first lines that turn on the import.yml
// preprocessor (the docs: both spellings are current).
var preprocessorLines = []string{"#zeropsPreprocessor=on", "#yamlPreprocessor=on"}

// secretPath is an envSecrets value's path: its hostname and key.
var secretPath = regexp.MustCompile(`^services\[\d+\]\(([^)]+)\)\.envSecrets\.(\S+)$`)

// preprocessorOff warns, once, at the first value of an import.yml that
// calls a preprocessor function (`<@generateRandomString(<64>)>`) when the
// file's very first line does not turn the preprocessor on: the platform
// then stores the text as written, so a secret meant to be random is that
// text.
func preprocessorOff(c *checker, content string, root any) {
	first, _, _ := strings.Cut(content, "\n")
	if slices.Contains(preprocessorLines, strings.TrimSpace(first)) {
		return
	}
	var paths []string
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch v := v.(type) {
		case string:
			if strings.Contains(v, "<@") {
				paths = append(paths, path)
			}
		case map[string]any:
			for _, k := range slices.Sorted(maps.Keys(v)) {
				walk(join(path, k), v[k])
			}
		case []any:
			for i, x := range v {
				p := fmt.Sprintf("%s[%d]", path, i)
				if m, ok := x.(map[string]any); ok && path == "services" {
					if h, ok := m["hostname"].(string); ok && h != "" {
						p += "(" + platform.Clip(h, 40) + ")"
					}
				}
				walk(p, x)
			}
		}
	}
	walk("", root)
	if len(paths) == 0 {
		return
	}
	more := ""
	if len(paths) > 1 {
		more = fmt.Sprintf(" (and %d more value%s)", len(paths)-1, pick(len(paths) > 2, "s", ""))
	}
	fix := "Make `#zeropsPreprocessor=on` the very first line of the file (before any comment)."
	if m := secretPath.FindStringSubmatch(paths[0]); m != nil {
		// A real import goes through: the service then exists and holds
		// the text, and the file can no longer be imported as it is.
		fix = "Before importing: make `#zeropsPreprocessor=on` the very first line of the file (before any comment). " +
			"Once imported, " + m[1] + " holds the text itself: set a random value of your own with zerops_env action=set serviceHostname=" +
			m[1] + " variables=[\"" + m[2] + "=<random value>\"] (and so for any other such value)."
	}
	c.warnf(paths[0], "calls a preprocessor function (<@…>)%s, but the file's first line does not turn the preprocessor on: the platform stores the text as written, not a generated value", more).Fix = fix
}
