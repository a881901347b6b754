package deploy

import (
	"context"
	"encoding/json"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
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

// ReadSource reads rel, relative to the push's working directory, confined
// to it: a local one here, an SSH push's over ssh in the source container
// ("" when it cannot be read there, or is larger than a source read here).
func (d *Deployer) ReadSource(ctx context.Context, req Request, rel string) (string, error) {
	p, err := Validate(req)
	if err != nil || !filepath.IsLocal(rel) {
		return "", err
	}
	if p.Mode != ModeSSH {
		return ops.ReadFileInDir(ctx, p.WorkingDir, rel)
	}
	return d.readRemoteSource(ctx, p, rel), nil
}

// sourceMarker precedes the content of a source file read over ssh.
const sourceMarker = "zcp-source-file:"

// readRemoteSource prints rel, a regular file under the source container's
// working directory, after the marker, over one ssh session; "" when it
// is not there or is over platform.MaxFileSize.
func (d *Deployer) readRemoteSource(ctx context.Context, p Plan, rel string) string {
	script := "cd " + shellQuote(p.WorkingDir) + " 2>/dev/null || exit 97; f=" + shellQuote(rel) + "; " +
		`[ -f "$f" ] || exit 3; echo "` + sourceMarker + `"; exec head -c ` + fmt.Sprint(platform.MaxFileSize+1) + ` -- "$f"`
	out, ok := d.readRemote(ctx, p, script)
	if !ok {
		return ""
	}
	// A login shell's rc files may print before the marker: skip what they did.
	_, body, ok := strings.Cut(out, sourceMarker+"\n")
	if !ok || len(body) > platform.MaxFileSize {
		return ""
	}
	return body
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
	if cmds, files, ok := ops.SetupBuild(content, setup); ok {
		whole := slices.ContainsFunc(files, func(f string) bool { return path.Clean(strings.TrimSpace(f)) == "." })
		installs := slices.ContainsFunc(cmds, nodeInstall.MatchString)
		c.NoInstall = whole && !installs
		c.Modules = installs && (whole || slices.ContainsFunc(files, func(f string) bool { return path.Clean(strings.TrimSpace(f)) == "node_modules" }))
	}
	if c.Modules && env.ReadSource != nil {
		if src, err := env.ReadSource(ctx, req, "package.json"); err == nil && src != "" {
			c.Packages, c.PackagesRead = manifestPackages(src)
		}
	}
	return &c
}

// manifestPackages are the names package.json (its text src) lists in any
// of its dependencies; false when it cannot be read, or has workspaces
// (whose packages the install links too).
func manifestPackages(src string) ([]string, bool) {
	var pkg struct {
		Workspaces json.RawMessage            `json:"workspaces"`
		Deps       map[string]json.RawMessage `json:"dependencies"`
		Dev        map[string]json.RawMessage `json:"devDependencies"`
		Optional   map[string]json.RawMessage `json:"optionalDependencies"`
		Peer       map[string]json.RawMessage `json:"peerDependencies"`
	}
	if json.Unmarshal([]byte(src), &pkg) != nil || pkg.Workspaces != nil {
		return nil, false
	}
	var names []string
	for _, deps := range []map[string]json.RawMessage{pkg.Deps, pkg.Dev, pkg.Optional, pkg.Peer} {
		for n := range deps {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names, true
}

// nodeInstall finds a build command that installs Node packages.
var nodeInstall = regexp.MustCompile(`\b(npm (ci|install|i|add)|yarn|pnpm (i|install|add)|bun (i|install|add))\b`)
