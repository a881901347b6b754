package deploy_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/actors"
	"github.com/zeropsio/zcp/actors/actorstest"
	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/deploy/sshdtest"
)

// TestDeploySSH_SameTargetQueuedThroughPool sends two real SSH deploys to one
// target through the deploy pool actor: while the first push is held on the
// remote side, the second waits in the target's queue and no second push has
// reached zcli; released, they run one after the other.
func TestDeploySSH_SameTargetQueuedThroughPool(t *testing.T) {
	t.Parallel()
	s := sshdtest.Start(t, sshdtest.Options{})
	s.SetHold(true)
	d := newSSHDeployer(s, nil)
	pool := actors.NewDeployPool(4)
	actorstest.Serve(t, pool)
	ctx := testContext(t)

	done := make(chan error, 2)
	push := func() {
		done <- pool.Run(ctx, "stageId", func(ctx context.Context) error {
			_, err := d.Deploy(ctx, deploy.Request{SourceService: "appdev", TargetServiceID: "stageId", WorkingDir: t.TempDir()})
			return err
		})
	}
	go push()
	if _, err := s.WaitPushStarted(ctx); err != nil {
		t.Fatal(err)
	}
	s.ClearPushPID()
	go push()
	waitQueued(t, pool, "target stageId: running", "1 queued")
	if n := len(s.Pushes()); n != 1 {
		t.Fatalf("%d pushes reached zcli while the first was held, want 1", n)
	}

	if err := s.Release(ctx); err != nil {
		t.Fatal(err)
	}
	if err := recv(t, done); err != nil {
		t.Fatalf("first deploy: %v", err)
	}
	if _, err := s.WaitPushStarted(ctx); err != nil { // only now does the second push begin
		t.Fatal(err)
	}
	if err := s.Release(ctx); err != nil {
		t.Fatal(err)
	}
	if err := recv(t, done); err != nil {
		t.Fatalf("second deploy: %v", err)
	}
	if n := len(s.Pushes()); n != 2 {
		t.Errorf("%d pushes, want 2", n)
	}
}

// waitQueued polls the pool's status (it offers no signal) until a detail
// line holds every part.
func waitQueued(t *testing.T, pool *actors.DeployPool, parts ...string) {
	t.Helper()
	ctx := testContext(t)
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		st, err := pool.Status(ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range st.Details {
			all := true
			for _, p := range parts {
				all = all && strings.Contains(line, p)
			}
			if all {
				return
			}
		}
		select {
		case <-ctx.Done():
			t.Fatalf("pool never showed %q: %q", parts, st.Details)
		case <-tick.C:
		}
	}
}
