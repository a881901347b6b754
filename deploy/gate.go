package deploy

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
	"github.com/zeropsio/zcp/platform/ops"
)

// ZeropsYmlReader is a pusher that can read the zerops.yml it would push
// (see Env.ReadZeropsYml). Deploys call it concurrently, as they push.
type ZeropsYmlReader interface {
	ReadZeropsYml(ctx context.Context, req Request) (file, content string, err error)
}

// pushedSetup is what a push's zerops.yml (and the code its run.start
// starts) showed of the setup pushed: its run.envVariables (nil: not
// read) and its code (nil: not known).
type pushedSetup struct {
	env    map[string]string
	code   *diagnose.Code
	setups []string // every setup of the zerops.yml pushed; nil: not read
	bases  []string // the runtimes its setups run; nil: not read
}

// checkBeforePush refuses a push of req to a target being deleted, and one
// whose zerops.yml zerops_validate's
// rules reject for the setup pushed (req.Setup, else the target's hostname):
// the platform refuses the same (what its schema refuses, a missing setup, a
// base not in the live catalog); a warning never refuses. It answers that
// setup's warnings, unresolvable
// envVariables references and HTTP ports the target's subdomain cannot reach
// included.
func checkBeforePush(ctx context.Context, env Env, req Request, targetName string) ([]platform.Issue, pushedSetup, error) {
	var target *platform.ServiceStack
	if env.Client != nil {
		// Read by id: the project's service list may lag a deletion.
		target, _ = env.Client.GetService(ctx, cmp.Or(req.TargetServiceID, req.ServiceID)) // unread: not refused, no subdomain check
	}
	if err := deployableTarget(target, targetName); err != nil {
		return nil, pushedSetup{}, err
	}
	if env.ReadZeropsYml == nil {
		return nil, pushedSetup{}, nil
	}
	file, content, err := env.ReadZeropsYml(ctx, req)
	if err != nil {
		return nil, pushedSetup{}, fmt.Errorf("read zerops.yml before the push: %w", err)
	}
	if content == "" {
		return nil, pushedSetup{}, nil
	}
	setup := cmp.Or(req.Setup, targetName)
	if setup == "" && target != nil {
		setup = target.Name
	}
	var types []platform.ServiceStackType
	if env.Types != nil {
		types = env.Types(ctx)
	}
	pub := ops.Published{Types: types}
	if env.Schemas != nil {
		pub.Schemas = env.Schemas(ctx)
	}
	issues, warnings, err := ops.ValidateSetup(ctx, env.project(), content, setup, target, pub)
	if err != nil {
		var pe *platform.PlatformError
		if errors.As(err, &pe) {
			cp := *pe
			cp.Message = file + ": " + pe.Message
			cp.Suggestion = pe.Suggestion + " Nothing was pushed; fix it, check it with zerops_validate, then zerops_deploy again."
			return nil, pushedSetup{}, &cp
		}
		return nil, pushedSetup{}, fmt.Errorf("check %s: %w", file, err)
	}
	if len(issues) > 0 {
		head := fmt.Sprintf("%s is not valid for setup %s (%d problem(s)): ", file, cmp.Or(setup, "(any)"), len(issues))
		return nil, pushedSetup{}, &ops.IssuesError{Problems: issues, Brief: head + platform.JoinProblems(issues), PlatformError: platform.NewError(platform.ErrInvalidZeropsYml,
			head+platform.JoinIssues(issues),
			"Nothing was pushed. Fix every listed problem (path, problem, fix) in "+file+", check it with zerops_validate, then zerops_deploy again.")}
	}
	y := ops.ReadSetup(content, setup)
	return warnings, pushedSetup{env: y.RunEnv(), code: pushedCode(ctx, env, req, y), setups: y.Names(), bases: y.RunBases()}, nil
}

// deployableTarget refuses a target whose deletion is under way: the
// platform takes no app version for it, and a managed service (only
// runtimes take deploys). target nil: not read, not refused.
func deployableTarget(target *platform.ServiceStack, name string) error {
	if target == nil {
		return nil
	}
	// A target named by id has not been checked for its category yet.
	if err := runtimeOnly(target, "target"); err != nil {
		return err
	}
	if target.Status != platform.ServiceDeleting {
		return nil
	}
	name = cmp.Or(name, target.Name, target.ID)
	return invalidParam(fmt.Sprintf("the target %s is being deleted (status %s): the platform takes no deploy for it", name, target.Status),
		fmt.Sprintf("Nothing was pushed. Deploy to another runtime service (zerops_discover lists them); if %s is still needed, re-create it with zerops_import once its deletion ends, then deploy again.", name))
}

