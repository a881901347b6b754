package appsim

import (
	"regexp"
	"slices"
	"strings"
)

// Composer's options: its console (Symfony's) binds a command line to the
// command's options and the application's before the command runs, and
// refuses an option neither has: the build command fails.

// composerSynopses are the synopses of the commands whose options are
// checked, as Composer 2.10 prints them below a refusal (Symfony 5.4's
// synopsis of the command's own options and arguments). Every option an
// earlier Composer 2 release gave these commands is among them
// (--no-scripts moved to the application's).
var composerSynopses = map[string]string{
	"install": "install [--prefer-source] [--prefer-dist] [--prefer-install PREFER-INSTALL] [--dry-run] [--download-only] [--dev] [--no-suggest] [--no-dev] [--no-security-blocking] [--no-blocking] [--no-autoloader] [--no-progress] [--no-install] [--audit] [--audit-format AUDIT-FORMAT] " +
		"[-v|vv|vvv|--verbose] [-o|--optimize-autoloader] [-a|--classmap-authoritative] [--strict-psr-autoloader] [--apcu-autoloader] [--apcu-autoloader-prefix APCU-AUTOLOADER-PREFIX] [--ignore-platform-req IGNORE-PLATFORM-REQ] [--ignore-platform-reqs] [--] [<packages>...]",
	"update": "update [--with WITH] [--prefer-source] [--prefer-dist] [--prefer-install PREFER-INSTALL] [--dry-run] [--dev] [--no-dev] [--lock] [--no-install] [--no-audit] [--audit-format AUDIT-FORMAT] [--no-security-blocking] [--no-blocking] [--no-autoloader] [--no-suggest] [--no-progress] " +
		"[-w|--with-dependencies] [-W|--with-all-dependencies] [-v|vv|vvv|--verbose] [-o|--optimize-autoloader] [-a|--classmap-authoritative] [--strict-psr-autoloader] [--apcu-autoloader] [--apcu-autoloader-prefix APCU-AUTOLOADER-PREFIX] [--ignore-platform-req IGNORE-PLATFORM-REQ] [--ignore-platform-reqs] " +
		"[--prefer-stable] [--prefer-lowest] [-m|--minimal-changes] [--patch-only] [-i|--interactive] [--root-reqs] [--bump-after-update [BUMP-AFTER-UPDATE]] [--] [<packages>...]",
	"require": "require [--dev] [--dry-run] [--prefer-source] [--prefer-dist] [--prefer-install PREFER-INSTALL] [--fixed] [--no-suggest] [--no-progress] [--no-update] [--no-install] [--no-audit] [--audit-format AUDIT-FORMAT] [--no-security-blocking] [--no-blocking] [--update-no-dev] " +
		"[-w|--update-with-dependencies] [-W|--update-with-all-dependencies] [--with-dependencies] [--with-all-dependencies] [--ignore-platform-req IGNORE-PLATFORM-REQ] [--ignore-platform-reqs] [--prefer-stable] [--prefer-lowest] [-m|--minimal-changes] [--sort-packages] " +
		"[-o|--optimize-autoloader] [-a|--classmap-authoritative] [--apcu-autoloader] [--apcu-autoloader-prefix APCU-AUTOLOADER-PREFIX] [--] [<packages>...]",
	"dump-autoload": "dump-autoload [-o|--optimize] [-a|--classmap-authoritative] [--apcu] [--apcu-prefix APCU-PREFIX] [--dry-run] [--dev] [--no-dev] [--ignore-platform-req IGNORE-PLATFORM-REQ] [--ignore-platform-reqs] [--strict-psr] [--strict-ambiguous]",
	"create-project": "create-project [-s|--stability STABILITY] [--prefer-source] [--prefer-dist] [--prefer-install PREFER-INSTALL] [--repository REPOSITORY] [--repository-url REPOSITORY-URL] [--add-repository] [--require REQUIRE] [--dev] [--no-dev] [--no-custom-installers] [--no-scripts] [--no-progress] " +
		"[--no-secure-http] [--keep-vcs] [--remove-vcs] [--no-install] [--no-audit] [--audit-format AUDIT-FORMAT] [--no-security-blocking] [--no-blocking] [--ignore-platform-req IGNORE-PLATFORM-REQ] [--ignore-platform-reqs] [--ask] [--] [<package> [<directory> [<version>]]]",
}

// composerAppOptions are the application's options, which every command
// takes: Symfony's (--silent is Symfony 7.2's; Composer's phar bundles 5.4,
// and a Composer built on a newer Symfony takes it) and Composer's own.
const composerAppOptions = "[-h|--help] [-q|--quiet] [--silent] [-v|vv|vvv|--verbose] [-V|--version] [--ansi|--no-ansi] [-n|--no-interaction] [--profile] [--no-plugins] [--no-scripts] [-d|--working-dir WORKING-DIR] [--no-cache]"

// consoleOption is an option of a Symfony console command's definition.
type consoleOption struct {
	name      string
	value     byte // 0 none, 'r' required, 'o' optional
	negatable bool // --no-NAME sets it false
}

