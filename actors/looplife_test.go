package actors

import (
	"testing"
	"time"
)

// awaitLoop returns once l's loop takes requests. Status cannot tell: it
// answers an actor whose Serve has not started yet at once, as idle.
func awaitLoop[I any](t *testing.T, l *loopLife[I]) {
	t.Helper()
	r := l.current()
	reply := make(chan ActorStatus, 1)
	select {
	case r.status <- reply:
		<-reply
	case <-r.done:
	case <-time.After(30 * time.Second):
		t.Fatalf("%s: the loop never started", l.name)
	}
}
