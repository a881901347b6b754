package ops_test

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// appServer stands in for the services' HTTP: it answers each
// /{hostname}/{port}{path} with the status the test gave that hostname.
func appServer(t *testing.T, status map[string]int) *ops.Prober {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		host, _, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
		code := status[host]
		if code == 0 {
			code = http.StatusBadGateway
		}
		w.WriteHeader(code)
		_, _ = w.Write([]byte(host + " says " + strconv.Itoa(code) + " " + strings.Repeat("x", 300)))
	}))
	t.Cleanup(srv.Close)
	return &ops.Prober{Rewrite: func(pt ops.ProbeTarget) string {
		return srv.URL + "/" + pt.Service + "/" + strconv.Itoa(pt.Port) + pt.Path
	}}
}

func TestVerify_Verdicts(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name        string
		hostname    string
		status      map[string]int
		resolve     error
		wantVerdict platform.Verdict
		wantReason  string
		wantNext    string
		wantProbes  int
	}{
		{name: "healthy", hostname: "appdev", status: map[string]int{"appdev": 200},
			wantVerdict: platform.VerdictHealthy, wantReason: "answers 200", wantNext: "nothing to fix in appdev's start or address", wantProbes: 1},
		{name: "bad gateway", hostname: "appdev", status: map[string]int{"appdev": 502},
			wantVerdict: platform.VerdictFailing, wantReason: "does not answer HTTP", wantNext: "0.0.0.0:3000", wantProbes: 1},
		{name: "starting", hostname: "appdev", status: map[string]int{"appdev": 503},
			wantVerdict: platform.VerdictDegraded, wantReason: "starting", wantNext: "again", wantProbes: 1},
		{name: "not found at path", hostname: "appdev", status: map[string]int{"appdev": 404},
			wantVerdict: platform.VerdictDegraded, wantReason: "answers 404", wantNext: "with path", wantProbes: 1},
		{name: "no code yet", hostname: "appstage", status: map[string]int{},
			wantVerdict: platform.VerdictNotDeployed, wantReason: "not deployed", wantNext: "zerops_deploy", wantProbes: 0},
		{name: "every runtime, a never-deployed one is no failure", status: map[string]int{"appdev": 200},
			wantVerdict: platform.VerdictHealthy, wantReason: "", wantNext: "so it cannot show errors (a 500) or slowness the user reports on some requests: on Zerops those show in zerops_logs serviceHostname=appdev, and a variable changed since the last build (zerops_events serviceHostname=appdev) is a usual cause. Besides, appstage had no code deployed yet", wantProbes: -1},
		{name: "outside the project network", hostname: "appdev", status: map[string]int{"appdev": 200},
			resolve: errors.New("no such host"), wantVerdict: platform.VerdictHealthy, wantReason: "not probed", wantNext: "zerops_subdomain", wantProbes: 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			fake, c := newFake(t, 0)
			prober := appServer(t, tt.status)
			if tt.resolve != nil {
				prober.Resolve = func(context.Context, string) error { return tt.resolve }
			}
			env := ops.VerifyEnv{Client: c, Logs: zeropsapi.NewLogFetcher(nil), ProjectID: fake.ProjectID(), Prober: prober}
			res, err := ops.Verify(context.Background(), env, ops.VerifyParams{Hostname: tt.hostname})
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != tt.wantVerdict || !strings.Contains(said(res.Next), tt.wantNext) {
				t.Fatalf("verdict %q next %q, want %q and %q (%+v)", res.Verdict, said(res.Next), tt.wantVerdict, tt.wantNext, res.Services)
			}
			if tt.hostname == "" {
				if len(res.Services) != 2 || res.Services[0].Service != "appdev" || res.Services[1].Service != "appstage" {
					t.Fatalf("services = %+v, want appdev and appstage (runtimes only)", res.Services)
				}
				return
			}
			h := res.Services[0]
			if !strings.Contains(h.Reason, tt.wantReason) || len(h.Probes) != tt.wantProbes {
				t.Fatalf("reason %q, %d probes; want %q and %d: %+v", h.Reason, len(h.Probes), tt.wantReason, tt.wantProbes, h)
			}
			if tt.wantProbes == 0 {
				return
			}
			p := h.Probes[0]
			if p.URL != "http://appdev:3000/" || p.Port != 3000 {
				t.Errorf("probe %+v, want http://appdev:3000/", p)
			}
			if tt.resolve != nil {
				if !p.Skipped || !strings.Contains(h.Network, "zcli vpn up") {
					t.Errorf("probe %+v network %q: want skipped and the vpn named", p, h.Network)
				}
				return
			}
			if p.Status != tt.status["appdev"] || len(p.Body) > 200 || !strings.HasPrefix(p.Body, "appdev says") {
				t.Errorf("probe %+v: want status %d and the body's first 200 bytes", p, tt.status["appdev"])
			}
		})
	}
}

