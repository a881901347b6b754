package ops

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
)

// goneRefsNote warns of the ${host_KEY} references in the exported
// services' variables (vars: the YAML's and those of the zerops.yml
// deployed to a runtime, which its deploy in the new project brings back)
// whose host the project no longer has (a deleted service): imported and
// deployed, the app gets that literal text. "" when there are none, or the
// check cannot read the project.
func goneRefsNote(ctx context.Context, proj Project, all []exportedVar) string {
	type held struct{ where, value string }
	var vars []held
	yml := false
	for _, v := range all {
		if strings.Contains(v.value, "${") {
			where := v.host + "." + v.key
			if v.yml {
				where += " (zerops.yml)"
			}
			vars = append(vars, held{where, v.value})
		}
	}
	values := make([]string, len(vars))
	for i, v := range vars {
		values[i] = v.value
	}
	issues, _ := refIssues(ctx, proj, values)
	// One clause per missing service, naming each variable that
	// references it once, with its references (two of one variable were
	// two clauses saying the same service is gone).
	var said []string
	var hosts []string
	refsOf := map[string]map[string][]string{} // host → where → references
	why := map[string]string{}
	for _, r := range issues {
		if r.keys != nil {
			continue // the host is there
		}
		if refsOf[r.host] == nil {
			refsOf[r.host] = map[string][]string{}
			hosts = append(hosts, r.host)
			why[r.host] = "the project has no service " + r.host
			if r.gone != "" {
				why[r.host] = r.host + " is no longer in the project"
			}
		}
		for _, v := range vars {
			if holdsRef(v.value, r.text) {
				refsOf[r.host][v.where] = append(refsOf[r.host][v.where], r.text)
			}
		}
	}
	for _, host := range hosts {
		var each []string
		for _, v := range vars {
			if refs, ok := refsOf[host][v.where]; ok {
				each = append(each, v.where+" references "+strings.Join(refs, ", "))
				delete(refsOf[host], v.where)
				yml = yml || strings.HasSuffix(v.where, " (zerops.yml)")
			}
		}
		if len(each) > 0 {
			said = append(said, andList(each)+", but "+why[host])
		}
	}
	if len(said) == 0 {
		return ""
	}
	if yml {
		return strings.Join(said, "; ") + ": imported and deployed as it is, the app gets that literal text. Point it at a service the import creates (in zerops.yml's run.envVariables for those of zerops.yml), or add that service to the YAML."
	}
	return strings.Join(said, "; ") + ": imported as it is, the app gets that literal text. Point it at a service the import creates, or add that service to the YAML."
}

// exportedVar is a variable an exported service gets: from the YAML
// (envBlocks) or from run.envVariables of the zerops.yml deployed to it
// (yml), which the YAML does not carry but a deploy of the same zerops.yml
// in the new project brings back.
type exportedVar struct {
	host, key, value string
	yml              bool
}

// exportedVars are the variables of the exported services: each one's YAML
// blocks, then, for a runtime, the zerops.yml variables its deploy set (a
// service whose variables cannot be read adds none).
func exportedVars(ctx context.Context, proj Project, services []*yaml.Node, byName map[string]platform.ServiceStack) []exportedVar {
	var out []exportedVar
	for _, svc := range services {
		host := mapValue(svc, "hostname")
		if host == nil {
			continue
		}
		for _, block := range envBlocks {
			for _, kv := range envPairs(mapValue(svc, block)) {
				out = append(out, exportedVar{host: host.Value, key: kv.key, value: kv.value})
			}
		}
		s, ok := byName[host.Value]
		if !ok || s.Type.Category != platform.CategoryUser {
			continue
		}
		envs, err := proj.Client.GetServiceEnv(ctx, s.ID)
		if err != nil {
			continue
		}
		for _, e := range envs {
			if fromZeropsYml(e) {
				out = append(out, exportedVar{host: host.Value, key: e.Key, value: e.Content, yml: true})
			}
		}
	}
	return out
}

// leftOutRefsNote warns of the exported services' variables (vars) that
// reference a service of the project the export leaves out
// (${db_connectionString} in an export of appdev alone): imported into
// another project, they resolve to nothing. It names each variable (those
// of zerops.yml marked so), the service and the references, and what to
// do; the YAML keeps them as written. "" when there are none.
func leftOutRefsNote(services []*yaml.Node, vars []exportedVar, byName map[string]platform.ServiceStack) string {
	exported := map[string]bool{}
	for _, svc := range services {
		if h := mapValue(svc, "hostname"); h != nil {
			exported[h.Value] = true
		}
	}
	var said, hosts []string
	yml := false
	for _, v := range vars {
		refsTo := map[string][]string{}
		var order []string
		for _, m := range envRefRe.FindAllStringSubmatch(v.value, -1) {
			host, _ := refParts(m)
			s, ok := byName[host]
			if !ok || s.System || exported[host] || slices.Contains(refsTo[host], m[0]) {
				continue
			}
			if refsTo[host] == nil {
				order = append(order, host)
			}
			refsTo[host] = append(refsTo[host], m[0])
		}
		name := v.host + "." + v.key
		if v.yml {
			name += " (zerops.yml)"
		}
		for _, to := range order {
			yml = yml || v.yml
			said = append(said, fmt.Sprintf("%s references %s (%s)", name, to, strings.Join(refsTo[to], ", ")))
			if !slices.Contains(hosts, to) {
				hosts = append(hosts, to)
			}
		}
	}
	if len(said) == 0 {
		return ""
	}
	set := "set the value in the new project with zerops_env action=set"
	if yml {
		set = "set the value in the new project: with zerops_env action=set, or, for one marked (zerops.yml), in run.envVariables of the zerops.yml deployed there"
	}
	return "This export leaves out services its variables reference: " + strings.Join(said, "; ") +
		". Imported into another project, those references resolve to nothing: export " + strings.Join(hosts, ", ") +
		" too (zerops_export without serviceHostname takes the whole project), or " + set + "."
}

// envBlocks are the fields of an import YAML service that hold variables.
var envBlocks = []string{"envSecrets", "dotEnvSecrets", "envVariables"}

// envPair is one variable of an exported service.
type envPair struct{ key, value string }

// envPairs are the variables of an env field (envBlocks) in any form an
// import YAML gives it: a map (KEY: value), a list of KEY=value lines or
// of maps, or dotenv text (KEY=value lines; comments, an export prefix and
// quotes as .env files write them). A value that is not text is passed over.
func envPairs(v *yaml.Node) []envPair {
	if v != nil && v.Kind == yaml.AliasNode {
		v = v.Alias
	}
	if v == nil {
		return nil
	}
	var out []envPair
	switch v.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(v.Content); i += 2 {
			if val := v.Content[i+1]; val.Kind == yaml.ScalarNode {
				out = append(out, envPair{v.Content[i].Value, val.Value})
			}
		}
	case yaml.SequenceNode:
		for _, item := range v.Content {
			out = append(out, envPairs(item)...)
		}
	case yaml.ScalarNode:
		for _, line := range strings.Split(v.Value, "\n") {
			key, val, ok := strings.Cut(line, "=")
			key = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(key), "export "))
			if !ok || key == "" || strings.HasPrefix(key, "#") {
				continue
			}
			val = strings.TrimSpace(val)
			if len(val) >= 2 && (val[0] == '"' || val[0] == '\'') && val[len(val)-1] == val[0] {
				val = val[1 : len(val)-1]
			}
			out = append(out, envPair{key, val})
		}
	}
	return out
}

// andList joins items as a sentence lists them: "a", "a and b", "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}
