package appsim

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Pyramid's pserve: the .ini it loads through PasteDeploy, the app its
// `use = egg:NAME` names (an installed project's metadata, which an
// install of requirements.txt does not give) and where waitress, the
// server its [server:main] names, listens.

func pserveRecord() *tool {
	return &tool{name: "pserve", names: []string{"pserve"}, lang: "python", run: pserveTool,
		banners: map[string]string{"pserve": "Starting server in PID 1.\nServing on http://%s:%d"}}
}

// pserveValued are pserve's options that take a value.
var pserveValued = []string{"-n", "--app-name", "-s", "--server", "--server-name", "--reload-interval"}

// pserveTool judges `pserve CONFIG_URI`: the app's egg must be installed,
// and waitress listens where its server section says (listen, else host
// and port; 0.0.0.0:8080 by default). false (judged as any command) for a
// config it cannot read or a server other than waitress.
func pserveTool(r *runSim, _ string, args []string, _ map[string]string, _ int) (startCmd, bool) {
	uri := firstFile(args, pserveValued...)
	if uri == "" || r.files == nil {
		return startCmd{}, false
	}
	file, name, _ := strings.Cut(strings.TrimPrefix(uri, "config:"), "#")
	src, ok := r.deployedText(r.path(file))
	if !ok {
		return startCmd{}, false
	}
	ini := parseINI(src)
	if app := ini.appSection(orStr(valueAfter(args, "-n", "--app-name"), orStr(name, "main"))); app != nil {
		if egg, ok := strings.CutPrefix(strings.TrimSpace(app["use"]), "egg:"); ok {
			egg, _, _ = strings.Cut(egg, "#")
			if c, failed := r.eggMissing(egg); failed {
				return c, true
			}
		}
	}
	srv := ini["server:"+orStr(valueAfter(args, "-s", "--server", "--server-name"), "main")]
	if use := strings.TrimSpace(srv["use"]); srv == nil || use != "egg:waitress" && !strings.HasPrefix(use, "egg:waitress#") {
		return startCmd{}, false
	}
	at, ok := waitressListen(srv)
	if !ok {
		return startCmd{}, false
	}
	return startCmd{lang: "python", listen: at, banner: serverBanners["pserve"]}, true
}

// waitressListen is where waitress listens by its settings: the first
// address of listen (`*` every interface), else host (0.0.0.0) and port
// (8080); false when a value is not a literal it reads.
func waitressListen(srv map[string]string) (*Addr, bool) {
	host, port := "0.0.0.0", "8080"
	if l := strings.Fields(srv["listen"]); len(l) > 0 {
		h, p, ok := strings.Cut(l[0], ":")
		if i := strings.LastIndex(l[0], ":"); i >= 0 {
			h, p, ok = l[0][:i], l[0][i+1:], true
		}
		if !ok {
			return nil, false
		}
		host, port = strings.Trim(h, "[]"), p
		if host == "*" || host == "" {
			host = "0.0.0.0"
		}
	} else {
		host, port = orStr(strings.TrimSpace(srv["host"]), host), orStr(strings.TrimSpace(srv["port"]), port)
	}
	n, err := strconv.Atoi(port)
	if err != nil || strings.ContainsAny(host, "%$") {
		return nil, false
	}
	return &Addr{normHost(host), n}, true
}

// eggMissing is pserve's start when the distribution egg is surely not
// installed: the project's own (its setup.py, setup.cfg or pyproject.toml
// names it, or it is a package of the deploy's top) with no install of
// the project itself. PasteDeploy asks importlib.metadata for it, and
// pserve dies with its PackageNotFoundError. An egg no install names
// that is not the project's may come with a package: r.unsure.
func (r *runSim) eggMissing(egg string) (startCmd, bool) {
	key := pyDistKey(egg)
	if r.unknown || key == "" || r.pyPackages().named[key] {
		return startCmd{}, false
	}
	own := pyDistKey(r.pyProjectName())
	if own == "" && (r.deployed(path.Join(key, "__init__.py")) != "" || r.deployed(key+".py") != "") {
		own = key // the app's own package
	}
	if own != key || r.pyProjectInstalled() {
		if own != key {
			r.unsure = append(r.unsure, fmt.Sprintf("whether the package `%s` that `use = egg:%s` names is installed (no install the sandbox read names it)", clip(egg, 60), clip(egg, 60)))
		}
		return startCmd{}, false
	}
	py := "3.12"
	if _, v, ok := strings.Cut(r.baseFull, "@"); ok && v != "" {
		py = v
	}
	site := "/usr/local/lib/python" + py + "/site-packages/"
	return startCmd{lang: "python", crash: []Line{{3, "Traceback (most recent call last):"},
		{3, `  File "/usr/local/bin/pserve", line 8, in <module>`}, {3, "    sys.exit(main())"},
		{3, `  File "` + site + `pyramid/scripts/pserve.py", line 32, in main`}, {3, "    return command.run()"},
		{3, `  File "` + site + `paste/deploy/loadwsgi.py", line 641, in find_egg_entry_point`},
		{3, "    dist = importlib_metadata.distribution(self.spec)"},
		{3, "importlib.metadata.PackageNotFoundError: No package metadata was found for " + egg}}}, true
}

