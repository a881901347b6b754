package appsim

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// What a Python start finds of the packages it imports. The run container
// has the standard library and pip; anything else an install the setup
// runs there put in (run.prepareCommands, initCommands, the start, a
// virtualenv or --target directory the build made and deployed). An import
// of a module nothing could have installed fails as Python does; one whose
// package the installs the sandbox reads name is there; any other may come
// with a package they install, so the start is unverified, naming it.

// pyPkgs is what a start's run container has of Python packages.
type pyPkgs struct {
	any   bool            // something may have installed packages (pyInstalled)
	named map[string]bool // modules of the packages those installs name (lower case)
}

// pyPackages is what the run container of r's start has of Python
// packages, read once per start.
func (r *runSim) pyPackages() *pyPkgs {
	if r.py != nil {
		return r.py
	}
	r.py = &pyPkgs{any: r.pyInstalled(""), named: map[string]bool{}}
	lines := r.ownLines()
	if pyTargetRe.MatchString(strings.Join(r.d.BuildCommands, "\n")) {
		lines += "\n" + strings.Join(r.d.BuildCommands, "\n") // a directory it made and the deploy carries
	}
	for _, l := range strings.Split(lines, "\n") {
		r.pyInstalls(l, r.py.named)
	}
	for n := range r.py.named { // what the named packages bring, one level deep
		for _, b := range strings.Fields(pyBrings[n]) {
			r.py.named[b] = true
		}
	}
	return r.py
}

// Python installs in a command line: pip's (python -m pip, uv pip) with
// their arguments; the project installs of uv, poetry, pdm and pipenv;
// Alpine's py3- packages.
var (
	pipInstallRe  = lazyregexp.New(`(?:\bpip[\d.]*|\bpython[\d.]*\s+-m\s+pip|\buv\s+pip)\s+install\b([^;&|\n]*)`)
	projInstallRe = lazyregexp.New(`\b(?:uv\s+sync|poetry\s+install|pdm\s+(?:install|sync))\b`)
	pipenvRe      = lazyregexp.New(`\bpipenv\s+install\b([^;&|\n]*)`)
	apkPyRe       = lazyregexp.New(`\bpy3-([\w.-]+)`)
)

// pipValued are pip install's options that take a value.
var pipValued = map[string]bool{"-c": true, "--constraint": true, "-t": true, "--target": true, "--prefix": true,
	"--root": true, "-i": true, "--index-url": true, "--extra-index-url": true, "-f": true, "--find-links": true,
	"--trusted-host": true, "--python-version": true, "--platform": true, "--only-binary": true, "--no-binary": true,
	"--progress-bar": true, "--cache-dir": true, "--src": true, "--upgrade-strategy": true, "--python": true}

// pyInstalls adds to named the modules of the packages line's installs name.
func (r *runSim) pyInstalls(line string, named map[string]bool) {
	for _, m := range pipInstallRe.FindAllStringSubmatch(line, -1) {
		args := strings.Fields(m[1])
		for i := 0; i < len(args); i++ {
			a := strings.Trim(args[i], `"'`)
			switch {
			case a == "-r" || a == "--requirement":
				if i+1 < len(args) {
					i++
					r.pyRequirements(strings.Trim(args[i], `"'`), named, 0)
				}
			case strings.HasPrefix(a, "--requirement="), strings.HasPrefix(a, "-r") && len(a) > 2:
				r.pyRequirements(strings.TrimPrefix(strings.TrimPrefix(a, "--requirement="), "-r"), named, 0)
			case a == "-e" || a == "--editable":
				if i+1 < len(args) {
					i++
					r.pyProject(strings.Trim(args[i], `"'`), named)
				}
			case pipValued[a]:
				i++
			case strings.HasPrefix(a, "-"):
			case a == "." || strings.HasPrefix(a, "./") || strings.HasPrefix(a, "/"):
				r.pyProject(a, named)
			case !strings.Contains(a, "://"):
				addPyName(a, named)
			}
		}
	}
	if projInstallRe.MatchString(line) {
		r.pyProject(".", named)
	}
	for _, m := range pipenvRe.FindAllStringSubmatch(line, -1) {
		for _, a := range nonFlags(strings.Fields(m[1])) {
			addPyName(a, named)
		}
		if src, ok := r.files.Read("Pipfile"); ok {
			for _, sec := range []string{"packages", "dev-packages"} {
				for _, k := range tomlKeys(tomlSection(src, sec)) {
					addPyName(k, named)
				}
			}
		}
	}
	for _, m := range apkPyRe.FindAllStringSubmatch(line, -1) {
		addPyName(m[1], named)
	}
}

