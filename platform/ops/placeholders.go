package ops

import (
	"fmt"
	"regexp"
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

// danglingRefIssues warn of each ${host_key} in content's services' values
// whose host neither the import nor the project (existing; nil: not read)
// has: imported, the platform leaves the text as written (walk 75c: an
// export re-imported under new hostnames kept ${api_hostname} of a
// service gone, and the dry run said nothing, though validate warns).
func danglingRefIssues(content string, existing []platform.ServiceStack) []platform.Issue {
	if existing == nil || !envRefRe.MatchString(content) {
		return nil
	}
	services := importServices(content)
	if services == nil {
		return nil
	}
	have := map[string]bool{}
	for _, s := range existing {
		have[s.Name] = true
	}
	for _, svc := range services.Content {
		if h := mapValue(svc, "hostname"); h != nil {
			have[h.Value] = true
		}
	}
	var out []platform.Issue
	walkServiceValues(services, func(path, value string) {
		for _, m := range envRefRe.FindAllStringSubmatch(value, -1) {
			if ref, _ := refParts(m); strings.HasPrefix(m[0], "${") && !have[ref] && len(out) < maxPlaceholderIssues {
				out = append(out, platform.Issue{Path: platform.Clip(path, platform.MaxIssueText),
					Problem: platform.Clip(fmt.Sprintf("%s: neither this import nor the project has a service %q, so nothing resolves it: the platform leaves the text as written", m[0], ref), platform.MaxIssueText),
					Fix:     platform.Clip("Point it at a service this import or the project has, or remove the key.", platform.MaxIssueText)})
			}
		}
	})
	return out
}
