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
//
// Callers reach an actor through plain methods rather than request structs
// sent to its loop. The guarantees that shape exists for hold all the same:
// each actor's state sits behind its own mutex, no lock is ever held across
// I/O, and every wait a caller can meet (budget, in-flight slot, cooldown,
// backoff, a subscription, a queued deploy) selects on the caller's context
// and on the actor's done channel, so no caller waits forever. The work of an
// API call runs in the caller's goroutine, so the gateway never becomes a
// single-threaded bottleneck; the loops that are the actor's own (a watch's
// poll loop, a deploy worker, the index build) run in goroutines the actor
// starts and stops.
package actors
