package schema_test

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/schema"
)

// clock is a settable clock for the store's age checks.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func newStore(t *testing.T, url, dir string, clk *clock) *schema.Store {
	t.Helper()
	return schema.NewStore(schema.Config{BaseURL: url, CacheDir: dir, Now: clk.Now, RetryAfter: time.Minute})
}

// fetched returns the store's copy once its background fetch ended.
func fetched(t *testing.T, s *schema.Store) *schema.Set {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()
	s.Wait(ctx)
	return s.Get(ctx, 0)
}

// schemaGets counts the requests of the schema paths the fake served.
func schemaGets(f *fakeapi.Server) int {
	n := 0
	for _, r := range f.Requests() {
		if strings.Contains(r.Path, "json-schema.json") {
			n++
		}
	}
	return n
}

func TestStore_FreshFetchIsCachedOnDisk(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{})
	dir, clk := t.TempDir(), &clock{now: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}
	s := newStore(t, fake.URL(), dir, clk)
	s.Start(t.Context())
	set := fetched(t, s)
	if set == nil || set.ZeropsYml() == nil || set.ImportYml() == nil {
		t.Fatalf("no schemas after the fetch: %v", s.LastError())
	}
	if !set.FetchedAt.Equal(clk.Now()) {
		t.Errorf("FetchedAt = %v, want %v", set.FetchedAt, clk.Now())
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 1 {
		t.Fatalf("cache files = %v, want one", files)
	}
	// A new store (a new start) reads the disk copy and fetches nothing.
	fake.InjectFault(fakeapi.Fault{PathPrefix: "/api/rest/public/settings/", Status: http.StatusServiceUnavailable})
	before := schemaGets(fake)
	s2 := newStore(t, fake.URL(), dir, clk)
	s2.Start(t.Context())
	got := fetched(t, s2)
	if got == nil || !got.FetchedAt.Equal(set.FetchedAt) {
		t.Fatalf("second store = %+v, want the disk copy of %v", got, set.FetchedAt)
	}
	if n := schemaGets(fake) - before; n != 0 {
		t.Errorf("a fresh disk copy was fetched again (%d requests)", n)
	}
}

func TestStore_StartAfterWaitsForItsDelayOrAGet(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{})
	dir, clk := t.TempDir(), &clock{now: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}
	ctx, cancel := context.WithTimeout(t.Context(), 10*time.Second)
	defer cancel()

	// Deferred for an hour: nothing is fetched (a fetch under way would be
	// waited for here), until a call asks for the schemas.
	s := newStore(t, fake.URL(), dir, clk)
	s.StartAfter(ctx, time.Hour)
	s.Wait(ctx)
	if n := schemaGets(fake); n != 0 {
		t.Fatalf("%d schema requests before the delay and before any Get", n)
	}
	if got := s.Get(ctx, 5*time.Second); got == nil || got.ZeropsYml() == nil {
		t.Fatalf("a Get did not start the deferred store: %v", s.LastError())
	}

	// With a short delay the store starts by itself: no copy on disk, so it
	// fetches, and no Get asked for it.
	before := schemaGets(fake)
	s2 := newStore(t, fake.URL(), "", clk)
	s2.StartAfter(ctx, time.Millisecond)
	for schemaGets(fake) == before {
		select {
		case <-ctx.Done():
			t.Fatal("the deferred store never started by itself")
		case <-time.After(5 * time.Millisecond):
		}
	}
	s2.Wait(ctx)
}

