package appsim

import (
	"encoding/json"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"
)

// Composer, PHP's package manager: install and update need composer.json;
// its console (Symfony's) takes a command by its name, an alias, or any
// start of one that only one command has.

func composerRecord() *tool {
	return &tool{name: "composer", names: []string{"composer"}, lang: "php", build: composerBuild}
}

// composerCmd is one of Composer's own commands and its aliases; since210
// marks those Composer 2.10 added.
type composerCmd struct {
	name     string
	aliases  []string
	since210 bool
}

// composerCmds are Composer's commands in the order its console registers
// them (Symfony's own help, list and completion first), which is the order
// it lists the matches of an ambiguous name in.
var composerCmds = []composerCmd{{name: "help"}, {name: "list"}, {name: "completion"}, {name: "about"}, {name: "config"},
	{name: "depends", aliases: []string{"why"}}, {name: "prohibits", aliases: []string{"why-not"}}, {name: "init"},
	{name: "install", aliases: []string{"i"}}, {name: "create-project"}, {name: "update", aliases: []string{"u", "upgrade"}},
	{name: "search"}, {name: "validate"}, {name: "audit"}, {name: "show", aliases: []string{"info"}}, {name: "suggests"},
	{name: "require", aliases: []string{"r"}}, {name: "dump-autoload", aliases: []string{"dumpautoload"}}, {name: "status"},
	{name: "archive"}, {name: "diagnose"}, {name: "run-script", aliases: []string{"run"}}, {name: "licenses"}, {name: "global"},
	{name: "clear-cache", aliases: []string{"clearcache", "cc"}}, {name: "remove", aliases: []string{"rm", "uninstall"}},
	{name: "browse", aliases: []string{"home"}}, {name: "exec"}, {name: "outdated"}, {name: "check-platform-reqs"}, {name: "fund"},
	{name: "reinstall"}, {name: "bump"}, {name: "repository", aliases: []string{"repo"}, since210: true}, {name: "policy", since210: true},
	{name: "self-update", aliases: []string{"selfupdate"}}}

// composerKey is a name the console finds a command by (its name or an
// alias) and the command's name.
type composerKey struct{ key, cmd string }

// composerKeys are the names Composer's console knows, in its order: its
// commands (with 2.10's when v210) and then the scripts of composer.json.
func composerKeys(v210 bool, scripts []string) []composerKey {
	var out []composerKey
	seen := map[string]bool{}
	for _, c := range composerCmds {
		if c.since210 && !v210 {
			continue
		}
		for _, k := range append([]string{c.name}, c.aliases...) {
			out, seen[k] = append(out, composerKey{k, c.name}), true
		}
	}
	for _, s := range scripts {
		if !seen[s] {
			out = append(out, composerKey{s, s})
		}
	}
	return out
}

// composerFind finds the command sub names among keys as Symfony's
// console does: the key itself, else the keys it abbreviates (each part
// between colons the start of one), an alias dropped when its command is
// among them. One left: the command (found); more: the keys it is
// ambiguous between; none: it is not defined.
func composerFind(sub string, keys []composerKey) (cmd string, ambiguous []string, found bool) {
	for _, k := range keys {
		if k.key == sub {
			return k.cmd, nil, true
		}
	}
	parts := strings.Split(sub, ":")
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	expr := strings.Join(parts, "[^:]*:") + "[^:]*"
	var matched []composerKey
	for _, flags := range []string{"", "(?i)"} {
		re := regexp.MustCompile(flags + "^" + expr)
		for _, k := range keys {
			if re.MatchString(k.key) {
				matched = append(matched, k)
			}
		}
		if len(matched) > 0 {
			break
		}
	}
	whole := regexp.MustCompile("(?i)^" + expr + "$")
	if !slices.ContainsFunc(matched, func(k composerKey) bool { return whole.MatchString(k.key) }) {
		return "", nil, false
	}
	names := map[string]bool{}
	for _, k := range matched {
		names[k.key] = true
	}
	var left []composerKey
	for _, k := range matched {
		if k.key == k.cmd || !names[k.cmd] {
			left = append(left, k)
		}
	}
	if len(left) == 1 {
		return left[0].cmd, nil, true
	}
	for _, k := range left {
		ambiguous = append(ambiguous, k.key)
	}
	return "", ambiguous, false
}

// composerJSON reads composer.json in the current directory: its scripts'
// names (sorted), whether it was read, and whether a plugin may add
// commands (plugins run only where config.allow-plugins allows them).
func (b *buildSim) composerJSON() (scripts []string, read, plugins bool) {
	src, ok := b.readFile("composer.json")
	var c struct {
		Scripts map[string]json.RawMessage `json:"scripts"`
	}
	if !ok || json.Unmarshal([]byte(src), &c) != nil {
		return nil, false, false
	}
	return slices.Sorted(maps.Keys(c.Scripts)), true, strings.Contains(src, "plugin")
}

