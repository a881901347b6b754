package deploy

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

// ReadFileFunc reads path, relative to dir, refusing anything that leaves
// dir (the ops layer's confined reader).
type ReadFileFunc func(ctx context.Context, dir, path string) (string, error)

// APIPusher deploys without zcli or a container: it does what `zcli push`
// does — read zerops.yml, create an app version, upload a tar.gz of the
// working directory (packDir), start build-and-deploy — directly through a
// platform.Client. `zcp sandbox` uses
// it, since the simulated project has no container to ssh into. Its root
// directory stands in for the source container's /var/www: a local deploy's
// working directory lies under root, an SSH one under /var/www maps below
// root. Requests are validated exactly as for a real deploy. Safe for
// concurrent use.
type APIPusher struct {
	client platform.Client
	root   string
	read   ReadFileFunc
}

// NewAPIPusher returns an APIPusher pushing through c the zerops.yml it reads
// with read from the deploy's working directory under root.
func NewAPIPusher(c platform.Client, root string, read ReadFileFunc) *APIPusher {
	return &APIPusher{client: c, root: root, read: read}
}

// zeropsYmlNames are the names zcli looks for in the working directory, in order.
var zeropsYmlNames = []string{"zerops.yaml", "zerops.yml"}

// Deploy validates req and pushes to its target through the API. The Result's
// Output says what happened, in the order it happened: the build itself has
// only been queued when Deploy returns.
func (p *APIPusher) Deploy(ctx context.Context, req Request) (*Result, error) {
	plan, err := Validate(req)
	if err != nil {
		return nil, err
	}
	started := time.Now()
	dir, err := p.localDir(plan)
	if err != nil {
		return nil, err
	}
	file, yml, err := p.readZeropsYml(ctx, dir, plan.WorkingDir)
	if err != nil {
		return nil, err
	}
	setup := plan.Setup
	if setup == "" { // like zcli: the target's hostname
		svc, err := p.client.GetService(ctx, plan.TargetServiceID)
		if err != nil {
			return nil, fmt.Errorf("read the target service: %w", err)
		}
		setup = svc.Name
	}
	archive, packed, err := packDir(ctx, p.root, dir, plan.WorkingDir, uploadLimits)
	if err != nil {
		return nil, err
	}
	av, err := p.client.CreateAppVersion(ctx, plan.TargetServiceID, "api-push-"+started.UTC().Format("20060102-150405"))
	if err != nil {
		return nil, fmt.Errorf("create app version: %w", err)
	}
	if err := p.client.UploadAppVersion(ctx, av.ID, archive); err != nil {
		return nil, fmt.Errorf("upload app version: %w", err)
	}
	proc, err := p.client.BuildAndDeploy(ctx, av.ID, yml, setup)
	if err != nil {
		var pe *platform.PlatformError
		if errors.As(err, &pe) && pe.APICode == "zeropsYamlSetupNotFound" {
			cp := *pe
			cp.Suggestion = fmt.Sprintf("Add an entry `setup: %s` to %s (build, run.base, run.start, run.ports: zerops_workflow deploy, step 2), or pass setup naming an entry it has.", setup, file)
			return nil, &cp
		}
		return nil, fmt.Errorf("build and deploy: %w", err)
	}
	return &Result{
		Mode: plan.Mode, SourceService: plan.SourceService, TargetServiceID: plan.TargetServiceID,
		Setup: plan.Setup, WorkingDir: plan.WorkingDir, Started: started, Duration: time.Since(started), AppVersion: av,
		Digest: uploadDigest(packed.digest(), yml, setup),
		Output: []string{
			"read " + file + " (setup " + setup + ")",
			"app version " + av.ID + " created",
			fmt.Sprintf("archive of the working directory (%d files) uploaded through the API (no zcli)", packed.files),
			// No status: the answer outlives it (walk 85: PENDING beside ACTIVE).
			fmt.Sprintf("build-and-deploy requested: process %s (%s)", proc.ID, proc.ActionName),
		},
	}, nil
}

