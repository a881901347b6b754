// Package fakeapi is a stateful fake of the Zerops public REST API, strict as
// the live one (README: "The simulated API"), for tests and `zcp sandbox`. A
// [Server] is an http.Handler, safe for concurrent use; time advances lazily,
// so no goroutine outlives [Server.Close]. What a deployed app does is
// appsim's to decide.
package fakeapi