func TestVerify_BadArguments(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	env := ops.VerifyEnv{Client: c, Logs: zeropsapi.NewLogFetcher(nil), ProjectID: fake.ProjectID(), Prober: appServer(t, nil)}
	tests := []struct {
		name, hostname, path, code string
	}{
		{"unknown service", "nope", "", platform.ErrServiceNotFound},
		{"space in path", "appdev", "/a b", platform.ErrInvalidParameter},
		{"fragment", "appdev", "/a#b", platform.ErrInvalidParameter},
		{"control character", "appdev", "/a\nb", platform.ErrInvalidParameter},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := ops.Verify(context.Background(), env, ops.VerifyParams{Hostname: tt.hostname, Path: tt.path})
			wantCode(t, err, tt.code)
		})
	}
}

func TestProber_Get(t *testing.T) {
	t.Parallel()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/moved":
			http.Redirect(w, r, "/elsewhere", http.StatusFound)
		case "/long":
			_, _ = w.Write([]byte(strings.Repeat("é", 150))) // 300 bytes: cut at a rune boundary
		case "/cut":
			_, _ = w.Write([]byte("a" + strings.Repeat("é", 150))) // byte 200 is the first half of a rune
		default:
			_, _ = w.Write([]byte("hello\x00world"))
		}
	}))
	t.Cleanup(srv.Close)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	closed := "http://" + l.Addr().String() + "/"
	_ = l.Close()
	tests := []struct {
		name, url  string
		wantStatus int
		wantBody   string
		wantErr    string
	}{
		{"ok", srv.URL + "/", 200, "hello world", ""},
		{"redirect not followed", srv.URL + "/moved", 302, "", ""},
		{"body clipped", srv.URL + "/long", 200, strings.Repeat("é", 100), ""},
		{"no cut rune", srv.URL + "/cut", 200, "a" + strings.Repeat("é", 99), ""},
		{"nothing listens", closed, 0, "", "connection refused"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			var p *ops.Prober
			got := p.Get(context.Background(), ops.ProbeTarget{Service: "app", Port: 80, Path: "/", URL: tt.url})
			if got.Status != tt.wantStatus || !strings.Contains(got.Error, tt.wantErr) || (tt.wantBody != "" && got.Body != tt.wantBody) {
				t.Fatalf("got %+v, want status %d body %q error %q", got, tt.wantStatus, tt.wantBody, tt.wantErr)
			}
			if got.URL != tt.url || got.LatencyMS == nil || *got.LatencyMS < 0 {
				t.Errorf("url %q latency %v: want the URL and a measured latency", got.URL, got.LatencyMS)
			}
		})
	}
}

// TestLogsSince_RunningVersionOnly: the log lines a check judges start when
// the running version went live, also when a lagging search shows the
// replaced version as the newest (BACKUP), so that its crash loop is not
// counted against the version that replaced it.
func TestLogsSince_RunningVersionOnly(t *testing.T) {
	t.Parallel()
	created := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	live := created.Add(time.Minute)
	tests := []struct {
		name   string
		status platform.AppVersionStatus
		want   time.Time
	}{
		{"active: since it went live", platform.AppVersionActive, live},
		{"replaced, its replacement not searchable yet: since the replacement", platform.AppVersionBackup, live},
		{"still building: since it was created", platform.AppVersionBuilding, created},
		{"build failed: since it was created", platform.AppVersionBuildFailed, created},
	}
	for _, tt := range tests {
		av := &platform.AppVersion{Status: tt.status, Created: created, LastUpdate: live}
		if got := ops.LogsSince(av); !got.Equal(tt.want) {
			t.Errorf("%s: since %v, want %v", tt.name, got, tt.want)
		}
	}
	if got := ops.LogsSince(nil); !got.IsZero() {
		t.Errorf("no version: since %v, want the zero time", got)
	}
}

