package appsim

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
)

// A reference to a service the project lacks stays as written in the
// variable (${db_hostname}): the app looks that host up, and fails to,
// only when it reads the variable. Of what the sandbox read judging a
// start (r.read), a read of the variable on a line of its own at a
// module's top level runs as the module loads: the start fails. A read
// in indented code (a function: a request handler, a startup hook; a
// block) or none read leaves the start unverified, naming the reference.

// missingHostStart is cmd, a start that did not fail, in env, which holds
// a reference to a service the project lacks (env.MissingHost): failing
// to look that host up when it reads the variable as it starts, else
// running, with out noting what the sandbox could not check.
func (r *runSim) missingHostStart(cmd startCmd, env Env, out *RunResult) startCmd {
	if note := r.missingHostNote(env.MissingIn, env.MissingHost); note != "" {
		out.Unchecked = append(out.Unchecked, note)
		return cmd
	}
	cmd.crash, cmd.exit = []Line{{3, r.hostNotFoundLine(cmd.lang, env.MissingHost)}}, 0
	return cmd
}

// missingHostNote is, for a start whose environment's variable key holds
// a reference to host, a service the project lacks: "" when the start
// reads key as its modules load (or key is not known), so it fails to
// look host up; else what the sandbox could not check.
func (r *runSim) missingHostNote(key, host string) string {
	if key == "" {
		return ""
	}
	re, err := regexp.Compile(fmt.Sprintf(envReads(), regexp.QuoteMeta(key)))
	if err != nil {
		return ""
	}
	var later []string
	for _, rel := range slices.Sorted(maps.Keys(r.read)) {
		src := r.read[rel]
		for _, m := range re.FindAllStringIndex(src, -1) {
			start := strings.LastIndexByte(src[:m[0]], '\n') + 1
			line := src[start:m[0]]
			if t := strings.TrimSpace(line); strings.HasPrefix(t, "#") || strings.HasPrefix(t, "//") || strings.HasPrefix(t, "*") {
				continue
			}
			if line == strings.TrimLeft(line, " \t") {
				return "" // at the top level: as the module loads
			}
			if len(later) < 3 {
				later = append(later, fmt.Sprintf("%s:%d", rel, strings.Count(src[:m[0]], "\n")+1))
			}
		}
	}
	ref := fmt.Sprintf("%s holds a reference to %s, a service the project lacks, which stays as written (the app fails to look %s up where it uses %s)", key, host, host, key)
	if len(later) > 0 {
		return fmt.Sprintf("whether the app reads %s as it starts: %s; the sandbox found it read only in indented code, a function or block (%s), not as the module loads, so it started the app, and what runs that code fails",
			key, ref, strings.Join(later, ", "))
	}
	return fmt.Sprintf("whether the app reads %s: %s; no file the sandbox read of its start reads %s, so it started the app", key, ref, key)
}
