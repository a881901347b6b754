package platform

import (
	"context"
	"errors"
	"sync"
)

// clientIDCache resolves the client (organisation) ID once it can and
// remembers only a success. Concurrent callers share one in-flight lookup;
// a failed lookup is not cached, so the next caller tries again. The mutex
// guards only the fields below and is never held across the lookup itself.
type clientIDCache struct {
	fetch func(ctx context.Context) (string, error)

	mu       sync.Mutex
	id       string        // resolved ID; "" until a lookup succeeds
	inflight *clientIDCall // the lookup under way, if any
}

// clientIDCall is one lookup; done is closed once id and err are set.
type clientIDCall struct {
	done chan struct{}
	id   string
	err  error
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
			c.mu.Lock()
			if call.err == nil {
				c.id = call.id
			}
			c.inflight = nil
			c.mu.Unlock()
			close(call.done)
			return call.id, call.err
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
		// look up again (as the new leader, or joining a newer lookup).
		if isContextErr(call.err) && ctx.Err() == nil {
			continue
		}
		return "", call.err
	}
}

// isContextErr reports whether err came from a context ending.
func isContextErr(err error) bool {
	return errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) ||
		ErrorCode(err) == ErrCanceled
}

// fetchClientID reads the client ID from the user's first client membership.
func (c *ZeropsClient) fetchClientID(ctx context.Context) (string, error) {
	info, err := c.GetUserInfo(ctx)
	if err != nil {
		return "", err
	}
	if info.ClientID == "" {
		return "", NewError(ErrAuthAPIError, "the authenticated user belongs to no Zerops organisation",
			"Use a token of a user who is a member of the organisation that owns the project.")
	}
	return info.ClientID, nil
}
