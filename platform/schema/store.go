package schema

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// The paths the API host serves the schemas on, each with the alias its own
// $id spells (facts: try the first, then the second).
var (
	ZeropsYmlPaths = []string{"/api/rest/public/settings/zerops-yml-json-schema.json", "/api/rest/public/settings/zerops-yaml-json-schema.json"}
	ImportYmlPaths = []string{"/api/rest/public/settings/import-project-yml-json-schema.json", "/api/rest/public/settings/import-project-yaml-json-schema.json"}
)

// Defaults of Config.
const (
	DefaultMaxAge     = 24 * time.Hour   // refresh at most daily
	DefaultRetryAfter = 5 * time.Minute  // a failed fetch is retried no sooner
	DefaultWait       = 2 * time.Second  // how long a call may wait for a first fetch
	fetchTimeout      = 20 * time.Second // one whole fetch of both schemas
	maxSchemaBytes    = 4 << 20
)

// Config configures a Store.
type Config struct {
	// BaseURL is the API's base URL (zeropsapi.NormalizeAPIURL's form).
	BaseURL string
	// HTTPClient carries the fetches; nil: a client with a 10 s timeout.
	HTTPClient *http.Client
	// Through carries each fetch of url (the API gateway, so the fetches
	// spend the one shared rate budget); nil: fetched directly.
	Through func(ctx context.Context, url string, get func(context.Context) ([]byte, error)) ([]byte, error)
	// CacheDir is where the fetched schemas are kept ("": not kept on disk).
	CacheDir string
	// MaxAge is how old a copy may be before it is fetched again; 0: DefaultMaxAge.
	MaxAge time.Duration
	// RetryAfter spaces failed fetches; 0: DefaultRetryAfter.
	RetryAfter time.Duration
	// Now is the clock; nil: time.Now.
	Now func() time.Time
}

// Store keeps the newest copy of both schemas: from disk at Start (or the
// first Get after StartAfter), then fetched in the background when missing or older than MaxAge. Safe for
// concurrent use; a nil Store has no schemas.
type Store struct {
	cfg    Config
	loaded sync.Once // the disk copy read (at the first Start or Get)

	mu       sync.Mutex
	cur      *Set
	fetching chan struct{} // closed when the fetch under way ends; nil: none
	lastFail time.Time
	lastErr  error
	ctx      context.Context // bounds the background fetches (Start's)
}

// NewStore returns a store for cfg; it reads and fetches nothing until Start.
func NewStore(cfg Config) *Store {
	if cfg.MaxAge <= 0 {
		cfg.MaxAge = DefaultMaxAge
	}
	if cfg.RetryAfter <= 0 {
		cfg.RetryAfter = DefaultRetryAfter
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.HTTPClient == nil {
		cfg.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	return &Store{cfg: cfg}
}

// DefaultCacheDir is ZCP's directory for the schemas in the user cache
// directory ("" when the system has none).
func DefaultCacheDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "zcp", "schemas")
}

// Start reads the disk copy and, when there is none or it is stale, starts
// a fetch in the background; it never waits on the network. ctx bounds every
// background fetch of the store.
func (s *Store) Start(ctx context.Context) {
	if s == nil {
		return
	}
	s.arm(ctx)
	s.warm()
}

// StartAfter is Start deferred by delay, so that reading, fetching and
// compiling the schemas stay off a process's way to its first answers; a Get
// before then starts the store at once. The wait ends with ctx.
func (s *Store) StartAfter(ctx context.Context, delay time.Duration) {
	if s == nil {
		return
	}
	s.arm(ctx)
	go func() {
		t := time.NewTimer(delay)
		defer t.Stop()
		select {
		case <-t.C:
			s.warm()
		case <-ctx.Done():
		}
	}()
}

// arm sets the context that bounds the background fetches.
func (s *Store) arm(ctx context.Context) {
	s.mu.Lock()
	s.ctx = ctx
	s.mu.Unlock()
}

// warm reads the disk copy once, when the store is armed, and starts a fetch
// when the copy is missing or stale; it returns refresh's channel.
func (s *Store) warm() <-chan struct{} {
	s.mu.Lock()
	armed := s.ctx != nil
	s.mu.Unlock()
	if armed {
		s.loaded.Do(func() {
			set, err := s.load()
			if err != nil {
				return
			}
			s.mu.Lock()
			if s.cur == nil {
				s.cur = set
			}
			s.mu.Unlock()
		})
	}
	return s.refresh()
}

// Get returns the newest copy, nil when there is none; a store StartAfter
// has not started yet starts now. When there is none and a fetch is under
// way, it waits for it at most wait (and ctx). A stale copy is answered at
// once and refreshed in the background.
func (s *Store) Get(ctx context.Context, wait time.Duration) *Set {
	if s == nil {
		return nil
	}
	done := s.warm()
	s.mu.Lock()
	cur := s.cur
	s.mu.Unlock()
	if cur != nil || done == nil || wait <= 0 {
		return cur
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-done:
	case <-t.C:
	case <-ctx.Done():
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.cur
}

// Wait blocks until no fetch is under way (or ctx ends): for tests and
// shutdown.
func (s *Store) Wait(ctx context.Context) {
	if s == nil {
		return
	}
	s.mu.Lock()
	done := s.fetching
	s.mu.Unlock()
	if done == nil {
		return
	}
	select {
	case <-done:
	case <-ctx.Done():
	}
}

// LastError is why the last fetch failed (nil after a success or before any).
func (s *Store) LastError() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastErr
}

