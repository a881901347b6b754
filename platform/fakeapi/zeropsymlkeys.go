package fakeapi

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/zeropsyml"
)

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
	walkKeys(doc, zeropsyml.Fields, "", &out, false)
	list := mapValue(doc, "zerops")
	f, err := zeropsyml.Parse([]byte(src))
	if list == nil || list.Kind != yaml.SequenceNode || err != nil {
		return out
	}
	setupFields, _ := zeropsyml.FieldOf(zeropsyml.Fields, "zerops")
	for _, s := range f.Setups {
		if s.Name != setup && (setup != "" || len(list.Content) != 1) {
			continue
		}
		walkKeys(list.Content[s.Index], setupFields.Keys, s.Path(), &out, true)
		for _, p := range f.Parents(s) {
			walkKeys(list.Content[p.Index], setupFields.Keys, p.Path(), &out, true)
		}
		break
	}
	return out
}

// walkKeys reports n's keys that are not among fields (the platform's key
// sets: zeropsyml.Fields), under path, and with deep the values that must be
// a list (commands, ports, crontab, startCommands) and are not, and its
// children's keys.
func walkKeys(n *yaml.Node, fields []zeropsyml.Field, path string, out *[]metaItem, deep bool) {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	switch n.Kind {
	case yaml.SequenceNode:
		for i, it := range n.Content {
			walkKeys(it, fields, fmt.Sprintf("%s[%d]", path, i), out, deep)
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
		f, known := zeropsyml.FieldOf(fields, k)
		if !known && platform.RecipeKey(lastPathKey(path), k) {
			continue // official recipes write it and deploy (a port's description)
		}
		if !known {
			*out = append(*out, problem("zeropsYamlInvalidParameter", "Unknown zerops.yaml parameter.", clip(p, 120), "field not allowed here"))
			continue
		}
		if v := n.Content[i+1]; deep && isList(f.Shape) && v.Kind != yaml.SequenceNode && v.Kind != yaml.AliasNode && v.Tag != "!!null" {
			*out = append(*out, problem("zeropsYamlInvalidParameter", "Invalid zerops.yaml parameter.", clip(p, 120), "must be a list"))
			continue
		}
		if f.Keys != nil && deep && len(*out) < 20 {
			walkKeys(n.Content[i+1], f.Keys, p, out, true)
		}
	}
}

// lastPathKey is the key a path ends at, without its list index:
// "zerops[2].run.ports[1]" is ports.
func lastPathKey(path string) string {
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		path = path[i+1:]
	}
	key, _, _ := strings.Cut(path, "[")
	return key
}

// isList reports whether a value of shape must be a list: the sandbox
// refuses a lone command string (the facts being silent: a list always
// works).
func isList(shape zeropsyml.Shape) bool {
	return shape == zeropsyml.ShapeCommands || shape == zeropsyml.ShapeList || shape == zeropsyml.ShapeItems
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
