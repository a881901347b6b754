package ops

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
)

// envVarAt is one variable of a zerops.yml's envVariables, where it is.
type envVarAt struct{ path, key, value string }

// zeropsYmlEnv lists the build and run envVariables of each setup in a
// zerops.yml; nil when content does not decode (the checker reports that).
func zeropsYmlEnv(content string) []envVarAt {
	type section struct {
		EnvVariables map[string]any `yaml:"envVariables"`
	}
	var doc struct {
		Zerops []struct {
			Build section `yaml:"build"`
			Run   section `yaml:"run"`
		} `yaml:"zerops"`
	}
	if yaml.Unmarshal([]byte(content), &doc) != nil {
		return nil
	}
	var out []envVarAt
	for i, s := range doc.Zerops {
		for _, sec := range []struct {
			name string
			env  map[string]any
		}{{"build", s.Build.EnvVariables}, {"run", s.Run.EnvVariables}} {
			keys := make([]string, 0, len(sec.env))
			for k := range sec.env {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			for _, k := range keys {
				out = append(out, envVarAt{fmt.Sprintf("zerops[%d].%s.envVariables.%s", i, sec.name, k), k, fmt.Sprint(sec.env[k])})
			}
		}
	}
	return out
}

// EnvRefIssues warns of the references in a zerops.yml's envVariables that
// will not resolve, as zerops_env set warns of its values': a variable that
// references itself, a ${host_KEY} whose host is no service of the project
// or lacks KEY, each at every place it is; a reference Zerops does not read
// as one (${host.KEY}, an unclosed ${), and https:// to another service.
func EnvRefIssues(ctx context.Context, c platform.Client, projectID, content string) []platform.Issue {
	vars := zeropsYmlEnv(content)
	var out []platform.Issue
	seen := map[string]bool{}
	values := make([]string, len(vars))
	for i, v := range vars {
		values[i] = v.value
		if self := "${" + v.key + "}"; strings.Contains(v.value, self) && !seen[self] {
			seen[self] = true
			out = append(out, platform.Issue{Path: v.path,
				Problem: fmt.Sprintf("%s references itself: %s stays the literal text", platform.Clip(v.key, 60), platform.Clip(self, 70)),
				Fix:     "Give it a value, or reference another service's variable as ${<hostname>_" + platform.Clip(v.key, 60) + "}."})
		}
	}
	for _, v := range vars {
		for _, f := range formIssues(v.value) {
			out = append(out, platform.Issue{Path: v.path, Problem: f.problem, Fix: strings.ToUpper(f.fix[:1]) + f.fix[1:] + "."})
		}
	}
	issues, names := refIssues(ctx, c, projectID, values)
	for _, r := range issues {
		// At every place: fixing one leaves the others.
		for _, v := range vars {
			if strings.Contains(v.value, r.text) {
				problem, fix := r.explain(names)
				out = append(out, platform.Issue{Path: v.path, Problem: problem, Fix: strings.ToUpper(fix[:1]) + fix[1:] + "."})
			}
		}
	}
	return out
}
