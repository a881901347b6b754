package ops_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
	"github.com/zeropsio/zcp/platform/ops"
)

// judge asks its questions in order (the version, the probes that failed,
// the log, the probes that answered): the first that decides wins, also
// when a later one would decide too.
func TestJudge_FirstQuestionThatDecidesWins(t *testing.T) {
	t.Parallel()
	svc := platform.ServiceStack{Name: "app", Status: platform.ServiceActive, Type: platform.ServiceTypeInfo{Name: "nodejs", VersionName: "nodejs@22"}}
	static := svc
	static.Type = platform.ServiceTypeInfo{Name: "static", VersionName: "static"}
	active := &platform.AppVersion{ID: "v2", Status: platform.AppVersionActive}
	failed := &platform.AppVersion{ID: "v3", Status: platform.AppVersionBuildFailed}
	diag := []diagnose.Diagnosis{{Signal: "x", Cause: "c", Fix: "Set PORT."}}
	ok := ops.Probe{URL: "https://app/", Port: 3000, Status: 200}
	down := ops.Probe{URL: "http://app:3000/", Port: 3000, Error: "connection refused"}
	tests := []struct {
		name        string
		svc         platform.ServiceStack
		latest      *platform.AppVersion
		probes      []ops.Probe
		diagnoses   []diagnose.Diagnosis
		subdomain   bool
		wantVerdict platform.Verdict
		wantReason  string
		wantNext    string
	}{
		{"no version: no code, whatever answers", svc, nil, []ops.Probe{ok}, nil, false, platform.VerdictNotDeployed, "is not deployed: no code has been deployed to it yet", "deploy code to app"},
		{"stopped before the probes", platform.ServiceStack{Name: "app", Status: platform.ServiceStopped}, active, []ops.Probe{ok}, nil, false,
			platform.VerdictFailing, "nothing runs until it is started", "start it with"},
		{"a port down before the log's errors", svc, active, []ops.Probe{down}, diag, false, platform.VerdictFailing, "does not answer HTTP", "Set PORT"},
		{"a failed newest deploy before the log's errors", svc, failed, []ops.Probe{ok}, diag, false,
			platform.VerdictDegraded, "ended BUILD_FAILED; the version deployed before it still answers", "Set PORT"},
		{"the log's errors before the answers", svc, active, []ops.Probe{ok}, diag, false, platform.VerdictDegraded, "its log since the deploy shows errors", "Set PORT"},
		{"a 404 at the root of a file server", static, active, []ops.Probe{{URL: "https://app/", Port: 80, Status: 404}}, nil, false,
			platform.VerdictDegraded, "answers 404", "`dist/~`"},
		{"a subdomain and no HTTP port", svc, active, nil, nil, true, platform.VerdictDegraded, "no HTTP port for it to reach", "httpSupport: true"},
		{"no HTTP port", svc, active, nil, nil, false, platform.VerdictHealthy, "no HTTP port to probe", "nothing to fix"},
		{"live", svc, active, []ops.Probe{ok}, nil, false, platform.VerdictHealthy, "answers 200", "is live"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := &ops.ServiceHealth{Service: tt.svc.Name, Status: tt.svc.Status, Probes: tt.probes, Diagnoses: tt.diagnoses}
			ops.Judge(h, tt.svc, tt.latest, ops.CodeSource{}, nil, tt.subdomain, false)
			if h.Verdict != tt.wantVerdict || !strings.Contains(h.Reason, tt.wantReason) || !strings.Contains(h.Next.Prose(), tt.wantNext) {
				t.Errorf("got %s %q, next %q; want %s %q, next naming %q", h.Verdict, h.Reason, h.Next.Prose(), tt.wantVerdict, tt.wantReason, tt.wantNext)
			}
		})
	}
}
