package ops

import (
	"strings"
	"testing"
)

// What fits at this size is said from a peak there is; a peak that rounds
// to 0% projects nothing (walk 12: "peaked at 0% … about 100.0× that load
// fits"); one core is "1 core" (walk 12: "1 cores").
func TestFitsAtSize_NoProjectionFromNoLoad(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		peak      float64
		shifted   bool
		want, not string
	}{
		{"no load", 0, false, "there is no load to project from", "×"},
		{"under half a percent", 0.4, false, "used under 1% of its CPU (1 core now)", "×"},
		{"some load", 25, false, "peaked at 25% of its CPU (1 core now), so about 4.0× that load fits", "no load"},
		{"a size changed in the window", 50, true, "the window began at another size), is 50%, so about 2.0×", "no load"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := fitsAtSize("api", "CPU", limitText("CPU", 1), tt.peak, tt.shifted)
			if !strings.Contains(got, tt.want) || strings.Contains(got, tt.not) {
				t.Errorf("fitsAtSize = %q, want %q and no %q", got, tt.want, tt.not)
			}
		})
	}
	if got := cores(2) + ", " + cores(1) + ", " + cores(0.5); got != "2 cores, 1 core, 0.5 cores" {
		t.Errorf("cores = %q", got)
	}
}

// A peak share taken at another limit than the one in force now says of
// which, and what the same use is of the limit now (walk 74: "RAM 36% at
// peak" beside "peak use is 17% of the RAM it has now" read as two peaks).
func TestPeakShare_SaysWhichLimit(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		u    Use
		want string
	}{
		{"the same limit", Use{Peak: 36, Limit: 0.5, peakLimit: 0.5, peakUsed: 0.18}, "RAM 36%"},
		{"a limit raised since", Use{Peak: 36, Limit: 0.5, peakLimit: 0.125, peakUsed: 0.045},
			"RAM 36% (of the 0.125 GB it had then: 9% of the 0.5 GB it has now)"},
		// Walk 75: 35% of 0.125 GB, then the app grew into the 0.5 GB it
		// got: the 0.084 GB it used later is no conversion of the peak.
		{"a limit raised, the app grew into it", Use{Peak: 35, Limit: 0.5, peakLimit: 0.125, peakUsed: 0.084},
			"RAM 35% (of the 0.125 GB it had then; the most it used at once, 0.084 GB, is 17% of the 0.5 GB it has now)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := peakShare("RAM", &tt.u); got != tt.want {
				t.Errorf("peakShare = %q, want %q", got, tt.want)
			}
		})
	}
}
