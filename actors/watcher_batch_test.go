package actors

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

// batchWatcher is a watcher whose every watch is due at each tick; the tests
// call tick themselves instead of serving it.
func batchWatcher(t *testing.T, c platform.Client) *Watcher {
	w := NewWatcher(c, WatcherConfig{Interval: time.Nanosecond, SlowInterval: time.Nanosecond, Limit: time.Minute})
	t.Cleanup(w.Shutdown)
	return w
}

// startProcesses starts n processes on the fake's services and subscribes to each.
func startProcesses(t *testing.T, srv *fakeapi.Server, c platform.Client, w *Watcher, n int) []<-chan ProcessUpdate {
	t.Helper()
	hosts := []string{"appdev", "appstage", "db", "cache"}
	chans := make([]<-chan ProcessUpdate, n)
	for i := range chans {
		p, err := c.RestartService(t.Context(), srv.ServiceID(hosts[i%len(hosts)]))
		if err != nil {
			t.Fatal(err)
		}
		if chans[i], err = w.Subscribe(t.Context(), p.ID); err != nil {
			t.Fatal(err)
		}
	}
	return chans
}

// TestWatcher_BatchedPolls: a tick costs one process search whatever the
// number of watched processes; each end it shows costs one read by id.
func TestWatcher_BatchedPolls(t *testing.T) {
	for _, n := range []int{1, 10, 50} {
		t.Run(fmt.Sprint(n, " processes"), func(t *testing.T) {
			t.Parallel()
			srv, c := newFake(t, fakeapi.Options{ProcessDuration: time.Hour, SearchLag: -1})
			w := batchWatcher(t, c)
			chans := startProcesses(t, srv, c, w, n)
			searches := func() int { return srv.CountRequests(http.MethodPost, "/process/search") }
			reads := func() int { return srv.CountRequests(http.MethodGet, "/process/") }
			srv.ResetRequests()
			w.tick(t.Context()) // no project known yet: one read by id tells it for the others
			if want := min(n-1, 1); searches() != want || reads() != 1 {
				t.Errorf("first tick: %d searches and %d reads by id, want %d and 1", searches(), reads(), want)
			}
			srv.ResetRequests()
			for range 3 {
				w.tick(t.Context())
			}
			if searches() != 3 || reads() != 0 {
				t.Errorf("3 ticks: %d searches and %d reads by id, want 3 and 0", searches(), reads())
			}
			for i, ch := range chans {
				if u := recv(t, ch); u.Final || u.Process.ID == "" {
					t.Errorf("subscriber %d: update %+v, want the running process", i, u)
				}
			}
			srv.EndProcesses()
			srv.ResetRequests()
			w.tick(t.Context())
			if searches() != 1 || reads() != n {
				t.Errorf("tick after the ends: %d searches and %d reads by id, want 1 and %d", searches(), reads(), n)
			}
			for i, ch := range chans {
				if got := drain(t, ch); len(got) == 0 || !got[len(got)-1].Final || got[len(got)-1].Err != nil {
					t.Errorf("subscriber %d: %+v, want a final update", i, got)
				}
			}
		})
	}
}

// TestWatcher_FollowsProcessMissingFromLaggingSearch: a process the search
// does not show yet is read by id, to its end.
func TestWatcher_FollowsProcessMissingFromLaggingSearch(t *testing.T) {
	t.Parallel()
	srv, c := newFake(t, fakeapi.Options{ProcessDuration: time.Hour, SearchLag: time.Hour})
	w := batchWatcher(t, c)
	chans := startProcesses(t, srv, c, w, 2)
	for range 2 {
		w.tick(t.Context())
	}
	if n := srv.CountRequests(http.MethodPost, "/process/search"); n < 1 {
		t.Errorf("%d searches, want the project searched", n)
	}
	for i, ch := range chans {
		if u := recv(t, ch); u.Final || u.Process.Status == "" {
			t.Errorf("subscriber %d: %+v, want the running process read by id", i, u)
		}
	}
	srv.EndProcesses()
	w.tick(t.Context())
	for i, ch := range chans {
		if got := drain(t, ch); len(got) == 0 || !got[len(got)-1].Final || !got[len(got)-1].Process.IsTerminal() {
			t.Errorf("subscriber %d: %+v, want its end", i, got)
		}
	}
}

