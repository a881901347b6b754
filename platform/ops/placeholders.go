package ops

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
)

// placeholderRE finds Placeholder(key) in a value; the key is its group.
var placeholderRE = regexp.MustCompile(strings.Replace(regexp.QuoteMeta(Placeholder("\x00")), "\x00", `([A-Za-z0-9_.-]{1,100})`, 1))

// maxPlaceholderIssues bounds the problems one import gets for placeholders.
const maxPlaceholderIssues = 50

// placeholderIssues names every value of content's services that is still
// zerops_export's placeholder: imported, the literal text would be the value.
func placeholderIssues(content string) []platform.Issue {
	if !placeholderRE.MatchString(content) {
		return nil
	}
	services := importServices(content)
	if services == nil {
		return nil
	}
	var out []platform.Issue
	walkServiceValues(services, func(path, value string) {
		for _, m := range placeholderRE.FindAllStringSubmatch(value, -1) {
			if len(out) < maxPlaceholderIssues {
				out = append(out, platform.Issue{Path: platform.Clip(path, platform.MaxIssueText),
					Problem: platform.Clip(m[1]+" is still the export's placeholder "+m[0]+": the import would store that text as its value", platform.MaxIssueText),
					Fix:     platform.Clip("Replace "+m[0]+" with the real value of "+m[1]+", or remove the key.", platform.MaxIssueText)})
			}
		}
	})
	return out
}

// walkServiceValues calls fn with each scalar value of each service of
// services and its path, "services[i](hostname).key…".
func walkServiceValues(services *yaml.Node, fn func(path, value string)) {
	for i, svc := range services.Content {
		host := ""
		if h := mapValue(svc, "hostname"); h != nil {
			host = h.Value
		}
		walkScalars(svc, fmt.Sprintf("services[%d](%s)", i, host), fn)
	}
}

// importServices is the services list of import YAML content, nil when
// there is none to read.
func importServices(content string) *yaml.Node {
	var doc yaml.Node
	if yaml.Unmarshal([]byte(content), &doc) != nil || len(doc.Content) == 0 {
		return nil
	}
	services := mapValue(doc.Content[0], "services")
	if services == nil || services.Kind != yaml.SequenceNode {
		return nil
	}
	return services
}

// mapValue is the value of key in mapping n, or nil.
func mapValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// walkScalars calls fn with the path and value of every scalar under n.
func walkScalars(n *yaml.Node, path string, fn func(path, value string)) {
	switch n.Kind {
	case yaml.ScalarNode:
		fn(path, n.Value)
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			walkScalars(n.Content[i+1], path+"."+n.Content[i].Value, fn)
		}
	case yaml.SequenceNode:
		for i, c := range n.Content {
			walkScalars(c, fmt.Sprintf("%s[%d]", path, i), fn)
		}
	}
}

// danglingRefIssues warn of each ${host_KEY} in content's services' values
// that nothing will resolve: a host neither the import nor the project
// (existing; nil: not read) has (walk 75c: an export re-imported under new
// hostnames kept ${api_hostname} of a service gone, and the dry run said
// nothing, though validate warns), or a KEY the host lacks (walk 78: a
// variable renamed away, ${pyapp_OLD_NAME}, passed the dry run). A host
// the project has is read as zerops_env set reads it; a runtime this
// import creates has its envSecrets and the platform's variables (its
// zerops.yml may add more, which the warning says); a managed service's
// keys are not known here, so they pass.
func danglingRefIssues(ctx context.Context, proj Project, content string, existing []platform.ServiceStack, cat *platform.Catalog) []platform.Issue {
	if existing == nil || !envRefRe.MatchString(content) {
		return nil
	}
	services := importServices(content)
	if services == nil {
		return nil
	}
	byName := map[string]platform.ServiceStack{}
	for _, s := range existing {
		byName[s.Name] = s
	}
	imported := map[string]*yaml.Node{}
	for _, svc := range services.Content {
		if h := mapValue(svc, "hostname"); h != nil {
			imported[h.Value] = svc
		}
	}
	keysOf := map[string][]string{}
	var out []platform.Issue
	add := func(path, problem, fix string) {
		if len(out) < maxPlaceholderIssues {
			out = append(out, platform.Issue{Path: platform.Clip(path, platform.MaxIssueText),
				Problem: platform.Clip(problem, platform.MaxIssueText), Fix: platform.Clip(fix, platform.MaxIssueText)})
		}
	}
	walkServiceValues(services, func(path, value string) {
		for _, m := range envRefRe.FindAllStringSubmatch(value, -1) {
			ref, key := refParts(m)
			svc, inProject := byName[ref]
			node := imported[ref]
			switch {
			case !strings.HasPrefix(m[0], "${") || key == subdomainVar:
			case node == nil && !inProject:
				add(path, fmt.Sprintf("%s: neither this import nor the project has a service %q, so nothing resolves it: the platform leaves the text as written", m[0], ref),
					"Point it at a service this import or the project has, or remove the key.")
			case node != nil:
				if keys, ok := importedRuntimeKeys(node, cat); ok && !slices.Contains(keys, key) {
					k := platform.Clip(key, 60)
					add(path, fmt.Sprintf("%s: %s, which this import creates, has no variable %s (it will have: %s)", m[0], ref, k, listSome(keys, ", ")),
						fmt.Sprintf("Keep it if %s's zerops.yml sets %s in run.envVariables (it resolves once %s is deployed, at the referencing service's next start); otherwise reference one of its variables, or add %s to its envSecrets.", ref, k, ref, k))
				}
			default:
				keys := serviceKeys(ctx, proj.Client, keysOf, svc)
				if keys != nil && !slices.Contains(keys, key) {
					r := refIssue{text: m[0], host: ref, key: key, keys: keys, runtime: svc.Type.Category == platform.CategoryUser}
					problem, fix := r.explain(nil)
					add(path, problem, strings.ToUpper(fix[:1])+fix[1:]+".")
				}
			}
		}
	})
	return out
}

// importedRuntimeKeys are the variables a runtime the import creates (node,
// one of its services) has before its first deploy: the platform's own and
// its envSecrets and dotEnvSecrets; ok false for a service of another
// category or a type the catalog does not name.
func importedRuntimeKeys(node *yaml.Node, cat *platform.Catalog) ([]string, bool) {
	t := mapValue(node, "type")
	if t == nil || cat == nil || cat.Empty() {
		return nil, false
	}
	if tc := cat.Check(t.Value); tc.Type == nil || tc.Type.Category != platform.CategoryUser {
		return nil, false
	}
	keys := []string{"hostname", "projectId", "serviceId"}
	for _, field := range []string{"envSecrets", "dotEnvSecrets"} {
		for _, p := range envPairs(mapValue(node, field)) {
			keys = append(keys, p.key)
		}
	}
	sort.Strings(keys)
	return slices.Compact(keys), true
}
