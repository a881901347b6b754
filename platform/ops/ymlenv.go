package ops

import (
	"maps"
	"slices"

	"github.com/zeropsio/zcp/platform/zeropsyml"
)

// Setup is a zerops.yml decoded once and one setup's entry in it, with what
// the entry inherits by extends: what a deploy reads of the file it pushes.
// The zero value, or one over a file that does not decode or lacks the
// entry, answers as a file that sets nothing. Read-only after ReadSetup;
// safe for concurrent use.
type Setup struct {
	file  *zeropsyml.File
	entry *zeropsyml.Setup
}

// ReadSetup decodes content (a zerops.yml) once and looks up setup's
// entry; no entry when setup is "".
func ReadSetup(content, setup string) Setup {
	f, err := zeropsyml.Parse([]byte(content))
	if err != nil {
		return Setup{}
	}
	y := Setup{file: f}
	if setup != "" {
		y.entry = f.Lookup(setup)
	}
	return y
}

// run is the entry's run block; nil when it has none.
func (y Setup) run() *zeropsyml.Run {
	if y.entry == nil {
		return nil
	}
	return y.entry.Run
}

// build is the entry's build block; nil when it has none.
func (y Setup) build() *zeropsyml.Build {
	if y.entry == nil {
		return nil
	}
	return y.entry.Build
}

// RunEnv is the entry's run.envVariables (null values left out); nil
// without an entry.
func (y Setup) RunEnv() map[string]string {
	if y.entry == nil {
		return nil
	}
	out := map[string]string{}
	if r := y.run(); r != nil {
		maps.Copy(out, r.EnvVariables.Values())
	}
	return out
}

// Run is the entry's run.base and start command: run.start, else the
// first run.startCommands'; "" for what it does not set.
func (y Setup) Run() (base, start string) {
	r := y.run()
	if r == nil {
		return "", ""
	}
	start = r.Start
	if start == "" && len(r.StartCommands) > 0 {
		start = r.StartCommands[0].Command
	}
	return r.Base, start
}

// Ports are the entry's run.ports; nil when it sets none.
func (y Setup) Ports() []int {
	r := y.run()
	if r == nil {
		return nil
	}
	var out []int
	for _, p := range r.Ports {
		out = append(out, p.Port)
	}
	return out
}

// CheckPorts are the ports the entry's httpGet checks ask: run.healthCheck's
// and deploy.readinessCheck's; 0 for a check it lacks or an exec check.
func (y Setup) CheckPorts() (health, readiness int) {
	if r := y.run(); r != nil && r.HealthCheck != nil && r.HealthCheck.HTTPGet != nil {
		health = r.HealthCheck.HTTPGet.Port
	}
	if y.entry != nil && y.entry.Deploy != nil && y.entry.Deploy.ReadinessCheck != nil && y.entry.Deploy.ReadinessCheck.HTTPGet != nil {
		readiness = y.entry.Deploy.ReadinessCheck.HTTPGet.Port
	}
	return health, readiness
}

// DocumentRoot is the entry's run.documentRoot; "" when it sets none.
func (y Setup) DocumentRoot() string {
	if r := y.run(); r != nil {
		return r.DocumentRoot
	}
	return ""
}

// Init are the entry's run.initCommands, then those of its
// run.startCommands; nil when it sets none.
func (y Setup) Init() []string {
	r := y.run()
	if r == nil {
		return nil
	}
	out := slices.Clone(r.InitCommands)
	for _, c := range r.StartCommands {
		out = append(out, c.InitCommands...)
	}
	return out
}

// Build is the entry's build.buildCommands and build.deployFiles; ok false
// when it has no build.
func (y Setup) Build() (commands, deployFiles []string, ok bool) {
	b := y.build()
	if b == nil {
		return nil, nil, false
	}
	return b.BuildCommands, b.DeployFiles, true
}

// BuildBase is the first of the entry's build.base, which the run
// container runs when run.base is unset; "" when it has none.
func (y Setup) BuildBase() string {
	if b := y.build(); b != nil && len(b.Base) > 0 {
		return b.Base[0]
	}
	return ""
}

// RunPrepare is the entry's build.addToRunPrepare; ok false when it has no
// build.
func (y Setup) RunPrepare() (entries []string, ok bool) {
	b := y.build()
	if b == nil {
		return nil, false
	}
	return b.AddToRunPrepare, true
}

// Prepare is the entry's run.prepareCommands; nil when it sets none.
func (y Setup) Prepare() []string {
	if r := y.run(); r != nil {
		return r.PrepareCommands
	}
	return nil
}

// BuildOnlyEnv are the keys the entry's build.envVariables set that its
// run.envVariables do not, sorted: variables only the build container
// gets. nil without a build.
func (y Setup) BuildOnlyEnv() []string {
	b := y.build()
	if b == nil {
		return nil
	}
	var run map[string]string
	if r := y.run(); r != nil {
		run = r.EnvVariables.Values()
	}
	var out []string
	for k := range b.EnvVariables.Values() {
		if _, ok := run[k]; !ok {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// Names are the setups the file declares, in order; nil when it does not
// decode.
func (y Setup) Names() []string {
	if y.file == nil {
		return nil
	}
	return append([]string{}, y.file.Names()...)
}

// RunBases are the runtimes the file's setups run (run.base, else the
// first build.base), each once, in order; nil when it does not decode.
func (y Setup) RunBases() []string {
	if y.file == nil {
		return nil
	}
	var out []string
	for _, name := range y.file.Names() {
		s := y.file.Lookup(name)
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
