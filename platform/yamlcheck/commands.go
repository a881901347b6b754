package yamlcheck

import (
	"cmp"
	"fmt"
	"maps"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/zeropsyml"
)

// commandsAt is one list of commands of a setup (build.prepareCommands,
// run.prepareCommands, run.initCommands) with the OS of its container.
type commandsAt struct {
	key  string // build.prepareCommands, run.prepareCommands, run.initCommands
	cmds []string
	os   string // alpine or ubuntu
}

// containerOS is a container's OS: ubuntu when os says so or a base is an
// Ubuntu one, else Alpine, the platform's default.
func containerOS(os string, bases ...string) string {
	if os == "ubuntu" {
		return "ubuntu"
	}
	for _, b := range bases {
		if strings.HasPrefix(b, "ubuntu/") || strings.HasPrefix(b, "ubuntu@") {
			return "ubuntu"
		}
	}
	return "alpine"
}

// foreignPMs are the package managers an OS's image lacks.
var foreignPMs = map[string][]string{"alpine": {"apt", "apt-get", "dpkg", "yum", "dnf"}, "ubuntu": {"apk", "yum", "dnf"}}

// osInstall is how each OS installs a package, with sudo (commands run as
// the zerops user).
var osInstall = map[string]string{"alpine": "sudo apk add --no-cache <pkg>", "ubuntu": "sudo apt-get update && sudo apt-get install -y <pkg>"}

// commandWarnings checks each command of at, as the platform would run it:
// the OS's package manager with sudo, run.prepareCommands without /var/www
// (the deployed files are not there yet), no package installs at each start.
func commandWarnings(c *checker, p string, at commandsAt) {
	written := map[string]bool{} // the files the list's commands write
	for i, cmd := range at.cmds {
		where := fmt.Sprintf("%s.%s[%d]", p, at.key, i)
		if problem, fix := commandProblem(at, cmd, written); problem != "" {
			c.warnf(where, "%s", problem).Fix = fix
		}
	}
}

// commandProblem is the first problem of one command line, "" when none;
// it adds the files the line writes to written.
func commandProblem(at commandsAt, line string, written map[string]bool) (problem, fix string) {
	for _, words := range simpleCommands(line) {
		for j, w := range words[1:] {
			if destFlags[words[j]] || words[j] == ">" || words[j] == ">>" {
				written[w] = true
			}
		}
		sudo := len(words) > 1 && path.Base(words[0]) == "sudo"
		if sudo {
			words = words[1:]
		}
		name, sub := path.Base(words[0]), ""
		for _, w := range words[1:] {
			if !strings.HasPrefix(w, "-") {
				sub = w
				break
			}
		}
		if slices.Contains(foreignPMs[at.os], name) {
			return foreignPMProblem(at.os, name, line)
		}
		install := (name == "apk" && sub == "add") || ((name == "apt-get" || name == "apt") && sub == "install")
		if install && !sudo {
			return fmt.Sprintf("%s %s without sudo: the docs install with sudo (commands run as the zerops user), while official recipes (ghost, wordpress) install without it", name, sub),
				"If the log shows Permission denied or \"are you root?\", prefix it with sudo: " + osInstall[at.os] + "."
		}
		if install {
			if problem, fix := otherOSPackage(at.os, name, words[1:]); problem != "" {
				return problem, fix
			}
		}
		if name == "zsc" && len(words) > 1 && words[1] == "execOnce" {
			if problem, fix := execOnceProblem(words[2:]); problem != "" {
				return problem, fix
			}
		}
		if install && at.key == "run.initCommands" {
			return "installs packages at every container start (initCommands run on each start and restart)",
				"Move it to run.prepareCommands, which build the runtime image once: " + osInstall[at.os] + "."
		}
		if at.key != "run.prepareCommands" || name == "mkdir" {
			continue
		}
		if w := varWwwRead(words, name, line, written); w != "" {
			return fmt.Sprintf("reads %s, but run.prepareCommands run before the deploy puts the files there (the runtime image is built first)", platform.Clip(w, 60)),
				"Move it to run.initCommands (they run in /var/www at each start) or to build.buildCommands; keep OS packages here, and copy files they need with build.addToRunPrepare."
		}
	}
	return "", ""
}

