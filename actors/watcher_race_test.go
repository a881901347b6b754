package actors

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestWatcher_RacingSubscribers subscribes, reads at random paces and
// cancels concurrently with the polls and the final update. Whatever the
// interleaving: a subscriber that stays gets the final state as its last
// update, exactly once; one that leaves sees its channel closed, with at
// most one final update, and never anything after it.
func TestWatcher_RacingSubscribers(t *testing.T) {
	checkLeaks(t)
	for round := range 20 {
		t.Run(fmt.Sprint("round ", round), func(t *testing.T) {
			t.Parallel()
			statuses := []platform.ProcessStatus{platform.ProcessPending}
			for range 5 {
				statuses = append(statuses, platform.ProcessRunning)
			}
			c := &stubClient{statuses: append(statuses, platform.ProcessFinished)}
			w := NewWatcher(c, fastWatcher())
			serve(t, w)
			const n = 40
			var wg sync.WaitGroup
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					ctx, cancel := context.WithCancel(t.Context())
					defer cancel()
					leaving := i%2 == 1
					leaveAfter := rand.N(4)
					ch, err := w.Subscribe(ctx, "proc-1")
					if err != nil {
						t.Error(err)
						return
					}
					if leaving && leaveAfter == 0 {
						cancel() // leaves before reading anything
					}
					var got []ProcessUpdate
					for u := range ch {
						got = append(got, u)
						if leaving && len(got) == leaveAfter {
							cancel()
						}
						for range rand.N(3) {
							runtime.Gosched() // a slower reader
						}
					}
					finals := 0
					for j, u := range got {
						if u.Final {
							finals++
							if j != len(got)-1 {
								t.Errorf("subscriber %d: update after the final one: %+v", i, got)
							}
						}
					}
					switch {
					case finals > 1:
						t.Errorf("subscriber %d: %d final updates", i, finals)
					case !leaving && (finals != 1 || got[len(got)-1].Process.Status != platform.ProcessFinished):
						t.Errorf("subscriber %d stayed but did not end on FINISHED: %+v", i, got)
					}
				}()
			}
			wg.Wait()
			if st, _ := w.Status(t.Context()); fig(st, "processes") != "0" {
				t.Errorf("status %+v after every subscriber ended, want nothing watched", st.Figures)
			}
		})
	}
}
