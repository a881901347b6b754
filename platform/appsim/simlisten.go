package appsim

import (
	"fmt"
	"hash/fnv"
	"regexp"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Where an entry file listens, in the forms of every language: the PORT
// variable read (as each tool record's envRead reads a variable: filled in
// init), `port = N` and a ":N" literal; the forms of one language are its
// record's listens.
var (
	// portKwRe is `port = N` or `port: N`; not a command-line flag written
	// in a string (`'--remote-debugging-port=9222'`, a flag the code hands
	// another program), which says nothing of where this app listens.
	portKwRe     = lazyregexp.New(`(?:^|[^\w-])port\s*[=:]\s*(\d{2,5})\b`)
	portEnvDefRe = lazyregexp.New(`PORT(?:['"\])]+\s*,|['"\])]*(?:\s*,\s*10\s*\))?\s*(?:\|\||\?\?|\bor\b))\s*['"]?(\d{2,5})`)
	colonPortRe  = lazyregexp.New(`['"]:(\d{2,5})['"]`)
	assignNumRe  = `(?:const|let|var|:=|=)\s*`
	listenCallRe = lazyregexp.New(`\.listen\(`)
)

// listenForm is one way the code of an entry file says where its server
// listens: false when the file does not say it so. A tool record lists the
// forms of its language in its listens, tried in order before the forms of
// every language (anyLang).
type listenForm func(s *srcListen) (*Addr, bool)

// srcListen is an entry file read for where it listens.
type srcListen struct {
	src     string
	env     map[string]string
	seed    string // makes an ephemeral port stable
	usesEnv bool   // it reads the PORT variable
	defPort int    // what it falls back to when PORT is unset (0: none)
	host    string // a bind a form read without its port ("": every address)
	banner  string // the listening line of the server a form read ("": the plain one)
}

// sourceListen reads where an entry file of lang listens, and its server's
// listening line: a port it names (listen(8080), PORT || 8080, ":8080",
// port=8080) or $PORT (from env; unset and without a fallback, an
// ephemeral port), bound to the host it names (127.0.0.1 and localhost
// reach nothing outside the container). nil when the file names no port.
func sourceListen(lang, src string, env map[string]string, seed string) (*Addr, string) {
	s := &srcListen{src: src, env: env, seed: seed, usesEnv: portEnvRe.MatchString(src), defPort: portFallback(src)}
	if t := byLang[lang]; t != nil {
		for _, form := range t.listens {
			if l, ok := form(s); ok {
				return l, s.banner
			}
		}
	}
	return s.anyLang(), ""
}

// envPort is the PORT variable's port, else def, else an ephemeral one.
func (s *srcListen) envPort(def int) int {
	if n, err := strconv.Atoi(s.env["PORT"]); err == nil {
		return n
	}
	if def != 0 {
		return def
	}
	return ephemeralPort(s.seed)
}

// anyLang reads the forms of every language: the PORT variable (on every
// address), `port = N`, a ":N" literal.
func (s *srcListen) anyLang() *Addr {
	host := normHost(orStr(s.host, "0.0.0.0"))
	if s.usesEnv {
		return &Addr{host, s.envPort(s.defPort)}
	}
	if m := portKwRe.FindStringSubmatch(s.src); m != nil {
		n, _ := strconv.Atoi(m[1])
		return &Addr{host, n}
	}
	if m := colonPortRe.FindStringSubmatch(s.src); m != nil {
		n, _ := strconv.Atoi(m[1])
		return &Addr{host, n}
	}
	return nil
}

// listenCall reads server.listen(port[, host]): Node's http and the
// frameworks on it (as Bun and Deno run them), Tornado. A port it cannot
// follow leaves the file to the other forms.
func listenCall(s *srcListen) (*Addr, bool) {
	m := listenArgs(s.src)
	if m == nil {
		return nil, false
	}
	host := "0.0.0.0"
	if h, ok := stringValue(s.src, m[2], s.env); ok {
		host, s.host = h, h
	}
	if n, err := strconv.Atoi(m[1]); err == nil {
		return &Addr{normHost(host), n}, true
	}
	arg := m[1]
	if n := numberAssigned(s.src, arg); n != 0 && !portEnvRe.MatchString(arg) && !usesEnvVar(s.src, arg) {
		return &Addr{normHost(host), n}, true
	}
	if s.usesEnv {
		return &Addr{normHost(host), s.envPort(s.defPort)}, true
	}
	return nil, false
}

// listenArgs finds the first .listen( call of src and reads its
// arguments as the call gives them, each whole however many calls and
// commas it holds (`int(os.environ.get("PORT", "8000"))`): [call, port,
// host], the host the second positional argument or an `address=`/`host=`
// keyword (Tornado's), "" when none; nil when src has no such call with a
// port.
func listenArgs(src string) []string {
	loc := listenCallRe.FindStringIndex(src)
	if loc == nil {
		return nil
	}
	args := splitArgs(src[loc[1]:])
	if len(args) == 0 || args[0] == "" {
		return nil
	}
	out := []string{src[loc[0]:loc[1]], args[0], ""}
	for _, a := range args[1:] {
		if k, v, ok := strings.Cut(a, "="); ok && identRe.MatchString(strings.TrimSpace(k)) && !strings.HasPrefix(v, "=") {
			if k = strings.TrimSpace(k); k == "address" || k == "host" {
				out[2] = strings.TrimSpace(v)
			}
			continue
		}
		if out[2] == "" && a == args[1] {
			out[2] = a
		}
	}
	return out
}

// splitArgs splits the arguments of a call whose text follows its "(",
// up to the ")" that closes it, at the commas outside brackets and
// strings; each trimmed. nil when the call does not close.
func splitArgs(s string) []string {
	var args []string
	depth, start := 0, 0
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			switch c {
			case '\\':
				i++
			case quote:
				quote = 0
			}
		case c == '"' || c == '\'' || c == '`':
			quote = c
		case c == '(' || c == '[' || c == '{':
			depth++
		case c == ')' || c == ']' || c == '}':
			if depth == 0 {
				if a := strings.TrimSpace(s[start:i]); a != "" || len(args) > 0 {
					args = append(args, a)
				}
				return args
			}
			depth--
		case c == ',' && depth == 0:
			args = append(args, strings.TrimSpace(s[start:i]))
			start = i + 1
		}
	}
	return nil
}