// foreignPMProblem is the problem of name, a package manager os's image
// lacks, run in line, and its fix: os's own manager with the packages
// line installs.
func foreignPMProblem(os, name, line string) (problem, fix string) {
	osName := map[string]string{"alpine": "Alpine", "ubuntu": "Ubuntu"}[os]
	install := osInstall[os]
	if pkgs := installedPackages(os, line); pkgs != "" {
		install = strings.Replace(install, "<pkg>", pkgs, 1)
	}
	fix = fmt.Sprintf("Use %s's package manager: %s.", osName, install)
	if os == "alpine" { // on Ubuntu already, os: ubuntu changes nothing
		fix = strings.TrimSuffix(fix, ".") + " (or set os: ubuntu for apt-get)."
	}
	return fmt.Sprintf("%s is not installed on %s, which this container runs", name, osName), fix
}

// varWwwRead is the word of a run.prepareCommands command (words, its name,
// the line it is in) that reads what the deploy puts in /var/www, "" when
// none. /var/www is there, empty: unpacking into it, making a venv there
// or changing a file an earlier command wrote there is fine (the official
// prometheus-grafana, airflow and metabase recipes do); reading the app's
// files there is not.
func varWwwRead(words []string, name, line string, written map[string]bool) string {
	for j, w := range words {
		if w != "/var/www" && !strings.HasPrefix(w, "/var/www/") || written[w] {
			continue
		}
		root := strings.TrimRight(w, "/") == "/var/www"
		if j > 0 && destFlags[words[j-1]] || root && (name != "cd" || !readsAppFiles.MatchString(line)) {
			continue
		}
		return w
	}
	return ""
}

// migrationRe is a command that migrates a database schema.
var migrationRe = regexp.MustCompile(`(?i)migrat`)

// execOnceProblem is the problem of `zsc execOnce` given args (what
// follows execOnce): the docs' form is `zsc execOnce KEY -- command`, the
// command run once per KEY across the service's containers. Without a
// KEY the form is broken; a fixed KEY on a migration runs it once for the
// service's life, so later deploys never migrate.
func execOnceProblem(args []string) (problem, fix string) {
	for len(args) > 0 && args[0] != "--" && strings.HasPrefix(args[0], "-") {
		args = args[1:] // its options (--retryUntilSuccessful)
	}
	if len(args) == 0 || args[0] == "--" {
		return "zsc execOnce has no key before `--`: its form is `zsc execOnce KEY -- command`, the command run once per KEY",
			"Give the key: zsc execOnce ${appVersionId} -- <command> runs it once per deploy (migrations); a fixed name such as `seed` runs it once for the service's life."
	}
	key, cmd := args[0], ""
	if i := slices.Index(args, "--"); i >= 0 {
		cmd = strings.Join(args[i+1:], " ")
	}
	if !strings.Contains(key, "$") && migrationRe.MatchString(cmd) {
		return fmt.Sprintf("zsc execOnce %s runs the migration once for the service's life: the key never changes, so later deploys never migrate", platform.Clip(key, 40)),
			"Key it by the deploy: zsc execOnce ${appVersionId} -- " + platform.Clip(cmd, 120) + "."
	}
	return "", ""
}

// destFlags name a command's destination directory (tar -C, unzip -d,
// wget -P, curl -o): writing there, not reading.
var destFlags = map[string]bool{"-C": true, "--directory": true, "-d": true, "-P": true, "-o": true, "-O": true, "--output": true}

// readsAppFiles is an install or build that reads the app's own files (its
// lockfile, manifest or sources) in the directory it runs in.
var readsAppFiles = regexp.MustCompile(`\b(npm (ci|i|install)|yarn( install)?|pnpm (i|install)|bun install|composer install|bundle install|pip3? install -r|poetry install|uv sync|go build|cargo build|mix deps\.get|dotnet (build|publish|restore)|mvn|gradle)\b`)

