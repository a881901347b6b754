// Package mcp is ZCP's MCP surface: the server, the zerops_* tools (one file
// each, registered in tools.go), resources, prompts, the middleware around
// every call and the stdio layer. MCP types never leave it.
package mcp