// TestWatcher_EndSeenInSearchDropsGatewayCache: the read by id confirming an
// end the search shows drops the gateway's kept read of the restarted service
// before the subscriber hears of it, and keeps the ended process for the tool's read.
func TestWatcher_EndSeenInSearchDropsGatewayCache(t *testing.T) {
	t.Parallel()
	srv, c := newFake(t, fakeapi.Options{ProcessDuration: time.Hour, SearchLag: -1})
	g := NewGateway(c, GatewayConfig{CacheTTL: time.Hour, Rate: 1000, Burst: 100})
	w := batchWatcher(t, g)
	chans := startProcesses(t, srv, g, w, 2)
	w.tick(t.Context()) // one read by id, one search
	appdev := "/service-stack/" + srv.ServiceID("appdev")
	reads := func() int {
		return srv.CountRequests(http.MethodGet, appdev) - srv.CountRequests(http.MethodGet, appdev+"/")
	}
	if _, err := g.GetService(t.Context(), srv.ServiceID("appdev")); err != nil {
		t.Fatal(err)
	}
	before := reads()
	srv.EndProcesses()
	srv.ResetRequests()
	w.tick(t.Context())
	if n := srv.CountRequests(http.MethodGet, "/process/"); n != len(chans) {
		t.Fatalf("%d reads by id, want %d: each end confirmed once", n, len(chans))
	}
	for _, ch := range chans {
		got := drain(t, ch)
		if len(got) == 0 || !got[len(got)-1].Final {
			t.Fatalf("updates %+v, want a final one", got)
		}
		p, err := g.GetProcess(t.Context(), got[len(got)-1].Process.ID)
		if err != nil || !p.IsTerminal() {
			t.Fatalf("GetProcess after the end: %+v, %v", p, err)
		}
	}
	if n := srv.CountRequests(http.MethodGet, "/process/"); n != len(chans) {
		t.Errorf("%d reads by id, want %d: the tool's read of the ended process is cached", n, len(chans))
	}
	if _, err := g.GetService(t.Context(), srv.ServiceID("appdev")); err != nil {
		t.Fatal(err)
	}
	if reads() != 1 || before == 0 {
		t.Errorf("%d reads of appdev after the ends, want 1: the end of its restart dropped the kept one", reads())
	}
}

// TestGateway_KeepsEndedProcessAcrossChanges: an ended process read by id is
// answered from the cache even after a change to the platform; a running one
// is read again.
func TestGateway_KeepsEndedProcessAcrossChanges(t *testing.T) {
	t.Parallel()
	srv, c := newFake(t, fakeapi.Options{ProcessDuration: time.Hour, SearchLag: -1})
	g := NewGateway(c, GatewayConfig{CacheTTL: time.Hour, Rate: 1000, Burst: 100})
	p, err := g.RestartService(t.Context(), srv.ServiceID("appdev"))
	if err != nil {
		t.Fatal(err)
	}
	reads := func() int { return srv.CountRequests(http.MethodGet, "/process/") }
	for range 2 {
		if got, err := g.GetProcess(t.Context(), p.ID); err != nil || got.IsTerminal() {
			t.Fatalf("running process: %+v, %v", got, err)
		}
	}
	if reads() != 2 {
		t.Fatalf("%d reads of the running process, want 2: not kept", reads())
	}
	srv.EndProcesses()
	if got, err := g.GetProcess(t.Context(), p.ID); err != nil || !got.IsTerminal() {
		t.Fatalf("ended process: %+v, %v", got, err)
	}
	if _, err := g.RestartService(t.Context(), srv.ServiceID("db")); err != nil {
		t.Fatal(err)
	}
	g.PlatformChanged()
	if got, err := g.GetProcess(t.Context(), p.ID); err != nil || !got.IsTerminal() {
		t.Fatalf("ended process after changes: %+v, %v", got, err)
	}
	if reads() != 3 {
		t.Errorf("%d reads, want 3: the ended process is kept", reads())
	}
}