// addrLiteral is the form of a call re names whose first argument is a
// "HOST:PORT" literal (group 1 the host, "" every address; group 2 the
// port).
func addrLiteral(re *lazyregexp.Regexp) listenForm {
	return func(s *srcListen) (*Addr, bool) {
		m := re.FindStringSubmatch(s.src)
		if m == nil {
			return nil, false
		}
		n, _ := strconv.Atoi(m[2])
		return &Addr{normHost(orStr(m[1], "0.0.0.0")), n}, true
	}
}

// goPortVarRe is a Go variable given the PORT variable's value.
var goPortVarRe = lazyregexp.New(`(\w+)\s*:?=\s*os\.Getenv\("PORT"\)`)

// portFallback is the port src falls back to when PORT is unset, 0 when it
// has none: `PORT || 3000` (`parseInt(…PORT, 10) || 3000`: past the radix),
// `??`, `get('PORT', 8000)`, `cmp.Or(…, "8080")`,
// or Go's `if port == "" { port = "8080" }` after `port := os.Getenv("PORT")`.
func portFallback(src string) int {
	if m := portEnvDefRe.FindStringSubmatch(src); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	for _, m := range goPortVarRe.FindAllStringSubmatch(src, -1) {
		v := regexp.QuoteMeta(m[1])
		re := regexp.MustCompile(`(?:\b` + v + `\s*==\s*""|len\(` + v + `\)\s*==\s*0)\s*\{\s*` + v + `\s*=\s*":?(\d{2,5})"`)
		if f := re.FindStringSubmatch(src); f != nil {
			n, _ := strconv.Atoi(f[1])
			return n
		}
	}
	return 0
}

// stringValue is what a host expression comes to: a string literal, the
// HOST variable (from env, else the expression's string fallback, else
// every interface), or what an identifier is assigned in src.
func stringValue(src, expr string, env map[string]string) (string, bool) {
	return stringValueDepth(src, expr, env, 0)
}

func stringValueDepth(src, expr string, env map[string]string, depth int) (string, bool) {
	expr = strings.TrimSpace(expr)
	if n := len(expr); n >= 2 && (expr[0] == '\'' || expr[0] == '"' || expr[0] == '`') && expr[n-1] == expr[0] {
		return expr[1 : n-1], true
	}
	if hostEnvRe.MatchString(expr) {
		if h := env["HOST"]; h != "" {
			return h, true
		}
		if m := fallbackStrRe.FindStringSubmatch(expr); m != nil {
			return m[1], true
		}
		return "0.0.0.0", true
	}
	if !identRe.MatchString(expr) || depth >= 2 {
		return "", false
	}
	re := lazyregexp.New(`\b` + regexp.QuoteMeta(expr) + `\s*(?::=|=)\s*([^\n;]+)`)
	if m := re.FindStringSubmatch(src); m != nil {
		return stringValueDepth(src, m[1], env, depth+1)
	}
	return "", false
}