// pyDistKey is a distribution name as Python compares them: lower case,
// runs of -, _ and . alike.
func pyDistKey(name string) string {
	return strings.ToLower(pyDistSepRe.ReplaceAllString(strings.TrimSpace(name), "_"))
}

var pyDistSepRe = lazyregexp.New(`[-_.]+`)

// Where a Python project names itself: setup.py's name=, setup.cfg's
// [metadata] name, pyproject.toml's [project] (or [tool.poetry]) name.
var (
	setupPyNameRe = lazyregexp.New(`\bname\s*=\s*['"]([^'"]+)['"]`)
	tomlNameRe    = lazyregexp.New(`(?m)^\s*name\s*=\s*["']([^"']+)["']`)
)

// pyProjectName is the name the deploy's project gives itself ("" when
// none is read).
func (r *runSim) pyProjectName() string {
	if src, ok := r.deployedText("pyproject.toml"); ok {
		for _, sec := range []string{"project", "tool.poetry"} {
			if m := tomlNameRe.FindStringSubmatch(tomlSection(src, sec)); m != nil {
				return m[1]
			}
		}
	}
	if src, ok := r.deployedText("setup.cfg"); ok {
		if n := strings.Trim(parseINI(src)["metadata"]["name"], `"'`); n != "" {
			return n
		}
	}
	if src, ok := r.deployedText("setup.py"); ok {
		if m := setupPyNameRe.FindStringSubmatch(src); m != nil {
			return m[1]
		}
	}
	return ""
}

// pyProjectInstalled reports whether an install the run container gets
// installs the project itself: pip's `.` (or `-e .`, `./`, with extras),
// a requirements file's line that does, `setup.py install|develop`, or
// the project installs of uv, poetry and pdm.
func (r *runSim) pyProjectInstalled() bool {
	lines := r.ownLines()
	if pyTargetRe.MatchString(strings.Join(r.d.BuildCommands, "\n")) {
		lines += "\n" + strings.Join(r.d.BuildCommands, "\n")
	}
	if projInstallRe.MatchString(lines) || setupInstallRe.MatchString(lines) {
		return true
	}
	for _, m := range pipInstallRe.FindAllStringSubmatch(lines, -1) {
		args := strings.Fields(m[1])
		for i, a := range args {
			a = strings.Trim(a, `"'`)
			switch {
			case pySelfSpec(a):
				return true
			case (a == "-r" || a == "--requirement") && i+1 < len(args) && r.requirementsInstallSelf(strings.Trim(args[i+1], `"'`)):
				return true
			case strings.HasPrefix(a, "-r") && len(a) > 2 && r.requirementsInstallSelf(strings.TrimPrefix(a, "-r")):
				return true
			}
		}
	}
	return false
}

var setupInstallRe = lazyregexp.New(`\bsetup\.py\s+(?:install|develop)\b`)

// pySelfSpec reports whether a pip argument names the project in the
// directory it runs in: `.`, `./`, with extras (`.[dev]`).
func pySelfSpec(a string) bool {
	a, _, _ = strings.Cut(a, "[")
	return a == "." || a == "./"
}

// requirementsInstallSelf reports whether the uploaded requirements file f
// has a line installing the project (`.`, `-e .`).
func (r *runSim) requirementsInstallSelf(f string) bool {
	src, ok := r.files.Read(CleanRel(strings.TrimPrefix(strings.TrimPrefix(f, prepHome), BuildSource)))
	if !ok {
		return false
	}
	for _, l := range strings.Split(src, "\n") {
		f := strings.Fields(l)
		if len(f) > 0 && (f[0] == "-e" || f[0] == "--editable") {
			f = f[1:]
		}
		if len(f) > 0 && pySelfSpec(f[0]) {
			return true
		}
	}
	return false
}

// iniFile is a parsed .ini: its sections' keys and values.
type iniFile map[string]map[string]string

// parseINI reads src as ConfigParser does, simply: [section] headers,
// `key = value` and `key: value`, comments with # or ; (continuation
// lines are not read).
func parseINI(src string) iniFile {
	out := iniFile{}
	var cur map[string]string
	for _, l := range strings.Split(src, "\n") {
		t := strings.TrimSpace(l)
		switch {
		case t == "" || t[0] == '#' || t[0] == ';':
		case t[0] == '[' && strings.HasSuffix(t, "]"):
			cur = map[string]string{}
			out[strings.TrimSpace(t[1:len(t)-1])] = cur
		case cur != nil && l[0] != ' ' && l[0] != '\t':
			if i := strings.IndexAny(t, "=:"); i > 0 {
				cur[strings.TrimSpace(t[:i])] = strings.TrimSpace(t[i+1:])
			}
		}
	}
	return out
}

// appSection is the section of the app named name (app:, application:;
// a pipeline's last element); nil for none it reads.
func (ini iniFile) appSection(name string) map[string]string {
	for _, p := range []string{"app:", "application:"} {
		if s := ini[p+name]; s != nil {
			return s
		}
	}
	if p := strings.Fields(ini["pipeline:"+name]["pipeline"]); len(p) > 0 {
		return ini.appSection(p[len(p)-1])
	}
	return nil
}