// composerBuild resolves the command composer is asked for (composerFind):
// a name no command has, or one several start with, fails as the console
// prints it, unless a plugin may add the command or Composer 2.10's
// commands change the answer, which the sandbox does not know (unrun).
// An option the command does not take fails as the console binds it
// (composeropts.go); install and update need composer.json; run-script,
// create-project and others make what the sandbox cannot know.
func composerBuild(b *buildSim, name string, args []string, depth int) (int, bool, bool) {
	unrun := func() (int, bool, bool) {
		if b.unrun == "" {
			b.unrun = strings.Join(append([]string{name}, args...), " ")
		}
		b.mayHave(madeAny)
		return 0, false, true
	}
	if slices.ContainsFunc(args, func(a string) bool {
		return a == "-d" || strings.HasPrefix(a, "--working-dir") || strings.HasPrefix(a, "-d") && len(a) > 2
	}) {
		return unrun() // it runs in another folder, whose composer.json the sandbox does not follow
	}
	at := slices.Index(args, firstFile(args))
	if at < 0 {
		return composerRun(b, name, args, depth)
	}
	sub := args[at]
	scripts, read, plugins := b.composerJSON()
	cmd, ambiguous, found := composerFind(sub, composerKeys(true, scripts))
	cmd9, ambiguous9, found9 := composerFind(sub, composerKeys(false, scripts))
	switch {
	case found && found9 && cmd == cmd9:
	case !read || plugins || found || found9 || (len(ambiguous) > 0) != (len(ambiguous9) > 0):
		return unrun() // not known to be a command, nor not to be: a plugin's, or one of Composer 2.10's
	case len(ambiguous) > 0:
		b.err("")
		b.err("  Command \"" + sub + "\" is ambiguous.")
		b.err("  Did you mean one of these?")
		for _, k := range ambiguous { // Composer prints each with its description
			b.err("      " + k)
		}
		b.err("")
		return 1, false, true
	default:
		b.err("")
		b.err("  Command \"" + sub + "\" is not defined.")
		if near := typoOf(sub, composerNames()); near != "" {
			b.err("")
			b.err("  Did you mean this?")
			b.err("      " + near)
		}
		b.err("")
		return 1, false, true
	}
	if code := b.composerOptions(cmd, args); code != 0 {
		return code, false, true
	}
	if cmd == sub {
		return composerRun(b, name, args, depth)
	}
	full := slices.Clone(args)
	full[at] = cmd
	code, exit, done := composerRun(b, name, full, depth)
	if code == 0 && !done {
		b.conventionalOutputs(append([]string{name}, full...)) // what the command it runs makes
	}
	return code, exit, true
}

// composerNames are the names and aliases of Composer's commands.
func composerNames() []string {
	var out []string
	for _, k := range composerKeys(true, nil) {
		out = append(out, k.key)
	}
	return out
}

// composerRun runs Composer's command (args naming it in full): install
// and update need composer.json and fire its scripts.
func composerRun(b *buildSim, name string, args []string, _ int) (int, bool, bool) {
	sub := firstFile(args)
	_, install := installOf(name, []string{sub}) // pkgmanagers.go
	if install && b.files != nil && !b.files.Has(path.Join(b.cwd, "composer.json")) {
		b.err("Composer could not find a composer.json file in " + b.dir())
		b.err("To initialize a project, please create a composer.json file. See https://getcomposer.org/basic-usage")
		return 1, false, true
	}
	if (install || sub == "dump-autoload") && !slices.Contains(args, "--no-scripts") {
		if code := b.composerScripts(sub); code != 0 {
			return code, false, true
		}
	}
	if !install && sub != "dump-autoload" && !b.knownCommand(name, args) {
		b.mayHave(madeAny)
	}
	return 0, false, false
}

// composerEvents are the script events an install, update or dump-autoload
// fires, in Composer's order.
var composerEvents = map[string][]string{
	"install":       {"pre-install-cmd", "pre-autoload-dump", "post-autoload-dump", "post-install-cmd"},
	"update":        {"pre-update-cmd", "pre-autoload-dump", "post-autoload-dump", "post-update-cmd"},
	"dump-autoload": {"pre-autoload-dump", "post-autoload-dump"},
}

// composerScripts runs the `@php FILE` scripts of composer.json that the
// command sub fires, as Composer does: a FILE that was neither uploaded nor
// made (Laravel's `@php artisan package:discover` without artisan) fails
// with PHP's and Composer's lines. Other scripts are not judged.
func (b *buildSim) composerScripts(sub string) int {
	switch sub {
	case "i", "":
		sub = "install"
	case "u", "upgrade":
		sub = "update"
	}
	src, ok := b.readFile("composer.json")
	var c struct {
		Scripts map[string]json.RawMessage `json:"scripts"`
	}
	if !ok || b.mayHaveMade() || json.Unmarshal([]byte(src), &c) != nil {
		return 0
	}
	for _, event := range composerEvents[sub] {
		var lines []string
		if raw, has := c.Scripts[event]; !has || json.Unmarshal(raw, &lines) != nil {
			var one string
			if !has || json.Unmarshal(raw, &one) != nil {
				continue
			}
			lines = []string{one}
		}
		for _, l := range lines {
			words := strings.Fields(l)
			if len(words) < 2 || words[0] != "@php" || strings.HasPrefix(words[1], "-") {
				continue
			}
			b.out = append(b.out, Line{6, "> " + l})
			if b.exists(path.Join(b.cwd, words[1])) {
				continue
			}
			b.err("Could not open input file: " + words[1])
			b.err("Script " + l + " handling the " + event + " event returned with error code 1")
			return 1
		}
	}
	return 0
}
