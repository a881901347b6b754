package appsim

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Bundler installs a Ruby app's gems (bundle install) and runs its
// commands with them (bundle exec). The run container has only what the
// deploy carries: gems installed in the build must be deployed where
// bundler looks for them, vendor/bundle (or BUNDLE_PATH) beside the
// Gemfile, unless run.prepareCommands installs them.

func bundlerRecord() *tool {
	return &tool{name: "bundler", names: []string{"bundle"}, lang: "ruby", build: bundleBuild, runner: bundleRunner}
}

// bundleRunner: bundle exec runs its command with the bundle's gems, once
// bundler finds the Gemfile and the gems (bundleExec).
func bundleRunner(r *runSim, args []string, env map[string]string) ([]string, startCmd, bool) {
	if len(args) < 2 || args[0] != "exec" {
		return nil, startCmd{}, false
	}
	if c, failed := r.bundleExec(env); failed {
		return nil, c, true
	}
	return args[1:], startCmd{}, false
}

// bundleBuild: bundle install needs a Gemfile (or gems.rb, or --gemfile);
// it installs the gems into --path, else vendor/bundle. --path,
// --deployment and bundle config write .bundle/config.
func bundleBuild(b *buildSim, _ string, args []string, _ int) (int, bool, bool) {
	sub := firstFile(args)
	if sub == "config" || valueAfter(args, "--path") != "" || hasFlag(args, "--deployment") {
		b.produce(".bundle") // its config: where the gems go, read at run time
	}
	if sub == "config" {
		if p, _ := builtBundlePath([]string{"bundle " + strings.Join(args, " ")}); p != "" {
			b.bundlePath = p
		}
	}
	if sub != "install" && sub != "" {
		return 0, false, false
	}
	if b.files != nil && !b.exists(path.Join(b.cwd, "Gemfile")) && !b.exists(path.Join(b.cwd, "gems.rb")) &&
		valueAfter(args, "--gemfile") == "" {
		b.err("Could not locate Gemfile")
		return 10, false, true
	}
	if flag := bundleFrozen(args, b.env); flag != "" && b.files != nil && valueAfter(args, "--gemfile") == "" &&
		!b.exists(path.Join(b.cwd, "Gemfile.lock")) && !b.exists(path.Join(b.cwd, "gems.locked")) {
		b.err(fmt.Sprintf("The %s requires a lockfile. Please make sure you have checked your Gemfile.lock into version control before deploying.", flag))
		return 16, false, true
	}
	b.installs("bundle", orStr(valueAfter(args, "--path"), b.bundlePath))
	return 0, false, true
}

// bundleFrozen names what puts `bundle install` in deployment (frozen)
// mode, where bundler installs only what the lockfile locks and stops
// without one: its --deployment or --frozen flag, or BUNDLE_DEPLOYMENT or
// BUNDLE_FROZEN set true (the Ruby recipe's build.envVariables set
// BUNDLE_DEPLOYMENT: 1); "" when none does. A setting made by `bundle
// config` is not read.
func bundleFrozen(args []string, env map[string]string) string {
	on := func(k string) bool { v := strings.ToLower(env[k]); return v == "1" || v == "true" }
	switch {
	case hasFlag(args, "--deployment"):
		return "--deployment flag"
	case hasFlag(args, "--frozen"):
		return "--frozen flag"
	case on("BUNDLE_DEPLOYMENT"):
		return "deployment setting"
	case on("BUNDLE_FROZEN"):
		return "frozen setting"
	}
	return ""
}

var (
	gemLineRe     = lazyregexp.New(`(?m)^\s*gem\s+['"]([\w.-]+)['"]`)
	lockSpecRe    = lazyregexp.New(`(?m)^    ([\w.-]+) \(([^)\s]+)\)$`)
	bundlePathCfg = lazyregexp.New(`(?m)^BUNDLE_PATH:\s*["']?([^"'\n]+)`)
)

// bundleExec judges `bundle exec`'s start in env: the Gemfile must be
// deployed in the working directory or above, and the gems it names
// installed where bundler looks; false when it runs.
func (r *runSim) bundleExec(env map[string]string) (startCmd, bool) {
	if r.files == nil || env["BUNDLE_GEMFILE"] != "" {
		return startCmd{}, false
	}
	dir, ok := r.gemfileDir()
	if !ok {
		return startCmd{lang: "ruby", exit: 10, crash: []Line{{3, "Could not locate Gemfile or .bundle/ directory"}}}, true
	}
	if missing := r.gemsMissing(dir, env); missing != nil {
		return startCmd{lang: "ruby", exit: 7, crash: missing}, true
	}
	return startCmd{}, false
}

