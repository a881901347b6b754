package fakeapi

import (
	"fmt"
	"slices"
	"testing"
	"time"
)

// TestRetention_BoundsLongRunningState drives the state far past every
// retention bound, as days of `zcp sandbox` would, and checks that the
// oldest ended records go while the newest and the unfinished stay.
func TestRetention_BoundsLongRunningState(t *testing.T) {
	t.Parallel()
	s := New(Options{ProcessDuration: time.Millisecond})
	st := s.st
	now := time.Now()
	svc := st.serviceByName(st.demoID, "appdev")
	pending := st.newProcess(st.demoID, svc, "stack.restart", now)
	pending.EndAt = now.Add(time.Hour) // still running throughout

	var lastProc, lastAV string
	for i := range 3 * keepEndedProcesses {
		at := now.Add(time.Duration(i) * time.Millisecond)
		lastProc = st.newProcess(st.demoID, svc, "stack.restart", at).ID
		if i%10 == 0 {
			av := st.newAppVersion(svc, "CLI", fmt.Sprint("v", i), at)
			av.finalize("ACTIVE", at)
			lastAV = av.ID
		}
		for range 12 { // 72,000 lines in all
			st.addLog(svc, at, 6, 16, "app", "c1", "line")
		}
		st.advance(at.Add(time.Second))
	}

	if n := len(st.procOrder); n > keepEndedProcesses+keepEndedProcesses/4+1 || n < keepEndedProcesses {
		t.Errorf("%d processes kept, want about %d", n, keepEndedProcesses)
	}
	if len(st.processes) != len(st.procOrder) {
		t.Errorf("process map %d entries, order %d", len(st.processes), len(st.procOrder))
	}
	if st.processes[pending.ID] == nil {
		t.Error("the running process was dropped")
	}
	if st.processes[lastProc] == nil {
		t.Error("the newest process was dropped")
	}
	finals := 0
	for _, id := range st.avOrder {
		if st.appVersions[id].ServiceID == svc.ID && st.appVersions[id].final {
			finals++
		}
	}
	if finals != keepFinalAppVersions {
		t.Errorf("%d final app versions of appdev kept, want the platform's %d", finals, keepFinalAppVersions)
	}
	if st.appVersions[lastAV] == nil {
		t.Error("the newest app version was dropped")
	}
	if next := st.newAppVersion(svc, "CLI", "next", now); next.Seq <= st.appVersions[lastAV].Seq {
		t.Errorf("next app version has sequence %d after %d", next.Seq, st.appVersions[lastAV].Seq)
	}
	if n := len(st.logs); n > keepLogLines+keepLogLines/4 || n < keepLogLines {
		t.Errorf("%d log lines kept, want about %d", n, keepLogLines)
	}
}

// TestRetention_KeepsThePlatformsTenVersions: as Zerops keeps the 10 most
// recent versions of a service's application, the fake lists no more, from
// the eleventh deploy on (walk 12: it kept 50 while the knowledge said 10).
func TestRetention_KeepsThePlatformsTenVersions(t *testing.T) {
	t.Parallel()
	s := New(Options{ProcessDuration: time.Millisecond})
	st := s.st
	now := time.Now()
	svc := st.serviceByName(st.demoID, "appdev")
	var ids []string
	for i := range 12 {
		at := now.Add(time.Duration(i) * time.Second)
		av := st.newAppVersion(svc, "CLI", fmt.Sprint("v", i), at)
		av.finalize("ACTIVE", at)
		ids = append(ids, av.ID)
		st.advance(at.Add(time.Millisecond))
		finals := 0
		for _, id := range st.avOrder {
			if a := st.appVersions[id]; a.ServiceID == svc.ID && a.final {
				finals++
			}
		}
		if want := min(i+1+seeded(st, svc.ID, ids), keepFinalAppVersions); finals != want {
			t.Fatalf("after deploy %d: %d final versions listed, want %d", i+1, finals, want)
		}
	}
	if st.appVersions[ids[len(ids)-1]] == nil || st.appVersions[ids[0]] != nil {
		t.Error("the newest version was dropped, or the oldest kept")
	}
}

// seeded counts the final versions of service id the fake was seeded with
// (not among ids).
func seeded(st *state, id string, ids []string) int {
	n := 0
	for _, v := range st.avOrder {
		if a := st.appVersions[v]; a.ServiceID == id && a.final && !slices.Contains(ids, v) {
			n++
		}
	}
	return n
}
