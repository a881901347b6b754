package appsim

import "strings"

// Setup is the zerops.yml setup a deploy runs, as the simulator reads it.
type Setup struct {
	BuildBase     string   // build.base as the log names it (a list joined with " + ")
	BuildBases    []string // build.base's names, each as written
	BuildCommands []string
	RunBase       string // run.base; "": the service's own type
	DeployFiles   []string
	Start         string
	StartCommands []StartCommand // run.startCommands: each a process of its own
	Ports         []Port         // run.ports
	EnvVariables  map[string]string
	BuildEnv      map[string]string // build.envVariables: the build commands' environment, and what ${BUILD_NAME} in run.envVariables reads
	Prep          Prep              // prepareCommands, initCommands, readinessCheck
	DocRoot       string            // run.documentRoot, relative to /var/www
	SiteConfig    string            // run.siteConfigPath, relative to /var/www
}

// Port is one of run.ports.
type Port struct {
	Port int
	HTTP bool // httpSupport
}

// StartCommand is one of run.startCommands: a command, its name and the
// directory it starts in (absolute, or relative to /var/www; "": /var/www).
type StartCommand struct {
	Command, Name, WorkingDir string
}

// Prep is what a setup says besides building and starting:
// build.prepareCommands, run.prepareCommands, run.initCommands, the OS of
// the build and run containers, deploy.readinessCheck and run.healthCheck.
type Prep struct {
	BuildOS, RunOS string // build.os, run.os as written
	BuildPrepare   []string
	RunPrepare     []string
	Init           []string
	Ready          *Readiness // nil: no readiness check
	Health         *Readiness // run.healthCheck, read alike; nil: none
	ToRunPrep      []string   // build.addToRunPrepare: the files run.prepareCommands have
}

// Readiness is deploy.readinessCheck: an HTTP GET on Port (Path) or a
// command (Exec).
type Readiness struct {
	Port int
	Path string
	Exec string
}

// Starts is what the run starts: run.start, then each of run.startCommands.
func (d *Setup) Starts() []StartCommand {
	out := d.StartCommands
	if strings.TrimSpace(d.Start) != "" {
		out = append([]StartCommand{{Command: d.Start}}, out...)
	}
	return out
}

// StartText is what the run starts, as its log names it ("" for nothing).
func (d *Setup) StartText() string {
	var parts []string
	for _, c := range d.Starts() {
		if c.Name != "" {
			parts = append(parts, c.Name+": "+c.Command)
		} else {
			parts = append(parts, c.Command)
		}
	}
	return strings.Join(parts, "; ")
}
