package fakeapi

import (
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// An app ran out of memory from t0+10m until a fixed version started at
// t0+22m. A finished bucket reports the most it reached, so every bucket
// the out-of-memory run touched shows it whatever came after; the bucket
// under way reports what runs now.
func TestOutOfMemoryIn_FinishedBucketsKeepThePeak(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	at := func(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }
	s := &service{runs: []appRun{{At: at(0)}, {At: at(10), OutOfMemory: true}, {At: at(22)}}}
	for _, tt := range []struct {
		name       string
		from, till int // minutes after t0
		now        int
		want       bool
	}{
		{"before the run", 0, 5, 60, false},
		{"bucket ending as it starts", 5, 10, 60, false},
		{"bucket it starts in", 5, 15, 60, true},
		{"bucket it fills", 15, 20, 60, true},
		{"bucket a deploy ended it in", 20, 25, 60, true},
		{"bucket after the deploy", 25, 30, 60, false},
		{"bucket under way while it runs", 15, 20, 17, true},
		{"bucket under way after the deploy", 20, 25, 23, false},
	} {
		if _, got := s.outOfMemoryIn(at(tt.from), at(tt.till), at(tt.now)); got != tt.want {
			t.Errorf("%s: out of memory in [%d, %d) at %d = %v, want %v", tt.name, tt.from, tt.till, tt.now, got, tt.want)
		}
	}
}

// TestRememberScaling_Bounded: a service scaled again and again remembers
// at most maxPastScaling changes, the newest, and each bucket still reads
// the scaling of its time among them.
func TestRememberScaling_Bounded(t *testing.T) {
	t.Parallel()
	s := &service{}
	start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	changes := maxPastScaling + 10
	for i := range changes {
		n := i + 1
		s.Current = &autoscalingJSON{Horizontal: &horizontalJSON{MinContainerCount: &n}}
		s.rememberScaling(start.Add(time.Duration(i+1) * time.Minute))
	}
	if len(s.pastScaling) != maxPastScaling {
		t.Fatalf("remembered %d changes, want %d", len(s.pastScaling), maxPastScaling)
	}
	// Until the last change (minute `changes`) the scaling recorded at it was in force.
	at := start.Add(time.Duration(changes)*time.Minute - 30*time.Second)
	if got := minContainersOf(s.scalingAt(at)); got != changes {
		t.Errorf("scaling at %v has %d containers, want %d", at, got, changes)
	}
	if got := minContainersOf(s.scalingAt(start)); got != changes-maxPastScaling+1 {
		t.Errorf("a bucket older than every remembered change reads %d containers, want the oldest kept %d", got, changes-maxPastScaling+1)
	}
}

// TestStatsAt_SharesNeverNegative reads a day of buckets of an idle app at
// each size: its share of a large limit or of ten containers varies, but
// stays above zero and below the idle share's variation.
func TestStatsAt_SharesNeverNegative(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		name       string
		containers int
		minRAM     float64
	}{
		{"default", 1, 0.25},
		{"ten containers", 10, 0.25},
		{"48 GB", 1, 48},
		{"ten containers of 48 GB", 10, 48},
	} {
		n, ram := tt.containers, tt.minRAM
		s := &service{ID: "svc-" + tt.name, Created: t0, Status: platform.ServiceActive, Containers: []string{"c1"},
			Version: &stackVersion{Type: &stackType{Category: platform.CategoryUser}},
			Current: &autoscalingJSON{Horizontal: &horizontalJSON{MinContainerCount: &n},
				Vertical: &verticalJSON{MinResource: &scalingResourceJSON{MemoryGBytes: &ram}}}}
		st := &state{}
		for m := range 24 * 60 {
			from := t0.Add(time.Duration(m) * time.Minute)
			p, ok := st.statsAt(s, from, from.Add(time.Minute), t0.Add(48*time.Hour))
			if !ok {
				t.Fatalf("%s: no stats at %v", tt.name, from)
			}
			if p.CPUUsed <= 0 || p.RAMUsed <= 0 || p.CPUUsed > p.CPULimit || p.RAMUsed > p.RAMLimit {
				t.Fatalf("%s at %v: CPU %v of %v, RAM %v of %v: a share outside (0, 1]", tt.name, from, p.CPUUsed, p.CPULimit, p.RAMUsed, p.RAMLimit)
			}
		}
	}
}