// changeCounter is a client that counts the PlatformChanged calls it gets.
type changeCounter struct {
	platform.Client
	changed atomic.Int32
}

func (c *changeCounter) PlatformChanged() { c.changed.Add(1) }

// TestWatcher_BatchedBuildPolls: once the project is known, a tick costs one
// app-version search for every watched build; each subscriber follows its own
// service's build, and the client hears of the end before the subscriber.
func TestWatcher_BatchedBuildPolls(t *testing.T) {
	t.Parallel()
	srv, raw := newFake(t, fakeapi.Options{ProcessDuration: time.Hour, BuildStepDuration: time.Hour, SearchLag: -1})
	c := &changeCounter{Client: raw}
	w := batchWatcher(t, c)
	startProcesses(t, srv, c, w, 1) // its read by id tells the project
	since := time.Now().Add(-time.Second)
	builds := map[<-chan BuildUpdate]string{} // each subscriber's app version id
	for _, host := range []string{"appdev", "appstage"} {
		svc := srv.ServiceID(host)
		av, err := c.CreateAppVersion(t.Context(), svc, "v1")
		if err != nil {
			t.Fatal(err)
		}
		if err := c.UploadAppVersion(t.Context(), av.ID, strings.NewReader("archive")); err != nil {
			t.Fatal(err)
		}
		if _, err := c.BuildAndDeploy(t.Context(), av.ID, "zerops:\n  - setup: "+host+"\n", host); err != nil {
			t.Fatal(err)
		}
		ch, err := w.SubscribeBuild(t.Context(), svc, since, "")
		if err != nil {
			t.Fatal(err)
		}
		builds[ch] = av.ID
	}
	searches := func() int { return srv.CountRequests(http.MethodPost, "/app-version/search") }
	srv.ResetRequests()
	for range 3 {
		w.tick(t.Context())
	}
	if searches() != 3 {
		t.Errorf("3 ticks with %d builds watched: %d app-version searches, want 3", len(builds), searches())
	}
	for ch, id := range builds {
		if u := recv(t, ch); u.Final || u.AppVersion.ID != id {
			t.Errorf("update %+v, want build %s under way", u, id)
		}
	}
	srv.FinishBuilds()
	w.tick(t.Context())
	for ch, id := range builds {
		got := drain(t, ch)
		if len(got) == 0 || !got[len(got)-1].Final || got[len(got)-1].AppVersion.ID != id {
			t.Fatalf("updates %+v, want build %s's end", got, id)
		}
		if c.changed.Load() == 0 {
			t.Error("the subscriber heard of a build's end before the client")
		}
	}
}

// TestWatcher_FirstPollAnIntervalAfterFirstWatch: an idle watcher's schedule
// starts with its first watch, so the first poll comes an Interval (less the
// tick's slack) later, when a lagging search already shows the process, and
// not at whatever tick happens next; a later watch joins the running schedule.
func TestWatcher_FirstPollAnIntervalAfterFirstWatch(t *testing.T) {
	t.Parallel()
	srv, c := newFake(t, fakeapi.Options{ProcessDuration: time.Hour, SearchLag: -1})
	w := NewWatcher(c, WatcherConfig{Interval: time.Hour, Limit: 2 * time.Hour})
	t.Cleanup(w.Shutdown)
	startProcesses(t, srv, c, w, 1)
	srv.ResetRequests()
	w.tick(t.Context())
	if n := len(srv.Requests()); n != 0 {
		t.Fatalf("a tick right after the first watch sent %d requests, want none before the Interval", n)
	}
	w.mu.Lock()
	w.next = time.Now() // the Interval has passed
	w.mu.Unlock()
	startProcesses(t, srv, c, w, 1) // a second watch does not restart the schedule
	srv.ResetRequests()
	w.tick(t.Context())
	if n := len(srv.Requests()); n == 0 {
		t.Fatal("the tick after the Interval sent no request")
	}
}

