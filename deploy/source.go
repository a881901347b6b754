package deploy

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/appsim"
	"github.com/zeropsio/zcp/platform/diagnose"
	"github.com/zeropsio/zcp/platform/ops"
)

// SourceReader is a pusher that can read a file of the code it would push
// (see Env.ReadSource). Deploys call it concurrently, as they push.
type SourceReader interface {
	ReadSource(ctx context.Context, req Request, rel string) (string, error)
}

// ReadSource reads rel, relative to the working directory the push of req
// sends, confined to it.
func (p *APIPusher) ReadSource(ctx context.Context, req Request, rel string) (string, error) {
	plan, err := Validate(req)
	if err != nil {
		return "", err
	}
	dir, err := p.localDir(plan)
	if err != nil {
		return "", err
	}
	return p.read(ctx, p.root, path.Join(filepath.ToSlash(dir), rel))
}

// ReadSource reads rel, relative to the push's working directory, confined
// to it: a local one here, an SSH push's over ssh in the source container
// ("" when it cannot be read there, or is larger than a source read here).
func (d *Deployer) ReadSource(ctx context.Context, req Request, rel string) (string, error) {
	p, err := Validate(req)
	if err != nil || !filepath.IsLocal(rel) {
		return "", err
	}
	if p.Mode != ModeSSH {
		return ops.ReadFileInDir(ctx, p.WorkingDir, rel)
	}
	return d.readRemoteSource(ctx, p, rel), nil
}

// sourceMarker precedes the content of a source file read over ssh.
const sourceMarker = "zcp-source-file:"

// readRemoteSource prints rel, a regular file under the source container's
// working directory, after the marker, over one ssh session; "" when it
// is not there or is over platform.MaxFileSize.
func (d *Deployer) readRemoteSource(ctx context.Context, p Plan, rel string) string {
	script := "cd " + shellQuote(p.WorkingDir) + " 2>/dev/null || exit 97; f=" + shellQuote(rel) + "; " +
		`[ -f "$f" ] || exit 3; echo "` + sourceMarker + `"; exec head -c ` + fmt.Sprint(platform.MaxFileSize+1) + ` -- "$f"`
	out, ok := d.readRemote(ctx, p, script)
	if !ok {
		return ""
	}
	// A login shell's rc files may print before the marker: skip what they did.
	_, body, ok := strings.Cut(out, sourceMarker+"\n")
	if !ok || len(body) > platform.MaxFileSize {
		return ""
	}
	return body
}

// pushedCode is what the push of req shows of its code: the run base of
// y (the pushed zerops.yml's setup), the file its run.start starts and,
// when env can read it, where that file binds an address, and its init
// commands; nil when the setup names none of them.
func pushedCode(ctx context.Context, env Env, req Request, y ops.Setup) *diagnose.Code {
	base, start := y.Run()
	// A `dir/~` of deployFiles puts dir's files in /var/www: run.start
	// names them without dir, and they are read from dir when not at the
	// top of the source.
	b := pushedBuild{}
	b.cmds, b.deployFiles, b.ok = y.Build()
	if base == "" {
		base = y.BuildBase() // run.base unset: the run container is the build's base
	}
	file, script := startEntry(ctx, deployedView(env, b.deployFiles), req, start)
	if base == "" && file == "" && len(y.Init()) == 0 {
		return nil
	}
	// Cargo.toml is read once (over ssh on the platform): the outputs
	// serve the diagnosis and the source read for a binary started.
	if b.ok {
		b.cargo = cargoOutputs(ctx, env, req, b.cmds)
	}
	c := scannedStart(ctx, env, req, b, start, file)
	c.Base = base
	if cmds, files := b.cmds, b.deployFiles; b.ok {
		whole := slices.ContainsFunc(files, func(f string) bool { return path.Clean(strings.TrimSpace(f)) == "." })
		installs := slices.ContainsFunc(cmds, nodeInstall.MatchString)
		c.NoInstall = whole && !installs
		c.NoComposer = whole && !slices.ContainsFunc(cmds, composerInstall.MatchString)
		c.NoBuild = len(cmds) == 0
		c.Whole = whole
		c.Outputs, c.DeployFiles = slices.Concat(diagnose.BuildOutputs(cmds), jarOutputs(ctx, env, req, cmds), b.cargo), files
		c.Built = builtFolders(ctx, env, req, cmds)
		c.Unrun, c.UnrunBy = unrunBuildScript(ctx, env, req, cmds, pmRun(cmds, true))
		c.Modules = installs && (whole || slices.ContainsFunc(files, func(f string) bool { return path.Clean(strings.TrimSpace(f)) == "node_modules" }))
	}
	c.Nested = nestedOf(ctx, env, req, &c, base, file)
	if c.Read && c.File == file && !c.Whole && len(c.DeployFiles) > 0 && env.ReadSource != nil {
		// (a compiled file's source imports sources, not what is deployed)
		c.Imports = ownImports(ctx, env, req, c.File)
	}
	c.RunPrepare, c.RunPrepareRead = y.RunPrepare()
	for _, cmd := range y.Prepare() {
		c.Prepare = append(c.Prepare, platform.Clip(strings.TrimSpace(cmd), 200))
	}
	c.Start, c.Script = platform.Clip(start, 200), platform.Clip(script, 200)
	c.StartScript = platform.Clip(startScriptName(start), 80)
	if strings.Contains(start, "_build/") && env.ReadSource != nil {
		if src, err := env.ReadSource(ctx, req, "mix.exs"); err == nil {
			c.Releases, _ = platform.MixReleases(src)
			c.ReleaseBuilt = slices.ContainsFunc(b.cmds, func(cmd string) bool { return strings.Contains(cmd, "mix release") })
		}
	}
	c.Scripts = startScripts(ctx, env, req, start)
	for _, cmd := range y.Init() {
		c.Init = append(c.Init, platform.Clip(strings.TrimSpace(cmd), 200))
	}
	c.BuildOnlyEnv = y.BuildOnlyEnv()
	c.Ports = y.Ports()
	c.HealthPort, c.ReadyPort = y.CheckPorts()
	c.Near, c.NearFrom = nearStart(ctx, env, req, &c, file)
	if env.ListSource != nil && (strings.HasPrefix(base, "python") || strings.HasSuffix(file, ".py")) {
		names, all := env.ListSource(ctx, req, "")
		c.PyOwn, c.PyOwnAll, c.PyProject = diagnose.PythonModules(names), all, pyProjectFile(names)
	}
	if (c.Modules || strings.HasPrefix(base, "nodejs")) && env.ReadSource != nil {
		// Without node_modules deployed, what package.json names still
		// tells the framework (Qwik's dev server started by `vite`).
		nodePackages(ctx, env, req, b, &c)
	}
	initScripts(ctx, env, req, y.Init(), &c)
	c.CMS, c.Uploads = localCMS(ctx, env, req, base, c.Packages)
	if strings.HasPrefix(base, "php") {
		c.DocumentRoot, c.IndexDir = y.DocumentRoot(), indexDir(ctx, env, req, "index.php", "www", "public", "web", "htdocs", ".")
	}
	if strings.HasPrefix(base, "static") || strings.HasPrefix(base, "nginx") {
		c.IndexDir = indexDir(ctx, env, req, "index.html", ".", "dist", "build", "public", "out", "www", "site")
	}
	return &c
}