// installedPackages are the packages the installs of line name, each as
// os names it where the other OS's name differs (libvips-dev → vips-dev
// on Alpine), space-separated; "" when line installs none.
func installedPackages(os, line string) string {
	var pkgs []string
	for _, words := range simpleCommands(line) {
		if path.Base(words[0]) == "sudo" {
			words = words[1:]
		}
		if len(words) == 0 {
			continue
		}
		var args []string
		for _, w := range words[1:] {
			if !strings.HasPrefix(w, "-") {
				args = append(args, w)
			}
		}
		if len(args) == 0 || args[0] != "install" && args[0] != "add" {
			continue
		}
		for _, a := range args[1:] {
			if their, ok := platform.OSPackageName(os, a); ok {
				a = their
			}
			pkgs = append(pkgs, a)
		}
	}
	return strings.Join(pkgs, " ")
}

// otherOSPackage is the problem of an install (by name, its arguments
// args) naming a package as the other OS names it, which os's index lacks
// (libvips-dev on Alpine, build-base on Ubuntu); "" when none does.
func otherOSPackage(os, name string, args []string) (problem, fix string) {
	osName := map[string]string{"alpine": "Alpine", "ubuntu": "Ubuntu"}[os]
	for _, a := range args {
		their, ok := platform.OSPackageName(os, a)
		if strings.HasPrefix(a, "-") || !ok {
			continue
		}
		other := map[string]string{"alpine": "Debian/Ubuntu", "ubuntu": "Alpine"}[os]
		return fmt.Sprintf("%s names the package %s as %s does: %s, which this container runs, has none by that name, and the install fails", name, a, other, osName),
			fmt.Sprintf("Use %s's name for it: %s.", osName, their)
	}
	return "", ""
}

// simpleCommands splits a shell line at ;, &&, || and | into the words of
// each simple command, without the variable assignments before it.
func simpleCommands(line string) [][]string {
	var out [][]string
	for _, part := range strings.FieldsFunc(line, func(r rune) bool { return r == ';' || r == '&' || r == '|' || r == '\n' }) {
		words := strings.Fields(part)
		for len(words) > 0 && strings.Contains(words[0], "=") && !strings.HasPrefix(words[0], "-") {
			words = words[1:]
		}
		if len(words) > 0 {
			out = append(out, words)
		}
	}
	return out
}

// checkCommands applies commandWarnings to a setup's command lists. The
// run's OS is run.base's; without one, the platform runs the service's
// type (in.ServiceType, as the sandbox does), else it is read from
// build.base.
func checkCommands(c *checker, p string, s setupAt, in Live) {
	if s.Build != nil {
		commandWarnings(c, p+".build", commandsAt{key: "prepareCommands", cmds: listed(s.Build.Keys, "prepareCommands", s.Build.PrepareCommands),
			os: containerOS(s.Build.OS, s.Build.Base...)})
		missingBuildTools(c, p+".build", s.Build)
	}
	if s.Run != nil {
		os := containerOS(s.Run.OS, s.Run.Base)
		if typ := ""; s.Run.Base == "" {
			if in.ServiceType != nil && s.ok("setup") {
				typ = in.ServiceType(s.Name)
			}
			os = containerOS(s.Run.OS, cmp.Or(typ, s.buildBase()))
		}
		missingRunBun(c, p, s.Run, cmp.Or(s.Run.Base, runType(s, in), s.buildBase()))
		commandWarnings(c, p, commandsAt{key: "run.prepareCommands", cmds: listed(s.Run.Keys, "prepareCommands", s.Run.PrepareCommands), os: os})
		commandWarnings(c, p, commandsAt{key: "run.initCommands", cmds: listed(s.Run.Keys, "initCommands", s.Run.InitCommands), os: os})
	}
}

// runType is the type of the service setup s deploys to, "" when unknown.
func runType(s setupAt, in Live) string {
	if in.ServiceType == nil || !s.ok("setup") {
		return ""
	}
	return in.ServiceType(s.Name)
}

