package appsim

import (
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Astro's Node adapter in standalone mode: `astro build` writes a server to
// dist/server/entry.mjs that listens on HOST, else astro.config's
// server.host (true: every address), else localhost; on PORT, else
// server.port, else 4321 (the adapter's startServer).

// astroEntry is where `astro build` puts the standalone server.
const astroEntry = "dist/server/entry.mjs"

var (
	astroNodeRe   = lazyregexp.New(`['"]@astrojs/node['"]`)
	astroStandRe  = lazyregexp.New(`\bmode\s*:\s*['"]standalone['"]`)
	astroViteRe   = lazyregexp.New(`\bvite\s*:\s*\{`)
	astroServerRe = lazyregexp.New(`\bserver\s*:\s*\{([^{}]*)\}`)
	astroHostRe   = lazyregexp.New(`\bhost\s*:\s*(true|false|'[^']*'|"[^"]*")\s*[,}\n]`)
	astroPortRe   = lazyregexp.New(`\bport\s*:\s*(\d+)\s*[,}\n]`)
	astroKeyRe    = lazyregexp.New(`\b(host|port)\s*:`)
	astroDepsRe   = lazyregexp.New(`"dependencies"\s*:\s*\{\s*"`)
)

// astroServer is the start of rel when it is the standalone server an
// Astro build made (the upload's astro.config names the Node adapter in
// standalone mode and no outDir), in env; false when it is not, or when
// the config sets the address in a form not read here.
func (r *runSim) astroServer(rel string, env map[string]string) (startCmd, bool) {
	if r.files == nil || r.deployed(rel) != "" || !r.producedAt(rel) {
		return startCmd{}, false
	}
	if r.deployedFrom(rel) != astroEntry {
		return startCmd{}, false // (`dist/~` puts dist's files in /var/www itself)
	}
	cfg, ok := "", false
	for _, ext := range []string{"mjs", "js", "ts", "mts", "cjs", "cts"} {
		if cfg, ok = r.files.Read("astro.config." + ext); ok {
			break
		}
	}
	if !ok || !astroNodeRe.MatchString(cfg) || !astroStandRe.MatchString(cfg) || strings.Contains(cfg, "outDir") {
		return startCmd{}, false
	}
	cfg = withoutBlock(cfg, astroViteRe) // Vite's own server options are not the adapter's
	server := ""
	if m := astroServerRe.FindStringSubmatch(cfg); m != nil {
		server = m[1]
	}
	rest := cfg
	if server != "" {
		rest = strings.Replace(cfg, server, "", 1)
	}
	if astroKeyRe.MatchString(rest) {
		return startCmd{}, false // set elsewhere, or by an expression
	}
	host, port := "localhost", 4321
	if strings.Contains(server, "host") {
		m := astroHostRe.FindStringSubmatch(server + "\n")
		if m == nil {
			return startCmd{}, false
		}
		switch v := strings.Trim(m[1], `'"`); v {
		case "true":
			host = "0.0.0.0"
		case "false":
		default:
			host = v
		}
	}
	if strings.Contains(server, "port") {
		m := astroPortRe.FindStringSubmatch(server + "\n")
		if m == nil {
			return startCmd{}, false
		}
		port, _ = strconv.Atoi(m[1])
	}
	if v, set := env["HOST"]; set {
		host = v
	}
	if v, set := env["PORT"]; set {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 || n > 65535 {
			return startCmd{}, false
		}
		port = n
	}
	if pkg, ok := r.files.Read("package.json"); ok && astroDepsRe.MatchString(pkg) && !r.nodeInstalled("", "") {
		// The server build imports the packages package.json lists under
		// dependencies from node_modules at run time; which one it asks
		// for first is not read here.
		r.noteUnsure("whether " + astroEntry + " starts without /var/www/node_modules: Astro's server build imports the packages package.json lists under `dependencies` from node_modules, which `build.deployFiles` does not deploy (add `node_modules`)")
	}
	banner := "[@astrojs/node] Server listening on http://%s:%d"
	if normHost(host) == "0.0.0.0" {
		banner = "[@astrojs/node] Server listening on \n  local: http://localhost:%[2]d \t\n  network: http://%[1]s:%[2]d"
	}
	return startCmd{lang: "node", listen: &Addr{host: host, port: port}, banner: banner}, true
}

// withoutBlock is src without the braced block whose opening re matches
// (the key, its colon and the brace), braces counted.
func withoutBlock(src string, re *lazyregexp.Regexp) string {
	loc := re.FindStringIndex(src)
	if loc == nil {
		return src
	}
	depth := 0
	for i := loc[1] - 1; i < len(src); i++ {
		switch src[i] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				return src[:loc[0]] + src[i+1:]
			}
		}
	}
	return src[:loc[0]]
}
