package fakeapi

import (
	"hash/fnv"
	"regexp"
	"strconv"
	"strings"
)

// Where an entry file listens, in the forms apps write it.
var (
	listenCallRe = regexp.MustCompile(`\.listen\(\s*([^,)]+?)\s*(?:,\s*([^,)]+?))?\s*[,)]`)
	listenObjRe  = regexp.MustCompile(`\.listen\(\s*\{([^}]*)\}`)
	addrStringRe = regexp.MustCompile(`(?:ListenAndServe(?:TLS)?|\.Run|\.Start|Listen|serve)\(\s*"([^"]*):(\d+)"`)
	tupleRe      = regexp.MustCompile(`\(\s*\(\s*['"]([^'"]*)['"]\s*,\s*(\d{2,5})\s*\)`)
	portKwRe     = regexp.MustCompile(`\bport\s*[=:]\s*(\d{2,5})\b`)
	portEnvDefRe = regexp.MustCompile(`PORT['"\])]*\s*(?:\|\||\?\?|,|or)\s*['"]?(\d{2,5})`)
	hostKwRe     = regexp.MustCompile(`\bhost(?:name)?\s*[=:]\s*['"]([^'"]*)['"]`)
	colonPortRe  = regexp.MustCompile(`['"]:(\d{2,5})['"]`)
	portEnvRe    = regexp.MustCompile(`(?:process\.env\.PORT|process\.env\[['"]PORT['"]\]|os\.environ(?:\.get)?[\[(]['"]PORT['"]|os\.getenv\(['"]PORT['"]|os\.Getenv\("PORT"\)|Deno\.env\.get\(['"]PORT['"]\)|Bun\.env\.PORT|getenv\(['"]PORT['"]\))`)
	assignNumRe  = `(?:const|let|var|:=|=)\s*`
	flaskRunRe   = regexp.MustCompile(`\b(?:app|application)\.run\(([^)]*)\)`)
	uvicornRunRe = regexp.MustCompile(`uvicorn\.run\(([^)]*)\)`)
)