// An upload left UPLOADING past the bound was abandoned (a push refused or
// cut off): the check judges the versions before it; a fresh one is kept.
func TestJudgedVersions_AbandonedUploadsDropped(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	versions := []platform.AppVersion{
		{ID: "stale-upload", Status: platform.AppVersionUploading, Created: now.Add(-11 * time.Minute)},
		{ID: "fresh-upload", Status: platform.AppVersionUploading, Created: now.Add(-time.Minute)},
		{ID: "old-build", Status: platform.AppVersionBuilding, Created: now.Add(-time.Hour)},
		{ID: "live", Status: platform.AppVersionActive, Created: now.Add(-2 * time.Hour)},
	}
	var got []string
	for _, v := range ops.JudgedVersions(versions, now) {
		got = append(got, v.ID)
	}
	if want := "fresh-upload old-build live"; strings.Join(got, " ") != want {
		t.Errorf("judged %v, want %s", got, want)
	}
}

func TestAbandonedUpload_OnlyOldUploads(t *testing.T) {
	t.Parallel()
	now := time.Now()
	tests := []struct {
		name   string
		status platform.AppVersionStatus
		age    time.Duration
		want   bool
	}{
		{"fresh upload: a push under way", platform.AppVersionUploading, time.Minute, false},
		{"old upload: no push builds it", platform.AppVersionUploading, 11 * time.Minute, true},
		{"old build is no upload", platform.AppVersionBuilding, time.Hour, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := ops.AbandonedUpload(platform.AppVersion{Status: tt.status, Created: now.Add(-tt.age)}, now); got != tt.want {
				t.Errorf("AbandonedUpload = %v, want %v", got, tt.want)
			}
		})
	}
}

// TestLiveVersion_JudgesWhatRuns: a check judges the newest version, but
// not what came after the ACTIVE one without replacing it: a cancelled
// build, a BACKUP version, a build that ended before a rollback made the
// ACTIVE one live again.
func TestLiveVersion_JudgesWhatRuns(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	at := func(min int) time.Time { return t0.Add(time.Duration(min) * time.Minute) }
	v := func(id string, status platform.AppVersionStatus, created, updated int) platform.AppVersion {
		return platform.AppVersion{ID: id, Status: status, Created: at(created), LastUpdate: at(updated)}
	}
	tests := []struct {
		name     string
		versions []platform.AppVersion // newest first
		want     string
	}{
		{"newest active", []platform.AppVersion{v("v2", platform.AppVersionActive, 5, 6), v("v1", platform.AppVersionBackup, 1, 2)}, "v2"},
		{"failed after the active one went live", []platform.AppVersion{v("v2", platform.AppVersionBuildFailed, 5, 6), v("v1", platform.AppVersionActive, 1, 2)}, "v2"},
		{"build under way", []platform.AppVersion{v("v2", platform.AppVersionBuilding, 5, 5), v("v1", platform.AppVersionActive, 1, 2)}, "v2"},
		{"rolled back past a failed build", []platform.AppVersion{v("v3", platform.AppVersionBuildFailed, 5, 6),
			v("v2", platform.AppVersionBackup, 3, 4), v("v1", platform.AppVersionActive, 1, 8)}, "v1"},
		{"rolled back, replaced one newest", []platform.AppVersion{v("v2", platform.AppVersionBackup, 3, 8), v("v1", platform.AppVersionActive, 1, 8)}, "v1"},
		{"newest cancelled", []platform.AppVersion{v("v2", platform.AppVersionCancelled, 5, 6), v("v1", platform.AppVersionActive, 1, 2)}, "v1"},
		{"cancelled over a failed build", []platform.AppVersion{v("v3", platform.AppVersionCancelled, 7, 8),
			v("v2", platform.AppVersionBuildFailed, 5, 6), v("v1", platform.AppVersionActive, 1, 2)}, "v2"},
		{"first build cancelled", []platform.AppVersion{v("v1", platform.AppVersionCancelled, 1, 2)}, "v1"},
	}
	for _, tt := range tests {
		if got := ops.LiveVersion(tt.versions); got.ID != tt.want {
			t.Errorf("%s: judged %s, want %s", tt.name, got.ID, tt.want)
		}
	}
}