// pyRequirements adds the packages of the uploaded requirements file f
// (and the files it includes with -r, depth deep) to named.
func (r *runSim) pyRequirements(f string, named map[string]bool, depth int) {
	rel := CleanRel(strings.TrimPrefix(strings.TrimPrefix(f, prepHome), BuildSource))
	src, ok := r.files.Read(rel)
	if !ok || depth > 3 {
		return
	}
	for _, l := range strings.Split(src, "\n") {
		l = strings.TrimSpace(l)
		if inc, ok := strings.CutPrefix(l, "-r "); ok {
			r.pyRequirements(path.Join(path.Dir(rel), strings.TrimSpace(inc)), named, depth+1)
			continue
		}
		if l != "" && !strings.HasPrefix(l, "#") && !strings.HasPrefix(l, "-") && !strings.Contains(l, "://") {
			addPyName(l, named)
		}
	}
}

// tomlSectionRe is a TOML table header.
var (
	tomlSectionRe = lazyregexp.New(`(?m)^\s*\[+([^\]]+)\]+\s*$`)
	tomlKeyRe     = lazyregexp.New(`(?m)^\s*([A-Za-z0-9_.-]+)\s*=`)
	tomlArrayRe   = lazyregexp.New(`(?s)\b([\w-]+)\s*=\s*\[(.*?)\]`)
	tomlStringRe  = lazyregexp.New(`["']([^"']+)["']`)
)

// tomlSection is the body of the table name in a TOML file ("" for none).
func tomlSection(src, name string) string {
	locs := tomlSectionRe.FindAllStringSubmatchIndex(src, -1)
	for i, l := range locs {
		if strings.TrimSpace(src[l[2]:l[3]]) != name {
			continue
		}
		end := len(src)
		if i+1 < len(locs) {
			end = locs[i+1][0]
		}
		return src[l[1]:end]
	}
	return ""
}

// tomlKeys are the keys a table's body sets.
func tomlKeys(body string) []string {
	var out []string
	for _, m := range tomlKeyRe.FindAllStringSubmatch(body, -1) {
		out = append(out, m[1])
	}
	return out
}

// pyProject adds the dependencies of the project in the uploaded
// directory dir (its pyproject.toml: PEP 621's, its dependency groups and
// extras, Poetry's) to named.
func (r *runSim) pyProject(dir string, named map[string]bool) {
	dir = CleanRel(strings.TrimPrefix(strings.TrimPrefix(dir, prepHome), BuildSource))
	src, ok := r.files.Read(path.Join(dir, "pyproject.toml"))
	if !ok {
		return
	}
	for _, m := range tomlArrayRe.FindAllStringSubmatch(tomlSection(src, "project"), -1) {
		if m[1] == "dependencies" {
			addPyStrings(m[2], named)
		}
	}
	for _, sec := range []string{"project.optional-dependencies", "dependency-groups"} {
		for _, m := range tomlArrayRe.FindAllStringSubmatch(tomlSection(src, sec), -1) {
			addPyStrings(m[2], named)
		}
	}
	for _, m := range tomlArrayRe.FindAllStringSubmatch(tomlSection(src, "tool.uv"), -1) {
		if m[1] == "dev-dependencies" {
			addPyStrings(m[2], named)
		}
	}
	for _, l := range tomlSectionRe.FindAllStringSubmatch(src, -1) {
		if sec := strings.TrimSpace(l[1]); strings.HasPrefix(sec, "tool.poetry") && strings.HasSuffix(sec, "dependencies") {
			for _, k := range tomlKeys(tomlSection(src, sec)) {
				addPyName(k, named)
			}
		}
	}
}

// addPyStrings adds the package of each string of a TOML array's body.
func addPyStrings(body string, named map[string]bool) {
	for _, s := range tomlStringRe.FindAllStringSubmatch(body, -1) {
		addPyName(s[1], named)
	}
}

// addPyName adds the module a package specifier's package gives (its
// name's, or pyAliases') to named.
func addPyName(spec string, named map[string]bool) {
	n := strings.ToLower(strings.ReplaceAll(strings.ReplaceAll(pyNameRe.FindString(strings.TrimSpace(spec)), "-", "_"), ".", "_"))
	if n == "" {
		return
	}
	named[n] = true
	if a := pyAliases[n]; a != "" {
		named[a] = true
	}
}

// pyBrings are modules a package installs with it (its own dependencies):
// an import of one of them counts as installed beside the package.
var pyBrings = map[string]string{
	"flask":               "werkzeug jinja2 click itsdangerous markupsafe blinker",
	"fastapi":             "starlette pydantic pydantic_core typing_extensions annotated_types anyio",
	"starlette":           "anyio",
	"pydantic":            "pydantic_core typing_extensions annotated_types",
	"django":              "asgiref sqlparse",
	"djangorestframework": "django",
	"rest_framework":      "django",
	"uvicorn":             "click h11",
	"gunicorn":            "packaging",
	"requests":            "urllib3 idna certifi charset_normalizer",
	"httpx":               "httpcore anyio certifi idna",
	"celery":              "kombu billiard vine click",
	"sqlalchemy":          "typing_extensions",
	"flask_sqlalchemy":    "flask sqlalchemy werkzeug jinja2 click itsdangerous markupsafe blinker",
}