// sourceListen reads where an entry file's app listens: a port it names
// (listen(8080), PORT || 8080, ":8080", port=8080) or $PORT (from env;
// unset and without a fallback, an ephemeral port), bound to the host it
// names (127.0.0.1 and localhost reach nothing outside the container).
// nil when the file names no port.
func sourceListen(lang, src string, env map[string]string, seed string) *listenAddr {
	host := "0.0.0.0"
	envPort := func(def int) int {
		if n, err := strconv.Atoi(env["PORT"]); err == nil {
			return n
		}
		if def != 0 {
			return def
		}
		return ephemeralPort(seed)
	}
	usesEnv := portEnvRe.MatchString(src)
	defPort := 0
	if m := portEnvDefRe.FindStringSubmatch(src); m != nil {
		defPort, _ = strconv.Atoi(m[1])
	}
	// node: server.listen(port[, host]) or fastify's listen({port, host}).
	if m := listenObjRe.FindStringSubmatch(src); m != nil {
		obj := m[1]
		h := "127.0.0.1" // fastify's default host: localhost
		if hm := hostExprRe.FindStringSubmatch(obj); hm != nil {
			if v, ok := stringValue(src, hm[1], env); ok {
				h = v
			}
		}
		if pm := regexp.MustCompile(`port\s*:\s*(\d{2,5})`).FindStringSubmatch(obj); pm != nil {
			n, _ := strconv.Atoi(pm[1])
			return &listenAddr{normHost(h), n}
		}
		return &listenAddr{normHost(h), envPort(defPort)}
	}
	if m := listenCallRe.FindStringSubmatch(src); m != nil {
		if h, ok := stringValue(src, m[2], env); ok {
			host = h
		}
		if n, err := strconv.Atoi(m[1]); err == nil {
			return &listenAddr{normHost(host), n}
		}
		arg := m[1]
		if n := numberAssigned(src, arg); n != 0 && !portEnvRe.MatchString(arg) && !usesEnvVar(src, arg) {
			return &listenAddr{normHost(host), n}
		}
		if usesEnv {
			return &listenAddr{normHost(host), envPort(defPort)}
		}
	}
	if m := addrStringRe.FindStringSubmatch(src); m != nil {
		n, _ := strconv.Atoi(m[2])
		return &listenAddr{normHost(orStr(m[1], "0.0.0.0")), n}
	}
	if m := tupleRe.FindStringSubmatch(src); m != nil {
		n, _ := strconv.Atoi(m[2])
		return &listenAddr{normHost(orStr(m[1], "0.0.0.0")), n}
	}
	if lang == "python" {
		for _, re := range []*regexp.Regexp{flaskRunRe, uvicornRunRe} {
			m := re.FindStringSubmatch(src)
			if m == nil {
				continue
			}
			def := 5000
			if re == uvicornRunRe {
				def = 8000
			}
			h := "127.0.0.1"
			if hm := hostKwRe.FindStringSubmatch(m[1]); hm != nil {
				h = hm[1]
			}
			if pm := portKwRe.FindStringSubmatch(m[1]); pm != nil {
				def, _ = strconv.Atoi(pm[1])
			} else if portEnvRe.MatchString(m[1]) || strings.Contains(m[1], "port=port") {
				def = envPort(defPort)
			}
			return &listenAddr{normHost(h), def}
		}
	}
	if usesEnv {
		return &listenAddr{normHost(host), envPort(defPort)}
	}
	if m := portKwRe.FindStringSubmatch(src); m != nil {
		n, _ := strconv.Atoi(m[1])
		return &listenAddr{normHost(host), n}
	}
	if m := colonPortRe.FindStringSubmatch(src); m != nil {
		n, _ := strconv.Atoi(m[1])
		return &listenAddr{normHost(host), n}
	}
	return nil
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
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(expr) + `\s*(?::=|=)\s*([^\n;]+)`)
	if m := re.FindStringSubmatch(src); m != nil {
		return stringValueDepth(src, m[1], env, depth+1)
	}
	return "", false
}

// hostExprRe is the host of an options object ({port, host}).
var hostExprRe = regexp.MustCompile(`\bhost\s*:\s*([^,}\n]+)`)

// hostEnvRe is a read of the HOST variable; fallbackStrRe the string an
// expression falls back to.
var (
	hostEnvRe     = regexp.MustCompile(`process\.env\.HOST\b|process\.env\[['"]HOST['"]\]|os\.environ(?:\.get)?[\[(]['"]HOST['"]|os\.getenv\(['"]HOST['"]|os\.Getenv\("HOST"\)|Deno\.env\.get\(['"]HOST['"]\)|Bun\.env\.HOST\b`)
	fallbackStrRe = regexp.MustCompile(`(?:\|\||\?\?|,|\bor\b)\s*['"]([^'"]*)['"]`)
)

var identRe = regexp.MustCompile(`^[A-Za-z_$][\w$]*$`)

// numberAssigned is the number an identifier is assigned in src, or 0.
func numberAssigned(src, ident string) int {
	if !identRe.MatchString(ident) {
		return 0
	}
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(ident) + `\s*` + assignNumRe + `['"]?(\d{2,5})\b`)
	if m := re.FindStringSubmatch(src); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	re = regexp.MustCompile(`(?:const|let|var)\s+` + regexp.QuoteMeta(ident) + `\s*=\s*['"]?(\d{2,5})\b`)
	if m := re.FindStringSubmatch(src); m != nil {
		n, _ := strconv.Atoi(m[1])
		return n
	}
	return 0
}

// usesEnvVar reports whether ident is assigned from the PORT variable.
func usesEnvVar(src, ident string) bool {
	re := regexp.MustCompile(`\b` + regexp.QuoteMeta(ident) + `\s*(?::=|=)[^\n;]*PORT`)
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
