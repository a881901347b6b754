// Package supervisor owns zcp's process-level machinery: the suture tree (one
// sub-supervisor per actor group), logging, signals, the stdout guard, the
// status dump, and the Stack wiring the actors to the MCP server.
package supervisor
