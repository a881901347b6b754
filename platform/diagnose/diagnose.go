package diagnose

// Stage names which log the lines come from: a build's or a running app's.
// The zero value means unknown; a line that means different things in the
// two logs is then read as a runtime line.
type Stage int

// The stages.
const (
	Build Stage = iota + 1
	Runtime
)

// Diagnosis is one explanation of a failure found in log lines.
type Diagnosis struct {
	Signal   string `json:"signal"`          // stable id, e.g. "npm-missing-script"
	Cause    string `json:"cause,omitempty"` // what went wrong, in one sentence; left out where the answer's error states it
	Fix      string `json:"fix,omitempty"`   // the action in Zerops terms; left out where the answer's next step states it
	Evidence string `json:"evidence"`        // the log line that showed it, clipped
	Doc      string `json:"doc"`             // zerops://docs/... URI that explains it

	envOnly bool   // the fix is an env change a restart applies, no deploy
	missing string // the cause is a reference to this service, which the project lacks
	unset   string // the cause is this variable, which the app started without
}

// Options add what the caller knows besides the lines.
type Options struct {
	// Ports are the service's declared run.ports; when set, an app that logs
	// it listens on another port is diagnosed wrong-port.
	Ports []int
	// Port is the service's declared port, written into the fix texts when
	// Ports is empty; unlike Ports it diagnoses nothing. With neither, a fix
	// names the port in words, never a made-up value.
	Port int
	// BadRefs are the service's and project's variables whose references
	// name no service; a diagnosis of the host or variable they leave
	// unresolved then names the variable and the call that fixes it.
	BadRefs []BadRef
	// Env holds variables known to be set for the app (service and project
	// variables); a wrong port despite PORT set there, or a localhost bind
	// despite HOST=0.0.0.0, is then in the code.
	Env map[string]string
	// YmlEnv holds the deployed zerops.yml's run.envVariables, which win
	// over Env: a bind or port they set is fixed there, with a deploy.
	YmlEnv map[string]string
	// WebServer names the runtime when its own web server serves the app
	// on 80 (php-nginx, php-apache, nginx, static): a declared port other
	// than 80 then has nothing of the app's to listen on it.
	WebServer string
	// Runtime is what runs the app: the run.base pushed, else the
	// service's type (nodejs@22, python@3.12; "" unknown): a fix in the
	// app's code is given in its language.
	Runtime string
	// Code is what ZCP read of the deployed code when it pushed it (nil:
	// nothing): where a localhost bind is written, or which file run.start
	// starts.
	Code *Code
	// Peers are the project's services, hostname → service type name
	// (postgresql, valkey, rabbitmq); a refused call at a managed kind's
	// port then names the one service of that kind, not a placeholder.
	Peers map[string]string

	startBind string // the start command's local bind option the lines show, if any
	startPort string // the start command's option giving the port the lines show, if any
	// checkedPort: a readiness check that never passed asked the declared
	// port, which the app does not listen on; a fix moving `run.ports`
	// moves the check too, or the next deploy's check fails the same way.
	checkedPort bool
	// checkAsked: Ports holds only the port a refused readiness check
	// asked, read from the log; whether run.ports declares it is not known.
	checkAsked bool
}

// setVar is the value of key the app gets from opt and whether
// run.envVariables set it; "" when neither sets it.
func (opt Options) setVar(key string) (value string, inYml bool) {
	if v, ok := opt.YmlEnv[key]; ok {
		return v, true
	}
	return opt.Env[key], false
}

// Classify diagnoses lines from the given stage, most likely cause first;
// nil when the lines show no failure.
func Classify(lines []string, stage Stage) []Diagnosis {
	return ClassifyWith(lines, stage, Options{})
}
