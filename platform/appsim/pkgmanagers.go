package appsim

import (
	"regexp"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// packageManager is one package manager the sandbox knows. Both sides
// read this one table: a build's install makes its folder (buildsim.go),
// and a start finds its language's packages when a command the run
// container runs installs them (simdeps.go).
type packageManager struct {
	name     string   // its command (pip3, pip3.12: pip)
	lang     string   // the language of the packages it installs: a tool record's
	installs []string // its subcommands that install ("": the command alone; words apart: "pip install")
	into     string   // the folder of the working directory an install makes ("": one outside it)
	lock     string   // the lock file an install writes when there is none ("": none, or not known)
}

// packageManagers is the table.
var packageManagers = []packageManager{
	{"npm", "node", []string{"install", "i", "ci", "clean-install", "add"}, "node_modules", "package-lock.json"}, // ci needs it: fails without
	{"pnpm", "node", []string{"install", "i", "add"}, "node_modules", "pnpm-lock.yaml"},
	{"yarn", "node", []string{"", "install", "i", "add"}, "node_modules", "yarn.lock"}, // yarn alone installs
	{"bun", "node", []string{"install", "i", "add"}, "node_modules", ""},               // bun.lock or bun.lockb, by version
	{"pip", "python", []string{"install"}, "", ""},                                     // site-packages, or --target
	{"uv", "python", []string{"pip install", "sync"}, "", ""},
	{"poetry", "python", []string{"install"}, "", ""},
	{"pipenv", "python", []string{"install"}, "", ""},
	{"bundle", "ruby", []string{"install"}, "vendor/bundle", ""}, // or --path (bundler.go)
	{"gem", "ruby", []string{"install"}, "", ""},
	{"composer", "php", []string{"install", "i", "update", "u", "upgrade"}, "vendor", ""},
}

// installRes are, by language, the installs of its packages in a command
// line: its managers' install subcommands, after any flags.
var installRes = map[string]*lazyregexp.Regexp{}

func init() {
	alts := map[string][]string{}
	for _, pm := range packageManagers {
		name := `\b` + regexp.QuoteMeta(pm.name) + `[\d.]*(?:\s+-\S+)*`
		for _, sub := range pm.installs {
			if sub == "" {
				alts[pm.lang] = append(alts[pm.lang], name+`[ \t]*(?:$|[;&|)])`)
				continue
			}
			alts[pm.lang] = append(alts[pm.lang], name+`\s+`+strings.ReplaceAll(regexp.QuoteMeta(sub), " ", `\s+`)+`\b`)
		}
	}
	for lang, a := range alts {
		installRes[lang] = lazyregexp.New(`(?m)` + strings.Join(a, "|"))
	}
}

// installsPackages reports whether lines install packages of lang.
func installsPackages(lang, lines string) bool {
	re := installRes[lang]
	return re != nil && re.MatchString(lines)
}

// installOf is the package manager a command (its name, its arguments)
// runs an install of; false for any other command.
func installOf(name string, args []string) (packageManager, bool) {
	name = strings.TrimRight(name, "0123456789.")
	sub := strings.Join(nonFlags(args), " ")
	for _, pm := range packageManagers {
		if pm.name != name {
			continue
		}
		for _, s := range pm.installs {
			if s == "" && sub == "" || s != "" && (sub == s || strings.HasPrefix(sub, s+" ")) {
				return pm, true
			}
		}
	}
	return packageManager{}, false
}

// isInstall reports whether sub is an install subcommand of the package
// manager name.
func isInstall(name, sub string) bool {
	_, ok := installOf(name, []string{sub})
	return ok && sub != ""
}

// installs records what the build's install by the package manager name
// makes in the working directory: the table's folder, or dir when given.
// An install without a lock file writes one (package-lock.json, yarn.lock,
// pnpm-lock.yaml) beside the manifest, in the working directory.
func (b *buildSim) installs(name, dir string) {
	lock := ""
	for _, pm := range packageManagers {
		if pm.name == name {
			dir, lock = orStr(dir, pm.into), pm.lock
		}
	}
	if dir != "" {
		b.produce(dir)
	}
	if lock != "" && !b.exists(b.rel(lock)) {
		b.produce(lock)
	}
}
