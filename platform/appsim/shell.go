package appsim

import "strings"

// shellStep is one simple command of a shell line and the operator joining it
// to the previous one ("" first, ";", "&&", "||").
type shellStep struct {
	op    string
	words []string
	redir []string // files written with > or >>
	bg    bool     // run in the background (a trailing &): its status is 0 at once
}

// parseShell splits a command line the way sh would at its top level: on ;,
// newlines, &, && and ||, quotes respected, each piece split into words with
// quotes removed. A pipeline keeps only its last command (its status is the
// pipeline's). It never executes anything.
func parseShell(line string) []shellStep {
	var steps []shellStep
	var words []string
	var redir []string
	var cur strings.Builder
	inWord, nextRedir, dropRedir := false, false, false
	op := ""
	endWord := func() {
		if !inWord {
			return
		}
		w := cur.String()
		cur.Reset()
		inWord = false
		if nextRedir {
			if !dropRedir {
				redir = append(redir, w)
			}
			nextRedir, dropRedir = false, false
			return
		}
		words = append(words, w)
	}
	endStep := func(nextOp string) {
		endWord()
		if len(words) > 0 || len(redir) > 0 {
			steps = append(steps, shellStep{op: op, words: words, redir: redir})
		}
		words, redir, op = nil, nil, nextOp
	}
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '\'' || c == '"':
			j := strings.IndexByte(line[i+1:], c)
			if j < 0 {
				j = len(line) - i - 1
			}
			cur.WriteString(line[i+1 : i+1+j])
			inWord = true
			i += j + 1
		case c == '\\' && i+1 < len(line):
			cur.WriteByte(line[i+1])
			inWord = true
			i++
		case c == '&' && i+1 < len(line) && line[i+1] == '&':
			endStep("&&")
			i++
		case c == '&':
			n := len(steps)
			endStep(";")
			if len(steps) > n {
				steps[n].bg = true
			}
		case c == '|' && i+1 < len(line) && line[i+1] == '|':
			endStep("||")
			i++
		case c == '|':
			// A pipeline: its status is its last command's.
			endWord()
			words = nil
		case c == ';' || c == '\n':
			endStep(";")
		case c == '#' && !inWord:
			if k := strings.IndexByte(line[i:], '\n'); k >= 0 {
				i += k - 1
				continue
			}
			i = len(line)
		case c == '>':
			stderr := inWord && cur.String() == "2"
			if stderr {
				cur.Reset()
				inWord = false
			}
			endWord()
			if i+1 < len(line) && line[i+1] == '>' {
				i++
			}
			if i+1 < len(line) && line[i+1] == '&' { // >&2, 2>&1: no file
				i++
				for i+1 < len(line) && line[i+1] >= '0' && line[i+1] <= '9' {
					i++
				}
				continue
			}
			nextRedir, dropRedir = true, stderr
		case c == ' ' || c == '\t' || c == '\r':
			endWord()
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	endStep("")
	return steps
}
