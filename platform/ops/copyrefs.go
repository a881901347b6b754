package ops

import (
	"context"
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// copyRefIssues warn, for a push of setup to target under another
// hostname (a copy: godbstg of godb), of each ${host_KEY} in setup's run
// envVariables whose host has a copy named alike in the project (dbstg of
// db, by the same prefix or suffix target adds to setup): the copy's app
// would reach the original's service (walk 79: a staging copy, deployed
// live with the exported zerops.yml, wrote to the production database).
func copyRefIssues(ctx context.Context, proj Project, content, setup, target string) []platform.Issue {
	if target == "" || target == setup {
		return nil
	}
	pre, suf, ok := strings.Cut(target, setup)
	if !ok || pre != "" && suf != "" {
		return nil
	}
	vars := zeropsYmlEnv(content)
	var refs []envVarAt
	for _, v := range vars {
		if v.setup.Name == setup && strings.Contains(v.path, ".run.envVariables.") && envRefRe.MatchString(v.value) {
			refs = append(refs, v)
		}
	}
	if len(refs) == 0 {
		return nil
	}
	services, err := listServices(ctx, proj)
	if err != nil {
		return nil
	}
	have := map[string]bool{}
	for _, s := range services {
		have[s.Name] = !s.System
	}
	var out []platform.Issue
	seen := map[string]bool{}
	for _, v := range refs {
		for _, m := range envRefRe.FindAllStringSubmatch(v.value, -1) {
			host, _ := refParts(m)
			copyHost := pre + host + suf
			if !have[host] || !have[copyHost] || seen[v.key] {
				continue
			}
			seen[v.key] = true
			ref := strings.Replace(m[0], host+"_", copyHost+"_", 1)
			out = append(out, platform.Issue{Path: v.path,
				Problem: platform.Clip(fmt.Sprintf("this push deploys setup %s to %s, and %s reaches %s, the service %s uses, though the project has %s too: %s's app would read and write %s's data",
					setup, target, m[0], host, setup, copyHost, target, host), platform.MaxIssueText),
				Fix: platform.Clip(fmt.Sprintf("If %s should use %s, give it a setup of its own in zerops.yml (a copy of %s's named %s, with %s in place of %s) and push that; if sharing %s is meant, nothing to change.",
					target, copyHost, setup, target, ref, m[0], host), platform.MaxIssueText)})
		}
	}
	return out
}
