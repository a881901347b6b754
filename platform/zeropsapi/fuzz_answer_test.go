package zeropsapi_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// answerTransport answers every request with one canned status and body,
// without a network: the fuzz targets below feed the real SDK decoding and
// the client's conversions whatever bytes an API (or a proxy) might send.
type answerTransport struct {
	status int
	body   []byte
	header http.Header
	// user, when set, answers GET /user/info so that calls needing the
	// client ID get past it and reach the fuzzed answer.
	user []byte
}

func (a answerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Body != nil {
		_, _ = io.Copy(io.Discard, r.Body)
		_ = r.Body.Close()
	}
	status, body := a.status, a.body
	if a.user != nil && strings.HasSuffix(r.URL.Path, "/user/info") {
		status, body = http.StatusOK, a.user
	}
	h := a.header.Clone()
	if h == nil {
		h = http.Header{}
	}
	return &http.Response{
		StatusCode: status, Status: http.StatusText(status), Header: h,
		Body: io.NopCloser(bytes.NewReader(body)), ContentLength: int64(len(body)), Request: r,
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
	}, nil
}

const fuzzUserInfo = `{"id":"u1","email":"a@b.c","fullName":"A","clientUserList":[{"id":"cu1","clientId":"c1","userId":"u1"}]}`

// everyCall runs every Client method once with well-formed arguments.
func everyCall(ctx context.Context, c platform.Client) []error {
	var errs []error
	add := func(err error) { errs = append(errs, err) }
	p := func(_ *platform.Process, err error) { add(err) }
	two := 2
	_, err := c.GetUserInfo(ctx)
	add(err)
	_, err = c.ListProjects(ctx, "")
	add(err)
	_, err = c.GetProject(ctx, "p1")
	add(err)
	_, err = c.ListServices(ctx, "p1")
	add(err)
	_, err = c.GetService(ctx, "s1")
	add(err)
	p(c.StartService(ctx, "s1"))
	p(c.StopService(ctx, "s1"))
	p(c.RestartService(ctx, "s1"))
	p(c.SetAutoscaling(ctx, "s1", platform.AutoscalingParams{HorizontalMaxCount: &two}))
	_, err = c.GetServiceEnv(ctx, "s1")
	add(err)
	p(c.SetServiceEnvFile(ctx, "s1", "A=1\n"))
	p(c.DeleteUserData(ctx, "ud1"))
	_, err = c.GetProjectEnv(ctx, "p1")
	add(err)
	p(c.CreateProjectEnv(ctx, "p1", "K", "v", true))
	p(c.DeleteProjectEnv(ctx, "e1"))
	_, err = c.ImportServices(ctx, "p1", "services: []")
	add(err)
	p(c.DeleteService(ctx, "s1"))
	p(c.GetProcess(ctx, "pr1"))
	p(c.CancelProcess(ctx, "pr1"))
	p(c.EnableSubdomainAccess(ctx, "s1"))
	p(c.DisableSubdomainAccess(ctx, "s1"))
	_, err = c.GetProjectLog(ctx, "p1")
	add(err)
	_, err = c.SearchProcesses(ctx, platform.ProcessFilter{ProjectID: "p1", Limit: 5})
	add(err)
	_, err = c.SearchAppVersions(ctx, platform.AppVersionFilter{ServiceID: "s1"})
	add(err)
	_, err = c.ListServiceStackTypes(ctx)
	add(err)
	_, err = c.CreateAppVersion(ctx, "s1", "v1")
	add(err)
	add(c.UploadAppVersion(ctx, "av1", strings.NewReader("archive")))
	p(c.BuildAndDeploy(ctx, "av1", "zerops: []", "app"))
	return errs
}

