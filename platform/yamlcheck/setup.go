package yamlcheck

import (
	"slices"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/zeropsyml"
)

// CheckSetup validates a zerops.yml about to be pushed for setup and answers
// the errors and warnings that push meets: the document's own, those of
// setup's entry and of the entry it extends. A file whose setups lack setup is
// an error (the platform refuses its build); when the setups cannot be read,
// every problem counts. An error is returned only when content cannot be read
// at all.
func CheckSetup(content, setup string) (errs, warns []platform.Issue, err error) {
	return CheckSetupWith(content, setup, Live{})
}

// CheckSetupWith is CheckSetup with ValidateWith's checks against in: the
// bases against the live catalog, the HTTP ports against the subdomain.
func CheckSetupWith(content, setup string, in Live) (errs, warns []platform.Issue, err error) {
	res, err := ValidateWith(content, KindZeropsYml, in)
	if err != nil {
		return nil, nil, err
	}
	keep, names, found := setupEntries(content, setup)
	oldForm := slices.ContainsFunc(res.Errors, func(is platform.Issue) bool {
		return is.Kind == platform.IssueEarliestFormat || is.Kind == platform.IssueOldFormat && is.Path == platform.Clip(setup, platform.MaxIssueText)
	})
	if !found && setup != "" && keep != nil && !oldForm { // a list of setups without this one; an old format's fix writes it
		missing := platform.NewIssue("zerops", "no setup named %q: the push needs it; the file has %s", platform.Clip(setup, 40), setupList(names))
		missing.Fix = "Add an entry with setup: " + platform.Clip(setup, 40) + ", or pass the setup argument naming one the file has."
		return append([]platform.Issue{missing}, res.Errors...), res.Warnings, nil
	}
	return ofSetup(res.Errors, keep, found), ofSetup(res.Warnings, keep, found), nil
}

// SetupIssues keeps the issues of a zerops.yml that concern a push of setup:
// those outside any entry and those of setup's entry or of the entry it
// extends; all of them when the file has no such entry.
func SetupIssues(content, setup string, issues []platform.Issue) []platform.Issue {
	keep, _, found := setupEntries(content, setup)
	return ofSetup(issues, keep, found)
}

// ofSetup filters issues to the entries in keep; found false keeps them all.
func ofSetup(issues []platform.Issue, keep map[int]bool, found bool) []platform.Issue {
	if !found {
		return issues
	}
	var out []platform.Issue
	for _, is := range issues {
		if i, ok := entryOf(is.Path); !ok || keep[i] {
			out = append(out, is)
		}
	}
	return out
}

// setupList names a file's setups for a message.
func setupList(names []string) string {
	if len(names) == 0 {
		return "no setup"
	}
	q := make([]string, 0, min(len(names), 10))
	for _, n := range names[:min(len(names), 10)] {
		q = append(q, strconv.Quote(platform.Clip(n, 40)))
	}
	return "setups " + strings.Join(q, ", ")
}

// setupEntries are the indexes of setup's entry and of the one it extends,
// the setups the file names, and whether there is such an entry; keep is nil
// when the setups cannot be read at all (not YAML, zerops no list of
// mappings: the validator reports that).
func setupEntries(content, setup string) (keep map[int]bool, names []string, found bool) {
	if setup == "" {
		return nil, nil, false
	}
	f, err := zeropsyml.Parse([]byte(content))
	if err != nil || f.List || slices.ContainsFunc(f.Problems, listProblem) {
		return nil, nil, false
	}
	names = f.Names()
	s := f.Setup(setup)
	if s == nil {
		return map[int]bool{}, names, false
	}
	keep = map[int]bool{s.Index: true}
	for _, p := range f.Parents(s) {
		keep[p.Index] = true
	}
	return keep, names, true
}

// listProblem reports whether p is about the document, zerops or one of
// its items rather than a value inside a setup.
func listProblem(p zeropsyml.Problem) bool {
	rest, ok := strings.CutPrefix(p.Path, "zerops")
	return p.Path == "" || ok && (rest == "" || !strings.Contains(rest, "."))
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
