package actors

import (
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

func TestWatcher_BuildMode(t *testing.T) {
	checkLeaks(t)
	since := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	failedAt := since.Add(time.Minute)
	started := since.Add(time.Second)
	// A NONE-source ACTIVE version (startWithoutCode) created after since
	// must be skipped, as must anything created before since.
	noneActive := platform.AppVersion{ID: "none", ServiceStackID: "svc-1", Source: platform.SourceNone, Status: platform.AppVersionActive, Created: since.Add(2 * time.Second)}
	oldActive := platform.AppVersion{ID: "old", ServiceStackID: "svc-1", Source: platform.SourceCLI, Status: platform.AppVersionActive, Created: since.Add(-time.Hour)}
	build := func(status platform.AppVersionStatus, b *platform.BuildInfo) platform.AppVersion {
		return platform.AppVersion{ID: "new", ServiceStackID: "svc-1", Source: platform.SourceCLI, Status: status, Build: b, Created: since.Add(time.Second)}
	}
	tests := []struct {
		name       string
		steps      [][]platform.AppVersion
		wantStatus platform.AppVersionStatus
	}{
		{
			name: "NONE-source skipped until the real build ends",
			steps: [][]platform.AppVersion{
				{oldActive, noneActive},
				{oldActive, noneActive, build(platform.AppVersionUploading, nil)},
				{oldActive, noneActive, build(platform.AppVersionBuilding, &platform.BuildInfo{PipelineStart: &started})},
				{oldActive, noneActive, build(platform.AppVersionDeploying, &platform.BuildInfo{PipelineStart: &started})},
				{oldActive, noneActive, build(platform.AppVersionActive, &platform.BuildInfo{PipelineStart: &started})},
			},
			wantStatus: platform.AppVersionActive,
		},
		{
			name: "pipelineFailed is final whatever the status",
			steps: [][]platform.AppVersion{
				{build(platform.AppVersionUploading, nil)},
				{build(platform.AppVersionBuilding, &platform.BuildInfo{PipelineStart: &started, PipelineFailed: &failedAt})},
			},
			wantStatus: platform.AppVersionBuilding,
		},
		{
			name: "build failure",
			steps: [][]platform.AppVersion{
				{build(platform.AppVersionWaitingToBuild, nil)},
				{build(platform.AppVersionBuildFailed, &platform.BuildInfo{PipelineStart: &started})},
			},
			wantStatus: platform.AppVersionBuildFailed,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := &stubClient{versions: func(n int) []platform.AppVersion { return tt.steps[min(n, len(tt.steps)-1)] }}
			w := NewWatcher(c, fastWatcher())
			serve(t, w)
			ch, err := w.SubscribeBuild(t.Context(), "svc-1", since, "")
			if err != nil {
				t.Fatal(err)
			}
			got := drain(t, ch)
			if len(got) == 0 {
				t.Fatal("no update")
			}
			for _, u := range got {
				if u.AppVersion.ID != "new" {
					t.Errorf("followed version %q (%s), want the real build", u.AppVersion.ID, u.AppVersion.Status)
				}
			}
			last := got[len(got)-1]
			if !last.Final || last.Err != nil || last.AppVersion.Status != tt.wantStatus {
				t.Errorf("last update %+v, want final %s", last, tt.wantStatus)
			}
		})
	}
}

// A build followed by its app version id is that version's, even when a
// later push's version overtakes it: two deploys to one target each hear
// of their own build.
func TestWatcher_BuildModeFollowsTheVersionNamed(t *testing.T) {
	checkLeaks(t)
	since := time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	started := since.Add(time.Second)
	av := func(id string, status platform.AppVersionStatus, at time.Duration) platform.AppVersion {
		return platform.AppVersion{ID: id, ServiceStackID: "svc-1", Source: platform.SourceCLI, Status: status,
			Build: &platform.BuildInfo{PipelineStart: &started}, Created: since.Add(at)}
	}
	steps := [][]platform.AppVersion{
		{av("a", platform.AppVersionBuilding, time.Second)},
		{av("b", platform.AppVersionBuilding, 2*time.Second), av("a", platform.AppVersionDeploying, time.Second)},
		{av("b", platform.AppVersionDeploying, 2*time.Second), av("a", platform.AppVersionActive, time.Second)},
		{av("b", platform.AppVersionActive, 2*time.Second), av("a", platform.AppVersionBackup, time.Second)},
	}
	c := &stubClient{versions: func(n int) []platform.AppVersion { return steps[min(n, len(steps)-1)] }}
	w := NewWatcher(c, fastWatcher())
	serve(t, w)
	ch, err := w.SubscribeBuild(t.Context(), "svc-1", since, "a")
	if err != nil {
		t.Fatal(err)
	}
	got := drain(t, ch)
	if len(got) == 0 {
		t.Fatal("no update")
	}
	for _, u := range got {
		if u.AppVersion.ID != "a" {
			t.Errorf("followed version %q (%s), want a, the one named", u.AppVersion.ID, u.AppVersion.Status)
		}
	}
	if last := got[len(got)-1]; !last.Final || last.AppVersion.Status != platform.AppVersionActive {
		t.Errorf("last update %+v, want a final ACTIVE", last)
	}
}

func TestAppVersionFinal_States(t *testing.T) {
	t.Parallel()
	now := time.Now()
	inProgress := []platform.AppVersionStatus{platform.AppVersionUploading, platform.AppVersionWaitingToBuild, platform.AppVersionBuilding,
		platform.AppVersionPreparingRuntime, platform.AppVersionWaitingToDeploy, platform.AppVersionDeploying}
	for _, s := range inProgress {
		if (platform.AppVersion{Status: s}).Final() {
			t.Errorf("%s read as final", s)
		}
		if !(platform.AppVersion{Status: s, Build: &platform.BuildInfo{PipelineFailed: &now}}).Final() {
			t.Errorf("%s with pipelineFailed not final", s)
		}
	}
	for _, s := range []platform.AppVersionStatus{platform.AppVersionActive, platform.AppVersionBuildFailed, platform.AppVersionDeployFailed,
		platform.AppVersionPreparingRuntimeFailed, platform.AppVersionCancelled, "SOMETHING_NEW"} {
		if !(platform.AppVersion{Status: s}).Final() {
			t.Errorf("%s not final", s)
		}
	}
}