func TestStore_StaleCopyIsRefreshedAtMostDaily(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{})
	dir, clk := t.TempDir(), &clock{now: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}
	s := newStore(t, fake.URL(), dir, clk)
	s.Start(t.Context())
	first := fetched(t, s)
	if first == nil {
		t.Fatalf("no first copy: %v", s.LastError())
	}
	clk.add(23 * time.Hour)
	if got := s.Get(t.Context(), 0); got != first {
		t.Fatal("a copy younger than a day was replaced")
	}
	n := schemaGets(fake)
	clk.add(2 * time.Hour)
	if got := s.Get(t.Context(), 0); got != first {
		t.Fatal("a stale copy must be answered at once while it is refreshed")
	}
	if got := fetched(t, s); got == first || !got.FetchedAt.Equal(clk.Now()) {
		t.Fatalf("stale copy not refreshed: %+v (%v)", got, s.LastError())
	}
	if schemaGets(fake) <= n {
		t.Error("no request for the refresh")
	}
}

func TestStore_APIDownWithCacheKeepsTheCopy(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{})
	dir, clk := t.TempDir(), &clock{now: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}
	s := newStore(t, fake.URL(), dir, clk)
	s.Start(t.Context())
	first := fetched(t, s)
	fake.InjectFault(fakeapi.Fault{PathPrefix: "/api/rest/public/settings/", Status: http.StatusBadGateway})
	clk.add(48 * time.Hour)
	s2 := newStore(t, fake.URL(), dir, clk)
	s2.Start(t.Context())
	got := fetched(t, s2)
	if got == nil || !got.FetchedAt.Equal(first.FetchedAt) {
		t.Fatalf("API down: got %+v, want the stale disk copy", got)
	}
	if s2.LastError() == nil {
		t.Error("the failed refresh left no error")
	}
}

func TestStore_APIDownWithoutCacheHasNoSchema(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{})
	fake.InjectFault(fakeapi.Fault{PathPrefix: "/api/rest/public/settings/", Status: http.StatusServiceUnavailable})
	clk := &clock{now: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}
	s := newStore(t, fake.URL(), t.TempDir(), clk)
	s.Start(t.Context())
	if got := s.Get(t.Context(), 5*time.Second); got != nil {
		t.Fatalf("got a schema with the API down and no cache: %+v", got)
	}
	if s.LastError() == nil {
		t.Fatal("no error recorded")
	}
	// Not retried before RetryAfter, then retried once the API is back.
	n := schemaGets(fake)
	_ = s.Get(t.Context(), 0)
	if schemaGets(fake) != n {
		t.Error("a failed fetch was retried at once")
	}
	fake.ClearFaults()
	clk.add(2 * time.Minute)
	s.Get(t.Context(), 0)
	if got := fetched(t, s); got == nil {
		t.Fatalf("not fetched once the API is back: %v", s.LastError())
	}
}

func TestStore_AliasPathIsTried(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{})
	fake.InjectFault(fakeapi.Fault{PathPrefix: schema.ZeropsYmlPaths[0], Status: http.StatusNotFound})
	s := newStore(t, fake.URL(), "", &clock{now: time.Now()})
	s.Start(t.Context())
	if got := fetched(t, s); got == nil || got.ZeropsYml() == nil {
		t.Fatalf("the $id alias path was not tried: %v", s.LastError())
	}
}

func TestStore_UnreachableHostNeverBlocksBeyondWait(t *testing.T) {
	t.Parallel()
	// A listener that accepts and never answers.
	s := schema.NewStore(schema.Config{BaseURL: "http://192.0.2.1:9", CacheDir: t.TempDir()})
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	s.Start(ctx)
	done := make(chan *schema.Set, 1)
	go func() { done <- s.Get(t.Context(), 50*time.Millisecond) }()
	select {
	case got := <-done:
		if got != nil {
			t.Fatalf("got %+v from an unreachable host", got)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Get waited past its bound")
	}
	cancel()
	s.Wait(context.Background())
}

func TestStore_NilStoreHasNothing(t *testing.T) {
	t.Parallel()
	var s *schema.Store
	s.Start(t.Context())
	if s.Get(t.Context(), time.Second) != nil {
		t.Fatal("nil store answered a schema")
	}
	if _, err := os.Stat(schema.DefaultCacheDir()); err != nil && !os.IsNotExist(err) {
		t.Logf("cache dir: %v", err)
	}
}
