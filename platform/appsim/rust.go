package appsim

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Rust: cargo's builds, and an actix-web or Axum server started by the
// binary it builds.

func rustRecord() *tool {
	return &tool{name: "cargo", names: []string{"cargo"}, lang: "rust", build: cargoBuild,
		outputs:      []toolOutput{{cmd: " cargo build ", out: "target"}, {cmd: " cargo b ", out: "target"}},
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
			b.unknown = true
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
		if platform.EditDistanceWithin(name, n, 2) <= 1 || swapped(name, n) {
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
