package appsim

import "strings"

// shellStep is one simple command of a shell line and the operator joining it
// to the previous one ("" first, ";", "&&", "||").
type shellStep struct {
	op    string
	words []string
	redir []string // files written with > or >>
	bg    bool     // run in the background (a trailing &): its status is 0 at once
	nl    bool     // it begins a line after the first (a newline, not ;, joins it)
	line  int      // the line of the script its first word sits on, from 1, as the shell numbers it
}

// shellParser is parseShell's state while it reads one line.
type shellParser struct {
	line                      string
	steps                     []shellStep
	words, redir              []string
	cur                       strings.Builder
	inWord, nextRedir, stderr bool
	op                        string
	nl                        bool // a newline ended the last step: the next begins a line
	stepLine                  int  // the line the step being read begins on; 0: none yet
}

// parseShell splits a command line the way sh would at its top level: on ;,
// newlines, &, && and ||, quotes respected, each piece split into words with
// quotes removed. A pipeline keeps only its last command (its status is the
// pipeline's). It never executes anything.
func parseShell(line string) []shellStep {
	p := &shellParser{line: line}
	for i := 0; i < len(line); i++ {
		i = p.char(i)
	}
	p.endStep("")
	return p.steps
}

// char reads the character at i and returns the index of the last one it
// consumed.
func (p *shellParser) char(i int) int {
	line := p.line
	c := line[i]
	next := byte(0)
	if i+1 < len(line) {
		next = line[i+1]
	}
	if c == '\\' && next == '\n' {
		return i + 1 // a line continued: both are gone, the word goes on
	}
	if p.stepLine == 0 && !strings.ContainsRune(" \t\r\n;&|", rune(c)) && (c != '#' || p.inWord) {
		p.stepLine = 1 + strings.Count(line[:i], "\n") // every newline before counts: quoted, continued, a comment's
	}
	switch {
	case c == '\'' || c == '"':
		j := strings.IndexByte(line[i+1:], c)
		if j < 0 {
			j = len(line) - i - 1
		}
		p.cur.WriteString(line[i+1 : i+1+j])
		p.inWord = true
		return i + j + 1
	case c == '\\' && i+1 < len(line):
		p.cur.WriteByte(next)
		p.inWord = true
		return i + 1
	case c == '&' || c == '|' || c == ';' || c == '\n':
		return p.operator(i, c, next)
	case c == '#' && !p.inWord:
		if k := strings.IndexByte(line[i:], '\n'); k >= 0 {
			return i + k - 1
		}
		return len(line)
	case c == '>':
		return p.redirect(i)
	case c == ' ' || c == '\t' || c == '\r':
		p.endWord()
	default:
		p.cur.WriteByte(c)
		p.inWord = true
	}
	return i
}

// operator reads &&, &, ||, |, ; or a newline at i.
func (p *shellParser) operator(i int, c, next byte) int {
	switch {
	case c == '&' && next == '&':
		p.endStep("&&")
		return i + 1
	case c == '&':
		n := len(p.steps)
		p.endStep(";")
		if len(p.steps) > n {
			p.steps[n].bg = true
		}
	case c == '|' && next == '|':
		p.endStep("||")
		return i + 1
	case c == '|':
		// A pipeline: its status is its last command's.
		p.endWord()
		p.words = nil
	case c == '\n' && !p.inWord && len(p.words) == 0 && (p.op == "&&" || p.op == "||"):
		// `a &&` at a line's end: the list goes on on the next line
	default:
		p.endStep(";")
		p.nl = p.nl || c == '\n'
	}
	return i
}

// redirect reads >, >>, 2>, >&2 or 2>&1 at i: the next word is a file
// written (2>: kept out of the files, >&N: no file).
func (p *shellParser) redirect(i int) int {
	line := p.line
	stderr := p.inWord && p.cur.String() == "2"
	if stderr {
		p.cur.Reset()
		p.inWord = false
	}
	p.endWord()
	if i+1 < len(line) && line[i+1] == '>' {
		i++
	}
	if i+1 < len(line) && line[i+1] == '&' { // >&2, 2>&1: no file
		i++
		for i+1 < len(line) && line[i+1] >= '0' && line[i+1] <= '9' {
			i++
		}
		return i
	}
	p.nextRedir, p.stderr = true, stderr
	return i
}

// endWord ends the word being read, if any: a word of the command, or the
// file a redirection names.
func (p *shellParser) endWord() {
	if !p.inWord {
		return
	}
	w := p.cur.String()
	p.cur.Reset()
	p.inWord = false
	if p.nextRedir {
		if !p.stderr {
			p.redir = append(p.redir, w)
		}
		p.nextRedir, p.stderr = false, false
		return
	}
	p.words = append(p.words, w)
}

// endStep ends the command being read; nextOp joins the next one to it.
func (p *shellParser) endStep(nextOp string) {
	p.endWord()
	if len(p.words) > 0 || len(p.redir) > 0 {
		p.steps = append(p.steps, shellStep{op: p.op, words: p.words, redir: p.redir, nl: p.nl, line: p.stepLine})
		p.nl = false
	}
	p.words, p.redir, p.op, p.stepLine = nil, nil, nextOp, 0
}