// hostExprRe is the host of an options object ({port, host}).
var hostExprRe = lazyregexp.New(`\bhost\s*:\s*([^,}\n]+)`)

// fallbackStrRe is the string an expression falls back to.
var fallbackStrRe = lazyregexp.New(`(?:\|\||\?\?|,|\bor\b)\s*['"]([^'"]*)['"]`)

// portEnvRe and hostEnvRe are reads of the PORT and the HOST variable, in
// the words of any tool record's language (its envRead): set in init.
var portEnvRe, hostEnvRe *lazyregexp.Regexp

// envReads are the reads of the variable %[1]s of every record's language.
func envReads() string {
	var reads []string
	for _, t := range tools {
		if t.envRead != "" {
			reads = append(reads, t.envRead)
		}
	}
	return strings.Join(reads, "|")
}

var identRe = lazyregexp.New(`^[A-Za-z_$][\w$]*$`)

// numberAssigned is the number an identifier is assigned in src, or 0.
func numberAssigned(src, ident string) int {
	if !identRe.MatchString(ident) {
		return 0
	}
	re := lazyregexp.New(`\b` + regexp.QuoteMeta(ident) + `\s*` + assignNumRe + `['"]?(\d{2,5})\b`)
	if m := re.FindStringSubmatch(src); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	re = lazyregexp.New(`(?:const|let|var)\s+` + regexp.QuoteMeta(ident) + `\s*=\s*['"]?(\d{2,5})\b`)
	if m := re.FindStringSubmatch(src); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	return 0
}

// usesEnvVar reports whether ident is assigned from the PORT variable.
func usesEnvVar(src, ident string) bool {
	re := lazyregexp.New(`\b` + regexp.QuoteMeta(ident) + `\s*(?::=|=)[^\n;]*PORT`)
	return re.MatchString(src)
}

// normHost maps the forms of "every interface" and of "this container only".
func normHost(h string) string {
	switch h {
	case "", "0.0.0.0", "::", "[::]", "*":
		return "0.0.0.0"
	case "localhost", "127.0.0.1", "::1", "[::1]":
		return "127.0.0.1"
	}
	return h
}

// ephemeralPort is where an app listens when told port 0 or nothing: a port
// the system picks, stable per app version here.
func ephemeralPort(seed string) int {
	h := fnv.New32a()
	_, _ = h.Write([]byte(seed))
	return 32768 + int(h.Sum32()%28000)
}

// ownAddr is a server with an address of its own: where it listens unless
// its flags, its variables or its environment's mode say otherwise, and its
// own words for that (a format of host and port; \n parts are lines).
type ownAddr struct {
	host, local          string   // its bind when told nothing (127.0.0.1: localhost); its banner bound to localhost, if worded otherwise
	port                 int      // its port when told nothing
	hostFlags, portFlags []string // flags that set the bind (given bare: every address) and the port
	hostVars, portVars   []string // variables it reads them from, the first set wins
	addrFlags, addrVars  []string // a flag and variables giving both as HOST:PORT, over the ones above
	modeFlags, modeVars  []string // where it reads its mode: any but development binds every address
	banner               string
	runs                 []string // the commands that start it: "name sub", "name" without a subcommand, "name *" with any arguments
	// The language it runs; for a server an entry file starts itself,
	// the language of that file, what in it says so, and where it sets
	// the port and the bind (group 1: the value as written; a later
	// group: a literal's text).
	lang                   string
	uses, setPort, setHost *lazyregexp.Regexp
	// config is where its config file sets it over def (vite.config);
	// false when it sets it in a way that is not read.
	config func(r *runSim, def Addr) (Addr, bool)
	// missing is what it prints when what it serves, started with args,
	// is not deployed (next start without a build): nil when it is, or
	// when the sandbox cannot tell.
	missing func(r *runSim, args []string) []Line
	// also is where else it listens started in env (a second server of
	// its own, the API beside a web side); nil: nowhere.
	also func(r *runSim, env map[string]string) []Addr
	// unread says what of it the sandbox does not read (a binary the
	// build downloads): where it listens is modelled, the rest is not,
	// so a start that answers is unverified, naming this.
	unread string
}

