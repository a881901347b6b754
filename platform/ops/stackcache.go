package ops

import (
	"context"
	"sync"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// DefaultStackTTL is how long a fetched type catalog stays fresh.
const DefaultStackTTL = time.Hour

// StackTypeCache holds the live service-type catalog, shared by the context,
// workflow, knowledge and import tools. A successful fetch is kept for TTL;
// failures are not cached, so the next caller tries again. No lock is held
// while the API is called: concurrent callers during a fetch wait for that one
// fetch (or their own context) instead of starting another. Safe for
// concurrent use.
type StackTypeCache struct {
	client platform.Client
	ttl    time.Duration
	now    func() time.Time

	mu       sync.Mutex
	types    []platform.ServiceStackType
	fetched  time.Time
	inflight chan struct{} // non-nil while a fetch runs; closed when it ends
	lastErr  error         // error of the fetch that closed inflight last
}

// NewStackTypeCache returns a cache over c. ttl <= 0 means [DefaultStackTTL].
func NewStackTypeCache(c platform.Client, ttl time.Duration) *StackTypeCache {
	if ttl <= 0 {
		ttl = DefaultStackTTL
	}
	return &StackTypeCache{client: c, ttl: ttl, now: time.Now}
}

// Get returns the catalog, fetching it when the cached copy is missing or
// stale. The returned slice is shared: callers must not modify it.
func (c *StackTypeCache) Get(ctx context.Context) ([]platform.ServiceStackType, error) {
	for {
		c.mu.Lock()
		if c.types != nil && c.now().Sub(c.fetched) < c.ttl {
			t := c.types
			c.mu.Unlock()
			return t, nil
		}
		if wait := c.inflight; wait != nil {
			c.mu.Unlock()
			select {
			case <-wait:
				c.mu.Lock()
				err := c.lastErr
				c.mu.Unlock()
				if err != nil {
					return nil, err
				}
				continue
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}
		done := make(chan struct{})
		c.inflight = done
		c.mu.Unlock()

		types, err := c.client.ListServiceStackTypes(ctx)

		c.mu.Lock()
		c.inflight = nil
		c.lastErr = err
		if err == nil {
			if types == nil {
				types = []platform.ServiceStackType{}
			}
			c.types, c.fetched = types, c.now()
		}
		c.mu.Unlock()
		close(done)
		if err != nil {
			return nil, asPlatformError(err, "listing service types")
		}
		return types, nil
	}
}

// Cached returns the catalog when it is cached and fresh, without calling the API.
func (c *StackTypeCache) Cached() ([]platform.ServiceStackType, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.types != nil && c.now().Sub(c.fetched) < c.ttl {
		return c.types, true
	}
	return nil, false
}
