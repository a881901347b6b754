package ops

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// scaledTo reads services with the scaling set in force.
type scaledTo struct {
	platform.Client
	set platform.Autoscaling
}

func (s scaledTo) GetService(ctx context.Context, id string) (*platform.ServiceStack, error) {
	svc, err := s.Client.GetService(ctx, id)
	if err == nil {
		set := s.set
		svc.CurrentAutoscaling = &set
	}
	return svc, err
}

// TestHotNext_RAMRaisedNotYetGrownIsNoLeak: ZCP raised maxRam from 2 to 4
// GB. RAM full at a 4 GB container fills the raise: a leak. RAM full while
// the container is still at 2 GB says nothing of a leak yet (vertical
// autoscaling has not grown it): no leak is claimed and no value proposed.
func TestHotNext_RAMRaisedNotYetGrownIsNoLeak(t *testing.T) {
	t.Parallel()
	fake, c := internalFake(t)
	ctx := context.Background()
	proj := Project{Client: scaledTo{c, platform.Autoscaling{MaxRAM: 4}}, ID: fake.ProjectID(), Memory: NewMemory("")}
	svc, err := c.GetService(ctx, fake.ServiceID("appstage"))
	if err != nil {
		t.Fatal(err)
	}
	proj.Memory.noteRAMRaise(proj.ID, svc.ID, 2, 4, time.Now())
	for _, tt := range []struct {
		name      string
		limit     float64
		want, not []string
	}{
		{"filled the raise", 4, []string{"fills the 4 GB maxRam ZCP raised it to", "is a leak"}, []string{"maxRam="}},
		{"not grown yet", 2, []string{"not grown", "fills the 2 GB the container has now", "raise nothing now"}, []string{"raising maxRam again only delays it", "maxRam="}},
	} {
		m := ServiceMetrics{ram: &Use{Current: 98, Peak: 99, Limit: tt.limit}}
		got := hotNext(ctx, proj, *svc, "RAM", m).Prose()
		for _, w := range tt.want {
			if !strings.Contains(got, w) {
				t.Errorf("%s: next lacks %q: %s", tt.name, w, got)
			}
		}
		for _, n := range tt.not {
			if strings.Contains(got, n) {
				t.Errorf("%s: next has %q: %s", tt.name, n, got)
			}
		}
	}
}
