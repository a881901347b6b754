package fakeapi_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zerops-go/apiError"
	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/sdk"
	"github.com/zeropsio/zerops-go/sdkBase"
	"github.com/zeropsio/zerops-go/types/uuid"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

func TestFault_Kinds(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		fault fakeapi.Fault
		check func(t *testing.T, status int, code string, err error, hdr http.Header)
	}{
		{"status and code", fakeapi.Fault{PathPrefix: "/user/info", Status: 503, APICode: "internalServerError", Message: "down"},
			func(t *testing.T, status int, code string, err error, _ http.Header) {
				if status != 503 || code != "internalServerError" {
					t.Fatalf("got %d %q (%v)", status, code, err)
				}
			}},
		{"default code", fakeapi.Fault{PathPrefix: "/user/", Status: 403},
			func(t *testing.T, status int, code string, err error, _ http.Header) {
				if status != 403 || code != "insufficientPermissions" {
					t.Fatalf("got %d %q (%v)", status, code, err)
				}
			}},
		{"raw body", fakeapi.Fault{PathPrefix: "/user/info", Status: 502, Body: "<html>bad gateway</html>"},
			func(t *testing.T, status int, code string, err error, _ http.Header) {
				if err == nil || !strings.Contains(err.Error(), "bad gateway") || code != "" {
					t.Fatalf("got %v (code %q)", err, code)
				}
			}},
		{"retry after", fakeapi.Fault{Status: 429, RetryAfter: 1500 * time.Millisecond},
			func(t *testing.T, status int, code string, _ error, hdr http.Header) {
				if status != 429 || code != "tooManyRequests" || hdr.Get("Retry-After") != "2" {
					t.Fatalf("got %d %q Retry-After %q", status, code, hdr.Get("Retry-After"))
				}
			}},
		{"malformed", fakeapi.Fault{Method: http.MethodGet, Malformed: true},
			func(t *testing.T, status int, code string, err error, _ http.Header) {
				if err == nil || code != "" {
					t.Fatalf("malformed body decoded: %d %q %v", status, code, err)
				}
			}},
		{"reset", fakeapi.Fault{ResetConn: true},
			func(t *testing.T, _ int, _ string, err error, _ http.Header) {
				if err == nil {
					t.Fatal("no transport error on a reset connection")
				}
			}},
		{"latency passes on", fakeapi.Fault{Latency: 20 * time.Millisecond},
			func(t *testing.T, status int, _ string, err error, _ http.Header) {
				if err != nil || status != 200 {
					t.Fatalf("got %d %v", status, err)
				}
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			srv, h := newSDK(t, fastOpts)
			srv.InjectFault(tc.fault)
			status, code, hdr, err := callUserInfo(h)
			tc.check(t, status, code, err, hdr)
		})
	}
}

// callUserInfo calls GET /user/info and returns the HTTP status, the API
// error code, the response headers and the error (transport or API).
func callUserInfo(h sdk.Handler) (int, string, http.Header, error) {
	r, err := h.GetUserInfo(context.Background())
	if err != nil {
		return 0, "", nil, err
	}
	_, err = r.Output()
	status := r.StatusCode()
	hdr := r.Headers()
	var ae apiError.Error
	if errors.As(err, &ae) {
		return status, ae.GetErrorCode(), hdr, err
	}
	return status, "", hdr, err
}

func TestFault_TimesAndClear(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	srv.InjectFault(fakeapi.Fault{Method: http.MethodGet, PathPrefix: "/user/info", Status: 500, Times: 2})
	for i, want := range []int{500, 500, 200} {
		if status, _, _, _ := callUserInfo(h); status != want {
			t.Fatalf("call %d: status %d, want %d", i, status, want)
		}
	}
	srv.InjectFault(fakeapi.Fault{Status: 500})
	for range 3 {
		if status, _, _, _ := callUserInfo(h); status != 500 {
			t.Fatalf("until-cleared fault: status %d", status)
		}
	}
	srv.ClearFaults()
	if status, _, _, _ := callUserInfo(h); status != 200 {
		t.Fatalf("after clear: status %d", status)
	}
	if n := srv.CountRequests(http.MethodGet, "/user/"); n != 7 {
		t.Fatalf("CountRequests = %d, want 7", n)
	}
	if reqs := srv.Requests(); len(reqs) != 7 || reqs[0].Path != "/api/rest/public/user/info" || reqs[0].Time.IsZero() {
		t.Fatalf("Requests = %+v", reqs)
	}
	srv.ResetRequests()
	if n := len(srv.Requests()); n != 0 {
		t.Fatalf("after reset: %d requests", n)
	}
}

