package appsim

import (
	"cmp"
	"fmt"
	"net/url"
	"path"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Go: `go run FILE.go`, and the go command's builds (a module needs its
// go.mod).

func goRecord() *tool {
	return &tool{name: "go", names: []string{"go"}, lang: "go", run: goRunTool, build: goBuild, runBases: []string{"go"},
		missingEntry: func(file, _ string) []Line {
			return []Line{{3, fmt.Sprintf("stat %s: no such file or directory", file)}}
		}, // as given, as the go command prints it
		hostNotFound: func(host string) string { return fmt.Sprintf("dial tcp: lookup %s: no such host", host) },
		listens:      []listenForm{addrLiteral(goAddrRe), ginBareRun}, envRead: `os\.Getenv\("%[1]s"\)`,
		mainFunc: lazyregexp.New(`(?m)^func main\(\)\s*\{[ \t]*$`),
		// pgx's Connect, a dial (net, AMQP, NATS), an HTTP request; sql.Open,
		// pgxpool.New and go-redis's NewClient connect when used.
		connects:   lazyregexp.New(`\b(?:pgx|pgxpool|pgconn|nats)\.Connect(?:Config)?\(|\b(?:net|amqp)\.Dial(?:Timeout)?\(|\bhttp\.(?:Get|Post|Head)\(`),
		binaryFrom: goBinary}
}

// goBinary reads a built binary as the uploaded main.go of package main
// it was built from: it listens where that says.
func goBinary(r *runSim, c startCmd, _ []string, env map[string]string) (startCmd, bool) {
	src, ok := r.files.Read("main.go")
	if !ok || !strings.Contains(src, "package main") {
		return c, false
	}
	c.lang = "go"
	r.readCode("main.go", src)
	c.listen, _ = sourceListen("go", src, env, r.seed)
	r.envCheck(src, "main.go", goEnvNeeds(src), env) // unverified: what it prints is not read
	r.goMySQLDSNCheck(src, env)
	return c, true
}

// goMySQLDriver is the import of Go's MySQL driver, which reads a DSN of
// its own (user:password@tcp(host:port)/dbname), no mysql:// URL.
const goMySQLDriver = `"github.com/go-sql-driver/mysql"`

// goEnvReadRe is os.Getenv or os.LookupEnv of a key (goKeyArg).
var goEnvReadRe = lazyregexp.New(`os\.(?:Getenv|LookupEnv)\(\s*` + goKeyArg + `\s*\)`)

// goMySQLDSNCheck notes, for Go source src importing the MySQL driver,
// each variable it reads that holds a mysql:// URL: the driver fails to
// parse it, which the sandbox does not run, so the start is unverified.
func (r *runSim) goMySQLDSNCheck(src string, env map[string]string) {
	if !strings.Contains(src, goMySQLDriver) {
		return
	}
	consts := goConsts(src)
	for _, m := range goEnvReadRe.FindAllStringSubmatch(src, -1) {
		key := cmp.Or(m[1], consts[m[2]])
		if v := env[key]; key == "" || !strings.HasPrefix(v, "mysql://") && !strings.HasPrefix(v, "mariadb://") {
			continue
		}
		host := "db"
		if u, err := url.Parse(env[key]); err == nil && u.Hostname() != "" {
			host = u.Hostname() // the service the URL is of
		}
		note := "whether the app reaches its database: " + key + " holds a mysql:// URL, which Go's go-sql-driver/mysql does not parse " +
			"(it takes user:password@tcp(host:port)/dbname: " + strings.ReplaceAll("${H_user}:${H_password}@tcp(${H_hostname}:${H_port})/${H_dbName})", "H", host)
		if !slices.Contains(r.unsure, note) {
			r.unsure = append(r.unsure, note)
		}
	}
}

// goAddrRe is net/http's ListenAndServe("HOST:PORT") and the frameworks'
// Run, Start and Listen of such an address (gin, echo, fiber).
var goAddrRe = lazyregexp.New(`(?:ListenAndServe(?:TLS)?|\.Run|\.Start|Listen)\(\s*"([^"]*):(\d+)"`)

// ginRunRe is gin's Engine.Run without an address.
var ginRunRe = lazyregexp.New(`\.Run\(\s*\)`)

// ginBareRun is gin's `r.Run()`: it listens on the PORT variable's port,
// else 8080, on every address.
func ginBareRun(s *srcListen) (*Addr, bool) {
	if !strings.Contains(s.src, `"github.com/gin-gonic/gin"`) || !ginRunRe.MatchString(s.src) {
		return nil, false
	}
	return &Addr{"0.0.0.0", s.envPort(8080)}, true
}

// goCmd fails as the go command does when a package build has no go.mod
// (a build of named .go files needs none, but in a module they are built
// in it, and its go.sum is checked alike).
func (b *buildSim) goCmd(args []string) int {
	if len(args) == 0 || b.files == nil {
		return 0
	}
	files := false
	switch args[0] {
	case "build", "install", "test", "vet", "generate":
		if goInstallAt(args) != "" {
			// `go install <package>@<version>` installs that module in
			// module mode, outside any main module: no go.mod needed.
			return 0
		}
		for _, a := range args[1:] {
			if strings.HasSuffix(a, ".go") {
				files = true
			}
		}
	case "mod":
		if len(args) > 1 && args[1] == "init" {
			b.produce("go.mod")
			return 0
		}
		if len(args) > 1 && (args[1] == "tidy" || args[1] == "download") {
			b.produce("go.sum")
		}
	case "get":
		b.produce("go.sum")
	default:
		return 0
	}
	for d := b.cwd; ; d = path.Dir(d) {
		if d == "." {
			d = ""
		}
		if b.exists(path.Join(d, "go.mod")) {
			if code := b.goPackagesThere(args); code != 0 {
				return code
			}
			if code := b.goSumMissing(d, args); code != 0 {
				return code
			}
			mod, _ := b.files.Read(path.Join(d, "go.mod"))
			module, _ := goModRequires(mod)
			return b.goCompile(args, module)
		}
		if d == "" {
			break
		}
	}
	if files {
		if code := b.goPackagesThere(args); code != 0 {
			return code
		}
		return b.goCompile(args, "")
	}
	b.err("go: go.mod file not found in current directory or any parent directory; see 'go help modules'")
	return 1
}

// goModMode is the -mod mode of go command args: the flag's, else the one
// GOFLAGS in the command's environment names ("" when none does).
func (b *buildSim) goModMode(args []string) string {
	flags := args[1:]
	if i := slices.IndexFunc(flags, func(a string) bool { return strings.TrimLeft(a, "-") == "mod" }); i >= 0 && i+1 < len(flags) {
		return flags[i+1]
	}
	for _, a := range flags {
		if v, ok := strings.CutPrefix(strings.TrimLeft(a, "-"), "mod="); ok && strings.HasPrefix(a, "-") {
			return v
		}
	}
	for _, f := range strings.Fields(b.env["GOFLAGS"]) {
		if v, ok := strings.CutPrefix(strings.TrimLeft(f, "-"), "mod="); ok {
			return v
		}
	}
	return ""
}

// goValueFlags are the go build flags that take the next argument as their
// value.
var goValueFlags = map[string]bool{"-o": true, "-p": true, "-C": true, "-asmflags": true, "-buildmode": true, "-compiler": true,
	"-gccgoflags": true, "-gcflags": true, "-installsuffix": true, "-ldflags": true, "-mod": true, "-modfile": true,
	"-overlay": true, "-pgo": true, "-pkgdir": true, "-tags": true, "-toolexec": true, "-run": true, "-bench": true}

// goPackagesThere fails as the go command does when a package named by a
// path (./cmd/server, ../x, a .go file) is not in the build's files:
// `stat /build/source/cmd/server: directory not found`, exit 1. Patterns
// (./...), import paths and flags' values are not judged.
func (b *buildSim) goPackagesThere(args []string) int {
	for _, a := range goPositional(args) {
		local := a == "." || a == ".." || strings.HasPrefix(a, "./") || strings.HasPrefix(a, "../") || strings.HasSuffix(a, ".go")
		if !local || strings.Contains(a, "...") || b.outside(a) {
			continue
		}
		if !b.exists(b.rel(a)) {
			b.err("stat " + path.Join(b.dir(), a) + ": directory not found")
			return 1
		}
	}
	return 0
}

// goPositional is the arguments of a go command (args[0]) that are no
// flag and no flag's value (-o bin, --o bin).
func goPositional(args []string) []string {
	var out []string
	for i := 1; i < len(args); i++ {
		if a := args[i]; !strings.HasPrefix(a, "-") {
			out = append(out, a)
		} else if goValueFlags["-"+strings.TrimLeft(a, "-")] {
			i++
		}
	}
	return out
}

// goImportRe is an import spec's path: `"path"`, after a name or `import`.
var goImportRe = lazyregexp.New(`^\s*(?:import\s+)?(?:[\w.]+\s+)?"([^"]+)"`)

// goSumMissing fails a package build as the go command does when go.mod in
// modDir requires modules, the built package's main.go imports one of them
// and no go.sum is there (uploaded, or written by go mod tidy, go mod
// download or go get before): `main.go:5:2: missing go.sum entry for
// module providing package …`, exit 1. -mod=mod (which writes go.sum), a
// vendor directory and files it cannot read are not judged.
func (b *buildSim) goSumMissing(modDir string, args []string) int {
	if !slices.Contains([]string{"build", "install", "test", "vet"}, args[0]) || b.exists(path.Join(modDir, "go.sum")) || b.exists(path.Join(modDir, "vendor/modules.txt")) {
		return 0
	}
	mod, ok := b.files.Read(path.Join(modDir, "go.mod"))
	if !ok {
		return 0
	}
	module, requires := goModRequires(mod)
	if b.goModMode(args) == "mod" { // it writes go.sum (GOFLAGS=-mod=mod too)
		return 0
	}
	var pkgs []string
	for _, a := range goPositional(args) {
		if a == "." || strings.HasPrefix(a, "./") && !strings.Contains(a, "...") || strings.HasSuffix(a, ".go") {
			pkgs = append(pkgs, a)
		} else {
			return 0 // an import path or a pattern: not judged
		}
	}
	if len(pkgs) == 0 {
		pkgs = []string{"."}
	}
	for _, a := range pkgs {
		file := path.Join(a, "main.go")
		if strings.HasSuffix(a, ".go") {
			file = path.Clean(a)
		}
		src, ok := b.files.Read(b.rel(file))
		if !ok {
			continue
		}
		imp, line, col := goImportOf(src, requires)
		if imp == "" {
			continue
		}
		if strings.HasSuffix(a, ".go") {
			// Named files' imports are loaded as roots, with no importing
			// package: go names the module to download.
			b.err(fmt.Sprintf("%s:%d:%d: missing go.sum entry for module providing package %s; to add:", file, line, col, imp))
			b.err("\tgo mod download " + goProvider(imp, requires))
			return 1
		}
		importer := module
		if dir := path.Dir(b.rel(file)); dir != "." && dir != modDir {
			importer = module + "/" + strings.TrimPrefix(strings.TrimPrefix(dir, modDir), "/")
		}
		b.err(fmt.Sprintf("%s:%d:%d: missing go.sum entry for module providing package %s (imported by %s); to add:", file, line, col, imp, importer))
		b.err("\tgo get " + importer)
		return 1
	}
	return 0
}

// goImportOf is the first import of src, a Go file, from a module of
// requires, with its line and the column of its opening quote (from 1);
// "" when src imports none.
func goImportOf(src string, requires []string) (imp string, line, col int) {
	block := false
	for n, l := range strings.Split(src, "\n") {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "import ("):
			block = true
			continue
		case block && strings.HasPrefix(t, ")"):
			block = false
			continue
		case !block && !strings.HasPrefix(t, "import "):
			continue
		}
		m := goImportRe.FindStringSubmatchIndex(l)
		if m == nil {
			continue
		}
		imp := l[m[2]:m[3]]
		if slices.ContainsFunc(requires, func(r string) bool { return imp == r || strings.HasPrefix(imp, r+"/") }) {
			return imp, n + 1, m[2]
		}
	}
	return "", 0, 0
}

