// Package actors owns ZCP's long-lived actors: the API gateway (one shared
// rate budget and in-flight cap in front of every Zerops API call, of which
// watcher polls have a reserved share; identical reads in flight share one
// request, the service list and the project are kept for 2 s until anything
// changes the platform; a read ends within 30 s, a change waits at most
// that long for the budget), the
// process watcher (one poll loop per process or build, fanned out to any
// number of subscribers), the deploy pool (bounded workers, one FIFO queue
// per target service), the env writes (the deploy pool's queue under its own
// name: one env write per target at a time, each holding its target until
// its platform processes end) and the knowledge index (the bleve index built
// in the background).
//
// Every actor is a suture.Service whose Serve runs the actor's loop in the
// caller's goroutine: a select over the actor's inbox that owns all of its
// mutable state, with no mutex around it. Callers reach the loop through
// typed requests carrying a reply channel of buffer 1, sent on unbuffered
// channels; every send and every receive also selects on the caller's
// context and on the done channel of the loop's run, so no caller waits
// forever. A caller that gives up after the loop took its request tells the
// loop, which takes back whatever it granted in the same instant (a gateway
// slot, a deploy turn). The loop never blocks on anything but its select
// and never waits on I/O: API calls and deploy jobs run in their callers' goroutines
// between a grant and a report, and polls and the index build run in
// goroutines the actor starts and counts back in before Serve returns on
// shutdown.
//
// loopLife is the part each actor shares with its callers: the current run
// of its loop, the stop for good and the last snapshot. Each Serve is one run,
// with an inbox (the request channels), a status inbox and a done channel of
// its own; a caller loads the current run once per call and uses its
// channels throughout, so nothing sent to one run ever reaches another. A
// run ends in one of two ways. On shutdown (Serve's context ended) the actor
// stops for good: every later call fails fast with SERVICE_UNAVAILABLE, a
// later Serve is refused ("already stopped") and Status answers "stopped"
// with the snapshot the loop left. On a crash (the loop panicked) the run
// ends without draining: its waiting callers get SERVICE_UNAVAILABLE (watch
// subscribers as a final update), the deploy jobs it granted are cancelled,
// the goroutines it started are told to end, and the panic goes on out of
// Serve for suture to log; a fresh run takes the old one's place, so suture's
// restart (the next Serve) starts a new loop with fresh state (the deploy
// pool's new loop alone inherits the crashed run's running jobs, keeping
// their targets busy until they return, so that no two jobs of one target
// ever overlap). A request made
// while no loop runs (before the first Serve, or between a crash and the
// restart) waits for the next loop, within the caller's context; if no
// restart comes (suture was backing off, or stopping), Shutdown, which the
// supervisor calls on every actor once its tree has stopped, stops the
// actor for good and releases those callers. Status
// answers from the loop within the caller's context; an actor with no loop
// running answers at once as idle, a stopped one with its final snapshot.
package actors