// TestWatcher_EndNearIsReportedByTheNextPoll: while a watched process's end
// is near, a tick polls though the regular schedule is far off, and the end
// is reported by the first poll after it; the watcher then knows how long
// that action takes.
func TestWatcher_EndNearIsReportedByTheNextPoll(t *testing.T) {
	t.Parallel()
	srv, c := newFake(t, fakeapi.Options{ProcessDuration: time.Hour, SearchLag: -1})
	w := NewWatcher(c, WatcherConfig{Interval: time.Minute, SlowInterval: time.Minute, Limit: time.Hour})
	t.Cleanup(w.Shutdown)
	ch := startProcesses(t, srv, c, w, 1)[0]
	w.mu.Lock()
	for _, wt := range w.watches { // past the first three quarters of an Interval: an unknown action may end now
		wt.started = time.Now().Add(-50 * time.Second)
	}
	w.next = time.Now().Add(time.Hour)
	w.mu.Unlock()
	srv.ResetRequests()
	w.tick(t.Context())
	if n := len(srv.Requests()); n == 0 {
		t.Fatal("no poll while the end is near")
	}
	if u := recv(t, ch); u.Final {
		t.Fatalf("update %+v before the end", u)
	}
	if srv.EndProcesses() != 1 {
		t.Fatal("no process ended")
	}
	w.mu.Lock()
	w.last = time.Time{} // the FastInterval has passed
	w.mu.Unlock()
	w.tick(t.Context())
	select {
	case u := <-ch:
		if !u.Final || u.Process.Status != platform.ProcessFinished {
			t.Fatalf("update after the end %+v, want the final FINISHED", u)
		}
	default:
		t.Fatal("the poll after the end did not report it")
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.expected) != 1 {
		t.Fatalf("durations learned: %v, want the restart's", w.expected)
	}
}

// TestWatcher_EndNear: the schedule is fast around the end an action's last
// process suggests, or early in a watch of an action not seen to end, and
// never while a lagging search may not show the process.
func TestWatcher_EndNear(t *testing.T) {
	t.Parallel()
	w := NewWatcher(nil, WatcherConfig{Interval: 2 * time.Second})
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	began, ended := t0.Add(time.Second), t0.Add(11*time.Second)
	w.learn(platform.Process{ActionName: "stack.restart", Status: platform.ProcessFinished, Started: &began, Finished: &ended}, &watch{started: t0}, ended)
	if d := w.expected["stack.restart"]; d != 10*time.Second {
		t.Fatalf("learned %v, want 10s", d)
	}
	started := t0.Add(time.Minute)
	running := platform.Process{ActionName: "stack.restart", Status: platform.ProcessRunning, Started: &started}
	for _, tt := range []struct {
		name string
		snap any
		at   time.Duration // since the watch began (a second before started)
		want bool
	}{
		{"search may lag", nil, time.Second, false},
		{"unknown action, young", platform.Process{ActionName: "stack.stop"}, 2 * time.Second, true},
		{"unknown action, old", platform.Process{ActionName: "stack.stop"}, 5 * time.Second, false},
		{"not polled yet", nil, 3 * time.Second, true},
		{"known, far from its end", running, 5 * time.Second, false},
		{"known, an Interval before", running, 10 * time.Second, true},
		{"known, at its end", running, 11 * time.Second, true},
		{"known, long past", running, 14 * time.Second, false},
	} {
		wt := &watch{started: started.Add(-time.Second), snap: tt.snap}
		if got := w.endNear(wt, wt.started.Add(tt.at)); got != tt.want {
			t.Errorf("%s: endNear %v, want %v", tt.name, got, tt.want)
		}
	}
}
