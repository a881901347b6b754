package deploy

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// TestCutShort_AdmissionRefusedBeforeTheBudgetEnds: a call the gateway
// refuses because it cannot run before the wait budget's deadline leaves the
// check undecided (Follow checks again); any other failure decides it.
func TestCutShort_AdmissionRefusedBeforeTheBudgetEnds(t *testing.T) {
	t.Parallel()
	refused := &platform.PlatformError{Code: platform.ErrAPITimeout, Message: "the API budget cannot admit the call before its deadline",
		Err: context.DeadlineExceeded}
	live, stop := withBudget(t.Context(), time.Hour)
	defer stop()
	ended, stop2 := withBudget(t.Context(), time.Nanosecond)
	defer stop2()
	<-ended.Done()
	tests := []struct {
		name string
		ctx  context.Context
		err  error
		want bool
	}{
		{"refused within a live budget", live, refused, true},
		{"refused and wrapped", live, fmt.Errorf("SearchAppVersions: %w", refused), true},
		{"no budget", t.Context(), refused, false},
		{"the API failed", live, platform.NewError(platform.ErrAPIError, "500", ""), false},
		{"no error", live, nil, false},
		{"the budget already ended", ended, refused, false}, // BudgetEnded's case
		{"other error", live, errors.New("boom"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { // not parallel: the contexts end with this function
			if got := cutShort(tt.ctx, tt.err); got != tt.want {
				t.Errorf("cutShort = %v, want %v", got, tt.want)
			}
		})
	}
}