// FuzzClientAnswer checks that no API answer, however malformed, panics the
// client, and that every failure is a *PlatformError with a suggestion and
// without the token.
func FuzzClientAnswer(f *testing.F) {
	seeds := []struct {
		status int
		body   string
	}{
		{200, `{}`},
		{200, ``},
		{200, `null`},
		{200, `[]`},
		{200, `{"items":null,"totalHits":99999999}`},
		{200, `{"items":[{"id":"x","created":"2025-01-01T00:00:00Z","publicMeta":{"failReason":42}}],"totalHits":1}`},
		{200, `{"id":"p","status":"DONE","publicMeta":{"failReason":"boom"},"started":"","serviceStacks":[{}]}`},
		{200, `{"process":null}`},
		{200, `{"serviceStacks":[{"id":"s","name":"a","error":{"code":"x","message":"m","meta":{"a":[1]}},"processes":[{}]}]}`},
		{200, `{"items":[{"customAutoscaling":{"verticalAutoscaling":{"minResource":{"cpuCoreCount":1e400}}}}],"totalHits":1}`},
		{200, `{"clientUserList":[]}`},
		{200, `{"items":[{"serviceStackTypeVersionList":[{"name":null}]}],"totalHits":-1}`},
		{200, `{"items":[{"envList":[{"key":"K","content":"v","sensitive":"yes"}]}],"totalHits":1}`},
		{200, `{"accessToken":"t","expiration":"not a date","url":"GET x"}`},
		{404, `{"error":{"code":"serviceStackNotFound","message":"m"}}`},
		{401, `{"error":{"code":"tokenExpired","message":"secret-T0KEN"}}`},
		{429, `{"error":null}`},
		{500, `<html>bad gateway</html>`},
		{302, `{"error":{}}`},
		{0, `{}`},
		{999, "\xff\xfe"},
	}
	for _, s := range seeds {
		f.Add(s.status, []byte(s.body), "3", false)
	}
	f.Add(200, []byte(`{"items":[{}],"totalHits":2}`), "", true)
	f.Fuzz(func(t *testing.T, status int, body []byte, retryAfter string, userOK bool) {
		if status < 100 || status > 999 {
			status = 200
		}
		tr := answerTransport{status: status, body: body, header: http.Header{"Retry-After": {retryAfter}}}
		if userOK {
			tr.user = []byte(fuzzUserInfo)
		}
		const token = "secret-T0KEN"
		c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: "http://api.test", Token: token,
			HTTPClient: &http.Client{Transport: tr}})
		if err != nil {
			t.Fatal(err)
		}
		for i, err := range everyCall(context.Background(), c) {
			if err == nil {
				continue
			}
			var pe *platform.PlatformError
			if !errors.As(err, &pe) {
				t.Fatalf("call %d: %T %v is not a *PlatformError", i, err, err)
			}
			if pe.Code == "" || pe.Suggestion == "" || pe.RetryAfter < 0 {
				t.Fatalf("call %d: incomplete error %+v", i, pe)
			}
			if strings.Contains(pe.Error()+pe.Suggestion, token) {
				t.Fatalf("call %d: error shows the token: %v", i, pe)
			}
		}
	})
}

// FuzzLogBackendAnswer checks that no log backend answer panics the log
// fetcher, that errors are *PlatformError without the access token, and that
// the limit holds whatever the backend sends.
func FuzzLogBackendAnswer(f *testing.F) {
	for _, s := range []string{
		`{"items":[]}`,
		`{"items":null}`,
		`{"items":[{"id":"1","timestamp":"2025-01-01T00:00:00Z","message":"hello","tag":"zbuilder@av1"}]}`,
		`{"items":[{"timestamp":"yesterday"},{"timestamp":12},{}]}`,
		`{"items":[{"message":"` + strings.Repeat("x", 1000) + `"}]}`,
		`{"items":{}}`,
		`[]`,
		`not json at all`,
		`{"items":[` + strings.Repeat(`{},`, 1500) + `{}]}`,
		"",
	} {
		f.Add(200, []byte(s), "", "", 0)
	}
	f.Add(401, []byte(`access token LOG-T0KEN is invalid`), "error", "boom", 3)
	f.Add(500, []byte(`{"error":"x"}`), "7", "", 2000)
	f.Fuzz(func(t *testing.T, status int, body []byte, severity, search string, limit int) {
		if status < 100 || status > 999 {
			status = 200
		}
		const token = "LOG-T0KEN"
		lf := zeropsapi.NewLogFetcher(&http.Client{Transport: answerTransport{status: status, body: body}})
		access := &platform.LogAccess{AccessToken: token, URL: "GET http://logs.test/logs?accessToken=" + token}
		entries, err := lf.FetchLogs(context.Background(), access,
			platform.LogFetchParams{ServiceID: "s1", Severity: severity, Search: search, Limit: limit, BuildID: search})
		if err != nil {
			var pe *platform.PlatformError
			if !errors.As(err, &pe) || pe.Code == "" || pe.Suggestion == "" {
				t.Fatalf("FetchLogs: %T %v", err, err)
			}
			if strings.Contains(pe.Error(), token) {
				t.Fatalf("error shows the access token: %v", pe)
			}
			return
		}
		want := limit
		if want <= 0 {
			want = zeropsapi.DefaultLogLimit
		}
		if len(entries) > min(want, zeropsapi.MaxLogLimit) {
			t.Fatalf("%d entries for limit %d", len(entries), limit)
		}
		for i := 1; i < len(entries); i++ {
			if entries[i].Timestamp.Before(entries[i-1].Timestamp) {
				t.Fatal("entries not oldest first")
			}
		}
	})
}
