// Package supervisor owns the process-level machinery of zcp: the suture
// supervision tree (one sub-supervisor per actor group, so one flapping actor
// never puts its siblings into backoff), the zap logger with its slog and std
// log bridges and the suture event hook, signal handling (SIGINT/SIGTERM
// cancel the root context with a hard exit deadline, SIGUSR1 writes the status
// dump, SIGPIPE is ignored), the stdout guard that keeps fd 1 for JSON-RPC
// only, the status dump, and the Stack: the one wiring of the actors and the
// MCP server that cmd/zcp and the MCP tool tests share.
package supervisor