// nearStart is c.Near and c.NearFrom: for a start file the upload lacks
// (file, not read) at its top, the file of the top named alike; under the
// folder tsc writes, the file tsc writes there of the closest name and its
// source; "" when there is none or the listing cannot be read.
func nearStart(ctx context.Context, env Env, req Request, c *diagnose.Code, file string) (near, from string) {
	f := path.Clean(file)
	if c.Read || file == "" || env.ListSource == nil {
		return "", ""
	}
	if f != path.Base(f) {
		return nearBuilt(ctx, env, req, c.Built, f)
	}
	names, _ := env.ListSource(ctx, req, "")
	return diagnose.NearFile(f, names), ""
}

// nestedOf is c.Nested: the whole-folder deployFiles entry under which
// the source holds the start's file, not read at the top (file), or, for
// a static or nginx setup without a start, index.html; "" when none.
func nestedOf(ctx context.Context, env Env, req Request, c *diagnose.Code, base, file string) string {
	switch {
	case c.Whole || env.ReadSource == nil:
	case !c.Read && file != "" && filepath.IsLocal(file):
		return nestedStart(ctx, env, req, file, c.DeployFiles)
	case file == "" && (strings.HasPrefix(base, "static") || strings.HasPrefix(base, "nginx")):
		return nestedStart(ctx, env, req, "index.html", c.DeployFiles)
	}
	return ""
}

// nestedStart is the entry of deployFiles, a folder deployed whole (no
// `~`, no pattern), under which the source holds file, the start's own,
// not found at the top: the deploy puts it one folder down from where
// run.start names it; "" when none does.
func nestedStart(ctx context.Context, env Env, req Request, file string, deployFiles []string) string {
	for _, f := range deployFiles {
		f = strings.TrimSpace(f)
		dir := path.Clean(strings.TrimPrefix(f, "./"))
		if dir == "." || strings.HasPrefix(dir, "/") || strings.HasPrefix(dir, "..") || strings.ContainsAny(dir, "~*?[{") {
			continue
		}
		if src, err := env.ReadSource(ctx, req, path.Join(dir, file)); err == nil && src != "" {
			return f
		}
	}
	return ""
}

// indexDir is the first of dirs, folders of the source, holding index
// (index.php in Nette's www, Laravel's public…; index.html in a static
// site's dist, public…); "" when env reads none there.
func indexDir(ctx context.Context, env Env, req Request, index string, dirs ...string) string {
	if env.ReadSource == nil {
		return ""
	}
	for _, dir := range dirs {
		if src, err := env.ReadSource(ctx, req, path.Join(dir, index)); err == nil && src != "" {
			return dir
		}
	}
	return ""
}

// sourcePaths are where the source may hold name, a path under /var/www:
// name itself, then under each folder deployFiles deploys the contents of
// (`dir/~`) or a path of (`dir/~name`).
func sourcePaths(name string, deployFiles []string) []string {
	out := []string{name}
	for _, f := range deployFiles {
		dir, rest, ok := strings.Cut(path.Clean(strings.TrimSpace(f)), "/~")
		if !ok || dir == "." || !filepath.IsLocal(dir) || strings.ContainsAny(dir+rest, "*?[{~") {
			continue
		}
		if rest == "" || name == rest || strings.HasPrefix(name, rest+"/") {
			out = append(out, path.Join(dir, name))
		}
	}
	return out
}

// deployedView is env reading the source as deployFiles lay it out in
// /var/www: a path not at the top of the source is read under the folders
// deployed with `~`.
func deployedView(env Env, deployFiles []string) Env {
	read := env.ReadSource
	if read == nil {
		return env
	}
	env.ReadSource = func(ctx context.Context, req Request, rel string) (string, error) {
		var err error
		for _, at := range sourcePaths(rel, deployFiles) {
			var src string
			if src, err = read(ctx, req, at); err == nil && src != "" {
				return src, nil
			}
		}
		return "", err
	}
	return env
}

