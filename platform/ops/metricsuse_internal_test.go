package ops

import (
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// TestUse_PeakNowWeighsThePeakAgainstTheSizeNow: a window that began at
// another size (minRam raised from 0.125 to 1 GB) peaks at 36% of the old
// limit, which is under 5% of the limit in force now; what fits at this
// size is read from the latter (walk5: "peaked at 36% … 2.7× fits" after
// the raise).
func TestUse_PeakNowWeighsThePeakAgainstTheSizeNow(t *testing.T) {
	t.Parallel()
	const gb = 1e9
	ps := []platform.StatsPoint{
		{RAMUsed: 0.045 * gb, RAMLimit: 0.125 * gb},
		{RAMUsed: 0.04 * gb, RAMLimit: 1 * gb},
	}
	u := use(ps, func(p platform.StatsPoint) (float64, float64) { return p.RAMUsed, p.RAMLimit }, gb, hotRAM, time.Minute)
	if u.Peak != 36 || u.Limit != 1 {
		t.Fatalf("peak %v%% of limit %v GB, want 36%% and 1 GB now", u.Peak, u.Limit)
	}
	if got := u.PeakNow(); got != 4.5 {
		t.Errorf("PeakNow = %v%%, want 4.5%% (0.045 GB of the 1 GB now)", got)
	}
	same := use(ps[1:], func(p platform.StatsPoint) (float64, float64) { return p.RAMUsed, p.RAMLimit }, gb, hotRAM, time.Minute)
	if same.PeakNow() != same.Peak {
		t.Errorf("one size all window: PeakNow %v, Peak %v; want equal", same.PeakNow(), same.Peak)
	}
}