func TestFault_LatencyHonoursContext(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	srv.InjectFault(fakeapi.Fault{Latency: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	reached := srv.WaitRequest("", "/process/")
	done := make(chan error, 1)
	go func() {
		_, err := h.GetProcess(ctx, path.ProcessId{Id: uuid.ProcessId("x")})
		done <- err
	}()
	recv(t, reached) // cancel once the request has reached the fake
	cancel()
	if err := recv(t, done); err == nil {
		t.Fatal("canceled call returned no error")
	}
}

func TestRateLimit_429WithRetryAfter(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	srv.SetRateLimit(0.001, 2)
	var statuses []int
	for range 3 {
		status, code, hdr, _ := callUserInfo(h)
		statuses = append(statuses, status)
		if status == 429 && (code != "tooManyRequests" || hdr.Get("Retry-After") == "") {
			t.Fatalf("429 without code or Retry-After: %q %q", code, hdr.Get("Retry-After"))
		}
	}
	if statuses[0] != 200 || statuses[1] != 200 || statuses[2] != 429 {
		t.Fatalf("statuses = %v, want 200 200 429", statuses)
	}
	srv.SetRateLimit(0, 0)
	if status, _, _, _ := callUserInfo(h); status != 200 {
		t.Fatalf("after disabling: %d", status)
	}
}

func TestAuth_Token(t *testing.T) {
	t.Parallel()
	srv := fakeapi.StartTB(t, fakeapi.Options{Token: "secret-1"})
	hc := &http.Client{Timeout: 30 * time.Second}
	t.Cleanup(hc.CloseIdleConnections)
	tests := []struct {
		name   string
		token  string
		status int
	}{
		{"right", "secret-1", 200},
		{"wrong", "secret-2", 401},
		{"missing", "", 401},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := sdk.New(sdkBase.DefaultConfig(sdkBase.WithCustomEndpoint(srv.URL())), hc)
			if tc.token != "" {
				h = sdk.AuthorizeSdk(h, tc.token)
			}
			status, code, _, _ := callUserInfo(h)
			if status != tc.status || (tc.status == 401 && code != "notAuthorized") {
				t.Fatalf("status %d code %q, want %d", status, code, tc.status)
			}
		})
	}
	if srv.Token() != "secret-1" {
		t.Fatalf("Token() = %q", srv.Token())
	}
}

func TestRouting_Errors(t *testing.T) {
	t.Parallel()
	srv := fakeapi.StartTB(t, fakeapi.Options{})
	hc := &http.Client{Timeout: 30 * time.Second}
	t.Cleanup(hc.CloseIdleConnections)
	tests := []struct {
		name, method, path, body string
		status                   int
		code                     string
	}{
		{"unknown route", "GET", "/api/rest/public/nothing/here", "", 404, "notFound"},
		{"outside the api", "GET", "/elsewhere", "", 404, "notFound"},
		{"wrong method", "DELETE", "/api/rest/public/user/info", "", 404, "notFound"},
		{"malformed json", "POST", "/api/rest/public/project/search", "{not json", 400, "invalidUserInput"},
		{"wrong json type", "POST", "/api/rest/public/project/search", `{"limit":"ten"}`, 400, "invalidUserInput"},
		{"empty body search", "POST", "/api/rest/public/project/search", "", 400, "invalidUserInput"},
		{"search without clientId", "POST", "/api/rest/public/service-stack/search", `{"search":[{"name":"projectId","operator":"eq","value":"x"}]}`, 400, "invalidUserInput"},
		{"catalog search needs no client", "POST", "/api/rest/public/service-stack-type/search", "", 200, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			req, err := http.NewRequest(tc.method, srv.URL()+tc.path, strings.NewReader(tc.body))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Authorization", "Bearer "+srv.Token())
			resp, err := hc.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = resp.Body.Close() }()
			var env struct {
				Error struct {
					Code string `json:"code"`
				} `json:"error"`
			}
			_ = decodeJSON(resp, &env)
			if resp.StatusCode != tc.status || env.Error.Code != tc.code {
				t.Fatalf("got %d %q, want %d %q", resp.StatusCode, env.Error.Code, tc.status, tc.code)
			}
		})
	}
}

func TestServer_EmptyAndHandler(t *testing.T) {
	t.Parallel()
	s := fakeapi.New(fakeapi.Options{Empty: true})
	if s.ProjectID() != "" || s.ServiceID("appdev") != "" || s.URL() != "" {
		t.Fatal("an empty server has a project")
	}
	id := s.AddProject("mine")
	if id == "" || len(id) < 20 {
		t.Fatalf("project id %q", id)
	}
	s.Close() // never started: a no-op
}

// TestServer_CloseEndsLatency checks that Close does not wait out injected
// latency: it returns, and the request held by an hour's latency ends at
// once, with a 503 or a broken connection, never the real answer (goleak
// checks that no handler is left).
func TestServer_CloseEndsLatency(t *testing.T) {
	t.Parallel()
	srv, err := fakeapi.Start(fakeapi.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv.InjectFault(fakeapi.Fault{Latency: time.Hour})
	hc := &http.Client{}
	defer hc.CloseIdleConnections()
	reached := srv.WaitRequest("", "/user/")
	answered := make(chan error, 1)
	go func() {
		resp, err := hc.Get(srv.URL() + "/api/rest/public/user/info")
		if err != nil {
			answered <- nil // the connection closed under it
			return
		}
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusServiceUnavailable {
			err = fmt.Errorf("answered %s, want 503 once the server closed", resp.Status)
		}
		answered <- err
	}()
	select {
	case <-reached:
	case <-time.After(10 * time.Second):
		t.Fatal("the request never reached the fake")
	}
	closed := make(chan struct{})
	go func() { srv.Close(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("Close waits out the injected latency")
	}
	select {
	case err := <-answered:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the delayed request did not end when the server closed")
	}
}