// pushedBuild is the build of the setup pushed, read once per deploy:
// build.buildCommands and build.deployFiles (ok: the setup has a build),
// and the binaries its cargo builds write (cargoOutputs).
type pushedBuild struct {
	cmds, deployFiles []string
	ok                bool
	cargo             []string
}

// scannedStart is what the source of the started file says (file, when
// env reads it), or, for a binary the build (b) compiles, what the source
// it is built from says; only the file's name when neither is read.
func scannedStart(ctx context.Context, env Env, req Request, b pushedBuild, start, file string) diagnose.Code {
	read := func(name string) (diagnose.Code, bool) {
		for _, at := range sourcePaths(name, b.deployFiles) {
			if src, err := env.ReadSource(ctx, req, at); err == nil && src != "" {
				return diagnose.ScanCode(at, src), true
			}
		}
		return diagnose.Code{}, false
	}
	if conf := diagnose.GunicornConfig(start); conf != "" && env.ReadSource != nil && filepath.IsLocal(conf) {
		// gunicorn binds where its config file says unless the command
		// gives --bind: a local address is written there, not in the app.
		if src, err := env.ReadSource(ctx, req, conf); err == nil && src != "" {
			if c, ok := diagnose.ScanGunicornConfig(conf, src); ok {
				return c
			}
		}
	}
	if c, ok := startConfig(ctx, env, req, start); ok {
		return c
	}
	switch {
	case env.ReadSource == nil:
	case file != "" && filepath.IsLocal(file):
		if c, ok := scannedFile(ctx, env, req, b, file, read); ok {
			return c
		}
	case file == "" && javaJar.MatchString(start):
		// Spring Boot binds where its config says; the jar is not source.
		for _, name := range diagnose.SpringConfigs {
			if src, err := env.ReadSource(ctx, req, name); err == nil && src != "" {
				if c, ok := diagnose.ScanSpringConfig(name, src); ok {
					return c
				}
			}
		}
	case file == "":
		// A binary the build compiles: where it binds is in its source.
		if b.ok {
			main := builtFrom(start, b.cmds)
			if main == "" && runsOutput(start, b.cargo) {
				main = "src/main.rs" // the binary deployed apart from target/ (the rust recipe's ./rust)
			}
			if main != "" {
				if c, ok := read(main); ok {
					return c
				}
			}
		}
	}
	return diagnose.Code{File: file}
}

// scannedFile is what the started file's source says, read by read: the
// file itself, the TypeScript source the build compiles it from, or the
// entry of the bundle `bun build` or esbuild makes of it.
func scannedFile(ctx context.Context, env Env, req Request, b pushedBuild, file string, read func(string) (diagnose.Code, bool)) (diagnose.Code, bool) {
	if c, ok := read(file); ok {
		return c, true
	}
	// A file the build compiles (`node dist/main` after `nest build`):
	// where it listens is written in its TypeScript source.
	if from := tsSource(ctx, env, req, file); from != "" {
		if c, ok := read(from); ok {
			return c, true
		}
	}
	// A bundle `bun build` or esbuild makes: its address is its entry's.
	text := strings.Join(b.cmds, "\n")
	for _, name := range []string{"package.json", "deno.json", "deno.jsonc"} {
		s, _ := env.ReadSource(ctx, req, name)
		text += "\n" + s
	}
	readSrc := func(name string) (string, bool) {
		s, err := env.ReadSource(ctx, req, name)
		return s, err == nil && s != ""
	}
	if from := appsim.BundleEntry(readSrc, text, file); from != "" {
		return read(from)
	}
	return diagnose.Code{}, false
}

// tsOption is a compiler option of a tsconfig, or nest-cli.json's
// sourceRoot, read where it is written (group 1 its name, 2 its value),
// comments and all.
var tsOption = regexp.MustCompile(`"(outDir|rootDir|sourceRoot)"\s*:\s*"([^"]*)"`)

// tsSource is the TypeScript source of file, a start's .js file not in
// the upload that tsc (or `nest build`) emits into the outDir of
// tsconfig.build.json or tsconfig.json: the same path under rootDir, else
// under nest-cli.json's sourceRoot, else under src/ or the top; "" when
// file is not under that outDir or no such source is there.
func tsSource(ctx context.Context, env Env, req Request, file string) string {
	opts := map[string]string{}
	for _, name := range []string{"nest-cli.json", "tsconfig.json", "tsconfig.build.json"} {
		if src, err := env.ReadSource(ctx, req, name); err == nil {
			for _, m := range tsOption.FindAllStringSubmatch(src, -1) {
				opts[m[1]] = path.Clean(m[2]) // the build config's, read last, win
			}
		}
	}
	out := opts["outDir"]
	rel, ok := strings.CutPrefix(path.Clean(file), out+"/")
	if out == "" || out == "." || !ok {
		return ""
	}
	roots := []string{"src", "."}
	if r := cmp.Or(opts["rootDir"], opts["sourceRoot"]); r != "" {
		roots = []string{r}
	}
	stem := strings.TrimSuffix(rel, path.Ext(rel))
	if ext := path.Ext(rel); ext != ".js" && ext != ".mjs" && ext != ".cjs" {
		stem = rel // `node dist/main`: Node adds .js
	}
	for _, root := range roots {
		for _, ext := range []string{".ts", ".tsx", ".mts", ".cts", "/index.ts"} {
			from := path.Join(root, stem+ext)
			if src, err := env.ReadSource(ctx, req, from); err == nil && src != "" {
				return from
			}
		}
	}
	return ""
}

