// Package actors owns ZCP's long-lived actors: the API gateway (one shared
// rate budget and in-flight cap in front of every Zerops API call), the
// process watcher (one poll loop per process or build, fanned out to any
// number of subscribers), the deploy pool (bounded workers, one FIFO queue
// per target service) and the knowledge index (the bleve index built in the
// background).
//
// Every actor is a suture.Service whose Serve runs the actor's loop in the
// caller's goroutine: a select over the actor's inbox that owns all of its
// mutable state, with no mutex around it. Callers reach the loop through
// typed requests carrying a reply channel of buffer 1, sent on unbuffered
// channels; every send and every receive also selects on the caller's
// context and on the actor's done channel, so no caller waits forever. A
// caller that gives up after the loop took its request tells the loop, which
// takes back whatever it granted in the same instant (a gateway slot, a
// deploy turn). The loop never blocks on anything but its select and never
// waits on I/O: API calls and deploy jobs run in their callers' goroutines
// between a grant and a report, and polls and the index build run in
// goroutines the actor starts and counts back in before Serve returns.
//
// loopLife is the part each actor shares with its callers: the Serve phase
// (a request made before Serve waits for the loop; an actor serves once),
// the done channel closed when Serve returns (after which every call fails
// fast with SERVICE_UNAVAILABLE), and the status inbox. Status answers from
// the loop within the caller's context; an actor never served answers at
// once as idle, a stopped one with the snapshot its loop left.
package actors
