package zeropsapi

import (
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// The fuzz targets double as regression tests over their seed corpus: hostile
// input must yield a value or a *PlatformError, never a panic.

func FuzzNormalizeAPIURL(f *testing.F) {
	for _, s := range []string{"api.app-prg1.zerops.io", "http://127.0.0.1:1", "", "://", "http://[::1", "\x00", "https://a/b?c#d", strings.Repeat("a", 5000)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := NormalizeAPIURL(s)
		if err != nil {
			var pe *platform.PlatformError
			if !errors.As(err, &pe) || pe.Code != platform.ErrInvalidParameter {
				t.Fatalf("NormalizeAPIURL(%q): %v", s, err)
			}
			return
		}
		if !strings.HasPrefix(u, "http://") && !strings.HasPrefix(u, "https://") {
			t.Fatalf("NormalizeAPIURL(%q) = %q", s, u)
		}
	})
}

func FuzzValidateID(f *testing.F) {
	for _, s := range []string{"abc-DEF_123", "../x", "a/b", "a?b", "ü", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		err := validateID("id", s)
		if err == nil && (s == "" || strings.ContainsAny(s, "/?#%. \\\x00") || len(s) > maxIDLen) {
			t.Fatalf("validateID accepted %q", s)
		}
	})
}

func FuzzLogURL(f *testing.F) {
	for _, s := range []string{"GET https://x/logs?accessToken=a", "get", "GET  ", "x:y", "http://[::1", "GET GET GET"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := logURL(s)
		if err == nil && (u.Host == "" || (u.Scheme != "http" && u.Scheme != "https")) {
			t.Fatalf("logURL(%q) = %v", s, u)
		}
	})
}

// fuzzToken is the token FuzzMapSDKError plants in error texts.
const fuzzToken = "zcpT0kenQ7vXb2LmN9pRs4tUw6yZa8cDe"

func FuzzMapSDKError(f *testing.F) {
	f.Add(404, "boom", "", "7")
	f.Add(429, "", "", "Wed, 21 Oct 2015 07:28:00 GMT")
	f.Add(0, "dial tcp: refused", "", "")
	f.Add(200, "unexpected EOF", "", "-3")
	f.Add(502, "502 Bad Gateway: <html>"+strings.Repeat("x", 280), "</html>", "")
	f.Add(400, "400 Bad Request: bad token ", " here", "")
	f.Fuzz(func(t *testing.T, status int, pre, post, retry string) {
		for i := 0; i+8 <= len(fuzzToken); i++ {
			if strings.Contains(pre+post, fuzzToken[i:i+8]) {
				t.Skip("the input itself holds a token fragment")
			}
		}
		h := http.Header{}
		h.Set("Retry-After", retry)
		e := mapSDKError(errors.New(pre+fuzzToken+post), status, h, kindService, fuzzToken)
		if e == nil || e.Code == "" || e.Suggestion == "" || e.RetryAfter < 0 {
			t.Fatalf("mapSDKError(%d, %q, %q) = %+v", status, pre+post, retry, e)
		}
		for i := 0; i+8 <= len(fuzzToken); i++ {
			frag := fuzzToken[i : i+8]
			if strings.Contains(e.Message, frag) || strings.Contains(e.Suggestion, frag) || strings.Contains(e.Error(), frag) ||
				(e.Err != nil && strings.Contains(e.Err.Error(), frag)) {
				t.Fatalf("token fragment %q in %+v (cause %v)", frag, e, e.Err)
			}
		}
	})
}

func TestParseRetryAfter_Forms(t *testing.T) {
	t.Parallel()
	now := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	tests := map[string]time.Duration{
		"":                              5 * time.Second,
		"7":                             7 * time.Second,
		"0":                             0,
		"-1":                            5 * time.Second,
		"soon":                          5 * time.Second,
		"99999999999999":                time.Hour,
		"Wed, 01 Jan 2025 00:00:30 GMT": 30 * time.Second,
		"Tue, 31 Dec 2024 23:00:00 GMT": 0,
		"Fri, 01 Jan 2100 00:00:00 GMT": time.Hour,
	}
	for in, want := range tests {
		h := http.Header{}
		if in != "" {
			h.Set("Retry-After", in)
		}
		if got := parseRetryAfter(h, now); got != want {
			t.Errorf("parseRetryAfter(%q) = %v, want %v", in, got, want)
		}
	}
}