var (
	// mavenPackage and gradleJar find a build command that packages the
	// project's jar: Maven's package/install/verify, Gradle's
	// build/bootJar/jar/assemble.
	mavenPackage = regexp.MustCompile(`\b(?:mvn|mvnw)\b.*\s(?:package|install|verify)\b`)
	gradleJar    = regexp.MustCompile(`\b(?:gradle|gradlew)\b.*\s(?:build|bootJar|jar|assemble)\b`)
	// pomParent is what of a pom is not the project's own coordinates
	// (its <parent> block, the dependencies and after); pomFinal, pomID
	// and pomVer the elements read.
	pomParent = regexp.MustCompile(`(?s)<parent>.*?</parent>|<dependencies>.*`)
	pomFinal  = regexp.MustCompile(`<finalName>\s*([\w.-]+)\s*</finalName>`)
	pomID     = regexp.MustCompile(`<artifactId>\s*([\w.-]+)\s*</artifactId>`)
	pomVer    = regexp.MustCompile(`<version>\s*([\w.-]+)\s*</version>`)
	// gradleName is settings.gradle's rootProject.name, gradleVer the
	// build file's version.
	gradleName = regexp.MustCompile(`rootProject\.name\s*=\s*["']([\w.-]+)["']`)
	gradleVer  = regexp.MustCompile(`(?m)^\s*version\s*=\s*["']([\w.-]+)["']`)
)

// jarOutputs are the jars the build commands package, as the build files
// name them: Maven's target/<finalName, else artifactId-version>.jar,
// Gradle's build/libs/<rootProject.name[-version]>.jar; none where a name
// is not read (a property, a file not there).
func jarOutputs(ctx context.Context, env Env, req Request, cmds []string) []string {
	if env.ReadSource == nil {
		return nil
	}
	read := func(name string) string {
		src, _ := env.ReadSource(ctx, req, name)
		return src
	}
	var out []string
	if slices.ContainsFunc(cmds, mavenPackage.MatchString) {
		pom := read("pom.xml")
		own := pomParent.ReplaceAllString(pom, "")
		id, ver := pomID.FindStringSubmatch(own), pomVer.FindStringSubmatch(own)
		switch m := pomFinal.FindStringSubmatch(pom); {
		case m != nil:
			out = append(out, "target/"+m[1]+".jar")
		case id != nil && ver != nil:
			out = append(out, "target/"+id[1]+"-"+ver[1]+".jar")
		}
	}
	if slices.ContainsFunc(cmds, gradleJar.MatchString) {
		name := gradleName.FindStringSubmatch(read("settings.gradle") + read("settings.gradle.kts"))
		if name != nil {
			jar := name[1]
			if v := gradleVer.FindStringSubmatch(read("build.gradle") + read("build.gradle.kts")); v != nil {
				jar += "-" + v[1]
			}
			out = append(out, "build/libs/"+jar+".jar")
		}
	}
	return out
}

// cargoBuild is a build command running `cargo build`; cargoFlag one of
// its options that decide where the binary goes: a switch (group 1) or an
// option (group 2) with its value (group 3). A switch never takes the next
// word as its value, and --target-dir is tried before --target.
var (
	cargoBuild = regexp.MustCompile(`(?:^|[\s;&|])cargo\s+build\b(.*)`)
	cargoFlag  = regexp.MustCompile(`(?:^|\s)(?:(--release|-r)\b|(--bin|--profile|--target-dir|--target)[ =](\S+))`)
	cargoPkg   = regexp.MustCompile(`(?ms)^\[package\][^\[]*?^\s*name\s*=\s*"([^"]+)"`)
	cargoBin   = regexp.MustCompile(`(?ms)^\[\[bin\]\][^\[]*?^\s*name\s*=\s*"([^"]+)"`)
)

// cargoOutputs are the binaries the build's `cargo build` commands write,
// as Cargo places them: target/<release or debug>/<name>, the name a
// --bin option's, else Cargo.toml's first [[bin]], else its package's (the
// rust recipe: target/release/rust); under target/<triple>/ with
// --target. None where the place is not read (--target-dir, a custom
// profile, no name in Cargo.toml).
func cargoOutputs(ctx context.Context, env Env, req Request, cmds []string) []string {
	if env.ReadSource == nil {
		return nil
	}
	var out []string
	toml, read := "", false // Cargo.toml, once read
	for _, c := range cmds {
		m := cargoBuild.FindStringSubmatch(c)
		if m == nil {
			continue
		}
		profile, name, triple := "debug", "", ""
		known := true
		for _, f := range cargoFlag.FindAllStringSubmatch(m[1], -1) {
			flag, value := f[1], f[3]
			if flag == "" {
				flag = f[2]
			}
			switch flag {
			case "--release", "-r":
				profile = "release"
			case "--bin":
				name = value
			case "--target":
				triple = value
			case "--profile":
				switch value {
				case "release":
					profile = "release"
				case "dev":
				default:
					known = false
				}
			default:
				known = false
			}
		}
		if name == "" {
			if !read {
				toml, _ = env.ReadSource(ctx, req, "Cargo.toml")
				read = true
			}
			if b := cargoBin.FindStringSubmatch(toml); b != nil {
				name = b[1]
			} else if p := cargoPkg.FindStringSubmatch(toml); p != nil {
				name = p[1]
			}
		}
		if !known || name == "" {
			continue
		}
		out = append(out, path.Join("target", triple, profile, name))
	}
	return out
}