// refresh starts a background fetch when the copy is missing or stale and
// none is under way or failed recently; it returns the channel closed when
// the fetch under way ends (nil: none).
func (s *Store) refresh() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.fetching != nil {
		return s.fetching
	}
	now := s.cfg.Now()
	fresh := s.cur != nil && now.Sub(s.cur.FetchedAt) < s.cfg.MaxAge
	if fresh || s.ctx == nil || (!s.lastFail.IsZero() && now.Sub(s.lastFail) < s.cfg.RetryAfter) {
		return nil
	}
	done := make(chan struct{})
	s.fetching = done
	go s.fetch(s.ctx, done)
	return done
}

func (s *Store) fetch(parent context.Context, done chan struct{}) {
	ctx, cancel := context.WithTimeout(parent, fetchTimeout)
	defer cancel()
	set, err := s.download(ctx)
	if err == nil {
		err = s.save(set) // a copy not kept on disk is still used
		if err != nil {
			err = nil
		}
	}
	s.mu.Lock()
	if err != nil {
		s.lastFail, s.lastErr = s.cfg.Now(), err
	} else {
		s.cur, s.lastFail, s.lastErr = set, time.Time{}, nil
	}
	s.fetching = nil
	s.mu.Unlock()
	close(done)
}

// download fetches and compiles both schemas.
func (s *Store) download(ctx context.Context) (*Set, error) {
	zy, err := s.get(ctx, ZeropsYmlPaths)
	if err != nil {
		return nil, err
	}
	iy, err := s.get(ctx, ImportYmlPaths)
	if err != nil {
		return nil, err
	}
	return NewSet(zy, iy, s.cfg.Now())
}

// get answers the body of the first path that serves a JSON document.
func (s *Store) get(ctx context.Context, paths []string) ([]byte, error) {
	var errs []error
	for _, p := range paths {
		url := strings.TrimRight(s.cfg.BaseURL, "/") + p
		get := func(ctx context.Context) ([]byte, error) { return s.getOne(ctx, url) }
		var b []byte
		var err error
		if s.cfg.Through != nil {
			b, err = s.cfg.Through(ctx, url, get)
		} else {
			b, err = get(ctx)
		}
		if err == nil {
			return b, nil
		}
		errs = append(errs, err)
		if ctx.Err() != nil {
			break
		}
	}
	return nil, errors.Join(errs...)
}

func (s *Store) getOne(ctx context.Context, url string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return nil, fmt.Errorf("schema request: %w", err)
	}
	req.Header.Set("Accept", "application/json")
	resp, err := s.cfg.HTTPClient.Do(req)
	if err != nil {
		return nil, fmt.Errorf("fetch schema: %w", err)
	}
	defer func() { _ = resp.Body.Close() }() // read only
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("fetch schema %s: HTTP %d", req.URL.Path, resp.StatusCode)
	}
	b, err := io.ReadAll(io.LimitReader(resp.Body, maxSchemaBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read schema %s: %w", req.URL.Path, err)
	}
	if len(b) > maxSchemaBytes {
		return nil, fmt.Errorf("schema %s is over %d bytes", req.URL.Path, maxSchemaBytes)
	}
	if !json.Valid(b) {
		return nil, fmt.Errorf("schema %s is not JSON", req.URL.Path)
	}
	return b, nil
}

// cacheFile is the disk copy: both schemas and when they were fetched.
type cacheFile struct {
	FetchedAt time.Time       `json:"fetchedAt"`
	ZeropsYml json.RawMessage `json:"zeropsYml"`
	ImportYml json.RawMessage `json:"importYml"`
}

// path is the cache file of the store's API host: hosts differ by region.
func (s *Store) path() string {
	if s.cfg.CacheDir == "" {
		return ""
	}
	host := s.cfg.BaseURL
	if _, after, ok := strings.Cut(host, "://"); ok {
		host = after
	}
	host = strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '-':
			return r
		}
		return '_'
	}, host)
	return filepath.Join(s.cfg.CacheDir, host+".json")
}

func (s *Store) load() (*Set, error) {
	p := s.path()
	if p == "" {
		return nil, errors.New("no cache directory")
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("read schema cache: %w", err)
	}
	var f cacheFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("decode schema cache: %w", err)
	}
	return NewSet(f.ZeropsYml, f.ImportYml, f.FetchedAt)
}

// save writes the copy atomically (a temporary file renamed over the old).
func (s *Store) save(set *Set) error {
	p := s.path()
	if p == "" {
		return nil
	}
	b, err := json.Marshal(cacheFile{FetchedAt: set.FetchedAt, ZeropsYml: set.zeropsYml.raw, ImportYml: set.importYml.raw})
	if err != nil {
		return fmt.Errorf("encode schema cache: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		return fmt.Errorf("schema cache dir: %w", err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".schemas-*")
	if err != nil {
		return fmt.Errorf("schema cache: %w", err)
	}
	defer func() { _ = os.Remove(tmp.Name()) }() // gone after the rename
	if _, err := tmp.Write(b); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("write schema cache: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("write schema cache: %w", err)
	}
	if err := os.Rename(tmp.Name(), p); err != nil {
		return fmt.Errorf("write schema cache: %w", err)
	}
	return nil
}