// listen is where s listens started with args in env, from base (its
// config's address, else its own).
func (s ownAddr) listen(args []string, env map[string]string, base Addr) *Addr {
	host, port := base.host, base.port
	if mode, ok := flagValue(args, s.modeFlags...); (ok && mode != "development") || (!ok && firstVar(env, s.modeVars) != "" && firstVar(env, s.modeVars) != "development") {
		host = "0.0.0.0"
	}
	if v := firstVar(env, s.hostVars); v != "" {
		host = v
	}
	if n, err := strconv.Atoi(firstVar(env, s.portVars)); err == nil {
		port = n
	}
	if v := firstVar(env, s.addrVars); v != "" {
		if a := addrPort(v, Addr{host, port}); a.port != 0 {
			host, port = a.host, a.port
		}
	}
	if v, ok := flagValue(args, s.addrFlags...); ok {
		if a := addrPort(expand(v, env), Addr{host, port}); a.port != 0 {
			host, port = a.host, a.port
		}
	}
	if v, ok := flagValue(args, s.hostFlags...); ok {
		host = orStr(expand(v, env), "0.0.0.0")
	}
	if v, ok := flagValue(args, s.portFlags...); ok {
		if n, err := strconv.Atoi(expand(v, env)); err == nil {
			port = n
		}
	}
	return &Addr{normHost(host), port}
}

// cmd is what s started with args amounts to, with its banner.
func (s ownAddr) cmd(lang string, args []string, env map[string]string) startCmd {
	return s.at(lang, s.listen(args, env, Addr{s.host, s.port}))
}

// at is s listening at l (nil: where the setup declares), in its own words.
func (s ownAddr) at(lang string, l *Addr) startCmd {
	out := startCmd{lang: lang, listen: l, banner: s.banner}
	if l != nil && l.host == "127.0.0.1" && s.local != "" {
		out.banner = s.local
	}
	return out
}

// firstVar is the first of names set in env, or "".
func firstVar(env map[string]string, names []string) string {
	for _, k := range names {
		if v := env[k]; v != "" {
			return v
		}
	}
	return ""
}

// flagValue is the value of the first of flags in args ("--f v", "--f=v"),
// "" for a flag given bare (last, or followed by another flag); false when
// none is given.
func flagValue(args []string, flags ...string) (string, bool) {
	for i, a := range args {
		for _, f := range flags {
			if v, ok := strings.CutPrefix(a, f+"="); ok {
				return v, true
			}
			if a != f {
				continue
			}
			if i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") {
				return args[i+1], true
			}
			return "", true
		}
	}
	return "", false
}

// ListenLines are the lines run logs once it listens: its banner (or the
// plain line) for each address. Where the listens are assumed (nothing
// read tells where the app listens), one line says that the sandbox did
// not check it, never a listening line it did not read: no address, so
// nothing reads it as the app's own bind.
func ListenLines(run RunResult) []string {
	var out []string
	if run.Assumed && len(run.Listens) > 0 {
		return []string{fmt.Sprintf("[sandbox] not checked: where the app listens (nothing the sandbox read says); its probes are answered as if it served the ports run.ports declares (%s)",
			listenPorts(run.Listens))}
	}
	for _, l := range run.Listens {
		out = append(out, strings.Split(fmt.Sprintf(orStr(run.Banner, "Listening on %s:%d"), l.host, l.port), "\n")...)
	}
	return out
}

// ownServer reads a start command that runs a server with an address of its
// own (through a command that runs another in its place: npx X, python -m
// django); false for any other.
func (r *runSim) ownServer(name string, args []string, env map[string]string) (startCmd, bool) {
	if t := byName[toolName(name)]; t != nil && t.unwrap != nil {
		if n, rest, ok := t.unwrap(name, args); ok {
			name, args = n, rest
		}
	}
	if t := byName[toolName(name)]; t != nil && t.serverStart != nil {
		return t.serverStart(r, name, args, env)
	}
	key, ok := ownCommand(name, args)
	if !ok {
		return startCmd{}, false
	}
	s := ownAddrs[key]
	if s.unread != "" {
		r.unsure = append(r.unsure, s.unread)
	}
	if s.missing != nil && r.files != nil {
		if crash := s.missing(r, args); crash != nil {
			return startCmd{lang: s.lang, crash: crash}, true
		}
	}
	if s.config == nil {
		return s.cmd(s.lang, args, env), true
	}
	base, ok := s.config(r, Addr{s.host, s.port})
	if !ok {
		return startCmd{lang: s.lang}, true
	}
	c := s.at(s.lang, s.listen(args, env, base))
	if s.also != nil && c.listen != nil {
		c.also = s.also(r, env)
	}
	if (key == "vite" || key == "vite preview") && c.listen != nil && normHost(c.listen.host) == "0.0.0.0" {
		r.viteHosts(env)
	}
	return c, true
}