// startConfigs are the config files a server reads where it listens from
// before any variable, by the start that runs it: appsettings.json's
// Kestrel endpoints for a .NET dll (the dll is not source), redwood.toml's
// [web] port for `rw serve`.
var startConfigs = []struct {
	start *regexp.Regexp
	file  string
	scan  func(file, content string) (diagnose.Code, bool)
}{
	{dotnetDll, "appsettings.json", diagnose.ScanKestrelSettings},
	{redwoodServe, "redwood.toml", diagnose.ScanRedwoodToml},
}

// startConfig is what the config file of the server start runs says of
// where it listens; false when start runs none of startConfigs' servers,
// or its file cannot be read or sets nothing.
func startConfig(ctx context.Context, env Env, req Request, start string) (diagnose.Code, bool) {
	for _, sc := range startConfigs {
		if !sc.start.MatchString(start) || env.ReadSource == nil {
			continue
		}
		if src, err := env.ReadSource(ctx, req, sc.file); err == nil && src != "" {
			return sc.scan(sc.file, src)
		}
	}
	return diagnose.Code{}, false
}

// dotnetDll finds a start that runs a .NET app's dll.
var dotnetDll = regexp.MustCompile(`^\s*(?:exec\s+)?dotnet\s+\S+\.dll(?:\s|$)`)

// redwoodServe finds a start running RedwoodJS's server with its web side
// (`yarn rw serve`, `yarn rw serve web`; not `rw serve api`).
var redwoodServe = regexp.MustCompile(`\b(?:rw|redwood) serve(?:\s*$|\s+(?:web\b|-))`)

// javaJar finds a start that runs a jar.
var javaJar = regexp.MustCompile(`^\s*(?:exec\s+)?java\s(?:.*\s)?-jar\s`)

// initScripts fills c with package.json's scripts, not read yet, when an
// init command runs one (walk 86: `npm run migrat` on a static base built
// by Deno): they name the one near a typo.
// It also lists the upload's top for them (c.Top): the file near one an
// init command runs that the deploy lacks.
func initScripts(ctx context.Context, env Env, req Request, init []string, c *diagnose.Code) {
	if len(init) > 0 && env.ListSource != nil {
		names, _ := env.ListSource(ctx, req, "")
		c.Top = names[:min(len(names), maxTop)]
	}
	if c.ScriptsRead || env.ReadSource == nil || !slices.ContainsFunc(init, pmRunRe.MatchString) {
		return
	}
	if src, err := env.ReadSource(ctx, req, "package.json"); err == nil && src != "" {
		c.ScriptNames, c.ScriptsRead = manifestScripts(src)
	}
}

// maxTop bounds the names of the upload's top kept for init commands.
const maxTop = 500

// pmRunRe finds a command running a package.json script.
var pmRunRe = regexp.MustCompile(`\b(?:npm|pnpm|yarn|bun) run \S`)

// nodePackages fills c with what package.json declares and whether the
// build (b) leaves devDependencies out.
func nodePackages(ctx context.Context, env Env, req Request, b pushedBuild, c *diagnose.Code) {
	if src, err := env.ReadSource(ctx, req, "package.json"); err == nil && src != "" {
		c.Packages, c.PackagesRead = manifestPackages(src)
		c.DevOnly = devOnlyPackages(src)
		c.Entry = manifestEntry(ctx, env, req, src)
		c.ScriptNames, c.ScriptsRead = manifestScripts(src)
	}
	if b.ok {
		c.OmitsDev = slices.ContainsFunc(b.cmds, omitsDev.MatchString)
	}
	c.PackageManager = nodePackageManager(ctx, env, req, b.cmds)
}

// manifestScripts are the names of package.json's (src) scripts, sorted,
// and whether src was read as package.json.
func manifestScripts(src string) ([]string, bool) {
	var pkg struct {
		Scripts map[string]json.RawMessage `json:"scripts"`
	}
	if json.Unmarshal([]byte(src), &pkg) != nil {
		return nil, false
	}
	names := make([]string, 0, len(pkg.Scripts))
	for n := range pkg.Scripts {
		names = append(names, platform.Clip(n, 60))
	}
	slices.Sort(names)
	return names, true
}

// manifestEntry is the file package.json (src) names as the app's entry:
// the one its start script runs, else its main; "" when the source does
// not hold it.
func manifestEntry(ctx context.Context, env Env, req Request, src string) string {
	var pkg struct {
		Main    string            `json:"main"`
		Scripts map[string]string `json:"scripts"`
	}
	if json.Unmarshal([]byte(src), &pkg) != nil {
		return ""
	}
	for _, f := range []string{cmp.Or(diagnose.EntryFile(pkg.Scripts["start"]), nodeFile(pkg.Scripts["start"])), pkg.Main} {
		if f = path.Clean(strings.TrimSpace(f)); f == "." || !filepath.IsLocal(f) {
			continue
		}
		if s, err := env.ReadSource(ctx, req, f); err == nil && s != "" {
			return f
		}
	}
	return ""
}

// pmCommand finds a Node package manager run as a command; nodeLocks are
// the lock files each writes.
var (
	pmCommand = regexp.MustCompile(`(?:^|&&|\|\||;|\s)(pnpm|yarn|bun|npm)(?:\s|$)`)
	nodeLocks = []struct{ file, pm string }{{"pnpm-lock.yaml", "pnpm"}, {"yarn.lock", "yarn"}, {"bun.lock", "bun"}, {"bun.lockb", "bun"}, {"package-lock.json", "npm"}}
)

