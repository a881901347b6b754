package appsim

import (
	"encoding/json"
	"path"
	"slices"
	"strings"
)

// Composer, PHP's package manager: install and update need composer.json;
// a typo of its own commands fails as it prints it.

func composerRecord() *tool {
	return &tool{name: "composer", names: []string{"composer"}, lang: "php", build: composerBuild}
}

// composerCommands are Composer's own commands and their aliases.
var composerCommands = strings.Fields("about archive audit browse home bump check-platform-reqs clear-cache " +
	"clearcache cc completion config create-project depends why diagnose dump-autoload dumpautoload exec fund " +
	"global help init install i licenses list outdated prohibits why-not reinstall remove rm uninstall require r " +
	"run-script run search self-update selfupdate show info status suggests update u upgrade validate")

// composerBuild: install and update need composer.json; a command that is
// neither Composer's own (nor the start of only one of them, as its
// console takes it) nor a script of composer.json, but a typo of one of
// its own, fails as Composer prints it; run-script, create-project and
// others make what the sandbox cannot know.
func composerBuild(b *buildSim, name string, args []string, _ int) (int, bool, bool) {
	sub := firstFile(args)
	if full, ok := composerCommand(sub); ok {
		sub = full
	} else if near := b.composerTypo(sub); near != "" {
		b.err("")
		b.err("  Command \"" + sub + "\" is not defined.")
		b.err("")
		b.err("  Did you mean this?")
		b.err("      " + near)
		b.err("")
		return 1, false, true
	}
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
		b.unknown = true
	}
	return 0, false, false
}

// composerCommand is the command of Composer's that sub names: itself, or
// the only one it is the start of.
func composerCommand(sub string) (string, bool) {
	if sub == "" || slices.Contains(composerCommands, sub) {
		return sub, true
	}
	var match []string
	for _, c := range composerCommands {
		if strings.HasPrefix(c, sub) {
			match = append(match, c)
		}
	}
	if len(match) == 1 {
		return match[0], true
	}
	return "", false
}

// composerTypo is the command of Composer's that sub is a typo of, when
// composer.json is read and neither its scripts nor a plugin it requires
// may define sub.
func (b *buildSim) composerTypo(sub string) string {
	near := typoOf(sub, composerCommands)
	if near == "" || b.files == nil {
		return ""
	}
	src, ok := b.readFile("composer.json")
	var c struct {
		Scripts map[string]json.RawMessage `json:"scripts"`
	}
	if !ok || json.Unmarshal([]byte(src), &c) != nil {
		return ""
	}
	if _, script := c.Scripts[sub]; script || strings.Contains(src, "plugin") {
		return ""
	}
	return near
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
