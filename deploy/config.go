package deploy

import (
	"context"
	"fmt"
	"time"
)

// Defaults applied by New when a Config field is zero.
const (
	DefaultTimeout     = 5 * time.Minute
	DefaultWorkingDir  = "/var/www"
	DefaultOutputLines = 50
)

// Config configures a Deployer. Only Token is secret: it is handed to zcli on
// the remote side through ssh's stdin and never appears in an argument list,
// an environment, a log line or a Result.
type Config struct {
	// SSHConfigPath, when set, is passed to ssh as `-F path` (the wiring sets it
	// from ZCP_SSH_CONFIG); empty means ssh reads ~/.ssh/config as usual.
	SSHConfigPath string
	// Token is the Zerops API token zcli logs in with in SSH mode.
	Token string
	// Timeout bounds one push; zero means DefaultTimeout.
	Timeout time.Duration
	// SSHPath is the ssh client to run; empty means "ssh" from PATH.
	SSHPath string
	// SearchPath is the PATH list searched for zcli in local mode; empty means
	// the process's PATH.
	SearchPath string
	// CLIDataPath is zcli's cli.data checked in local mode before a push; empty
	// means the platform default under HomeDir.
	CLIDataPath string
	// HomeDir is used to find cli.data; empty means os.UserHomeDir.
	HomeDir string
	// Getenv looks up XDG_CONFIG_HOME, which may hold cli.data too; nil means
	// os.Getenv.
	Getenv func(string) string
	// OutputLines is how many trailing output lines a Result keeps; zero means
	// DefaultOutputLines.
	OutputLines int
}

// String describes c with the token redacted, so a Config printed by
// mistake (%v, %+v, a log field) never shows it.
func (c Config) String() string {
	tok := ""
	if c.Token != "" {
		tok = redacted
	}
	return fmt.Sprintf("deploy.Config{SSHConfigPath:%q Token:%q Timeout:%s SSHPath:%q SearchPath:%q CLIDataPath:%q HomeDir:%q OutputLines:%d}",
		c.SSHConfigPath, tok, c.Timeout, c.SSHPath, c.SearchPath, c.CLIDataPath, c.HomeDir, c.OutputLines)
}

// GoString is String, for %#v.
func (c Config) GoString() string { return c.String() }

// Deployer runs pushes. It holds only its configuration, so it is safe for
// concurrent use; serialising pushes to one target is the caller's job (the
// deploy pool actor).
type Deployer struct {
	cfg Config
}

// String describes d with the token redacted.
func (d Deployer) String() string { return "deploy.Deployer{" + d.cfg.String() + "}" }

// GoString is String, for %#v.
func (d Deployer) GoString() string { return d.String() }

// New returns a Deployer with cfg's zero fields set to their defaults.
func New(cfg Config) *Deployer {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.OutputLines <= 0 {
		cfg.OutputLines = DefaultOutputLines
	}
	if cfg.SSHPath == "" {
		cfg.SSHPath = "ssh"
	}
	return &Deployer{cfg: cfg}
}

// Deploy validates req, picks the mode and runs the push, returning when the
// push command ends (the build then continues on the platform). Failures are
// *platform.PlatformError values; when the command ran, the Result is returned
// alongside the error so the caller can show its output.
func (d *Deployer) Deploy(ctx context.Context, req Request) (*Result, error) {
	p, err := Validate(req)
	if err != nil {
		return nil, err
	}
	if p.Mode == ModeSSH {
		return d.deploySSH(ctx, p)
	}
	return d.deployLocal(ctx, p)
}
