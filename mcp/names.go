package mcp

// ToolNames lists every tool ZCP offers, in tools/list order: the one registry
// (allTools) that the server registers, zcp init's allow-list, the tests and
// the README's tool table (checked by a test) all derive from.
func ToolNames() []string { return toolNames(false) }

// ReadOnlyToolNames lists the tools a ZCP_READ_ONLY=1 server registers.
func ReadOnlyToolNames() []string { return toolNames(true) }

func toolNames(readOnly bool) []string {
	var names []string
	for _, d := range (&Server{deps: Deps{ReadOnly: readOnly}}).allTools() {
		if !readOnly || d.readOnly {
			names = append(names, d.tool.Name)
		}
	}
	return names
}
