package ops

import (
	"context"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"
)

// goneRefsNote warns of the ${host_KEY} references in the exported
// services' variables whose host the project no longer has (a deleted
// service): an import of the YAML would give the app that literal text.
// "" when there are none, or the check cannot read the project.
func goneRefsNote(ctx context.Context, proj Project, services []*yaml.Node) string {
	type held struct{ where, value string }
	var vars []held
	for _, svc := range services {
		host := mapValue(svc, "hostname")
		for _, block := range []string{"envSecrets", "envVariables"} {
			env := mapValue(svc, block)
			if host == nil || env == nil || env.Kind != yaml.MappingNode {
				continue
			}
			for i := 0; i+1 < len(env.Content); i += 2 {
				if v := env.Content[i+1]; v.Kind == yaml.ScalarNode && strings.Contains(v.Value, "${") {
					vars = append(vars, held{host.Value + "." + env.Content[i].Value, v.Value})
				}
			}
		}
	}
	values := make([]string, len(vars))
	for i, v := range vars {
		values[i] = v.value
	}
	issues, _ := refIssues(ctx, proj, values)
	var said []string
	for _, r := range issues {
		if r.keys != nil {
			continue // the host is there
		}
		why := "the project has no service " + r.host
		if r.gone != "" {
			why = r.host + " is no longer in the project"
		}
		for _, v := range vars {
			if strings.Contains(v.value, r.text) {
				said = append(said, fmt.Sprintf("%s references %s, but %s", v.where, r.text, why))
			}
		}
	}
	if len(said) == 0 {
		return ""
	}
	return strings.Join(said, "; ") + ": imported as it is, the app gets that literal text. Point it at a service the import creates, or add that service to the YAML."
}
