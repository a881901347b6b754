package ops

import (
	"maps"
	"slices"

	"github.com/zeropsio/zcp/platform/zeropsyml"
)

// lookupSetup is setup's entry in the zerops.yml content, with what it inherits
// by extends; nil when setup is "", the file does not decode or has no such
// setup.
func lookupSetup(content, setup string) *zeropsyml.Setup {
	if setup == "" {
		return nil
	}
	f, err := zeropsyml.Parse([]byte(content))
	if err != nil {
		return nil
	}
	return f.Lookup(setup)
}

// SetupRunEnv is the run.envVariables of setup's entry in a zerops.yml,
// with what it inherits by extends (null values left out); nil when the file
// does not decode or has no such setup.
func SetupRunEnv(content, setup string) map[string]string {
	s := lookupSetup(content, setup)
	if s == nil {
		return nil
	}
	out := map[string]string{}
	if s.Run != nil {
		maps.Copy(out, s.Run.EnvVariables.Values())
	}
	return out
}

// SetupRun is the run base and start command of setup's entry in a
// zerops.yml: its run.base and run.start, else its first
// run.startCommands' (inherited by extends); "" for what the file does not
// decode or set.
func SetupRun(content, setup string) (base, start string) {
	s := lookupSetup(content, setup)
	if s == nil || s.Run == nil {
		return "", ""
	}
	start = s.Run.Start
	if start == "" && len(s.Run.StartCommands) > 0 {
		start = s.Run.StartCommands[0].Command
	}
	return s.Run.Base, start
}

// SetupPorts are the run.ports of setup's entry in a zerops.yml
// (inherited by extends); nil when the file does not decode or sets none.
func SetupPorts(content, setup string) []int {
	s := lookupSetup(content, setup)
	if s == nil || s.Run == nil {
		return nil
	}
	var out []int
	for _, p := range s.Run.Ports {
		out = append(out, p.Port)
	}
	return out
}

// SetupDocumentRoot is run.documentRoot of setup's entry in a zerops.yml
// (inherited by extends); "" when the file does not decode or sets none.
func SetupDocumentRoot(content, setup string) string {
	s := lookupSetup(content, setup)
	if s == nil || s.Run == nil {
		return ""
	}
	return s.Run.DocumentRoot
}

// SetupInit are the run.initCommands of setup's entry in a zerops.yml,
// then those of its run.startCommands (inherited by extends); nil when
// the file does not decode or sets none.
func SetupInit(content, setup string) []string {
	s := lookupSetup(content, setup)
	if s == nil || s.Run == nil {
		return nil
	}
	out := slices.Clone(s.Run.InitCommands)
	for _, c := range s.Run.StartCommands {
		out = append(out, c.InitCommands...)
	}
	return out
}

// SetupBuild is build.buildCommands and build.deployFiles of setup's entry
// in a zerops.yml (inherited by extends); ok false when the file does not
// decode or has no such entry with a build.
func SetupBuild(content, setup string) (commands, deployFiles []string, ok bool) {
	s := lookupSetup(content, setup)
	if s == nil || s.Build == nil {
		return nil, nil, false
	}
	return s.Build.BuildCommands, s.Build.DeployFiles, true
}

// SetupRunPrepare is setup's build.addToRunPrepare; ok is false when the
// file does not decode or has no such setup with a build.
func SetupRunPrepare(content, setup string) (entries []string, ok bool) {
	s := lookupSetup(content, setup)
	if s == nil || s.Build == nil {
		return nil, false
	}
	return s.Build.AddToRunPrepare, true
}

// SetupPrepare is setup's run.prepareCommands (inherited by extends); nil
// when the file does not decode or sets none.
func SetupPrepare(content, setup string) []string {
	s := lookupSetup(content, setup)
	if s == nil || s.Run == nil {
		return nil
	}
	return s.Run.PrepareCommands
}

// SetupBuildOnlyEnv are the keys setup's build.envVariables set that its
// run.envVariables do not (inherited by extends), sorted: variables only
// the build container gets. nil when the file does not decode.
func SetupBuildOnlyEnv(content, setup string) []string {
	s := lookupSetup(content, setup)
	if s == nil || s.Build == nil {
		return nil
	}
	var run map[string]string
	if s.Run != nil {
		run = s.Run.EnvVariables.Values()
	}
	var out []string
	for k := range s.Build.EnvVariables.Values() {
		if _, ok := run[k]; !ok {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// SetupNames are the setups a zerops.yml declares, in order; nil when it
// does not decode.
func SetupNames(content string) []string {
	f, err := zeropsyml.Parse([]byte(content))
	if err != nil {
		return nil
	}
	return append([]string{}, f.Names()...)
}

// SetupRunBases are the runtimes content's setups run (run.base, else the
// first build.base), each once, in order; nil when it cannot be read.
func SetupRunBases(content string) []string {
	f, err := zeropsyml.Parse([]byte(content))
	if err != nil {
		return nil
	}
	var out []string
	for _, name := range f.Names() {
		s := f.Lookup(name)
		if s == nil {
			continue
		}
		base := ""
		switch {
		case s.Run != nil && s.Run.Base != "":
			base = s.Run.Base
		case s.Build != nil && len(s.Build.Base) > 0:
			base = s.Build.Base[0]
		}
		if base != "" && !slices.Contains(out, base) {
			out = append(out, base)
		}
	}
	return out
}
