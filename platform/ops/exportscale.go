package ops

import (
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/yamlcheck"
)

// keepSettings completes one service of an export with what the user set
// and the platform's export may leave out: the shared storages it mounts,
// the scaling (verticalAutoscaling; minContainers and maxContainers for a
// runtime), and a managed service's
// mode written in its type (postgresql:single@16), the form the docs prefer.
func keepSettings(node *yaml.Node, byName map[string]platform.ServiceStack) {
	if node.Kind != yaml.MappingNode {
		return
	}
	host := mapValue(node, "hostname")
	if host == nil {
		return
	}
	svc, ok := byName[host.Value]
	if !ok {
		return
	}
	typeForm(node)
	if len(svc.Mounts) > 0 && mapValue(node, "mount") == nil {
		// The connections the platform lists: an export without them
		// would import a runtime that mounts nothing.
		m := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		for _, h := range svc.Mounts {
			m.Content = append(m.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: h})
		}
		setKey(node, "mount", m)
	}
	a := svc.CustomAutoscaling
	if a == nil || svc.Type.Category == platform.CategoryObject {
		return
	}
	if mapValue(node, "verticalAutoscaling") == nil {
		v := yaml.Node{Kind: yaml.MappingNode}
		add := func(key string, val any, set bool) {
			if set {
				var n yaml.Node
				if err := n.Encode(val); err == nil {
					v.Content = append(v.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, &n)
				}
			}
		}
		add("cpuMode", a.CPUMode, a.CPUMode != "")
		add("minCpu", a.MinCPU, a.MinCPU > 0)
		add("maxCpu", a.MaxCPU, a.MaxCPU > 0)
		add("minRam", a.MinRAM, a.MinRAM > 0)
		add("maxRam", a.MaxRAM, a.MaxRAM > 0)
		add("minDisk", a.MinDisk, a.MinDisk > 0)
		add("maxDisk", a.MaxDisk, a.MaxDisk > 0)
		add("startCpuCoreCount", a.StartCPU, a.StartCPU > 0)
		add("minFreeCpuCores", a.MinFreeCPUCores, a.MinFreeCPUCores > 0)
		add("minFreeCpuPercent", a.MinFreeCPUPercent, a.MinFreeCPUPercent > 0)
		add("minFreeRamGB", a.MinFreeRAMGB, a.MinFreeRAMGB > 0)
		add("minFreeRamPercent", a.MinFreeRAMPercent, a.MinFreeRAMPercent > 0)
		if len(v.Content) > 0 {
			node.Content = append(node.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: "verticalAutoscaling"}, &v)
		}
	}
	if svc.Type.Category != platform.CategoryUser {
		return // managed services have a fixed container count
	}
	for _, c := range []struct {
		key string
		n   int
	}{{"minContainers", a.MinContainers}, {"maxContainers", a.MaxContainers}} { // in this order: the YAML is the same each time
		key, n := c.key, c.n
		if n > 0 && mapValue(node, key) == nil {
			var v yaml.Node
			if err := v.Encode(n); err == nil {
				node.Content = append(node.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: key}, &v)
			}
		}
	}
}

// withModeForm writes the legacy mode (NON_HA, HA) into typ as :single or
// :ha (postgresql@16 → postgresql:single@16); ok false, typ unchanged,
// when typ names its form already or has no version, or mode is unknown.
func withModeForm(typ, mode string) (string, bool) {
	name, version, ok := strings.Cut(typ, "@")
	form := map[string]string{"NON_HA": "single", "HA": "ha"}[mode]
	if !ok || form == "" || strings.ContainsAny(typ, ":/") {
		return typ, false
	}
	return name + ":" + form + "@" + version, true
}

// typeForm writes a service's legacy mode (NON_HA, HA) into its type as
// :single or :ha and drops the mode; a type that names its form already,
// or an unknown mode, is left as it is; a single-only type keeps its bare
// form and loses the mode.
func typeForm(node *yaml.Node) {
	typ, mode := mapValue(node, "type"), mapValue(node, "mode")
	if typ == nil || mode == nil {
		return
	}
	formed, ok := withModeForm(typ.Value, mode.Value)
	name, _, _ := strings.Cut(typ.Value, "@")
	switch {
	case yamlcheck.SingleOnly(name) && !strings.ContainsAny(typ.Value, ":/"):
		// No choice to state: the docs list the bare type (meilisearch@1.10).
	case !ok:
		return
	default:
		typ.Value = formed
	}
	for i := 0; i+1 < len(node.Content); i += 2 {
		if node.Content[i].Value == "mode" {
			node.Content = append(node.Content[:i], node.Content[i+2:]...)
			return
		}
	}
}
