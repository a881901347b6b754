// Package fakeapi is a stateful, in-process fake of the Zerops public REST API.
//
// It speaks the same wire protocol as the real API (paths under
// /api/rest/public, bearer tokens, the {"error":{code,message,meta}} envelope,
// RFC 3339 dates) so that tests, benchmarks and `zcp sandbox` exercise the
// real zerops-go SDK end to end. It owns: the seeded "demo" project and the
// service-stack-type catalog, lazily clocked processes and builds and their
// effects, service import, env variables, the push (app-version) endpoints,
// a simulated build and runtime that fail as the platform does from the
// pushed zerops.yml and archive (buildsim.go, sim.go, runtime.go; nothing
// uploaded is executed), the apps' HTTP answers (probe.go), a log backend,
// and test controls (fault injection, a rate limit,
// a request log, forced process and build failures).
//
// A [Server] is an [net/http.Handler] and is safe for concurrent use. Time
// advances lazily: the state of a process or a build is computed from elapsed
// time on each request, and its effects are applied once when it finishes,
// so no goroutine outlives [Server.Close]. Ended processes, final app
// versions, log lines and the request log are kept up to fixed bounds
// (retention.go), so a Server left running for days stays bounded.
package fakeapi
