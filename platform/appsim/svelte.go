package appsim

import (
	"path"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// SvelteKit's Node adapter: `vite build` with @sveltejs/adapter-node in
// svelte.config writes a server to its out folder (build unless the
// adapter's options name another), which `node build` starts. It listens
// on HOST, else every address, and on PORT, else 3000; an envPrefix
// option renames both variables.

var (
	svelteNodeRe   = lazyregexp.New(`['"]@sveltejs/adapter-node['"]`)
	svelteOutRe    = lazyregexp.New(`\bout\s*:\s*['"]([^'"$]+)['"]`)
	svelteViteRe   = lazyregexp.New(`\bvite build\b`)
	svelteScriptRe = lazyregexp.New(`"build"\s*:\s*"[^"]*\bvite build\b`)
)

// svelteServer is the start of rel when it is the server SvelteKit's Node
// adapter wrote in the build (the upload's svelte.config names the
// adapter, the build runs vite build, rel is its out folder or the
// folder's index.js, made by the build and not uploaded), in env; false
// when it is not, or when the config sets what is not read here.
func (r *runSim) svelteServer(rel string, env map[string]string) (startCmd, bool) {
	if r.files == nil {
		return startCmd{}, false
	}
	cfg, ok := "", false
	for _, ext := range []string{"js", "mjs", "ts", "cjs"} {
		if cfg, ok = r.files.Read("svelte.config." + ext); ok {
			break
		}
	}
	if !ok || !svelteNodeRe.MatchString(cfg) || strings.Contains(cfg, "envPrefix") {
		return startCmd{}, false
	}
	pkg, _ := r.files.Read("package.json")
	if !svelteViteRe.MatchString(strings.Join(r.d.BuildCommands, "\n")) && !svelteScriptRe.MatchString(pkg) {
		return startCmd{}, false
	}
	out := "build"
	if m := svelteOutRe.FindStringSubmatch(cfg); m != nil {
		out = CleanRel(m[1])
	}
	rel = CleanRel(rel)
	if r.deployed(rel) != "" || !r.producedAt(rel) {
		return startCmd{}, false
	}
	if from := r.deployedFrom(rel); from != out && from != path.Join(out, "index.js") {
		return startCmd{}, false // (`out/~` puts the folder's files in /var/www itself)
	}
	host, port := "0.0.0.0", 3000
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
	return startCmd{lang: "node", listen: &Addr{host: host, port: port}, banner: "Listening on http://%s:%d"}, true
}