// ReadZeropsYml reads the zerops.yml the push of req would send, as
// readZeropsYml does for Deploy.
func (p *APIPusher) ReadZeropsYml(ctx context.Context, req Request) (file, content string, err error) {
	plan, err := Validate(req)
	if err != nil {
		return "", "", err
	}
	dir, err := p.localDir(plan)
	if err != nil {
		return "", "", err
	}
	return p.readZeropsYml(ctx, dir, plan.WorkingDir)
}

// readTimeout bounds reading zerops.yml over ssh before a push.
const readTimeout = 30 * time.Second

// ReadZeropsYml reads the zerops.yaml or zerops.yml zcli would push: from the
// local working directory, or over ssh from the source container's. A file
// that cannot be read (no file, ssh failing) answers empty content: zcli
// then reports it in its own words.
func (d *Deployer) ReadZeropsYml(ctx context.Context, req Request) (file, content string, err error) {
	p, err := Validate(req)
	if err != nil {
		return "", "", err
	}
	if p.Mode == ModeSSH {
		return d.readRemoteZeropsYml(ctx, p)
	}
	for _, name := range zeropsYmlNames {
		f := filepath.Join(p.WorkingDir, name)
		b, err := readBounded(f)
		if err == nil {
			return f, string(b), nil
		}
		if pe := (*platform.PlatformError)(nil); errors.As(err, &pe) && pe.Code == platform.ErrNotRegularFile {
			return "", "", platform.NewError(pe.Code, pe.Message,
				"Replace it with an ordinary file holding the build and run settings (zerops_workflow deploy, step 2), then deploy again.")
		}
	}
	return "", "", nil
}

// readBounded reads path, at most one byte over platform.MaxFileSize (the
// validator refuses what is larger), without blocking on a FIFO: one is
// NOT_A_REGULAR_FILE.
func readBounded(path string) ([]byte, error) {
	f, _, err := ops.OpenRegular(os.OpenFile, path, path)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }() // read only: nothing to lose
	return io.ReadAll(io.LimitReader(f, platform.MaxFileSize+1))
}

// readRemoteZeropsYml prints the file's name, then its content, over one ssh
// session to the source container.
func (d *Deployer) readRemoteZeropsYml(ctx context.Context, p Plan) (file, content string, err error) {
	script := "cd " + shellQuote(p.WorkingDir) + " 2>/dev/null || exit 97; " +
		"for f in " + strings.Join(zeropsYmlNames, " ") + "; do " +
		`if [ -f "$f" ]; then echo "` + fileMarker + `$f"; exec head -c ` + fmt.Sprint(platform.MaxFileSize+1) + ` "$f"; fi; done; exit 3`
	out, ok := d.readRemote(ctx, p, script)
	if !ok {
		return "", "", nil // unreadable here: the push reports it
	}
	// A login shell's rc files may print before the marker: skip what they did.
	_, rest, ok := strings.Cut(out, fileMarker)
	name, body, _ := strings.Cut(rest, "\n")
	if !ok || !slices.Contains(zeropsYmlNames, name) {
		return "", "", nil
	}
	return p.WorkingDir + "/" + name, body, nil
}

// readRemote runs script, a read, in the source container over one ssh
// session within readTimeout, and returns what it printed (at most a file
// and a little more); false when it failed.
func (d *Deployer) readRemote(ctx context.Context, p Plan, script string) (string, bool) {
	rctx, cancel := context.WithTimeout(ctx, readTimeout)
	defer cancel()
	cmd := exec.CommandContext(rctx, d.cfg.SSHPath, d.sshArgs(p.SourceService, script)...)
	cmd.Env = childEnv(os.Environ(), d.cfg.Token)
	cmd.WaitDelay = waitDelay
	var out bytes.Buffer
	cmd.Stdout = &limitedWriter{w: &out, n: platform.MaxFileSize + 1024}
	if cmd.Run() != nil {
		return "", false
	}
	return out.String(), true
}

// fileMarker precedes the name of the file read over ssh.
const fileMarker = "zcp-zerops-yml:"

// limitedWriter keeps the first n bytes written to it and drops the rest,
// answering every write as whole. Not safe for concurrent use.
type limitedWriter struct {
	w io.Writer
	n int
}

func (l *limitedWriter) Write(b []byte) (int, error) {
	if l.n > 0 {
		k := min(len(b), l.n)
		l.n -= k
		if _, err := l.w.Write(b[:k]); err != nil {
			return 0, err
		}
	}
	return len(b), nil
}
