package zeropsapi

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

func TestZeropsClient_OversizedAnswerRefused(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"id":"` + strings.Repeat("x", 64<<10) + `"}`))
	}))
	t.Cleanup(srv.Close)
	// A small cap stands in for MaxAPIResponseBytes; the client adds its own on top.
	hc := &http.Client{Transport: limitTransport{base: http.DefaultTransport, max: 1 << 10}}
	c, err := NewZeropsClient(ClientConfig{APIURL: srv.URL, Token: "t0ken", HTTPClient: hc})
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.GetUserInfo(context.Background())
	var pe *platform.PlatformError
	if !errors.As(err, &pe) || pe.Code != platform.ErrAPIError || !strings.Contains(pe.Message, "exceeds") || pe.Suggestion == "" {
		t.Fatalf("GetUserInfo = %v, want API_ERROR about the answer's size", err)
	}
	if hc.Transport.(limitTransport).max != 1<<10 {
		t.Error("the caller's client was modified")
	}
}

func TestLimitedBody_ExactLimitReadsWhole(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(strings.Repeat("y", 100)))
	}))
	t.Cleanup(srv.Close)
	hc := withResponseLimit(srv.Client(), 100)
	resp, err := hc.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	var sb strings.Builder
	buf := make([]byte, 7)
	for {
		n, err := resp.Body.Read(buf)
		sb.Write(buf[:n])
		if err != nil {
			if !errors.Is(err, io.EOF) {
				t.Fatalf("read: %v", err)
			}
			break
		}
	}
	if sb.Len() != 100 {
		t.Fatalf("read %d bytes, want 100", sb.Len())
	}
}
