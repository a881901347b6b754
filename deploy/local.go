package deploy

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/zeropsio/zcp/platform"
)

const zcliInstallHint = "Install zcli (npm i -g @zerops/zcli, or see https://docs.zerops.io/references/cli) and make sure it is on zcp's PATH, then run 'zcli login'. Inside Zerops, deploy with sourceService instead."

func (d *Deployer) deployLocal(ctx context.Context, p Plan) (*Result, error) {
	zcli, err := d.findZcli()
	if err != nil {
		return nil, err
	}
	if err := d.checkCLILogin(); err != nil {
		return nil, err
	}
	st, err := os.Stat(p.WorkingDir)
	if err != nil || !st.IsDir() {
		return nil, platform.NewError(platform.ErrFileNotFound,
			fmt.Sprintf("workingDir %s is not a directory on this machine", p.WorkingDir),
			"Pass the local directory holding zerops.yml and your code.")
	}
	if err := ctx.Err(); err != nil {
		return nil, canceledError(err)
	}
	args := []string{"push", "--service-id", p.TargetServiceID}
	if p.Setup != "" {
		args = append(args, "--setup", p.Setup)
	}
	// What zcli uploads, read before it runs; too much to read: not known.
	files, _ := digestDir(ctx, p.WorkingDir, ".", uploadLimits)
	out := d.run(ctx, runSpec{path: zcli, args: args, dir: p.WorkingDir})
	if out.startErr != nil {
		return nil, &platform.PlatformError{Code: platform.ErrZcliNotFound,
			Message: fmt.Sprintf("cannot run zcli at %s: %v", zcli, out.startErr), Suggestion: zcliInstallHint, Err: out.startErr}
	}
	res := newResult(p, out)
	if files != "" {
		res.Digest = uploadDigest(files, "", p.Setup)
	}
	if err := interrupted("zcli push", out, "Large uploads may need a longer timeout; check your network to Zerops."); err != nil {
		if out.success {
			return res, nil // the push got through before the kill
		}
		return res, err
	}
	if out.exitCode != 0 {
		return res, deployFailed(fmt.Sprintf("zcli push failed (exit %d)", out.exitCode), out, pushHint(p))
	}
	return res, nil
}

// findZcli resolves zcli on Config.SearchPath (or PATH).
func (d *Deployer) findZcli() (string, error) {
	notFound := func(err error) error {
		return &platform.PlatformError{Code: platform.ErrZcliNotFound, Message: "zcli was not found on PATH", Suggestion: zcliInstallHint, Err: err}
	}
	if d.cfg.SearchPath == "" {
		p, err := exec.LookPath("zcli")
		if err != nil {
			return "", notFound(err)
		}
		return filepath.Abs(p)
	}
	for _, dir := range filepath.SplitList(d.cfg.SearchPath) {
		if dir == "" || !filepath.IsAbs(dir) {
			continue // a relative PATH entry would depend on the working directory
		}
		if p, err := exec.LookPath(filepath.Join(dir, "zcli")); err == nil {
			return p, nil
		}
	}
	return "", notFound(errors.New("not in " + d.cfg.SearchPath))
}
