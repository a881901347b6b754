// Package platform is ZCP's model of the Zerops platform.
//
// It owns the [Client] interface (every Zerops API operation ZCP performs),
// its implementation over the official zerops-go SDK ([ZeropsClient]), the
// SDK-free domain types, [PlatformError] and its codes, the two-step log
// fetcher, and the MCP-agnostic helpers later layers share: hostname rules,
// service-type parsing, env-file parsing, import checks, event merging and
// log filtering.
//
// Nothing here imports mcp, actors or supervisor. The fake Zerops API used by
// tests, benchmarks and `zcp sandbox` lives in the sub-package fakeapi; it
// speaks the same REST protocol as the real API so that the real SDK code path
// is exercised end to end.
package platform
