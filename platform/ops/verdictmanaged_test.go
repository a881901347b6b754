package ops_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

// A managed service is judged by its status alone, never told to take code.
func TestCheckService_ManagedByStatus(t *testing.T) {
	t.Parallel()
	tests := []struct {
		status       platform.ServiceStatus
		wantVerdict  platform.Verdict
		wantNext     string
		wantStarting bool
	}{
		{platform.ServiceActive, platform.VerdictHealthy, "nothing to fix", false},
		{platform.ServiceStopped, platform.VerdictFailing, "zerops_manage action=start serviceHostname=db", false},
		{platform.ServiceStopping, platform.VerdictFailing, "zerops_manage action=start serviceHostname=db", false},
		{platform.ServiceCreating, platform.VerdictDegraded, "wait for it (zerops_events serviceHostname=db)", true},
		{platform.ServiceRestarting, platform.VerdictDegraded, "wait for it", true},
		{"UPGRADING", platform.VerdictDegraded, "wait for it", true},
		{platform.ServiceDeleting, platform.VerdictFailing, "zerops_import", false},
		{platform.ServiceFailed, platform.VerdictFailing, "zerops_events serviceHostname=db", false},
		{"CONTAINER_FAILED", platform.VerdictFailing, "zerops_manage action=restart serviceHostname=db", false},
	}
	fake, c := newFake(t, 0)
	env := ops.VerifyEnv{Client: c, ProjectID: fake.ProjectID()} // no logs, no prober: a managed service needs neither
	for _, tt := range tests {
		t.Run(string(tt.status), func(t *testing.T) {
			t.Parallel()
			svc := platform.ServiceStack{ID: "no-such-id", Name: "db", Status: tt.status,
				Type: platform.ServiceTypeInfo{Category: platform.CategoryStandard, VersionName: "postgresql@16"}}
			h, err := ops.CheckService(context.Background(), env, svc, "")
			if err != nil {
				t.Fatal(err)
			}
			next := said(h.Next)
			if h.Verdict != tt.wantVerdict || !strings.Contains(next, tt.wantNext) || h.Starting() != tt.wantStarting {
				t.Fatalf("verdict %q next %q starting %v; want %q, %q, %v", h.Verdict, next, h.Starting(), tt.wantVerdict, tt.wantNext, tt.wantStarting)
			}
			if strings.Contains(next, "zerops_deploy") || !strings.Contains(h.Reason, string(tt.status)) && tt.status != platform.ServiceDeleting {
				t.Errorf("reason %q next %q: want the status named and no deploy", h.Reason, next)
			}
		})
	}
}
