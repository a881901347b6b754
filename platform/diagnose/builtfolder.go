package diagnose

import (
	"path"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// missingDeployPath finds the path a build's deployFiles failure names,
// quoted.
var missingDeployPath = lazyregexp.New(`(?i)deploy[ _]?files?\b[^"']*["']([^"']+)["']`)

// deployFilesFix fits d, deploy-files-missing read from text at stage,
// to what the line and c show: the folder a build wrote instead, a site
// config, Next's build, a manifest, a PHP script, a file a server serves.
func (d *Diagnosis) deployFilesFix(text string, stage Stage, c *Code) {
	if stage == Build && d.builtFolderFix(text, c) {
		return
	}
	if !d.siteConfigFix(text) && !d.nextBuildFix(text) && !d.manifestFix(text) && !d.phpScriptFix(text) {
		d.servedFileFix(text, stage)
	}
}

// builtFolderFix fits d, deploy-files-missing read from a build's line
// text, to what the build wrote instead, as ZCP read it from the tools'
// configs (c.Built): the entry deployFiles lists is not made, the folder
// the build's tool writes is. False when the line names no path, or c
// knows no folder of the build, or the missing path is one of them (or
// under one: what is missing is in the tool's output, not its place).
func (d *Diagnosis) builtFolderFix(text string, c *Code) bool {
	m := missingDeployPath.FindStringSubmatch(text)
	if m == nil || c == nil || len(c.Built) == 0 {
		return false
	}
	missing := strings.TrimSuffix(path.Clean(strings.TrimPrefix(strings.TrimSpace(m[1]), "./")), "/~")
	listed := map[string]bool{}
	for _, f := range c.DeployFiles {
		listed[strings.TrimSuffix(path.Clean(strings.TrimPrefix(strings.TrimSpace(f), "./")), "/~")] = true
	}
	var dirs, named []string
	for _, b := range c.Built {
		dir, tool, _ := strings.Cut(b, " (")
		if missing == dir || strings.HasPrefix(missing, dir+"/") || strings.HasPrefix(dir, missing+"/") {
			return false
		}
		if listed[dir] {
			continue // deployed already: not what the missing entry was meant to be
		}
		dirs = append(dirs, "`"+dir+"`")
		named = append(named, "`"+dir+"` ("+strings.TrimSuffix(tool, ")")+")")
	}
	if len(dirs) == 0 {
		return false
	}
	d.Cause = "`build.deployFiles` lists `" + missing + "`, which the build did not write: the build wrote " + strings.Join(named, " and ") + "."
	d.Fix = "In `build.deployFiles` write " + strings.Join(dirs, " or ") + " in place of `" + missing + "` (a folder with `/~` after it deploys its contents at the top of /var/www), then deploy again."
	return true
}
