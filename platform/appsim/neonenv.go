package appsim

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// neonEnvRe is a Nette config's read of a container variable, %env.KEY%
// (the env parameters a bootstrap fills from getenv(), as Contributte's
// does).
var neonEnvRe = lazyregexp.New(`%env\.(\w+)%`)

// phpNeonEnv is the note of the variables the deployed Nette configs
// (config/**/*.neon, test configs and examples aside) read as %env.KEY%
// that the container's variables do not set: Nette stops on a missing
// parameter, which the sandbox, serving PHP pages without running them,
// cannot show; none when there are none.
func (r *runSim) phpNeonEnv() []string {
	if r.files == nil || r.env.Vars == nil || !strings.HasPrefix(r.base, "php") {
		return nil
	}
	var configs []string
	for src := range r.files.paths {
		for _, dest := range deployedAt(r.d.DeployFiles, src) {
			base := path.Base(dest)
			if strings.HasPrefix(dest, "config/") && strings.HasSuffix(base, ".neon") && !strings.HasPrefix(base, "test") && !slices.Contains(configs, dest) {
				configs = append(configs, dest)
			}
		}
	}
	slices.Sort(configs)
	var where, keys []string
	for _, rel := range configs {
		src, ok := r.deployedText(rel)
		if !ok {
			continue
		}
		for _, m := range neonEnvRe.FindAllStringSubmatchIndex(src, -1) {
			key := src[m[2]:m[3]]
			if _, set := r.env.Vars[key]; set || slices.Contains(keys, key) {
				continue
			}
			keys = append(keys, key)
			where = append(where, fmt.Sprintf("%s (%s:%d)", key, rel, strings.Count(src[:m[0]], "\n")+1))
		}
	}
	if len(where) == 0 {
		return nil
	}
	init := ""
	if len(r.d.Prep.Init) > 0 {
		init = "; run.initCommands run with the same variables"
	}
	return []string{fmt.Sprintf("whether the app starts without %s: the Nette config reads %s as %%env.…%%, which no variable sets, and Nette stops on a missing parameter; set %s in run.envVariables%s",
		strings.Join(where, " and "), itThem(len(keys)), itEach(len(keys)), init)}
}

func itThem(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

func itEach(n int) string {
	if n == 1 {
		return "it"
	}
	return "each"
}
