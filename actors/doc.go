// Package actors owns ZCP's long-lived actors: the API gateway (one shared
// rate budget and in-flight cap in front of every Zerops API call), the
// process watcher (one poll loop per process or build, fanned out to any
// number of subscribers), the deploy pool (bounded workers, one FIFO queue
// per target service) and the knowledge index (the bleve index built in the
// background).
//
// Every actor is a suture.Service: Serve runs in the caller's goroutine,
// returns ctx.Err() when stopped, and after that every call fails fast with
// SERVICE_UNAVAILABLE. Every actor has a String name and answers Status with a
// snapshot for the status dump without waiting on I/O.
package actors