// goProvider is the module of requires that provides package imp: the
// longest whose path is imp or above it.
func goProvider(imp string, requires []string) string {
	best := imp
	found := false
	for _, r := range requires {
		if (imp == r || strings.HasPrefix(imp, r+"/")) && (!found || len(r) > len(best)) {
			best, found = r, true
		}
	}
	return best
}

// goModRequires is go.mod's module path and the module paths it requires.
func goModRequires(mod string) (module string, requires []string) {
	block := false
	for _, l := range strings.Split(mod, "\n") {
		f := strings.Fields(strings.SplitN(l, "//", 2)[0])
		switch {
		case len(f) == 0:
		case block && f[0] == ")":
			block = false
		case block:
			requires = append(requires, f[0])
		case f[0] == "module" && len(f) > 1:
			module = strings.Trim(f[1], `"`)
		case f[0] == "require" && len(f) > 1 && f[1] == "(":
			block = true
		case f[0] == "require" && len(f) > 2:
			requires = append(requires, f[1])
		}
	}
	return module, requires
}

// goBuild: a build without -o, generate and run make what is named after
// the module or written by a program.
func goBuild(b *buildSim, _ string, args []string, _ int) (int, bool, bool) {
	if code := b.goCmd(args); code != 0 {
		return code, false, true
	}
	if pkg := goInstallAt(args); pkg != "" {
		// The binary lands in GOBIN, else in $GOPATH/bin (~/go/bin),
		// outside the source: what is copied from there is not followed.
		if bin := b.env["GOBIN"]; bin != "" && !b.outside(bin) && !strings.HasPrefix(bin, "~") && !strings.HasPrefix(bin, "$") {
			b.produce(path.Join(bin, goBinaryName(pkg)))
		} else {
			b.mayHave(madeAny)
		}
		return 0, false, false
	}
	if len(args) > 0 && (args[0] == "build" && valueAfter(args, "-o") == "" || args[0] == "generate" || args[0] == "run") {
		b.mayHave(madeAny)
	}
	return 0, false, false
}

