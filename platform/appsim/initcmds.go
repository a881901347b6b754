package appsim

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// A run.initCommands line stands between the source the sandbox read and
// the server it judges: when the line runs something the sandbox does not
// model (a seeder, a framework's console command, a script, a CLI), whether
// it succeeds is not known, and the deploy cannot be called live. What is
// modelled: the shell's file commands on paths it can see, `zsc execOnce`
// and sudo around a command, the Laravel artisan commands the official
// recipes run (migrate, whose database address the simulator reads in
// config/database.php and the environment; the caches, optimize and
// storage:link, which need only the deployed artisan) and Django's
// `manage.py migrate` (the file deployed, the database host resolving).

// artisanModelled are the artisan commands judged by artisan being deployed
// (and, for migrate, by the database address it reads).
var artisanModelled = map[string]bool{"migrate": true, "config:cache": true, "view:cache": true, "route:cache": true,
	"event:cache": true, "optimize": true, "storage:link": true}

// initFileCmds are the shell's own commands whose outcome the deployed
// files decide, by how many of their last arguments are written rather than
// read (-1: none is read).
var initFileCmds = map[string]int{"true": 0, ":": 0, "echo": -1, "printf": -1, "mkdir": -1, "touch": -1, "rm": -1,
	"chmod": 0, "chown": 0, "cp": 1, "mv": 1, "ln": 1, "cat": 0}

// initUnrun are the run.initCommands lines holding a command the sandbox
// does not run, as written; judged, those it judges only by its files and
// the database address (artisan's and manage.py's commands).
func (r *runSim) initUnrun() (unrun, judged []string) {
	for _, c := range r.d.Prep.Init {
		r.cwd = ""
		modelled, app := true, false
		for _, st := range parseShell(c) {
			if !r.initModelled(st.words) {
				modelled = false
				break
			}
			app = app || appCommand(st.words)
		}
		switch {
		case !modelled:
			unrun = append(unrun, strings.TrimSpace(c))
		case app:
			judged = append(judged, strings.TrimSpace(c))
		}
	}
	return unrun, judged
}

// appCommand reports whether init command words run the app's own
// console (artisan, manage.py), under zsc execOnce or not.
func appCommand(words []string) bool {
	name, args := initWords(words)
	if cmd, ok := execOnceCommand(args); name == "zsc" && ok {
		return appCommand(cmd)
	}
	return name == "php" || strings.HasPrefix(name, "python")
}

// initModelled reports whether the sandbox models the simple command words
// of an init command line.
func (r *runSim) initModelled(words []string) bool {
	name, args := initWords(words)
	if name == "" {
		return true
	}
	switch name {
	case "zsc":
		cmd, ok := execOnceCommand(args)
		return ok && r.initModelled(cmd)
	case "php":
		f := firstFile(args, "-c", "-d")
		i := slices.Index(args, f)
		return path.Base(f) == "artisan" && i+1 < len(args) && artisanModelled[args[i+1]]
	case "python", "python3":
		// Django's migrate, as the official recipe runs it: manage.py must be
		// deployed and the database its settings read resolve, as at start.
		f := firstFile(args, "-m", "-c", "-W", "-X")
		i := slices.Index(args, f)
		return path.Base(f) == "manage.py" && i+1 < len(args) && args[i+1] == "migrate"
	case "cd":
		if len(args) > 0 {
			r.cwd = r.path(args[0])
		}
		return true
	}
	written, ok := initFileCmds[name]
	if !ok {
		return false
	}
	read := nonFlags(args)
	if name == "chmod" || name == "chown" {
		read = read[min(1, len(read)):] // the mode or the owner
	}
	if written < 0 {
		return true
	}
	return r.filesThere(read[:max(0, len(read)-written)])
}

// filesThere reports whether each of paths that lies in /var/www is there
// when init commands run: deployed, built or prepared. A pattern or a path
// of the image itself is not judged.
func (r *runSim) filesThere(paths []string) bool {
	for _, p := range paths {
		if strings.ContainsAny(p, "*?[$") || strings.HasPrefix(p, "/") && p != RunRoot && !strings.HasPrefix(p, RunRoot+"/") {
			continue
		}
		if rel := r.path(p); rel != "" && r.files != nil && r.deployed(rel) == "" && !r.producedAt(rel) && !r.preparedAt(rel) {
			return false
		}
	}
	return true
}

