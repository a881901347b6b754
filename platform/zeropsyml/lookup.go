package zeropsyml

import "gopkg.in/yaml.v3"

// Setup is the first setup named name, nil when the file has none.
func (f *File) Setup(name string) *Setup {
	for _, s := range f.Setups {
		if s.Keys.Has("setup") && s.Name == name {
			return s
		}
	}
	return nil
}

// Names are the setup names the file holds, each once, in order.
func (f *File) Names() []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range f.Setups {
		if s.Keys.Has("setup") && !seen[s.Name] {
			seen[s.Name] = true
			out = append(out, s.Name)
		}
	}
	return out
}

// Parents are the setups s extends, in the order extends names them (the
// first of each name other than s); a name the file has no setup of is
// skipped.
func (f *File) Parents(s *Setup) []*Setup {
	if s == nil {
		return nil
	}
	var out []*Setup
	for _, name := range s.Extends {
		for _, p := range f.Setups {
			if p != s && p.Keys.Has("setup") && p.Name == name {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// Resolve is s with what it inherits from the setups it extends, as the
// platform merges them: the parents in order, a later one over an earlier
// one, then s over them, block by block: a build, deploy or run a side lacks
// comes whole from the other, and in one both have, each key the upper one
// lacks does (a key it has, a list or envVariables included, replaces the
// inherited one). One level is followed. Without a parent it is s itself;
// the merged setup keeps s's Index, Name and Extends, and each value its own
// line.
func (f *File) Resolve(s *Setup) *Setup {
	parents := f.Parents(s)
	if len(parents) == 0 {
		return s
	}
	d := &decoder{budget: maxVisits, quiet: true}
	base := parents[0].node
	for _, p := range parents[1:] {
		base = d.overlay(p.node, base)
	}
	out := d.setup(s.Index, d.overlay(s.node, base))
	out.node = s.node
	return out
}

// overlay is upper's keys over lower's blocks: upper's own keys, each block
// both have merged key by key, and the blocks only lower has.
func (d *decoder) overlay(upper, lower *yaml.Node) *yaml.Node {
	child, parent := d.pairs(upper), d.pairs(lower)
	merged := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: upper.Line, Column: upper.Column}
	for _, kv := range child {
		v := kv.v
		if pv := parent.get(kv.k.Value); pv != nil && isBlock(kv.k.Value) {
			v = d.mergeBlock(v, pv)
		}
		merged.Content = append(merged.Content, kv.k, v)
	}
	for _, kv := range parent {
		if isBlock(kv.k.Value) && child.get(kv.k.Value) == nil {
			merged.Content = append(merged.Content, kv.k, kv.v)
		}
	}
	return merged
}

// Lookup is the setup named name with extends resolved, nil when the file
// has no such setup.
func (f *File) Lookup(name string) *Setup {
	if s := f.Setup(name); s != nil {
		return f.Resolve(s)
	}
	return nil
}

func isBlock(key string) bool { return key == "build" || key == "deploy" || key == "run" }

// pair is a key of a mapping with its value.
type pair struct{ k, v *yaml.Node }

type pairs []pair

func (ps pairs) get(key string) *yaml.Node {
	for _, kv := range ps {
		if kv.k.Value == key {
			return kv.v
		}
	}
	return nil
}

// pairs are the keys of mapping n, merge keys expanded (nil: not a mapping).
func (d *decoder) pairs(n *yaml.Node) pairs {
	n = d.resolve(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	var out pairs
	d.mapping(n, "", func(key string, v *yaml.Node, at Key) {
		out = append(out, pair{&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key, Line: at.Line}, v})
	})
	return out
}

// mergeBlock is the child's block over the parent's: a null block is the
// parent's; two mappings merge key by key; otherwise the child's stands.
func (d *decoder) mergeBlock(child, parent *yaml.Node) *yaml.Node {
	c := d.resolve(child)
	if c == nil || isNull(c) {
		return parent
	}
	cp, pp := d.pairs(c), d.pairs(parent)
	if cp == nil || pp == nil {
		return child
	}
	out := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: c.Line, Column: c.Column}
	for _, kv := range cp {
		out.Content = append(out.Content, kv.k, kv.v)
	}
	for _, kv := range pp {
		if cp.get(kv.k.Value) == nil {
			out.Content = append(out.Content, kv.k, kv.v)
		}
	}
	return out
}