// gemfileDir is the directory at or above the working directory whose
// Gemfile (or gems.rb) the deploy carries.
func (r *runSim) gemfileDir() (string, bool) {
	for d := r.cwd; ; d = path.Dir(d) {
		if d == "." || d == "/" {
			d = ""
		}
		for _, n := range []string{"Gemfile", "gems.rb"} {
			if r.deployed(path.Join(d, n)) != "" || r.producedAt(path.Join(d, n)) {
				return d, true
			}
		}
		if d == "" {
			return "", false
		}
	}
}

// gemsMissing is what bundler prints when the gems the Gemfile in dir names
// are not installed in the run container: nothing installs them there and
// the deploy does not carry where the build put them. nil when they may be
// there (a build not known or that may have made anything, a path outside
// /var/www).
func (r *runSim) gemsMissing(dir string, env map[string]string) []Line {
	gemfile, ok := r.deployedText(path.Join(dir, "Gemfile"))
	if !ok || r.produced == nil || r.unknown || installsPackages("ruby", r.ownLines()) {
		return nil
	}
	gems := gemLineRe.FindAllStringSubmatch(gemfile, -1)
	if len(gems) == 0 {
		return nil
	}
	at := env["BUNDLE_PATH"]
	if cfg, ok := r.deployedText(path.Join(dir, ".bundle/config")); ok && at == "" {
		if m := bundlePathCfg.FindStringSubmatch(cfg); m != nil {
			at = strings.TrimSpace(m[1])
		}
	} else if !ok && r.producedAt(path.Join(dir, ".bundle/config")) && at == "" {
		// The build configured bundler: where the gems are is what its
		// commands told it, when the sandbox reads them all.
		p, read := builtBundlePath(r.d.BuildCommands)
		if !read {
			r.unread = append(r.unread, path.Join(dir, ".bundle/config"))
			return nil
		}
		at = p
	}
	at = orStr(at, "vendor/bundle")
	if strings.HasPrefix(at, "/") && !strings.HasPrefix(at, RunRoot+"/") {
		return nil
	}
	rel := path.Join(dir, at)
	if strings.HasPrefix(at, "/") {
		rel = r.path(at)
	}
	if r.deployed(rel) != "" || r.producedAt(rel) {
		return nil
	}
	var names []string
	if lock, ok := r.deployedText(path.Join(dir, "Gemfile.lock")); ok {
		for _, m := range lockSpecRe.FindAllStringSubmatch(lock, -1) {
			names = append(names, m[1]+"-"+m[2])
		}
	}
	if len(names) == 0 {
		return []Line{{3, fmt.Sprintf("Could not find gem '%s' in locally installed gems.", gems[0][1])}}
	}
	return []Line{{3, fmt.Sprintf("Could not find %s in locally installed gems", strings.Join(names, ", "))},
		{3, "Run `bundle install` to install missing gems."}}
}

// builtBundlePath is the gem path the build's commands write into
// .bundle/config: `bundle config [set] [--local] path X`, `bundle install
// --path X`, deployment mode (vendor/bundle); "" when they set none. read
// is false when a command configures bundler in a way not read here (the
// system's gems, another setting taken from a variable).
func builtBundlePath(cmds []string) (at string, read bool) {
	read = true
	for _, line := range cmds {
		for _, st := range parseShell(line) {
			w := st.words
			if len(w) < 2 || path.Base(w[0]) != "bundle" {
				continue
			}
			switch w[1] {
			case "install":
				if p := valueAfter(w[2:], "--path"); p != "" {
					at = p
				} else if hasFlag(w[2:], "--deployment") {
					at = "vendor/bundle"
				}
			case "config":
				args := slices.DeleteFunc(slices.Clone(w[2:]), func(a string) bool { return strings.HasPrefix(a, "--") || a == "set" })
				if len(args) < 2 {
					continue
				}
				key, val := strings.ToLower(args[0]), strings.Trim(args[1], `"'`)
				switch {
				case key == "path":
					at = val
				case key == "deployment" && val == "true":
					at = orStr(at, "vendor/bundle")
				case key == "path.system" || strings.Contains(val, "$"):
					read = false
				}
			}
		}
	}
	return at, read
}
