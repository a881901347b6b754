package fakeapi

import (
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/appsim"
)

// A crash-looping app is started again after 2, 4, 8, 16 and then every
// 30 s, each attempt logged when its time has come, at most
// maxStartAttempts; once another version runs, the old one logs no more.
func TestCrashLoop_RestartsOnItsSchedule(t *testing.T) {
	t.Parallel()
	srv := New(Options{})
	st := srv.st
	dev := st.serviceByName(st.demoID, "appdev")
	av := st.activeVersion(dev.ID, time.Now())
	if av == nil {
		t.Fatal("appdev has no active version")
	}
	// It starts x.js, which was not deployed.
	d := *av.deployed
	d.Start, av.deployed, av.runFiles = "node x.js", &d, appsim.NewFiles()
	t0 := time.Now().Add(time.Hour) // after every line the seed wrote
	attempts := func() int {
		n := 0
		for _, l := range st.logs {
			if l.ServiceID == dev.ID && strings.Contains(l.Message, "Cannot find module") {
				n++
			}
		}
		return n
	}
	st.appStarted(dev, av, t0)
	tests := []struct {
		after time.Duration
		want  int
	}{
		{0, 1}, {1999 * time.Millisecond, 1}, {2 * time.Second, 2}, {6 * time.Second, 3}, {14 * time.Second, 4},
		{30 * time.Second, 5}, {59 * time.Second, 5}, {60 * time.Second, 6}, {time.Hour, maxStartAttempts},
	}
	for _, tt := range tests {
		st.advance(t0.Add(tt.after))
		if got := attempts(); got != tt.want {
			t.Fatalf("%s after the start: %d attempts logged, want %d", tt.after, got, tt.want)
		}
	}

	// Started again (a restart): a new series; a newer version stops it.
	t1 := t0.Add(2 * time.Hour)
	st.appStarted(dev, av, t1)
	if got := attempts(); got != maxStartAttempts+1 {
		t.Fatalf("a restart logged %d attempts in all, want %d", got, maxStartAttempts+1)
	}
	av.finalize(platform.AppVersionBackup, t1.Add(time.Second))
	st.advance(t1.Add(time.Hour))
	if got := attempts(); got != maxStartAttempts+1 {
		t.Errorf("a version no longer running logged %d attempts, want %d", got, maxStartAttempts+1)
	}
}
