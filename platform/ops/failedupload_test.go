package ops

import (
	"fmt"
	"sync"
	"testing"
)

func TestNoteUploadEnd_SameUploadFailingTheSameWay(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		ends  [][2]string // digest, failure
		again bool        // what the last end reports
	}{
		{name: "first failure", ends: [][2]string{{"a", "build x"}}},
		{name: "same upload, same failure", ends: [][2]string{{"a", "build x"}, {"a", "build x"}}, again: true},
		{name: "same upload, another failure", ends: [][2]string{{"a", "build x"}, {"a", "not-answering y"}}},
		{name: "another upload", ends: [][2]string{{"a", "build x"}, {"b", "build x"}}},
		{name: "a success between", ends: [][2]string{{"a", "build x"}, {"a", ""}, {"a", "build x"}}},
		{name: "unknown digest", ends: [][2]string{{"", "build x"}, {"", "build x"}}},
		{name: "an unknown upload between", ends: [][2]string{{"a", "build x"}, {"", "build x"}, {"a", "build x"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			m := NewMemory("")
			var again bool
			for _, e := range tt.ends {
				again = m.NoteUploadEnd("p", "svc", e[0], e[1])
			}
			if again != tt.again {
				t.Errorf("again = %v, want %v", again, tt.again)
			}
		})
	}
}

// Concurrent deploys of many services keep at most failedMax of them.
func TestNoteUploadEnd_BoundedUnderConcurrentUse(t *testing.T) {
	t.Parallel()
	m := NewMemory("")
	var wg sync.WaitGroup
	for i := range 4 * failedMax {
		wg.Go(func() { m.NoteUploadEnd("p", fmt.Sprint("svc", i), "d", "build x") })
	}
	wg.Wait()
	m.lock("p")
	n := len(m.failed)
	m.mu.Unlock()
	if n > failedMax {
		t.Errorf("%d services remembered, want at most %d", n, failedMax)
	}
}
