package appsim

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/editdist"
	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Rust: cargo's builds, and an actix-web or Axum server started by the
// binary it builds.

func rustRecord() *tool {
	made := func(b *buildSim, words []string) bool { b.cargoOutputs(words[1:]); return true }
	return &tool{name: "cargo", names: []string{"cargo"}, lang: "rust", build: cargoBuild,
		outputs:      []toolOutput{{cmd: " cargo build ", made: made}, {cmd: " cargo b ", made: made}},
		hostNotFound: func(string) string { return "Error: failed to lookup address information: Name or service not known" },
		servers: map[string]ownAddr{"actix": {banner: "INFO  actix_server::builder] starting 1 workers\n" +
			"INFO  actix_server::server] starting service: \"actix-web-service-%s:%d\", workers: 1, listening on: %[1]s:%[2]d",
			lang: "rust", uses: lazyregexp.New(`\bHttpServer::new\b`),
			setPort: lazyregexp.New(`\.bind\(\s*\(\s*"[^"]*"\s*,\s*([\w.]+)\s*\)|\.bind\(\s*"[^"]*:(\d+)"\s*\)`),
			setHost: lazyregexp.New(`\.bind\(\s*\(\s*("[^"]*")\s*,|\.bind\(\s*"(\[[^\]]*\]|[^":]*):\d+"\s*\)`)},
			// Axum serves on the tokio listener the code binds; it prints
			// nothing of its own.
			"axum": {lang: "rust", uses: lazyregexp.New(`\baxum::serve\b`),
				setPort: lazyregexp.New(`TcpListener::bind\(\s*\(\s*"[^"]*"\s*,\s*([\w.]+)\s*\)|TcpListener::bind\(\s*"[^"]*:(\d+)"\s*\)`),
				setHost: lazyregexp.New(`TcpListener::bind\(\s*\(\s*("[^"]*")\s*,|TcpListener::bind\(\s*"(\[[^\]]*\]|[^":]*):\d+"\s*\)`)}},
		binaryFrom: rustBinary}
}

// rustBinary reads a built binary as the Cargo project's src/main.rs, where
// a server record reads it (codeserver.go).
func rustBinary(r *runSim, _ startCmd, args []string, env map[string]string) (startCmd, bool) {
	src, ok := r.files.Read("src/main.rs")
	if !ok || !r.files.Has("Cargo.toml") {
		return startCmd{}, false
	}
	if c, ok := r.rocket(src, env); ok {
		return c, true // rocket.go
	}
	return codeServer("rust", src, args, env)
}

// cargoCommands are cargo's own subcommands and their aliases; any other
// is an installed cargo-NAME binary or an alias in .cargo/config.toml.
var cargoCommands = strings.Fields("add b bench build c check clean clippy config d doc fetch fix fmt " +
	"generate-lockfile help info init install locate-project login logout metadata miri new owner package " +
	"pkgid publish r remove report rm run rustc rustdoc search t test tree uninstall update vendor " +
	"verify-project version yank")

// cargoBuild: a subcommand one letter or two from one of cargo's own is a
// typo unless an alias in .cargo/config.toml defines it; cargo fails it
// with status 101 in its own words. Its outputs: conventionalOutputs.
func cargoBuild(b *buildSim, name string, args []string, _ int) (int, bool, bool) {
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") && !strings.HasPrefix(args[0], "+") &&
		!slices.Contains(cargoCommands, args[0]) && !b.cargoAliases() {
		sub := args[0]
		if near := typoOf(sub, cargoCommands); near != "" {
			b.err(fmt.Sprintf("error: no such command: `%s`", sub))
			b.err("")
			b.err(fmt.Sprintf("help: a command with a similar name exists: `%s`", near))
			b.err("")
			b.err("help: view all installed commands with `cargo --list`")
			b.err(fmt.Sprintf("help: find a package to install `%s` with `cargo search cargo-%s`", sub, sub))
			return 101, false, true
		}
	}
	if len(args) == 0 || args[0] != "build" && args[0] != "b" {
		if !b.knownCommand(name, args) {
			b.mayHave(madeAny)
		}
	}
	return 0, false, false
}

// cargoAliases reports whether a cargo config may define aliases.
func (b *buildSim) cargoAliases() bool {
	for _, f := range []string{".cargo/config.toml", ".cargo/config"} {
		if b.files == nil || !b.files.Has(f) {
			continue
		}
		src, ok := b.files.Read(f)
		if !ok || strings.Contains(src, "alias") {
			return true
		}
	}
	return false
}

// typoOf is the one of names that name is a typo of ("" for none): one
// letter added, dropped or changed, or two letters swapped. Two edits of
// any kind would also reach other tools' names (cargo watch, fetch).
func typoOf(name string, names []string) string {
	if len(name) < 3 {
		return ""
	}
	for _, n := range names {
		if len(n) < 3 || n == name {
			continue
		}
		if editdist.EditDistanceWithin(name, n, 2) <= 1 || swapped(name, n) {
			return n
		}
	}
	return ""
}

// swapped reports whether a is b with two neighbouring letters swapped.
func swapped(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	return i+1 < len(a) && a[i] == b[i+1] && a[i+1] == b[i] && a[i+2:] == b[i+2:]
}