// cdAway is a cd, at the start of a command line or after a separator,
// into a folder other than the working directory (/build/source).
var cdAway = regexp.MustCompile(`(?m)(?:^|&&|;|\|\|)\s*cd\s+(?:["']?(?:\./)?[\w@.-]*[\w@-]/?["']?)(?:\s|$|;|&)`)

// nodePackageManager is the Node package manager the build uses: the one
// its commands run (pnpm, yarn or bun before npm, which often only
// installs one of them), else the one whose lock file the source holds;
// "" when neither tells.
func nodePackageManager(ctx context.Context, env Env, req Request, cmds []string) string {
	// What runs in the working directory decides; only when nothing there
	// runs one, what runs after a cd into a folder (the app's own, then).
	if pm := pmRun(cmds, true); pm != "" {
		return pm
	}
	if pm := pmRun(cmds, false); pm != "" {
		return pm
	}
	for _, l := range nodeLocks {
		if src, err := env.ReadSource(ctx, req, l.file); err == nil && src != "" {
			return l.pm
		}
	}
	return ""
}

// pmRun is the Node package manager cmds run (pnpm, yarn or bun before
// npm, which often only installs one of them); here: only what runs
// before a cd into another folder (a cloned repository's `cd twenty &&
// yarn` is not the app's install). "" when none.
func pmRun(cmds []string, here bool) string {
	seen := map[string]bool{}
	for _, cmd := range cmds {
		if loc := cdAway.FindStringIndex(cmd); here && loc != nil {
			cmd = cmd[:loc[0]]
		}
		for _, m := range pmCommand.FindAllStringSubmatch(cmd, -1) {
			seen[m[1]] = true
		}
	}
	for _, pm := range []string{"pnpm", "yarn", "bun", "npm"} {
		if seen[pm] {
			return pm
		}
	}
	return ""
}

// maxImportReads bounds the files ownImports reads (each a remote read in
// the SSH mode).
const maxImportReads = 24

// ownImports are the app's own modules the file at entry imports by a
// relative path, directly or through the modules it imports, read
// breadth-first up to maxImportReads files: what the deploy must carry
// besides the entry. A module that cannot be read is listed, not followed.
func ownImports(ctx context.Context, env Env, req Request, entry string) []string {
	var out []string
	queue, reads := []string{entry}, 0
	for len(queue) > 0 && reads < maxImportReads {
		file := queue[0]
		queue = queue[1:]
		src, err := env.ReadSource(ctx, req, file)
		reads++
		if err != nil || src == "" {
			continue
		}
		for _, p := range diagnose.RelativeImports(file, src) {
			if p != entry && !slices.Contains(out, p) {
				out = append(out, p)
				queue = append(queue, p)
			}
		}
	}
	return out
}

// pyProjectFile is the Python project file among names (the top of the
// source): pyproject.toml, setup.py or setup.cfg; "" when none.
func pyProjectFile(names []string) string {
	for _, f := range []string{"pyproject.toml", "setup.py", "setup.cfg"} {
		if slices.Contains(names, f) {
			return f
		}
	}
	return ""
}

// localCMS is a CMS the push of req deploys that keeps uploads on the
// container's disk (more containers do not share them), and where: a PHP
// one (base) by the top of its tree, a Node one by its packages.
func localCMS(ctx context.Context, env Env, req Request, base string, packages []string) (cms, dir string) {
	var names []string
	if env.ListSource != nil && strings.HasPrefix(base, "php") {
		names, _ = env.ListSource(ctx, req, "")
	}
	return diagnose.LocalUploads(names, packages)
}

// cargoBinary and goBinary find a start that runs a binary a build command
// makes: Cargo's target/<profile>/<name>, Go's -o output.
var (
	cargoBinary = regexp.MustCompile(`^\s*(?:exec\s+)?(?:\./)?target/(?:release|debug)/[\w.-]+(?:\s|$)`)
	goOutput    = regexp.MustCompile(`\bgo build\b.*\s-o\s+(?:\./)?([\w./-]+)`)
)

// runsOutput reports whether start runs, by its path, a binary named as
// one of outputs (deployFiles may put it elsewhere: target/release/~).
func runsOutput(start string, outputs []string) bool {
	f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(start), "exec "))
	if len(f) == 0 || !strings.Contains(f[0], "/") {
		return false
	}
	return slices.ContainsFunc(outputs, func(o string) bool { return path.Base(o) == path.Base(f[0]) })
}

// builtFrom is the source file of the program start runs, when a build
// command compiles it from a conventional main file: a Cargo project's
// src/main.rs, the main.go a `go build -o` in the directory makes; "" when
// start runs no such binary.
func builtFrom(start string, cmds []string) string {
	first := strings.TrimPrefix(strings.Fields(start + " x")[0], "./")
	for _, c := range cmds {
		switch {
		case cargoBinary.MatchString(start) && strings.Contains(c, "cargo build"):
			return "src/main.rs"
		case goOutput.MatchString(c):
			if m := goOutput.FindStringSubmatch(c); strings.TrimPrefix(m[1], "./") == first && !strings.Contains(strings.TrimSpace(c[strings.Index(c, m[0])+len(m[0]):]), "/") {
				return "main.go"
			}
		}
	}
	return ""
}