// goRunTool is `go run file.go`.
func goRunTool(r *runSim, _ string, args []string, env map[string]string, _ int) (startCmd, bool) {
	if len(args) < 2 || args[0] != "run" || !strings.HasSuffix(args[1], ".go") {
		return startCmd{}, false
	}
	c := r.entry("go", args[1], args[2:], env)
	if src, ok := r.deployedText(r.path(args[1])); ok && c.crash == nil {
		r.envCheck(src, r.path(args[1]), goEnvNeeds(src), env) // unverified: what it prints is not read
		r.goMySQLDSNCheck(src, env)
	}
	return c, true
}

// goInstallAt is the package of `go install <package>@<version>` in the go
// command args ("" for any other command).
func goInstallAt(args []string) string {
	if len(args) == 0 || args[0] != "install" {
		return ""
	}
	for _, a := range goPositional(args) {
		if pkg, _, ok := strings.Cut(a, "@"); ok && pkg != "" {
			return pkg
		}
	}
	return ""
}

// goBinaryName is the name go install gives the binary of the package pkg:
// its last path element, or the one before a major version suffix (/v2).
func goBinaryName(pkg string) string {
	name := path.Base(pkg)
	if len(name) > 1 && name[0] == 'v' && strings.Trim(name[1:], "0123456789") == "" && path.Dir(pkg) != "." {
		name = path.Base(path.Dir(pkg))
	}
	return name
}
