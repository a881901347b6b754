package mcp

// ToolNames lists the name of every tool ZCP offers, in definition order,
// read from the same definitions the server registers (zcp init builds the
// Claude Code allow-list from it).
func ToolNames() []string {
	defs := (&Server{}).allTools()
	names := make([]string, len(defs))
	for i, d := range defs {
		names[i] = d.tool.Name
	}
	return names
}