// startEntry is the source file start runs: named in it, or by the Gleam
// project, deno.json task or package.json script it runs; and that
// script's command, when start runs one (scriptCommand).
func startEntry(ctx context.Context, env Env, req Request, start string) (file, script string) {
	file = cmp.Or(diagnose.EntryFile(start), nodeFile(start))
	if env.ReadSource == nil {
		return file, ""
	}
	if gleamStart.MatchString(start) {
		file = gleamMain(ctx, env, req)
	}
	if file == "" {
		file = denoTaskEntry(ctx, env, req, start)
	}
	if file == "" {
		script = scriptCommand(ctx, env, req, start)
		file = cmp.Or(diagnose.EntryFile(script), nodeFile(script))
	}
	return file, script
}

// startScript is a shell script a start command runs by its path:
// `./start.sh`, `bash init.sh`, `exec ./start.sh` inside `bash -c '…'`.
var startScript = regexp.MustCompile(`(?:^|[\s;&|'"(])(?:\./)?([\w.-][\w./-]*\.sh)\b`)

// startScripts are the shell scripts start runs that the upload holds,
// relative to its working directory (at most four); nil when env reads no
// source.
func startScripts(ctx context.Context, env Env, req Request, start string) []string {
	if env.ReadSource == nil {
		return nil
	}
	var out []string
	for _, m := range startScript.FindAllStringSubmatch(start, 4) {
		name := path.Clean(m[1])
		if !filepath.IsLocal(name) || slices.Contains(out, name) {
			continue
		}
		if src, err := env.ReadSource(ctx, req, name); err == nil && src != "" {
			out = append(out, name)
		}
	}
	return out
}

// gleamStart is a start that runs a Gleam project's main module: `gleam
// run`, or the entrypoint.sh of its Erlang shipment.
var gleamStart = regexp.MustCompile(`^\s*(?:exec\s+)?(?:gleam run\s*$|\S*entrypoint\.sh run\b)`)

// gleamName is gleam.toml's project name.
var gleamName = regexp.MustCompile(`(?m)^name\s*=\s*"(\w+)"`)

// gleamMain is the main module of the Gleam project gleam.toml names,
// src/NAME.gleam; "" when gleam.toml cannot be read.
func gleamMain(ctx context.Context, env Env, req Request) string {
	src, err := env.ReadSource(ctx, req, "gleam.toml")
	if err != nil {
		return ""
	}
	if m := gleamName.FindStringSubmatch(src); m != nil {
		return "src/" + m[1] + ".gleam"
	}
	return ""
}

// denoTask finds a start that runs a deno.json task.
var denoTask = regexp.MustCompile(`^\s*deno task ([\w:.-]+)\s*$`)

// denoTaskEntry is the file the deno.json task start runs names (a task
// is a command line, or in Deno 2 an object with one); "" when start runs
// no task or its file cannot be read.
func denoTaskEntry(ctx context.Context, env Env, req Request, start string) string {
	m := denoTask.FindStringSubmatch(start)
	if m == nil {
		return ""
	}
	for _, name := range []string{"deno.json", "deno.jsonc"} {
		src, err := env.ReadSource(ctx, req, name)
		if err != nil || src == "" {
			continue
		}
		var cfg struct {
			Tasks map[string]json.RawMessage `json:"tasks"`
		}
		if json.Unmarshal([]byte(src), &cfg) != nil {
			return ""
		}
		var task struct {
			Command string `json:"command"`
		}
		if json.Unmarshal(cfg.Tasks[m[1]], &task.Command) != nil && json.Unmarshal(cfg.Tasks[m[1]], &task) != nil {
			return ""
		}
		return diagnose.EntryFile(task.Command)
	}
	return ""
}

// pkgScript finds a start that runs a package.json script: `npm start`,
// `npm run X`, `bun run X`, `yarn X`, `pnpm [run] X` (group 1: npm start,
// group 2: the script's name).
var pkgScript = regexp.MustCompile(`^\s*(?:(npm start|npm run-script start|yarn start|pnpm start)|(?:npm run(?:-script)?|bun run|yarn run|yarn|pnpm run|pnpm) ([\w:.-]+))\s*$`)

// scriptHops bounds the package.json scripts scriptCommand follows, one
// running the next (the proxydb recipe's `yarn start` runs `npm run dev`,
// which runs `node ./app/index.js`), as npm follows them.
const scriptHops = 4

// startScriptName is the package.json script start runs (npm start:
// "start"; npm run start:prod: "start:prod"), "" when it runs none.
func startScriptName(start string) string {
	m := pkgScript.FindStringSubmatch(start)
	if m == nil {
		return ""
	}
	return cmp.Or(m[2], "start")
}

// scriptCommand is the command the package.json script start runs comes
// to, through the scripts it runs in turn (`node ./app/index.js`); "" when
// start runs no script or package.json cannot be read.
func scriptCommand(ctx context.Context, env Env, req Request, start string) string {
	name := startScriptName(start)
	if name == "" {
		return ""
	}
	src, err := env.ReadSource(ctx, req, "package.json")
	if err != nil || src == "" {
		return ""
	}
	var pkg struct {
		Scripts map[string]string `json:"scripts"`
	}
	if json.Unmarshal([]byte(src), &pkg) != nil {
		return ""
	}
	for range scriptHops {
		script := strings.TrimSpace(pkg.Scripts[name])
		if name = startScriptName(script); name == "" {
			return script
		}
	}
	return ""
}

// nodeBare finds `node FILE` with FILE written without its extension
// (`node dist/main`), group 1 FILE.
var nodeBare = regexp.MustCompile(`^\s*(?:exec\s+)?node\s+(?:--?[\w-]+(?:=\S+)?\s+)*((?:\./)?[\w-]+(?:/[\w.-]+)*)\s*$`)

