package yamlcheck

import (
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
)

// CheckSetup validates a zerops.yml about to be pushed for setup and answers
// the errors that push meets: the document's own, those of setup's entry and
// of the entry it extends. When no entry is named setup, every error counts.
// An error is returned only when content cannot be read at all.
func CheckSetup(content, setup string) ([]platform.Issue, error) {
	res, err := Validate(content, KindZeropsYml)
	if err != nil || res.Valid {
		return nil, err
	}
	keep, found := setupEntries(content, setup)
	if !found {
		if setup != "" && keep != nil { // a list of setups without this one
			missing := platform.NewIssue("zerops", "no setup named %q: the push needs it", platform.Clip(setup, 40))
			missing.Fix = "Add an entry with setup: " + platform.Clip(setup, 40) + ", or pass setup naming an entry the file has."
			return append([]platform.Issue{missing}, res.Errors...), nil
		}
		return res.Errors, nil
	}
	var out []platform.Issue
	for _, is := range res.Errors {
		if i, ok := entryOf(is.Path); !ok || keep[i] {
			out = append(out, is)
		}
	}
	return out, nil
}

// setupEntries are the indexes of setup's entry and of the one it extends,
// and whether there is such an entry; keep is nil when the setups cannot be
// read at all.
func setupEntries(content, setup string) (keep map[int]bool, found bool) {
	var doc struct {
		Zerops []struct {
			Setup   any `yaml:"setup"`
			Extends any `yaml:"extends"`
		} `yaml:"zerops"`
	}
	if setup == "" || yaml.Unmarshal([]byte(content), &doc) != nil {
		return nil, false
	}
	index := map[string]int{}
	for i, e := range doc.Zerops {
		if s, ok := e.Setup.(string); ok {
			if _, dup := index[s]; !dup {
				index[s] = i
			}
		}
	}
	i, ok := index[setup]
	if !ok {
		return map[int]bool{}, false
	}
	keep = map[int]bool{i: true}
	if base, ok := doc.Zerops[i].Extends.(string); ok {
		if j, ok := index[base]; ok {
			keep[j] = true
		}
	}
	return keep, true
}

// entryOf is the setup entry an issue's path lies in ("zerops[2].run" → 2).
func entryOf(path string) (int, bool) {
	rest, ok := strings.CutPrefix(path, "zerops[")
	if !ok {
		return 0, false
	}
	n, _, ok := strings.Cut(rest, "]")
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(n)
	return i, err == nil
}
