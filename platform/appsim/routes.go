package appsim

import (
	"path"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// routeExts are the source files of the languages whose routes a literal
// path names, by the language a start runs (RunResult's Lang).
var routeExts = map[string][]string{
	"node": {".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx"}, "bun": {".js", ".mjs", ".ts", ".tsx", ".jsx"},
	"deno": {".js", ".mjs", ".ts", ".tsx", ".jsx"}, "python": {".py"}, "go": {".go"}, "ruby": {".rb"}, "php": {".php"},
}

// routeSkipped are the folders whose files are packages, not the app's
// routes.
var routeSkipped = []string{"node_modules", "vendor", "site-packages", ".venv", "venv", "__pycache__", "dist", "build"}

// routeUnnamed reports whether the app's uploaded code was read whole and
// no file of it in lang names the route p by its last part ("/health": a
// quoted "/health", "health/", "GET /health"): a check asking p then likely gets a 404,
// unless a framework or a catch-all serves it (walk 79: a health check on
// a path the app lacks was only "not checked"). False when some code file
// was too large to read, or there is none.
func routeUnnamed(files *Files, lang, p string) bool {
	name := path.Base(strings.TrimRight(p, "/")) // a router mounted under a prefix names the last part
	exts := routeExts[lang]
	if files == nil || name == "" || name == "/" || name == "." || exts == nil {
		return false
	}
	re := regexp.MustCompile("[\"'`](?:[A-Z]+ +)?/?" + regexp.QuoteMeta(name) + "/?[\"'`?]")
	var code []string
	for f := range files.paths {
		if slices.Contains(exts, path.Ext(f)) && !slices.ContainsFunc(strings.Split(path.Dir(f), "/"), func(d string) bool { return slices.Contains(routeSkipped, d) }) {
			code = append(code, f)
		}
	}
	sort.Strings(code)
	for _, f := range code {
		text, ok := files.Read(f)
		if !ok || re.MatchString(text) {
			return false
		}
	}
	return len(code) > 0
}

// routesRead is what the sandbox read of the app's routes for a check
// asking p.
func routesRead(files *Files, lang, p string) string {
	if routeUnnamed(files, lang, p) {
		return "no code file uploaded names the route " + clip(p, 80) + ": unless a framework or a catch-all route serves it, the app answers 404 there and the check fails"
	}
	return "the sandbox does not read the app's routes"
}
