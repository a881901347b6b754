package fakeapi

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sort"
	"strings"
	"testing"
	"time"
)

// knownIDs lists every id the state holds, sorted, so that a fuzzed index
// picks a real project, service, env, process or app version.
func (s *Server) knownIDs() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ids []string
	for id, p := range s.st.projects {
		ids = append(ids, id)
		for _, e := range p.Envs {
			ids = append(ids, e.ID)
		}
	}
	for id, svc := range s.st.services {
		ids = append(ids, id)
		for _, e := range svc.Env {
			ids = append(ids, e.ID)
		}
	}
	for id := range s.st.processes {
		ids = append(ids, id)
	}
	for id := range s.st.appVersions {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// fuzzRequest builds one request: a route of the table with its {id} filled
// from the state (or with raw), or, past the table, raw taken as the path.
func (s *Server) fuzzRequest(routeIdx, idPick uint8, raw string, body []byte) *http.Request {
	var method, p string
	if int(routeIdx) < len(s.routes) {
		rt := s.routes[routeIdx]
		id := raw
		if ids := s.knownIDs(); idPick < 200 && len(ids) > 0 {
			id = ids[int(idPick)%len(ids)]
		}
		method = rt.method
		p = apiPrefix + "/" + strings.ReplaceAll(strings.Join(rt.pattern, "/"), "{id}", id)
	} else {
		method = []string{http.MethodGet, http.MethodPost, http.MethodPut, http.MethodDelete, "PATCH", ""}[int(routeIdx)%6]
		p = raw
	}
	if strings.Contains(p, "TOKEN") {
		// A log backend query: hand it a real grant to the first project.
		s.mu.Lock()
		if len(s.st.projOrder) > 0 {
			tok := newID()
			s.st.logTokens[tok] = logToken{ProjectID: s.st.projOrder[0], Expires: time.Now().Add(time.Hour)}
			p = strings.ReplaceAll(p, "TOKEN", tok)
		}
		s.mu.Unlock()
	}
	u := &url.URL{Path: p}
	if path, query, ok := strings.Cut(p, "?"); ok {
		u.Path, u.RawQuery = path, query
	}
	r := &http.Request{
		Method: method, URL: u, Host: "fake.test", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: http.Header{"Authorization": {"Bearer " + s.opts.Token}, "Content-Type": {"application/json"}},
		Body:   io.NopCloser(bytes.NewReader(body)), ContentLength: int64(len(body)),
	}
	return r.WithContext(r.Context())
}

// checkAnswer fails t unless the answer is JSON, and an API error envelope
// when the status says error.
func checkAnswer(t *testing.T, rec *httptest.ResponseRecorder) {
	t.Helper()
	if rec.Code < 200 || rec.Code > 599 {
		t.Fatalf("status %d", rec.Code)
	}
	if !json.Valid(rec.Body.Bytes()) {
		t.Fatalf("answer %d is not JSON: %.200q", rec.Code, rec.Body.String())
	}
	if rec.Code >= 300 {
		var env errorJSON
		if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil || env.Error.Code == "" {
			t.Fatalf("error %d without an envelope: %.200q", rec.Code, rec.Body.String())
		}
	}
}

// FuzzServeHTTP drives the fake with two arbitrary requests — any route with
// real or hostile ids, any body, or any path — then lets every process end
// and reads the whole state back. No input may panic the fake, deadlock it
// or leave it answering something that is not JSON.
func FuzzServeHTTP(f *testing.F) {
	routeOf := func(method, pattern string) uint8 {
		for i, rt := range New(Options{Empty: true}).routes {
			if rt.method == method && strings.Join(rt.pattern, "/") == pattern {
				return uint8(i)
			}
		}
		f.Fatalf("no route %s %s", method, pattern)
		return 0
	}
	imp := routeOf(http.MethodPost, "project/{id}/service-stack/import")
	search := routeOf(http.MethodPost, "service-stack/search")
	auto := routeOf(http.MethodPut, "service-stack/{id}/autoscaling")
	envFile := routeOf(http.MethodPut, "service-stack/{id}/user-data/env-file")
	newAV := routeOf(http.MethodPost, "service-stack/{id}/app-version")
	upload := routeOf(http.MethodPut, "app-version/{id}/upload")
	build := routeOf(http.MethodPut, "app-version/{id}/build-and-deploy")
	cancel := routeOf(http.MethodPut, "process/{id}/cancel")
	projEnv := routeOf(http.MethodPost, "project/{id}/env")
	del := routeOf(http.MethodDelete, "service-stack/{id}")

	f.Add(imp, uint8(0), "", []byte(`{"yaml":"services:\n  - hostname: api\n    type: nodejs@22\n    startWithoutCode: true\n"}`),
		search, uint8(255), "", []byte(`{"search":[{"name":"name","operator":"eq","value":"api"}],"sort":[{"name":"created","ascending":false}],"limit":1}`))
	f.Add(auto, uint8(3), "", []byte(`{"mode":"NON_HA","customAutoscaling":{"verticalAutoscaling":{"minResource":{"cpuCoreCount":-1}},"horizontalAutoscaling":{"minContainerCount":3,"maxContainerCount":2}}}`),
		envFile, uint8(3), "", []byte(`{"envFile":"A=1\nexport B='2'\n"}`))
	f.Add(newAV, uint8(5), "", []byte(`{"name":"v2"}`), upload, uint8(6), "", []byte("PK\x03\x04"))
	f.Add(build, uint8(1), "", []byte(`{"zeropsYaml":"zerops: []","zeropsYamlSetup":null}`), cancel, uint8(2), "", []byte(`{}`))
	f.Add(projEnv, uint8(0), "", []byte(`{"key":"K","content":"v","sensitive":true}`), del, uint8(4), "", []byte(`{}`))
	f.Add(search, uint8(255), "", []byte(`{"search":[{"name":"a.b.c","operator":"ne","value":{"x":[1]}}],"offset":-1}`),
		uint8(200), uint8(0), "/logs?limit=0&minimumSeverity=9&accessToken=x", []byte(nil))
	f.Add(build, uint8(1), "", []byte(`{"zeropsYaml":"x"}`),
		uint8(200), uint8(0), "/logs?accessToken=TOKEN&limit=5&desc=1&minimumSeverity=3&facility=16&containerId=c", []byte(nil))
	f.Add(uint8(201), uint8(0), "/api/rest/public/process/../../user/info", []byte(`{`),
		uint8(202), uint8(0), "/api/rest/public//service-stack//", []byte(`null`))
	f.Add(imp, uint8(255), "%zz", []byte(`{"yaml":42}`), auto, uint8(255), "x/y", []byte(`[]`))

	f.Fuzz(func(t *testing.T, r1, id1 uint8, raw1 string, body1 []byte, r2, id2 uint8, raw2 string, body2 []byte) {
		s := New(Options{ProcessDuration: time.Millisecond, BuildStepDuration: time.Millisecond})
		defer s.Close()
		for _, req := range []*http.Request{s.fuzzRequest(r1, id1, raw1, body1), s.fuzzRequest(r2, id2, raw2, body2)} {
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			checkAnswer(t, rec)
		}
		// Let every process and build end, then read everything back.
		s.mu.Lock()
		s.st.advance(time.Now().Add(time.Hour))
		s.mu.Unlock()
		for _, p := range []string{"project/search", "service-stack/search", "process/search", "app-version/search"} {
			rec := httptest.NewRecorder()
			req := &http.Request{Method: http.MethodPost, URL: &url.URL{Path: apiPrefix + "/" + p}, Host: "fake.test",
				Header: http.Header{"Authorization": {"Bearer " + s.opts.Token}}, Body: io.NopCloser(strings.NewReader(`{"search":[{"name":"clientId","operator":"eq","value":"` + s.st.clientID + `"}]}`))}
			s.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK {
				t.Fatalf("%s after the fuzzed requests: %d %s", p, rec.Code, rec.Body.String())
			}
		}
		for _, id := range s.knownIDs() {
			for _, p := range []string{"service-stack/" + id, "service-stack/" + id + "/env", "process/" + id, "project/" + id} {
				rec := httptest.NewRecorder()
				req := &http.Request{Method: http.MethodGet, URL: &url.URL{Path: apiPrefix + "/" + p}, Host: "fake.test",
					Header: http.Header{"Authorization": {"Bearer " + s.opts.Token}}, Body: http.NoBody}
				s.ServeHTTP(rec, req)
				checkAnswer(t, rec)
			}
		}
	})
}