// pyBase are what the python image has besides the standard library: pip
// (and what images bundle with it).
var pyBase = map[string]bool{"pip": true, "setuptools": true, "pkg_resources": true, "_distutils_hack": true, "wheel": true}

// pyPathSetRe is code that adds to the module search path: its imports may
// come from anywhere.
var pyPathSetRe = lazyregexp.New(`\bsys\.path\.(?:insert|append|extend)\b|\bsite\.addsitedir\b`)

// pkg judges the import of top, a module that is not the app's own, from
// frames: the standard library and the packages the installs name are
// there; with nothing installed, Python fails to find it; otherwise it may
// come with an installed package (r.pyUnsure).
func (w *pyWalk) pkg(top string, frames []pyFrame) (startCmd, bool) {
	if pyStdlib[top] {
		return startCmd{}, false
	}
	p := w.r.pyPackages()
	switch {
	case p.named[strings.ToLower(top)]:
	case !p.any && !w.pathSet && !pyBase[top]:
		return pyCrash(frames, fmt.Sprintf("ModuleNotFoundError: No module named '%s'", top)), true
	default:
		if !slices.Contains(w.r.pyUnsure, top) {
			w.r.pyUnsure = append(w.r.pyUnsure, top)
		}
	}
	return startCmd{}, false
}

// pyStdlib are the modules of Python's standard library
// (sys.stdlib_module_names of 3.11; those 3.12 and 3.13 removed kept: an
// import of one is never judged missing).
var pyStdlib = map[string]bool{}

func init() {
	for _, n := range strings.Fields("" +
		"__future__ _abc _aix_support _ast _asyncio _bisect _blake2 _bootsubprocess _bz2 _codecs _codecs_cn " +
		"_codecs_hk _codecs_iso2022 _codecs_jp _codecs_kr _codecs_tw _collections _collections_abc _compat_pickle " +
		"_compression _contextvars _crypt _csv _ctypes _curses _curses_panel _datetime _dbm _decimal _elementtree " +
		"_frozen_importlib _frozen_importlib_external _functools _gdbm _hashlib _heapq _imp _io _json _locale _lsprof " +
		"_lzma _markupbase _md5 _msi _multibytecodec _multiprocessing _opcode _operator _osx_support _overlapped " +
		"_pickle _posixshmem _posixsubprocess _py_abc _pydecimal _pyio _queue _random _scproxy _sha1 _sha256 _sha3 " +
		"_sha512 _signal _sitebuiltins _socket _sqlite3 _sre _ssl _stat _statistics _string _strptime _struct " +
		"_symtable _thread _threading_local _tkinter _tokenize _tracemalloc _typing _uuid _warnings _weakref " +
		"_weakrefset _winapi _zoneinfo abc aifc antigravity argparse array ast asynchat asyncio asyncore atexit " +
		"audioop base64 bdb binascii bisect builtins bz2 cProfile calendar cgi cgitb chunk cmath cmd code codecs " +
		"codeop collections colorsys compileall concurrent configparser contextlib contextvars copy copyreg crypt csv " +
		"ctypes curses dataclasses datetime dbm decimal difflib dis distutils doctest email encodings ensurepip enum " +
		"errno faulthandler fcntl filecmp fileinput fnmatch fractions ftplib functools gc genericpath getopt getpass " +
		"gettext glob graphlib grp gzip hashlib heapq hmac html http idlelib imaplib imghdr imp importlib inspect io " +
		"ipaddress itertools json keyword lib2to3 linecache locale logging lzma mailbox mailcap marshal math " +
		"mimetypes mmap modulefinder msilib msvcrt multiprocessing netrc nis nntplib nt ntpath nturl2path numbers " +
		"opcode operator optparse os ossaudiodev pathlib pdb pickle pickletools pipes pkgutil platform plistlib " +
		"poplib posix posixpath pprint profile pstats pty pwd py_compile pyclbr pydoc pydoc_data pyexpat queue quopri " +
		"random re readline reprlib resource rlcompleter runpy sched secrets select selectors shelve shlex shutil " +
		"signal site smtpd smtplib sndhdr socket socketserver spwd sqlite3 sre_compile sre_constants sre_parse ssl " +
		"stat statistics string stringprep struct subprocess sunau symtable sys sysconfig syslog tabnanny tarfile " +
		"telnetlib tempfile termios textwrap this threading time timeit tkinter token tokenize tomllib trace " +
		"traceback tracemalloc tty turtle turtledemo types typing unicodedata unittest urllib uu uuid venv warnings " +
		"wave weakref webbrowser winreg winsound wsgiref xdrlib xml xmlrpc zipapp zipfile zipimport zlib zoneinfo " +
		"") {
		pyStdlib[n] = true
	}
}