// missingRunBun warns of run.start or a run.initCommands line running Bun
// on a run base whose image lacks it (every base but bun's, the docs say)
// with no run.prepareCommands installing it (walk 85: validate passed
// `bun run start:prod` on nodejs@22; the start failed with bun: not found).
func missingRunBun(c *checker, p string, r *zeropsyml.Run, base string) {
	if base == "" {
		return
	}
	prepare := listed(r.Keys, "prepareCommands", r.PrepareCommands)
	if !platform.BuildImageLacks("bun", []string{base}, prepare) {
		return
	}
	lines := map[string]string{p + ".run.start": r.Start}
	for i, cmd := range listed(r.Keys, "initCommands", r.InitCommands) {
		lines[fmt.Sprintf("%s.run.initCommands[%d]", p, i)] = cmd
	}
	for _, where := range slices.Sorted(maps.Keys(lines)) {
		for _, words := range simpleCommands(lines[where]) {
			if name := path.Base(words[0]); name == "bun" || name == "bunx" {
				c.warnf(where, "runs `%s`, but the run image of %s has no Bun (the docs list it on bun bases alone) and no run.prepareCommands installs it: the app would fail to start with `%[1]s: not found`",
					name, platform.Clip(base, 40)).Fix =
					"Deploy this setup to a service of a bun type (e.g. bun@1.2; create it with zerops_import) with run.base a bun version, or install Bun in run.prepareCommands (`npm install -g bun` on a nodejs base)."
				return
			}
		}
	}
}

// listed is cmds when key holds a list: a lone string, which the model
// reads as one command, is refused by the shape check instead.
func listed(k zeropsyml.Keys, key string, cmds []string) []string {
	if k[key].Kind != "a list" {
		return nil
	}
	return cmds
}

// missingBuildTools warns, once per tool, of a build command running a
// program the build image lacks (platform.BuildImageLacks: the rule the
// sandbox's build follows): npm on a php@X base alone, mvn without its
// wrapper. The build would fail with `<tool>: not found`.
func missingBuildTools(c *checker, p string, b *zeropsyml.Build) {
	if !b.Keys.Has("base") {
		return // an extended setup's base is elsewhere
	}
	prepare := listed(b.Keys, "prepareCommands", b.PrepareCommands)
	seen := map[string]bool{}
	for i, cmd := range listed(b.Keys, "buildCommands", b.BuildCommands) {
		for _, words := range simpleCommands(cmd) {
			name := words[0]
			if name == "sudo" || strings.Contains(name, "/") || seen[name] || !platform.BuildImageLacks(name, b.Base, prepare) {
				continue
			}
			seen[name] = true
			where := fmt.Sprintf("%s.buildCommands[%d]", p, i)
			if platform.NodeBuildTool(name) {
				c.warnf(where, "runs `%s`, but the build image of %s has no Node.js (it comes with a nodejs build base, not with PHP's, Python's, Go's, Java's or .NET's) and no build.prepareCommands installs it: the build would fail with `%[1]s: not found`",
					name, platform.Clip(strings.Join(b.Base, ", "), 60)).Fix =
					fmt.Sprintf("Give build.base Node.js beside the base it has, as a list (`base: [%s, nodejs@22]`, as the Laravel recipes do), or install it in build.prepareCommands (`sudo apk add --no-cache nodejs npm` on Alpine).", platform.Clip(b.Base[0], 40))
				continue
			}
			if name == "bun" {
				c.warnf(where, "runs `bun`, but the build image of %s has no Bun (the docs list it on bun bases alone) and no build.prepareCommands installs it: the build would fail with `bun: not found`",
					platform.Clip(strings.Join(b.Base, ", "), 60)).Fix =
					"Set build.base to a bun version (e.g. `bun@1.2`), or install Bun in build.prepareCommands (`npm install -g bun` on a nodejs base)."
				continue
			}
			if name == "hugo" {
				c.warnf(where, "runs `hugo`, which no Zerops build image brings, and no build.prepareCommands installs it: the build would fail with `hugo: not found`").Fix =
					"Install Hugo in build.prepareCommands: `sudo apk add --no-cache hugo` on Alpine (the default), or download its release archive there with wget."
				continue
			}
			c.warnf(where, "runs `%s`, which no Zerops build image brings (the Java one has the JDK, not Maven or Gradle), and no build.prepareCommands installs it: the build would fail with `%[1]s: not found`", name).Fix =
				"Commit the tool's wrapper (`mvnw` with `.mvn/`, or `gradlew` with `gradle/`) and run it as `./mvnw` or `./gradlew`, or install the tool in build.prepareCommands (`sudo apk add --no-cache maven` or `gradle`)."
		}
	}
}
