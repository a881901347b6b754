package platform

import (
	"fmt"
	"strings"
)

// MaxFileSize is the largest file or document ZCP reads for the agent
// (import.yml and zerops.yml included): the platform refuses larger imports anyway.
const MaxFileSize = 100 * 1024

// MaxIssues bounds the errors (and, separately, the warnings) a check
// reports: a hostile or broken document may hold thousands of problems, and
// the answer must stay small. The rest are counted in a closing issue.
const MaxIssues = 20

// MaxAnswer caps one tool answer as the model reads it, in bytes: well under
// Claude Code's default cap of about 25,000 tokens (facts/clients.md), so an
// answer reaches the model whole. Tools that can say more (logs, documents)
// trim themselves below it; the MCP layer refuses anything larger.
const MaxAnswer = 48 << 10

// MaxIssueText bounds one issue's path and message, which quote the document.
const MaxIssueText = 300

// Issue is one problem a validator (or the platform) found: where, what is
// wrong, and what to write instead. Path points into the document (e.g.
// "zerops[0].run.ports[1].port", "services[2](db).mode"); it is empty for the
// document as a whole.
type Issue struct {
	Path    string    `json:"path"`
	Problem string    `json:"problem"`
	Fix     string    `json:"fix,omitempty"`
	Kind    IssueKind `json:"-"` // for code acting on issues; the answer carries the text
}

// IssueKind sorts issues a caller acts on; the zero value is any other problem.
type IssueKind uint8

// Issue kinds.
const (
	IssueUnknownKey     IssueKind = iota + 1 // a key the document's format does not have
	IssueNotListed                           // stands for the issues beyond MaxIssues
	IssueOldFormat                           // a zerops.yml setup in the format before zerops: (its path the hostname)
	IssueEarliestFormat                      // a zerops.yml in the earliest format, for the one service it was imported with
)

// NewIssue builds an issue with path and message clipped to MaxIssueText.
func NewIssue(path, format string, args ...any) Issue {
	return Issue{Path: Clip(path, MaxIssueText), Problem: Clip(fmt.Sprintf(format, args...), MaxIssueText)}
}

func (i Issue) String() string {
	s := i.Problem
	if i.Path != "" {
		s = i.Path + ": " + s
	}
	if i.Fix != "" {
		s += " — " + i.Fix
	}
	return s
}

// JoinProblems renders issues as one line, separated by "; ", without their
// fixes: for a message whose answer lists the issues with their fixes beside it.
func JoinProblems(issues []Issue) string {
	out := make([]string, 0, len(issues))
	for _, i := range issues {
		i.Fix = ""
		out = append(out, i.String())
	}
	return strings.Join(out, "; ")
}

// JoinIssues renders issues as one line, separated by "; ".
func JoinIssues(issues []Issue) string {
	out := make([]string, 0, len(issues))
	for _, i := range issues {
		out = append(out, i.String())
	}
	return strings.Join(out, "; ")
}