// nodeFile is the file `node FILE` runs when FILE has no extension: the
// .js file Node loads for it; "" for any other command.
func nodeFile(cmd string) string {
	m := nodeBare.FindStringSubmatch(cmd)
	if m == nil || path.Ext(m[1]) != "" {
		return ""
	}
	return path.Clean(m[1]) + ".js"
}

// manifestPackages are the names package.json (its text src) lists in any
// of its dependencies; false when it cannot be read, or has workspaces
// (whose packages the install links too).
func manifestPackages(src string) ([]string, bool) {
	var pkg struct {
		Workspaces json.RawMessage            `json:"workspaces"`
		Deps       map[string]json.RawMessage `json:"dependencies"`
		Dev        map[string]json.RawMessage `json:"devDependencies"`
		Optional   map[string]json.RawMessage `json:"optionalDependencies"`
		Peer       map[string]json.RawMessage `json:"peerDependencies"`
	}
	if json.Unmarshal([]byte(src), &pkg) != nil || pkg.Workspaces != nil {
		return nil, false
	}
	var names []string
	for _, deps := range []map[string]json.RawMessage{pkg.Deps, pkg.Dev, pkg.Optional, pkg.Peer} {
		for n := range deps {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names, true
}

// devOnlyPackages are the packages package.json (src) lists in
// devDependencies and in no other kind of dependencies, sorted.
func devOnlyPackages(src string) []string {
	var pkg struct {
		Deps     map[string]json.RawMessage `json:"dependencies"`
		Dev      map[string]json.RawMessage `json:"devDependencies"`
		Optional map[string]json.RawMessage `json:"optionalDependencies"`
		Peer     map[string]json.RawMessage `json:"peerDependencies"`
	}
	if json.Unmarshal([]byte(src), &pkg) != nil {
		return nil
	}
	var names []string
	for n := range pkg.Dev {
		if pkg.Deps[n] == nil && pkg.Optional[n] == nil && pkg.Peer[n] == nil {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}

// omitsDev finds an npm command that leaves devDependencies out of
// node_modules.
var omitsDev = regexp.MustCompile(`\b(?:npm|pnpm|yarn)\b.*(--omit[= ]dev\b|--production\b|--only=prod|--prod\b|\s-P\b)`)

// nodeInstall finds a build command that installs Node packages.
var nodeInstall = regexp.MustCompile(`\b(npm (ci|install|i|add)|yarn|pnpm (i|install|add)|bun (i|install|add))\b`)

// composerInstall finds a build command that makes Composer's vendor.
var composerInstall = regexp.MustCompile(`\bcomposer(\.phar)?\s+(\S+\s+)*(install|i|update|u|require|dump-autoload|dumpautoload)\b`)

// SourceLister is a pusher that can list a folder of the code it would
// push (see Env.ListSource).
type SourceLister interface {
	ListSource(ctx context.Context, req Request, dir string) ([]string, bool)
}

// maxSourceEntries bounds the entries a listing of the working directory reads.
const maxSourceEntries = 100

// ListSource lists the entries of dir (relative; "" or "." the top) of
// the working directory the push of req sends (a directory's name ends
// in "/"), at most maxSourceEntries; true when that is all of them.
func (p *APIPusher) ListSource(_ context.Context, req Request, dir string) ([]string, bool) {
	plan, err := Validate(req)
	if err != nil || !filepath.IsLocal(cmp.Or(dir, ".")) {
		return nil, false
	}
	rel, err := p.localDir(plan)
	if err != nil {
		return nil, false
	}
	real, err := ops.ResolveDirInDir(p.root, path.Join(filepath.ToSlash(rel), dir))
	if err != nil {
		return nil, false
	}
	return listDir(real)
}

// ListSource lists the entries of dir (relative; "" or "." the top) of
// the push's working directory, a local one here, an SSH push's over ssh
// in the source container; as APIPusher.ListSource.
func (d *Deployer) ListSource(ctx context.Context, req Request, dir string) ([]string, bool) {
	dir = cmp.Or(dir, ".")
	p, err := Validate(req)
	if err != nil || !filepath.IsLocal(dir) {
		return nil, false
	}
	if p.Mode != ModeSSH {
		real, err := ops.ResolveDirInDir(p.WorkingDir, dir)
		if err != nil {
			return nil, false
		}
		return listDir(real)
	}
	script := "cd " + shellQuote(p.WorkingDir) + " 2>/dev/null && cd " + shellQuote(dir) + " 2>/dev/null || exit 97; echo \"" + listMarker + "\"; ls -1Ap | head -n " + fmt.Sprint(maxSourceEntries+1)
	out, ok := d.readRemote(ctx, p, script)
	if !ok {
		return nil, false
	}
	_, body, ok := strings.Cut(out, listMarker+"\n")
	if !ok {
		return nil, false
	}
	names := strings.FieldsFunc(body, func(r rune) bool { return r == '\n' || r == '\r' }) // a name may hold spaces
	if len(names) > maxSourceEntries {
		return names[:maxSourceEntries], false
	}
	return names, true
}

// listMarker precedes a listing read over ssh.
const listMarker = "zcp-source-list:"

// listDir reads at most maxSourceEntries+1 entries of dir and answers the
// first maxSourceEntries; true when that is all of them.
func listDir(dir string) ([]string, bool) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, false
	}
	defer func() { _ = f.Close() }()
	entries, err := f.ReadDir(maxSourceEntries + 1)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, false
	}
	all := len(entries) <= maxSourceEntries
	if !all {
		entries = entries[:maxSourceEntries]
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() {
			n += "/"
		}
		names = append(names, n)
	}
	return names, all
}