// cargoOutputs records what `cargo build` (args: its subcommand and
// options) makes in target/: for a package whose Cargo.toml is read here,
// each binary it builds by name in target/PROFILE/ (release for
// --release, debug by default) beside cargo's own folders; else anything
// in target/. A workspace, a cargo config, a target directory or triple
// other than the default, or a package chosen by -p: anything in target/.
func (b *buildSim) cargoOutputs(args []string) {
	b.produce("target")
	bins, profile, ok := b.cargoBins(args)
	if !ok {
		return
	}
	delete(b.produced, b.rel("target"))
	dir := "target/" + profile
	for _, p := range []string{"target/CACHEDIR.TAG", "target/.rustc_info.json", dir + "/build", dir + "/deps", dir + "/examples",
		dir + "/incremental", dir + "/.fingerprint", dir + "/.cargo-lock"} {
		b.produce(p)
	}
	for _, n := range bins {
		b.produce(dir + "/" + n)
		b.produce(dir + "/" + n + ".d")
		b.cargoBuilt = append(b.cargoBuilt, b.rel(dir+"/"+n))
	}
}

// cargoNote is the sandbox's line naming the binaries cargo built when
// deployFiles entry df, missing, is in target/: "" otherwise.
func (b *buildSim) cargoNote(df string) string {
	if len(b.cargoBuilt) == 0 || !strings.HasPrefix(CleanRel(strings.ReplaceAll(df, "~", "")), "target/") {
		return ""
	}
	return fmt.Sprintf("[sandbox] cargo built %s: a binary takes the name Cargo.toml gives the package ([package] name) or its [[bin]]",
		platform.JoinClipped(b.cargoBuilt, ", ", 200))
}

var (
	cargoBinRe    = lazyregexp.New(`(?m)^\s*\[\[bin\]\]\s*$`)
	cargoNameRe   = lazyregexp.New(`(?m)^\s*name\s*=\s*["']([^"']+)["']`)
	cargoNoAutoRe = lazyregexp.New(`(?m)^\s*autobins\s*=\s*false`)
	cargoPathRe   = lazyregexp.New(`(?m)^\s*path\s*=\s*["']([^"']+)["']`)
)

// cargoBins are the binaries `cargo build` args builds of the package in
// the current directory (Cargo.toml: [[bin]] names, else the package's
// name for src/main.rs, and src/bin's files) and its profile's folder;
// false when the outputs are not read here.
func (b *buildSim) cargoBins(args []string) (bins []string, profile string, ok bool) {
	profile, only, ok := cargoFlags(args)
	if !ok {
		return nil, "", false
	}
	for _, k := range []string{"CARGO_TARGET_DIR", "CARGO_BUILD_TARGET", "CARGO_BUILD_TARGET_DIR"} {
		if _, set := b.env[k]; set {
			return nil, "", false
		}
	}
	src, read := b.readFile("Cargo.toml")
	if !read || b.files.Has(".cargo/config.toml") || b.files.Has(".cargo/config") ||
		strings.Contains(src, "[workspace]") || strings.Contains(src, "crate-type") {
		return nil, "", false
	}
	m := cargoNameRe.FindStringSubmatch(tomlSection(src, "package"))
	if m == nil || strings.ContainsAny(profile, "/ ") || profile == "" {
		return nil, "", false
	}
	if len(only) > 0 {
		return only, profile, true
	}
	bins, ok = b.cargoAllBins(src, m[1])
	return bins, profile, ok
}

// cargoFlags reads cargo build's options: the profile's folder, the
// binaries --bin names; false for an option that moves the outputs or
// picks another package.
func cargoFlags(args []string) (profile string, only []string, ok bool) {
	profile = "debug"
	for i, a := range args {
		flag, val, hasVal := strings.Cut(a, "=")
		if !hasVal && i+1 < len(args) {
			val = args[i+1]
		}
		switch flag {
		case "--release", "-r":
			profile = "release"
		case "--profile":
			profile = map[string]string{"dev": "debug", "test": "debug", "bench": "release"}[val]
			if profile == "" {
				profile = val
			}
		case "--bin":
			only = append(only, val)
		case "--manifest-path", "--target-dir", "--target", "-p", "--package", "--workspace", "--all", "--artifact-dir", "--out-dir", "-Z", "--config":
			return "", nil, false
		}
	}
	return profile, only, true
}

// cargoAllBins are the binaries of the package name whose Cargo.toml is
// src: [[bin]] names, the package's own for src/main.rs (unless a [[bin]]
// takes it), src/bin's files and folders (unless autobins = false).
func (b *buildSim) cargoAllBins(src, name string) (bins []string, ok bool) {
	mainBin := false
	for _, l := range cargoBinRe.FindAllStringSubmatchIndex(src, -1) {
		end := len(src)
		if next := tomlSectionRe.FindStringIndex(src[l[1]:]); next != nil {
			end = l[1] + next[0]
		}
		body := src[l[1]:end]
		n := cargoNameRe.FindStringSubmatch(body)
		if n == nil {
			return nil, false
		}
		bins = append(bins, n[1])
		if p := cargoPathRe.FindStringSubmatch(body); p != nil && CleanRel(p[1]) == "src/main.rs" {
			mainBin = true
		}
	}
	if cargoNoAutoRe.MatchString(src) {
		return bins, true
	}
	if !mainBin && b.exists(path.Join(b.cwd, "src/main.rs")) {
		bins = append(bins, name)
	}
	for p := range b.files.paths {
		rest, under := strings.CutPrefix(p, CleanRel(path.Join(b.cwd, "src/bin"))+"/")
		switch {
		case !under:
		case !strings.Contains(rest, "/") && strings.HasSuffix(rest, ".rs"):
			bins = append(bins, strings.TrimSuffix(rest, ".rs"))
		case strings.HasSuffix(rest, "/main.rs") && strings.Count(rest, "/") == 1:
			bins = append(bins, path.Dir(rest))
		}
	}
	slices.Sort(bins)
	return slices.Compact(bins), true
}
