package platform_test

import (
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// TestAppVersion_FailedCancelledFinal: a cancelled version is final and
// cancelled, never failed (its build has no error to fix); a failed one is
// failed whether its status or its pipeline says so.
func TestAppVersion_FailedCancelledFinal(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		v                        platform.AppVersion
		final, failed, cancelled bool
	}{
		{platform.AppVersion{Status: platform.AppVersionCancelled}, true, false, true},
		{platform.AppVersion{Status: platform.AppVersionCancelled, Build: &platform.BuildInfo{PipelineFailed: &at}}, true, false, true},
		{platform.AppVersion{Status: platform.AppVersionBuildFailed}, true, true, false},
		{platform.AppVersion{Status: platform.AppVersionDeploying, Build: &platform.BuildInfo{PipelineFailed: &at}}, true, true, false},
		{platform.AppVersion{Status: platform.AppVersionDeployFailed}, true, true, false},
		{platform.AppVersion{Status: platform.AppVersionActive}, true, false, false},
		{platform.AppVersion{Status: platform.AppVersionBuilding}, false, false, false},
	} {
		if got := [3]bool{tt.v.Final(), tt.v.Failed(), tt.v.Cancelled()}; got != [3]bool{tt.final, tt.failed, tt.cancelled} {
			t.Errorf("%s (pipelineFailed %v): final, failed, cancelled = %v, want %v", tt.v.Status,
				tt.v.Build != nil, got, [3]bool{tt.final, tt.failed, tt.cancelled})
		}
	}
}
