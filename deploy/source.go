package deploy

import (
	"context"
	"path"
	"path/filepath"

	"github.com/zeropsio/zcp/platform/diagnose"
	"github.com/zeropsio/zcp/platform/ops"
)

// SourceReader is a pusher that can read a file of the code it would push
// (see Env.ReadSource). Deploys call it concurrently, as they push.
type SourceReader interface {
	ReadSource(ctx context.Context, req Request, rel string) (string, error)
}

// ReadSource reads rel, relative to the working directory the push of req
// sends, confined to it.
func (p *APIPusher) ReadSource(ctx context.Context, req Request, rel string) (string, error) {
	plan, err := Validate(req)
	if err != nil {
		return "", err
	}
	dir, err := p.localDir(plan)
	if err != nil {
		return "", err
	}
	return p.read(ctx, p.root, path.Join(filepath.ToSlash(dir), rel))
}

// ReadSource reads rel, relative to a local push's working directory,
// confined to it; an SSH push's source container is not read here ("").
func (d *Deployer) ReadSource(ctx context.Context, req Request, rel string) (string, error) {
	p, err := Validate(req)
	if err != nil || p.Mode == ModeSSH {
		return "", err
	}
	return ops.ReadFileInDir(ctx, p.WorkingDir, rel)
}

// pushedCode is what the push of req shows of its code: the run base of
// setup (in content, its zerops.yml), the file its run.start starts and,
// when env can read it, where that file binds an address; nil when the
// setup names neither.
func pushedCode(ctx context.Context, env Env, req Request, content, setup string) *diagnose.Code {
	base, start := ops.SetupRun(content, setup)
	file := diagnose.EntryFile(start)
	if base == "" && file == "" {
		return nil
	}
	c := diagnose.Code{Base: base, File: file}
	if file != "" && env.ReadSource != nil && filepath.IsLocal(file) {
		if src, err := env.ReadSource(ctx, req, file); err == nil && src != "" {
			c = diagnose.ScanCode(file, src)
			c.Base = base
		}
	}
	return &c
}
