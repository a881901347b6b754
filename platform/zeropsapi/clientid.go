package zeropsapi

import (
	"context"
	"sync"

	"github.com/zeropsio/zcp/platform"
)

// clientIDCache resolves the client (organisation) ID once it can and
// remembers only a success. Concurrent callers share one in-flight lookup;
// a failed lookup is not cached, so the next caller tries again. The mutex
// guards only the fields below and is never held across the lookup itself.
type clientIDCache struct {
	fetch func(ctx context.Context) (string, error)
	// onJoin, when set (tests), runs as a caller starts waiting on another's lookup.
	onJoin func()

	mu       sync.Mutex
	id       string        // resolved ID; "" until a lookup succeeds
	inflight *clientIDCall // the lookup under way, if any
}

// clientIDCall is one lookup; done is closed once id and err are set.
type clientIDCall struct {
	done chan struct{}
	id   string
	err  error
	// leaderGone: the leader's own context had ended when the lookup
	// failed, so the failure may say nothing about the API.
	leaderGone bool
}

// get returns the cached ID or performs (or joins) a lookup.
func (c *clientIDCache) get(ctx context.Context) (string, error) {
	for {
		c.mu.Lock()
		if c.id != "" {
			id := c.id
			c.mu.Unlock()
			return id, nil
		}
		call := c.inflight
		leader := call == nil
		if leader {
			call = &clientIDCall{done: make(chan struct{})}
			c.inflight = call
		}
		c.mu.Unlock()

		if leader {
			call.id, call.err = c.fetch(ctx)
			call.leaderGone = call.err != nil && ctx.Err() != nil
			c.mu.Lock()
			if call.err == nil {
				c.id = call.id
			}
			c.inflight = nil
			c.mu.Unlock()
			close(call.done)
			return call.id, call.err
		}

		if c.onJoin != nil {
			c.onJoin()
		}
		select {
		case <-ctx.Done():
			return "", mapTransportError(ctx.Err())
		case <-call.done:
		}
		if call.err == nil {
			return call.id, nil
		}
		// The leader's own context ended: that says nothing about ours, so
		// look up again (as the new leader, or joining a newer lookup). A
		// failure of the API itself (an HTTP timeout included) is shared.
		if call.leaderGone && ctx.Err() == nil {
			continue
		}
		return "", call.err
	}
}

// remember caches id if no lookup succeeded yet.
func (c *clientIDCache) remember(id string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.id == "" && id != "" {
		c.id = id
	}
}

// fetchClientID reads the client ID from the user's first client membership.
func (c *ZeropsClient) fetchClientID(ctx context.Context) (string, error) {
	info, err := c.GetUserInfo(ctx)
	if err != nil {
		return "", err
	}
	if info.ClientID == "" {
		return "", platform.NewError(platform.ErrAuthAPIError, "the authenticated user belongs to no Zerops organisation",
			"Use a token of a user who is a member of the organisation that owns the project.")
	}
	return info.ClientID, nil
}
