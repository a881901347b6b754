package auth_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/auth"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

func newConnector(t *testing.T, apiURL, token string, credErr error) *auth.Connector {
	t.Helper()
	client, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: apiURL, Token: token})
	if err != nil {
		t.Fatal(err)
	}
	creds := &auth.Credentials{Token: token, APIURL: apiURL, Source: auth.SourceEnv}
	return auth.NewConnector(client, creds, credErr, auth.ConnectorConfig{Attempt: 300 * time.Millisecond, MinBackoff: time.Millisecond, MaxBackoff: time.Millisecond})
}

func TestConnector_Failures(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{})
	tests := []struct {
		name    string
		url     string
		token   string
		credErr error
		code    string
	}{
		{name: "rejected token", url: fake.URL(), token: "wrong", code: platform.ErrAuthInvalidToken},
		{name: "API never answers", url: fakeapi.SilentTB(t), token: "t", code: platform.ErrAPIUnavailable},
		{name: "nothing listens", url: "http://127.0.0.1:1", token: "t", code: platform.ErrAPIUnavailable},
		{name: "no credentials", url: fake.URL(), token: "t", credErr: platform.NewError(platform.ErrAuthRequired, "no token", "set it"), code: platform.ErrAuthRequired},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := newConnector(t, tt.url, tt.token, tt.credErr)
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			first := c.Start(ctx)
			if err := <-first; platform.ErrorCode(err) != tt.code {
				t.Fatalf("first attempt: %v, want %s", err, tt.code)
			}
			_, err := c.Info(ctx)
			var pe *platform.PlatformError
			if !errors.As(err, &pe) || pe.Code != tt.code || pe.Suggestion == "" {
				t.Fatalf("Info: %#v, want %s with a fix", err, tt.code)
			}
			if _, ok := c.Known(); ok {
				t.Error("Known after a failure")
			}
		})
	}
}

// TestConnector_HealsAfterABlip: the API is down at start-up, then comes
// back; the next call after the backoff discovers the project.
func TestConnector_HealsAfterABlip(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{})
	target, _ := url.Parse(fake.URL())
	var down atomic.Bool
	down.Store(true)
	proxy := httputil.NewSingleHostReverseProxy(target)
	front := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if down.Load() {
			http.Error(w, "maintenance", http.StatusBadGateway)
			return
		}
		proxy.ServeHTTP(w, r)
	}))
	t.Cleanup(front.Close)

	c := newConnector(t, front.URL, fake.Token(), nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := <-c.Start(ctx); platform.ErrorCode(err) != platform.ErrAPIUnavailable {
		t.Fatalf("while down: %v, want API_UNAVAILABLE", err)
	}
	down.Store(false)
	var info *auth.Info
	for info == nil {
		var err error
		info, err = c.Info(ctx)
		if ctx.Err() != nil {
			t.Fatalf("never healed: %v", err)
		}
	}
	if info.ProjectID != fake.ProjectID() {
		t.Fatalf("project %q, want %q", info.ProjectID, fake.ProjectID())
	}
	if known, ok := c.Known(); !ok || known != info {
		t.Error("Known does not return the discovered project")
	}
}

// TestConnector_ConcurrentCallersShareOneAttempt: many callers while the
// API is silent all get the answer of one attempt.
func TestConnector_ConcurrentCallersShareOneAttempt(t *testing.T) {
	t.Parallel()
	var requests atomic.Int32
	release := make(chan struct{})
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		<-release
		http.Error(w, "no", http.StatusUnauthorized)
	}))
	t.Cleanup(api.Close)
	t.Cleanup(func() { close(release) })
	c := newConnector(t, api.URL, "t", nil)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	for range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := c.Info(ctx); platform.ErrorCode(err) != platform.ErrAPIUnavailable {
				t.Errorf("Info: %v", err)
			}
		}()
	}
	wg.Wait()
	if n := requests.Load(); n != 1 {
		t.Errorf("%d API requests for 20 concurrent callers, want 1", n)
	}
}
