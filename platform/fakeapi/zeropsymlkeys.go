package fakeapi

import (
	"fmt"
	"slices"

	"gopkg.in/yaml.v3"
)

// zeropsYmlKeys are the keys the platform knows at each level of a zerops.yml
// setup (facts: zerops-platform.md); a build refuses any other.
var zeropsYmlKeys = map[string][]string{
	"":               {"zerops"},
	"setup":          {"setup", "build", "deploy", "run", "extends"},
	"build":          {"base", "os", "prepareCommands", "buildCommands", "deployFiles", "cache", "addToRunPrepare", "envVariables"},
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
// pushed setup's entry (the only one when setup is empty) the platform does
// not know. Entries other than the pushed one are not read.
func unknownZeropsKeys(src, setup string) []metaItem {
	var root yaml.Node
	if yaml.Unmarshal([]byte(src), &root) != nil || len(root.Content) == 0 {
		return nil
	}
	var out []metaItem
	doc := root.Content[0]
	walkKeys(doc, "", "", &out, false)
	list := mapValue(doc, "zerops")
	if list == nil || list.Kind != yaml.SequenceNode {
		return out
	}
	for i, e := range list.Content {
		s := mapValue(e, "setup")
		if (s != nil && s.Value == setup) || (setup == "" && len(list.Content) == 1) {
			walkKeys(e, "setup", fmt.Sprintf("zerops[%d]", i), &out, true)
			if x := mapValue(e, "extends"); x != nil && x.Kind == yaml.ScalarNode {
				walkExtended(list, i, x.Value, &out)
			}
			break
		}
	}
	return out
}

// walkExtended reports the unknown keys of the entry named base, which the
// pushed entry (index self) extends: the build reads it too.
func walkExtended(list *yaml.Node, self int, base string, out *[]metaItem) {
	for j, e := range list.Content {
		if s := mapValue(e, "setup"); j != self && s != nil && s.Value == base {
			walkKeys(e, "setup", fmt.Sprintf("zerops[%d]", j), out, true)
			return
		}
	}
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
