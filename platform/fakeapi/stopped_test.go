package fakeapi_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// A deploy to a stopped runtime activates the new version but starts
// nothing: the service stays STOPPED, answers 502 and logs no start; a
// start then runs the new version.
func TestDeploy_StoppedServiceStaysStopped(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	dev := srv.ServiceID("appdev")
	ctx := context.Background()
	sr, err := h.PutServiceStackStop(ctx, sid(dev))
	waitProcess(t, h, string(out(t, sr.Output, err).Id))

	yml := "zerops:\n  - setup: appdev\n    run:\n      base: nodejs@22\n      start: node index.js\n      ports: [{port: 3000, httpSupport: true}]\n"
	av, p := pushYAML(t, h, dev, yml, "appdev")
	if p.Status != "FINISHED" {
		t.Fatalf("build process %s", p.Status)
	}
	if got := appVersions(t, h, dev)[string(av.Id)].Status; got != "ACTIVE" {
		t.Fatalf("new version %s, want ACTIVE", got)
	}
	gr, err := h.GetServiceStack(ctx, sid(dev))
	if got := out(t, gr.Output, err).Status; got != "STOPPED" {
		t.Fatalf("after the deploy the service is %s, want STOPPED", got)
	}
	if code, _ := probe(t, srv, "appdev", 3000, "/"); code != http.StatusBadGateway {
		t.Fatalf("stopped after a deploy: %d, want 502", code)
	}
	started := func() bool {
		_, lines := fetchLogs(t, h, srv.ProjectID(), url.Values{"serviceStackId": {dev}, "limit": {"1000"}})
		for _, l := range lines {
			if strings.Contains(l.Message, "Starting app version "+string(av.Id)) {
				return true
			}
		}
		return false
	}
	if started() {
		t.Fatal("the stopped service logs its new version starting")
	}

	st, err := h.PutServiceStackStart(ctx, sid(dev))
	waitProcess(t, h, string(out(t, st.Output, err).Id))
	if code, _ := probe(t, srv, "appdev", 3000, "/"); code != http.StatusOK || !started() {
		t.Fatalf("after the start: %d, started %v; want 200 from the new version", code, started())
	}
}
