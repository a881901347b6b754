package fakeapi

import (
	"fmt"
	"slices"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform/zeropsyml"
)

// zeropsYmlKeys are the keys the platform knows at each level of a zerops.yml
// setup (facts: zerops-platform.md); a build refuses any other.
var zeropsYmlKeys = map[string][]string{
	"":               {"zerops"},
	"setup":          {"setup", "build", "deploy", "run", "extends"},
	"build":          {"base", "os", "prepareCommands", "buildCommands", "deployFiles", "deploy", "cache", "addToRunPrepare", "envVariables"},
	"deploy":         {"temporaryShutdown", "readinessCheck"},
	"readinessCheck": {"httpGet", "exec", "failureTimeout", "retryPeriod"},
	"healthCheck":    {"httpGet", "exec", "failureTimeout", "disconnectTimeout", "recoveryTimeout", "execPeriod"},
	"httpGet":        {"port", "path", "host", "scheme"},
	"exec":           {"command"},
	"run":            {"base", "os", "start", "startCommands", "ports", "initCommands", "prepareCommands", "envVariables", "envReplace", "healthCheck", "crontab", "documentRoot", "siteConfigPath", "routing"},
	"ports":          {"port", "protocol", "httpSupport"},
	"crontab":        {"timing", "command", "allContainers", "workingDir"},
}

// children names the level of a key's mapping value (or list items).
var children = map[string]string{
	"zerops": "setup", "build": "build", "deploy": "deploy", "run": "run",
	"readinessCheck": "readinessCheck", "healthCheck": "healthCheck", "httpGet": "httpGet", "exec": "exec",
	"ports": "ports", "crontab": "crontab",
}

// listKeys must hold a list: commands (the sandbox's reading, the facts
// being silent: a list always works) and the lists of mappings.
var listKeys = map[string]bool{"buildCommands": true, "prepareCommands": true, "initCommands": true,
	"ports": true, "crontab": true, "startCommands": true}

// unknownZeropsKeys lists, as the API's meta, the keys of the root and of the
// pushed setup's entry (the only one when setup is empty) and of the entry it
// extends the platform does not know. Other entries are not read.
func unknownZeropsKeys(src, setup string) []metaItem {
	var root yaml.Node
	if yaml.Unmarshal([]byte(src), &root) != nil || len(root.Content) == 0 {
		return nil
	}
	var out []metaItem
	doc := root.Content[0]
	walkKeys(doc, "", "", &out, false)
	list := mapValue(doc, "zerops")
	f, err := zeropsyml.Parse([]byte(src))
	if list == nil || list.Kind != yaml.SequenceNode || err != nil {
		return out
	}
	for _, s := range f.Setups {
		if s.Name != setup && (setup != "" || len(list.Content) != 1) {
			continue
		}
		walkKeys(list.Content[s.Index], "setup", s.Path(), &out, true)
		if p := f.Parent(s); p != nil {
			walkKeys(list.Content[p.Index], "setup", p.Path(), &out, true)
		}
		break
	}
	return out
}

// walkKeys reports n's keys unknown at level, under path, and with deep its
// children's.
func walkKeys(n *yaml.Node, level, path string, out *[]metaItem, deep bool) {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	switch n.Kind {
	case yaml.SequenceNode:
		for i, it := range n.Content {
			walkKeys(it, level, fmt.Sprintf("%s[%d]", path, i), out, deep)
		}
		return
	case yaml.MappingNode:
	default:
		return
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i].Value
		p := k
		if path != "" {
			p = path + "." + clip(k, 40)
		}
		if k == "<<" {
			continue // a merge key: its mapping's keys count as the entry's
		}
		if !slices.Contains(zeropsYmlKeys[level], k) {
			*out = append(*out, problem("zeropsYamlInvalidParameter", "Unknown zerops.yaml parameter.", clip(p, 120), "field not allowed here"))
			continue
		}
		if v := n.Content[i+1]; listKeys[k] && level != "" && v.Kind != yaml.SequenceNode && v.Kind != yaml.AliasNode && v.Tag != "!!null" {
			*out = append(*out, problem("zeropsYamlInvalidParameter", "Invalid zerops.yaml parameter.", clip(p, 120), "must be a list"))
			continue
		}
		if child, ok := children[k]; ok && deep && len(*out) < 20 {
			walkKeys(n.Content[i+1], child, p, out, true)
		}
	}
}

// mapValue is the value of key in mapping n, nil when absent.
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
