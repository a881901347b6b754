package appsim

import (
	"slices"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// codeServer reads an entry file of lang that starts a server of ownAddrs
// (its uses matches): the record's defaults, then what the file sets, then
// the command's flags and variables. A port or bind set in a form not read
// here leaves where it listens unknown. false: no record's server.
func codeServer(lang, src string, args []string, env map[string]string) (startCmd, bool) {
	if s, ok := codeServerOf(lang, src); ok {
		base := Addr{s.host, s.port}
		if v, set := setting(s.setPort, src); set {
			n, ok := portValue(v, env)
			if !ok {
				return startCmd{lang: lang}, true
			}
			base.port = n
			s.portVars = nil // a port written in the code stands over the variable
		}
		if v, set := setting(s.setHost, src); set {
			h, ok := stringValue(src, v, env)
			if !ok {
				return startCmd{lang: lang}, true
			}
			base.host = h
			s.modeFlags, s.modeVars = nil, nil // a bind written in the code stands in every mode
		}
		if base.port == 0 {
			return startCmd{lang: lang}, true // no default, none read
		}
		return s.at(lang, s.listen(args, env, base)), true
	}
	return startCmd{}, false
}

// codeServerOf is the record of ownAddrs whose server an entry file of
// lang (its code src) starts; false: none.
func codeServerOf(lang, src string) (ownAddr, bool) {
	names := make([]string, 0, len(ownAddrs))
	for name := range ownAddrs {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if s := ownAddrs[name]; s.uses != nil && s.lang == lang && s.uses.MatchString(src) {
			return s, true
		}
	}
	return ownAddr{}, false
}

// setting is the value re finds in src, if any: its group 1 as written, or
// another group's text, a literal (quoted here).
func setting(re *lazyregexp.Regexp, src string) (string, bool) {
	if re == nil {
		return "", false
	}
	m := re.FindStringSubmatch(src)
	if m == nil {
		return "", false
	}
	for i, g := range m[1:] {
		if i > 0 && g != "" {
			return strconv.Quote(g), true
		}
	}
	return strings.TrimSpace(m[1]), true
}

// portValue is a port as code writes it: a number, or a read of the PORT
// variable (its value, else the number it falls back to).
func portValue(v string, env map[string]string) (int, bool) {
	if n, err := strconv.Atoi(strings.Trim(v, `"'`)); err == nil {
		return n, true
	}
	if !strings.Contains(v, "PORT") {
		return 0, false
	}
	if n, err := strconv.Atoi(env["PORT"]); err == nil {
		return n, true
	}
	if m := trailingNumRe.FindStringSubmatch(v); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n, true
	}
	return 0, false
}

// trailingNumRe is the number an expression falls back to.
var trailingNumRe = lazyregexp.New(`(\d{2,5})\D*$`)