// initNote is what the sandbox could not check of the init command lines:
// it does not run them ("" when there are none).
func initNote(lines, judged []string) string {
	if len(lines) == 0 {
		return ""
	}
	quote := func(lines []string) string {
		quoted := make([]string, len(lines))
		for i, l := range lines {
			quoted[i] = "`" + clip(shownCommand(strings.ReplaceAll(l, "\\\n", " ")), 100) + "`" // a continued line is one
		}
		return platform.JoinClipped(quoted, ", ", 300)
	}
	also := ""
	if len(judged) > 0 { // walk 76: migrate left out of the list read as unchecked, or forgotten
		also = "; of " + quote(judged) + " it checked only that the files are deployed and the database address resolves"
	}
	return fmt.Sprintf("whether run.initCommands succeed: the sandbox does not run %s%s; check the runtime log on Zerops", quote(lines), also)
}

// initMissingSource is the line cp or mv prints when a step of the init
// command line c copies or moves a path in /var/www that nothing put there
// (neither deployed, built nor prepared): the command fails, as on the
// platform. Steps after one the sandbox does not model (which may have
// made the path) are not judged; ok is false when nothing is missing.
func (r *runSim) initMissingSource(c, os string) (line Line, ok bool) {
	r.cwd = ""
	for _, st := range parseShell(c) {
		name, args := initWords(st.words)
		if (name == "cp" || name == "mv") && !slices.ContainsFunc(args, func(a string) bool { return a == "-t" || strings.HasPrefix(a, "--target-directory") }) {
			read := nonFlags(args)
			for _, src := range read[:max(0, len(read)-1)] {
				if r.filesThere([]string{src}) {
					continue
				}
				if os == "ubuntu" {
					return Line{3, fmt.Sprintf("%s: cannot stat '%s': No such file or directory", name, src)}, true
				}
				return Line{3, fmt.Sprintf("%s: can't stat '%s': No such file or directory", name, src)}, true
			}
		}
		if !r.initModelled(st.words) {
			return Line{}, false
		}
	}
	return Line{}, false
}

// initWords are a simple command's name and arguments as it runs: its
// variable assignments and sudo (with its options) left out, also those
// after sudo ("" for none left).
func initWords(words []string) (string, []string) {
	for {
		for len(words) > 0 && isAssignment(words[0]) {
			words = words[1:]
		}
		if len(words) == 0 || path.Base(words[0]) != "sudo" {
			break
		}
		words = words[1:]
		for len(words) > 0 && strings.HasPrefix(words[0], "-") {
			flag := words[0]
			words = words[1:]
			if flag == "--" {
				break
			}
			if (flag == "-u" || flag == "-g") && len(words) > 0 {
				words = words[1:]
			}
		}
	}
	if len(words) == 0 {
		return "", nil
	}
	return path.Base(words[0]), words[1:]
}

// initLeavesWwwAlone reports whether the init command line c surely
// writes nothing under /var/www: each step a command the sandbox models
// whose outputs (a cp, mv, mkdir, touch or ln target, a redirection) lie
// outside it, or that writes nothing (chmod, chown, echo, cat, rm). A
// later line's sources are judged only after such lines.
func (r *runSim) initLeavesWwwAlone(c string) bool {
	outside := func(p string) bool {
		return strings.HasPrefix(p, "/") && p != RunRoot && !strings.HasPrefix(p, RunRoot+"/")
	}
	for _, st := range parseShell(c) {
		if !slices.ContainsFunc(st.redir, outside) && len(st.redir) > 0 {
			return false
		}
		name, args := initWords(st.words)
		written, ok := initFileCmds[name]
		switch {
		case name == "":
		case !ok:
			return false
		case written > 0:
			if read := nonFlags(args); len(read) == 0 || !outside(read[len(read)-1]) {
				return false
			}
		case name == "mkdir" || name == "touch":
			if slices.ContainsFunc(nonFlags(args), func(p string) bool { return !outside(p) }) {
				return false
			}
		}
	}
	return true
}
