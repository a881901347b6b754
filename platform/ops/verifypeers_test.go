package ops_test

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// stoppingDB answers the first list of the project's services with db
// STOPPING and every later one with db STOPPED: a stop ending while one
// verify reads the project.
type stoppingDB struct {
	platform.Client
	lists atomic.Int32
}

func (c *stoppingDB) ListServices(ctx context.Context, projectID string) ([]platform.ServiceStack, error) {
	services, err := c.Client.ListServices(ctx, projectID)
	status := platform.ServiceStopped
	if c.lists.Add(1) == 1 {
		status = platform.ServiceStopping
	}
	for i := range services {
		if services[i].Name == "db" {
			services[i].Status = status
		}
	}
	return services, err
}

// TestVerify_OnePeerStateForAllServices: a verify of every runtime said
// db "is STOPPING" for one app and "is STOPPED" for another in one answer
// (walk 75b), as each check read the list again. The list the verify read
// is the one each check reads its peers from.
func TestVerify_OnePeerStateForAllServices(t *testing.T) {
	t.Parallel()
	fake, base := newFake(t, 20*time.Millisecond)
	ctx := context.Background()
	proj := ops.Project{Client: base, ID: fake.ProjectID()}
	res, err := ops.Env(ctx, proj, nil, "set", ops.EnvTarget{Hostname: "appdev"}, []string{"DATABASE_URL=${db_connectionString}"})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Processes {
		waitProcess(t, base, p.ID)
	}
	c := &stoppingDB{Client: base}
	env := ops.VerifyEnv{Client: c, Logs: zeropsapi.NewLogFetcher(nil), ProjectID: fake.ProjectID(), Prober: appServer(t, map[string]int{"appdev": 200})}
	out, err := ops.Verify(ctx, env, ops.VerifyParams{})
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range out.Services {
		if h.Service == "appdev" && !strings.Contains(h.Reason, "db, which DATABASE_URL reaches, is STOPPING") {
			t.Errorf("appdev's reason %q, want db as the verify's list had it (STOPPING)", h.Reason)
		}
	}
}