// localDir is the directory under root that stands for plan's working
// directory. It is confined as a local deploy's workingDir is: one that
// leads out of root through a symbolic link is PATH_TRAVERSAL.
func (p *APIPusher) localDir(plan Plan) (string, error) {
	dir, err := p.relDir(plan)
	if err != nil {
		return "", err
	}
	if _, err := ops.ResolveDirInDir(p.root, dir); platform.ErrorCode(err) == platform.ErrPathTraversal {
		return "", platform.NewError(platform.ErrPathTraversal,
			fmt.Sprintf("workingDir %q (in the sandbox %s) leads out of ZCP's working directory through a symbolic link", platform.Clip(plan.WorkingDir, 80), filepath.Join(p.root, dir)),
			"Deploy a directory inside ZCP's working directory: copy the code in rather than linking to it.")
	}
	return dir, nil // a missing one: the zerops.yml reader says what is missing
}

// relDir is plan's working directory relative to root.
func (p *APIPusher) relDir(plan Plan) (string, error) {
	if plan.Mode == ModeLocal {
		root, err := filepath.EvalSymlinks(p.root)
		if err != nil {
			root = p.root
		}
		rel, err := filepath.Rel(root, plan.WorkingDir)
		if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
			return "", platform.NewError(platform.ErrPathTraversal,
				fmt.Sprintf("workingDir %q is outside ZCP's working directory", platform.Clip(plan.WorkingDir, 80)),
				"Pass a workingDir relative to ZCP's working directory (\".\" for itself).")
		}
		return rel, nil
	}
	if plan.WorkingDir == DefaultWorkingDir {
		return ".", nil
	}
	if rel, ok := strings.CutPrefix(plan.WorkingDir, DefaultWorkingDir+"/"); ok {
		return rel, nil
	}
	return "", platform.NewError(platform.ErrInvalidParameter,
		fmt.Sprintf("workingDir %q is not under %s: in the sandbox ZCP's working directory stands in for the source container's %s", platform.Clip(plan.WorkingDir, 80), DefaultWorkingDir, DefaultWorkingDir),
		"Omit workingDir (the code is in "+DefaultWorkingDir+") or pass a path under it, e.g. \"api\".")
}

// readZeropsYml reads zerops.yaml or zerops.yml from dir (relative to root),
// answering which file it read and its content; shown is the working
// directory as the deploy names it.
func (p *APIPusher) readZeropsYml(ctx context.Context, dir, shown string) (file, content string, err error) {
	where := filepath.Join(p.root, dir)
	if shown != where {
		where = shown + " (in the sandbox " + where + ")"
	}
	for _, name := range zeropsYmlNames {
		content, err = p.read(ctx, p.root, path.Join(filepath.ToSlash(dir), name))
		switch {
		case err == nil && strings.TrimSpace(content) == "":
			return "", "", platform.NewError(platform.ErrInvalidParameter, fmt.Sprintf("%s in %s is empty", name, where),
				"Write the build and run settings into it (zerops_workflow deploy, step 2) and check it with zerops_validate.")
		case err == nil:
			return path.Join(shown, name), content, nil
		case platform.ErrorCode(err) != platform.ErrFileNotFound:
			return "", "", err
		}
	}
	return "", "", platform.NewError(platform.ErrFileNotFound,
		fmt.Sprintf("no zerops.yml in %s: a push sends the working directory's zerops.yml, which says how to build and run the code", where),
		fmt.Sprintf("Create %s with a `setup` entry named after the target service (or pass setup): zerops_workflow deploy, step 2, lists its parts; check it with zerops_validate, then deploy again.",
			filepath.Join(p.root, dir, "zerops.yml")))
}

// uploadDigest is a push's Result.Digest: the files' digest, the zerops.yml
// sent beside them and the setup it builds.
func uploadDigest(files, yml, setup string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%q\n%q\n", files, yml, setup)
	return hex.EncodeToString(h.Sum(nil))
}
