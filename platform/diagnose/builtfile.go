package diagnose

import (
	"path"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// outputFlag finds a build command's output file: `-o PATH` (go, gcc,
// rustc), `--output PATH`, `--outfile PATH` (bun build --compile).
var outputFlag = lazyregexp.New(`(?:^|\s)(?:-o|--output|--outfile)(?:\s+|=)([^\s;&|]+)`)

// shipmentExport is Gleam exporting an Erlang shipment, whose start script
// is build/erlang-shipment/entrypoint.sh.
var shipmentExport = lazyregexp.New(`\bgleam\s+export\s+erlang-shipment\b`)

// BuildOutputs are the files commands name as their output, and the start
// script of a Gleam shipment they export.
func BuildOutputs(commands []string) []string {
	var out []string
	for _, c := range commands {
		for _, m := range outputFlag.FindAllStringSubmatch(c, -1) {
			out = append(out, relPath(m[1]))
		}
		if shipmentExport.MatchString(c) {
			out = append(out, "build/erlang-shipment/entrypoint.sh")
		}
	}
	return out
}

// relPath is p relative to the build's source directory, cleaned.
func relPath(p string) string {
	p = strings.Trim(p, `"'`)
	return path.Clean(strings.TrimPrefix(strings.TrimPrefix(p, "/build/source/"), "./"))
}

// startMissing finds the path a start command named that the shell (or
// Go's exec) did not find, or the jar the JVM did not (group 4).
var startMissing = lazyregexp.New(`sh: (?:line )?(?:\d+: )?(\S+): not found|exec: "([^"]+)": stat|sh: (?:line )?(?:\d+: )?(\S+): No such file or directory|Unable to access jarfile (\S+)`)

// deployedAt is where the build's file out lands under /var/www, relative
// to it, by deployFiles files (a `~` cuts the path before it); "" when no
// entry deploys it.
func deployedAt(out string, files []string) string {
	for _, f := range files {
		f = relPath(f)
		if f == "." {
			return out
		}
		if pre, post, cut := strings.Cut(f, "~"); cut {
			pre = strings.TrimSuffix(pre, "/")
			post = strings.Trim(post, "/")
			if rest, ok := strings.CutPrefix(out, pre+"/"); ok && (post == "" || rest == post || strings.HasPrefix(rest, post+"/")) {
				return rest
			}
			continue
		}
		if out == f || strings.HasPrefix(out, f+"/") {
			return out
		}
	}
	return ""
}

// builtFileFix names, for a start that runs a file the deploy lacks, the
// file the build writes (its -o) and where the deploy puts it: run.start
// then names that path, or deployFiles cuts its folder with `~` (and, when
// the start names another file, run.start names the one `~` puts at the
// top: `~` alone would not fix it).
func (d *Diagnosis) builtFileFix(line string, c *Code) {
	m := startMissing.FindStringSubmatch(line)
	if m == nil || c == nil || len(c.Outputs) == 0 {
		return
	}
	ran := relPath(strings.TrimPrefix(m[1]+m[2]+m[3]+m[4], "/var/www/"))
	exe := "./" + ran // what run.start runs: an executable by its path, a jar by its name
	if m[4] != "" {
		exe = ran
	}
	var match string
	for _, o := range c.Outputs {
		if path.Base(o) == path.Base(ran) {
			match = o
		}
	}
	if match == "" && len(c.Outputs) == 1 {
		match = c.Outputs[0] // the build's only executable
	}
	if match == "" {
		return
	}
	at := deployedAt(match, c.DeployFiles)
	if at == "" && match == ran && len(c.DeployFiles) > 0 {
		// deployFiles name other paths (an entry naming a missing one
		// would have failed the build first)
		d.Cause = "`run.start` runs `" + exe + "`, which the build writes, but `build.deployFiles` (" + strings.Join(c.DeployFiles, ", ") + ") does not deploy it."
		d.Fix = "Add `./" + match + "` to `build.deployFiles`, which puts it at /var/www/" + match + ", where `run.start` looks."
		return
	}
	if at == "" || at == ran {
		return // not deployed, or where the start looks: another cause
	}
	if m[4] != "" {
		d.Cause = "`run.start` runs the jar `" + ran + "`, but the build writes `" + match + "`, which the deploy puts at /var/www/" + at + "."
		d.Fix = "In `run.start`, name `" + at + "` in place of `" + ran + "` (`java -jar " + at + "`)"
		if dir := path.Dir(match); path.Dir(at) != "." {
			// The file alone, as the official recipes deploy a binary
			// (walk 85: the folder's contents shipped the whole target).
			d.Fix += ", or deploy it alone at the top with `./" + dir + "/~/" + path.Base(match) + "` in `build.deployFiles`, which puts it at /var/www/" + path.Base(at)
			if path.Base(at) != ran {
				d.Fix += ", and name it so (`java -jar " + path.Base(at) + "`)"
			}
		}
		d.Fix += "."
		return
	}
	d.Cause = "`run.start` runs `./" + ran + "`, but the build writes `" + match + "`, which the deploy puts at /var/www/" + at + "."
	d.Fix = "In `run.start`, run `./" + at + "` in place of `./" + ran + "`, its arguments unchanged"
	if path.Dir(at) != "." {
		// The file alone, as the official recipes deploy a binary (walk
		// 85: the folder's contents shipped the whole cargo target); a
		// script runs what lies beside it (gleam's erlang-shipment).
		way := "deploy it alone at the top with `./" + path.Dir(match) + "/~/" + path.Base(match) + "`"
		if path.Ext(match) == ".sh" {
			way = "deploy the folder's contents with `" + path.Dir(match) + "/~`"
		}
		d.Fix += " (or " + way + " in `build.deployFiles`, which puts it at /var/www/" + path.Base(at)
		if path.Base(at) != ran {
			d.Fix += ", and run `./" + path.Base(at) + "` there"
		}
		d.Fix += ")"
	}
	d.Fix += "."
}
