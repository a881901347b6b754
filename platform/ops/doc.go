// Package ops holds the MCP-agnostic operations behind ZCP's tools: service
// resolution by hostname, discover, lifecycle and scaling, environment
// variables, logs, import checks and import, offline YAML validation, delete,
// subdomain access, the activity timeline, process status and cancel, safe
// file reading and the shared stack-type catalog cache.
//
// Every operation takes a [platform.Client] (in production the API gateway
// actor) and returns plain values or a *platform.PlatformError carrying a
// suggestion the agent can act on. Nothing here knows about MCP; the mcp
// package turns these values into tool results and progress notifications.
// The functions are safe for concurrent use as far as the Client is.
package ops
