package deploy

import (
	"context"
	"fmt"

	"github.com/zeropsio/zcp/platform"
)

// sshOptions make ssh fit containers that get new host keys on every
// redeploy and never prompt (lessons #7). They come before any config file
// value because ssh keeps the first value it sees.
var sshOptions = []string{
	"-o", "BatchMode=yes",
	"-o", "ConnectTimeout=10",
	"-o", "ServerAliveInterval=15",
	"-o", "ServerAliveCountMax=3",
	"-o", "StrictHostKeyChecking=no",
	"-o", "UserKnownHostsFile=/dev/null",
	"-o", "LogLevel=ERROR",
}

// sshArgs is ssh's argument list: options, then `--`, host and the one
// remote command string. The token is never in it.
func (d *Deployer) sshArgs(host, command string) []string {
	args := make([]string, 0, len(sshOptions)+5)
	if d.cfg.SSHConfigPath != "" {
		args = append(args, "-F", d.cfg.SSHConfigPath)
	}
	args = append(args, sshOptions...)
	return append(args, "--", host, command)
}

func (d *Deployer) deploySSH(ctx context.Context, p Plan) (*Result, error) {
	if d.cfg.Token == "" {
		return nil, platform.NewError(platform.ErrAuthRequired,
			"no API token to log zcli in with on "+p.SourceService,
			"Set ZEROPS_ZCP_API_KEY for zcp (inside Zerops it is set on the zcp service).")
	}
	if err := ctx.Err(); err != nil {
		return nil, canceledError(err)
	}
	out := d.run(ctx, runSpec{path: d.cfg.SSHPath, args: d.sshArgs(p.SourceService, remoteScript(p)), stdin: d.cfg.Token})
	res := newResult(p, out)
	if out.startErr != nil {
		return nil, &platform.PlatformError{Code: platform.ErrSSHFailed,
			Message:    fmt.Sprintf("cannot run the ssh client %q: %v", d.cfg.SSHPath, out.startErr),
			Suggestion: "Install openssh-client on the machine running zcp.", Err: out.startErr}
	}
	return res, classifySSH(p, out)
}