// ownCommand is the record of ownAddrs whose runs name this command: "name
// sub", "name" without a subcommand, or "name *" with any arguments.
func ownCommand(name string, args []string) (string, bool) {
	sub := ""
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		sub = " " + args[0]
	}
	for key, s := range ownAddrs {
		for _, run := range s.runs {
			if run == name+sub || run == name+" *" {
				return key, true
			}
		}
	}
	return "", false
}

// addrPort reads Django's and PHP's ADDR:PORT (or PORT alone; ADDR "0" is
// every address) over def.
func addrPort(v string, def Addr) Addr {
	h, p := "", v
	if i := strings.LastIndex(v, ":"); i >= 0 {
		h, p = v[:i], v[i+1:]
	}
	if n, err := strconv.Atoi(p); err == nil {
		def.port = n
	} else {
		return Addr{}
	}
	if h == "0" {
		h = "0.0.0.0"
	}
	if h != "" {
		def.host = h
	}
	return def
}

func firstMatch(re *lazyregexp.Regexp, s string) string {
	if m := re.FindStringSubmatch(s); m != nil {
		return m[1]
	}
	return ""
}

// serveOptions reads a serve call re finds (its groups: the options
// object as written) of the server srv: the object's port and hostname,
// else srv's own (from srv's port variables, else its default port; every
// address). nil, true: a port or bind this does not read.
func serveOptions(s *srcListen, re *lazyregexp.Regexp, srv ownAddr) (*Addr, bool) {
	m := re.FindStringSubmatch(s.src)
	if m == nil {
		return nil, false
	}
	obj := strings.Join(m[1:], "")
	l := Addr{srv.host, srv.port}
	if n, err := strconv.Atoi(firstVar(s.env, srv.portVars)); err == nil {
		l.port = n
	}
	if hm := optHostRe.FindStringSubmatch(obj); hm != nil {
		h, ok := stringValue(s.src, hm[1], s.env)
		if !ok {
			return nil, true
		}
		l.host = h
	}
	expr := ""
	if pm := optPortRe.FindStringSubmatch(obj); pm != nil {
		expr = strings.TrimSpace(pm[1])
	} else if shortPortRe.MatchString(obj) {
		expr = "port"
	}
	if expr != "" {
		n, err := strconv.Atoi(expr)
		switch {
		case err == nil:
		case portEnvRe.MatchString(expr) || usesEnvVar(s.src, expr):
			def := 0
			if dm := portEnvDefRe.FindStringSubmatch(orStr(portEnvDefRe.FindString(expr), s.src)); dm != nil {
				def, _ = strconv.Atoi(dm[1])
			}
			n = s.envPort(def)
		case numberAssigned(s.src, expr) != 0:
			n = numberAssigned(s.src, expr)
		default:
			return nil, true
		}
		l.port = n
	}
	return &Addr{normHost(l.host), l.port}, true
}

// The options of a serve call: its port and hostname.
var (
	optPortRe   = lazyregexp.New(`\bport\s*:\s*([^,}\n]+)`)
	optHostRe   = lazyregexp.New(`\bhostname\s*:\s*([^,}\n]+)`)
	shortPortRe = lazyregexp.New(`[{,]\s*port\s*[,}]`)
)

// builtBinary judges a built binary c by the program it was built from, as
// the record of the tool that builds it reads that program (binaryFrom).
func (r *runSim) builtBinary(c startCmd, args []string, env map[string]string) startCmd {
	if c.listen != nil && c.crash == nil && r.files != nil {
		// A flag (--listen=:8080) given to a Go program that reads no
		// command line is not where it listens (walk 83): its code is.
		if src, ok := r.files.Read("main.go"); ok && strings.Contains(src, "package main") && !readsArgs(src) {
			c.listen = nil
		}
	}
	if c.crash != nil || c.listen != nil || r.files == nil {
		return c
	}
	for _, t := range tools {
		if t.binaryFrom == nil {
			continue
		}
		if s, ok := t.binaryFrom(r, c, args, env); ok {
			return s
		}
	}
	return c
}
