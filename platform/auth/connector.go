package auth

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// ConnectorConfig tunes a Connector. Zero fields take the defaults.
type ConnectorConfig struct {
	Attempt    time.Duration // bound of one discovery (default 5 s)
	MinBackoff time.Duration // wait after the first failure (default 1 s)
	MaxBackoff time.Duration // longest wait between attempts (default 30 s)
	Hint       string        // appended to the fix of API_UNAVAILABLE (e.g. APIHostHint)
}

// Connector settles the project in the background and again on demand, so
// that ZCP serves from the first moment: until discovery succeeds, every
// caller gets the reason as a structured error, and a failed attempt is
// retried by the first caller after a backoff, so a network blip heals by
// itself. Safe for concurrent use; at most one attempt runs at a time.
type Connector struct {
	client platform.Client
	creds  *Credentials
	fixed  error // a credential error: nothing to retry until a restart
	cfg    ConnectorConfig

	mu      sync.Mutex
	base    context.Context // bounds attempts; set by Start
	info    *Info
	err     error
	next    time.Time     // no attempt before this
	backoff time.Duration // the last wait
	running chan struct{} // closed when the attempt in flight ends
}

// NewConnector returns a Connector discovering with client and creds; a
// non-nil credErr (from LoadCredentials) is answered to every caller as is.
func NewConnector(client platform.Client, creds *Credentials, credErr error, cfg ConnectorConfig) *Connector {
	if cfg.Attempt <= 0 {
		cfg.Attempt = 5 * time.Second
	}
	if cfg.MinBackoff <= 0 {
		cfg.MinBackoff = time.Second
	}
	if cfg.MaxBackoff < cfg.MinBackoff {
		cfg.MaxBackoff = max(30*time.Second, cfg.MinBackoff)
	}
	return &Connector{client: client, creds: creds, fixed: credErr, cfg: cfg, base: context.Background()}
}

// Start begins the first attempt in the background; ctx bounds every
// attempt (cancel it on shutdown). first receives that attempt's outcome.
func (c *Connector) Start(ctx context.Context) (first <-chan error) {
	c.mu.Lock()
	c.base = ctx
	c.mu.Unlock()
	out := make(chan error, 1)
	go func() {
		_, err := c.Info(ctx)
		out <- err
	}()
	return out
}

// Info returns the identity once discovery has succeeded. Before that it
// waits for the attempt in flight, or starts one when the backoff allows,
// or returns the last failure at once.
func (c *Connector) Info(ctx context.Context) (*Info, error) {
	c.mu.Lock()
	if c.info != nil {
		defer c.mu.Unlock()
		return c.info, nil
	}
	if c.fixed != nil {
		defer c.mu.Unlock()
		return nil, c.fixed
	}
	if c.running == nil {
		if c.err != nil && time.Now().Before(c.next) {
			defer c.mu.Unlock()
			return nil, c.err
		}
		c.running = make(chan struct{})
		go c.attempt(c.base, c.running)
	}
	running := c.running
	c.mu.Unlock()

	select {
	case <-running:
	case <-ctx.Done():
		return nil, platform.NewError(platform.ErrCanceled, "the call ended while ZCP was still connecting to the Zerops API", "Retry the call.")
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.info != nil {
		return c.info, nil
	}
	return nil, c.err
}

// Known returns the identity when discovery has succeeded, without waiting.
func (c *Connector) Known() (*Info, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.info, c.info != nil
}

func (c *Connector) attempt(base context.Context, done chan struct{}) {
	ctx, cancel := context.WithTimeout(base, c.cfg.Attempt)
	info, err := Discover(ctx, c.client, c.creds)
	timedOut := ctx.Err() != nil && base.Err() == nil
	cancel()

	c.mu.Lock()
	defer c.mu.Unlock()
	defer close(done)
	c.running = nil
	if err == nil {
		c.info, c.err = info, nil
		return
	}
	if c.backoff == 0 {
		c.backoff = c.cfg.MinBackoff
	} else {
		c.backoff = min(2*c.backoff, c.cfg.MaxBackoff)
	}
	c.next = time.Now().Add(c.backoff)
	c.err = c.explain(err, timedOut)
}

// explain turns a failed discovery into what a caller is told: token and
// project problems keep their AUTH_*/TOKEN_* error and its fix; anything
// else (no answer, network, 5xx) is API_UNAVAILABLE.
func (c *Connector) explain(err error, timedOut bool) error {
	switch code := platform.ErrorCode(err); code {
	case platform.ErrAuthRequired, platform.ErrAuthInvalidToken, platform.ErrAuthTokenExpired,
		platform.ErrTokenNoProject, platform.ErrTokenMultiProject:
		return err
	}
	what := asPlatformError(err).Message
	if timedOut {
		what = fmt.Sprintf("no answer within %s", c.cfg.Attempt)
	}
	fix := fmt.Sprintf("ZCP tries again on the first call made %s or more from now. Check that %s is the Zerops API of your region and that this machine can reach it.", c.backoff, EnvAPIHost)
	if c.cfg.Hint != "" {
		fix += " Note: " + c.cfg.Hint + "."
	}
	return &platform.PlatformError{
		Code:       platform.ErrAPIUnavailable,
		Message:    fmt.Sprintf("ZCP could not reach the Zerops API at %s: %s", c.creds.APIURL, platform.Clip(what, 300)),
		Suggestion: fix,
		Err:        err,
	}
}
