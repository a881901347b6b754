package appsim

import (
	"path"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Nuxt's build with Nitro's default preset (node-server): `nuxt build`
// writes the server to .output/server (its entry index.mjs, with the
// modules it traced), the browser files to .output/public and
// .output/nitro.json, nothing else. The server listens on NITRO_HOST, else
// HOST, else every address (no host given to listen), and on NITRO_PORT,
// else PORT, else 3000; an empty value counts as unset.

// nitroOut is the folder `nuxt build` writes when nuxt.config moves nothing.
const nitroOut = ".output"

var (
	nuxtBuildRe  = lazyregexp.New(`\bnu(?:xt|xi) build\b`)
	nuxtScriptRe = lazyregexp.New(`"build"\s*:\s*"[^"]*\bnu(?:xt|xi) build\b`)
)

// nuxtOutputs records what `nuxt build` writes with the default preset:
// .output's server and public folders and its nitro.json. false (the
// folder and the config's rule) when nuxt.config may move or reshape it,
// or the build's environment names another preset.
func nuxtOutputs(b *buildSim, words []string) bool {
	if !nuxtBuildRe.MatchString(strings.Join(words, " ")) || b.env["NITRO_PRESET"] != "" || b.env["SERVER_PRESET"] != "" {
		return false
	}
	if !b.hasConfig("nuxt.config") || !b.configKeeps("nuxt.config", nuxtMoves) {
		return false
	}
	for _, p := range []string{"server", "public", "nitro.json"} {
		b.produce(path.Join(nitroOut, p))
	}
	return true
}

// nitroServer is the start of rel when it is the server a Nuxt build
// wrote with the default preset (the upload's nuxt.config moves nothing,
// the build runs nuxt build, rel is what the deploy puts of
// .output/server/index.mjs, made by the build and not uploaded), in env;
// false when it is not, or when a port is not a number.
func (r *runSim) nitroServer(rel string, env map[string]string) (startCmd, bool) {
	rel = CleanRel(rel)
	if r.files == nil || r.deployed(rel) != "" || !r.producedAt(rel) {
		return startCmd{}, false
	}
	if r.deployedFrom(rel) != path.Join(nitroOut, "server/index.mjs") {
		return startCmd{}, false
	}
	cfg, ok := "", false
	for _, ext := range []string{"ts", "js", "mjs", "mts", "cjs", "cts"} {
		if cfg, ok = r.files.Read("nuxt.config." + ext); ok {
			break
		}
	}
	if !ok || containsAny(cfg, nuxtMoves) || r.d.BuildEnv["NITRO_PRESET"] != "" || r.d.BuildEnv["SERVER_PRESET"] != "" {
		return startCmd{}, false
	}
	pkg, _ := r.files.Read("package.json")
	if !nuxtBuildRe.MatchString(strings.Join(r.d.BuildCommands, "\n")) && !nuxtScriptRe.MatchString(pkg) {
		return startCmd{}, false
	}
	host := orStr(env["NITRO_HOST"], env["HOST"])
	port := 3000
	if v := orStr(env["NITRO_PORT"], env["PORT"]); v != "" {
		n, err := strconv.Atoi(strings.TrimSpace(v))
		if err != nil || n <= 0 || n > 65535 {
			return startCmd{}, false
		}
		port = n
	}
	banner := "Listening on http://%s:%d" // the address it bound, not the name
	switch host {
	case "":
		host, banner = "0.0.0.0", "Listening on http://[::]:%[2]d"
	case "localhost":
		banner = "Listening on http://127.0.0.1:%[2]d"
	}
	return startCmd{lang: "node", listen: &Addr{host: host, port: port}, banner: banner}, true
}

// containsAny reports whether s holds any of words.
func containsAny(s string, words []string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// deployedFrom is the path in the upload's tree (made by the build or
// not) that the deploy puts at /var/www/rel: the first deployFiles entry
// covering rel decides (`out/~` puts out's files in /var/www itself).
func (r *runSim) deployedFrom(rel string) string {
	rel = CleanRel(rel)
	if len(r.d.DeployFiles) == 0 {
		return rel
	}
	for _, df := range r.d.DeployFiles {
		if src, ok := deploySource(df, rel); ok {
			return src
		}
	}
	return ""
}
