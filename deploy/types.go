package deploy

import (
	"time"

	"github.com/zeropsio/zcp/platform"
)

// Deploy modes.
const (
	ModeSSH   = "ssh"   // ssh into a sibling runtime container and run zcli push there
	ModeLocal = "local" // run the local zcli (development outside Zerops)
)

// Request is a deploy as the agent asked for it, before validation. In SSH
// mode SourceService is the container to ssh into and TargetServiceID the
// service to push to (defaulting to the source's own id when empty, resolved
// by the caller). In local mode WorkingDir is a local directory and ServiceID
// the target.
type Request struct {
	SourceService   string
	TargetServiceID string
	Setup           string
	WorkingDir      string
	ServiceID       string
}

// Result is the outcome of one push. Output holds the last lines of the
// command's output with secrets redacted. Started marks when the push began:
// builds created after it belong to this deploy.
type Result struct {
	Mode            string        `json:"mode"`
	SourceService   string        `json:"sourceService,omitempty"`
	TargetServiceID string        `json:"targetServiceId"`
	Setup           string        `json:"setup,omitempty"`
	WorkingDir      string        `json:"workingDir,omitempty"`
	ExitCode        int           `json:"exitCode"`
	Output          []string      `json:"output,omitempty"`
	Started         time.Time     `json:"started"`
	Duration        time.Duration `json:"duration"`
	// AppVersion is the version the push created, when the pusher knows it
	// (the API pusher does; zcli over SSH does not say).
	AppVersion *platform.AppVersion `json:"-"`
	// Digest identifies what was uploaded (the files, zerops.yml and the
	// setup): equal for the same upload; "" when not known (SSH).
	Digest string `json:"-"`
}