// consoleOptionRe reads one option of a synopsis: its shortcuts, name,
// value and negation.
var consoleOptionRe = regexp.MustCompile(`\[(?:-([\w|]+)\|)?--([\w-]+)( \[?[A-Z-]+\]?)?(\|--no-[\w-]+)?\]`)

// consoleDefinition is the options a synopsis lists, by name and by
// shortcut.
type consoleDefinition struct {
	long  map[string]consoleOption
	short map[string]string
}

// parseSynopses reads the options of the synopses.
func parseSynopses(synopses ...string) consoleDefinition {
	def := consoleDefinition{long: map[string]consoleOption{}, short: map[string]string{}}
	for _, s := range synopses {
		for _, m := range consoleOptionRe.FindAllStringSubmatch(s, -1) {
			o := consoleOption{name: m[2], negatable: m[4] != ""}
			switch {
			case strings.HasPrefix(m[3], " ["):
				o.value = 'o'
			case m[3] != "":
				o.value = 'r'
			}
			def.long[o.name] = o
			for _, sc := range strings.Split(m[1], "|") {
				if sc != "" {
					def.short[sc] = o.name
				}
			}
		}
	}
	return def
}

// bindError is the RuntimeException Symfony's ArgvInput throws binding
// args to def, "" when they bind: options are read left to right up to
// `--`, a long one given as --name or --name=value, a short one as -x, a
// set -xyz, or -xVALUE where x takes a value; an option taking a value
// takes the next token unless it starts with "-". Arguments are not
// judged.
func (def consoleDefinition) bindError(args []string) string {
	rest := slices.Clone(args)
	for len(rest) > 0 {
		tok := rest[0]
		rest = rest[1:]
		var msg string
		switch {
		case tok == "--":
			return ""
		case strings.HasPrefix(tok, "--"):
			name, _, given := strings.Cut(tok[2:], "=")
			msg, rest = def.addLong(name, given, rest)
		case strings.HasPrefix(tok, "-") && tok != "-":
			msg, rest = def.parseShort(tok[1:], rest)
		}
		if msg != "" {
			return msg
		}
	}
	return ""
}

// parseShort reads a short option, or a set of them (name, past its dash).
func (def consoleDefinition) parseShort(name string, rest []string) (string, []string) {
	if len(name) == 1 {
		long, ok := def.short[name]
		if !ok {
			return `The "-` + name + `" option does not exist.`, rest
		}
		return def.addLong(long, false, rest)
	}
	if long, ok := def.short[name[:1]]; ok && def.long[long].value != 0 {
		return def.addLong(long, true, rest) // -dDIR
	}
	for i := range len(name) {
		long, ok := def.short[name[i:i+1]]
		if !ok {
			return `The "-` + name[i:i+1] + `" option does not exist.`, rest
		}
		if def.long[long].value != 0 {
			return def.addLong(long, i+1 < len(name), rest)
		}
		if msg, r := def.addLong(long, false, rest); msg != "" {
			return msg, r
		}
	}
	return "", rest
}

// addLong binds the option name, given a value (given) or not; one
// taking a value takes the next of rest unless it starts with "-".
func (def consoleDefinition) addLong(name string, given bool, rest []string) (string, []string) {
	o, ok := def.long[name]
	if !ok {
		base, negated := strings.CutPrefix(name, "no-")
		if n, has := def.long[base]; !negated || !has || !n.negatable {
			return `The "--` + name + `" option does not exist.`, rest
		}
		if given {
			return `The "--` + name + `" option does not accept a value.`, rest
		}
		return "", rest
	}
	if given && o.value == 0 {
		return `The "--` + name + `" option does not accept a value.`, rest
	}
	if !given && o.value != 0 && len(rest) > 0 {
		if next := rest[0]; next == "" || next[0] != '-' {
			given, rest = true, rest[1:]
		}
	}
	if !given && o.value == 'r' {
		return `The "--` + name + `" option requires a value.`, rest
	}
	return "", rest
}

// composerOptions checks args (composer's command line, cmd the command it
// names) against cmd's options and the application's, as Composer's console
// binds them: one it refuses fails with the console's block (the message
// between lines Symfony pads with spaces, here left empty), the command's
// synopsis and exit 1. Commands not in composerSynopses are not judged.
func (b *buildSim) composerOptions(cmd string, args []string) int {
	synopsis, ok := composerSynopses[cmd]
	if !ok {
		return 0
	}
	msg := parseSynopses(synopsis, composerAppOptions).bindError(args)
	if msg == "" {
		return 0
	}
	b.err("")
	b.err("")
	if slices.ContainsFunc(args, func(a string) bool {
		return a == "--verbose" || strings.HasPrefix(a, "--verbose=") || a == "-v" || a == "-vv" || a == "-vvv"
	}) {
		// Verbose, Symfony names the exception's class above the message
		// (and, not reproduced here, its file, line and trace).
		b.err("  [Symfony\\Component\\Console\\Exception\\RuntimeException]")
	}
	b.err("  " + msg)
	b.err("")
	b.err("")
	b.err(synopsis)
	b.err("")
	return 1
}
