package deploy

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

// TestPickVersion_TheOneLiveBefore: a default rollback takes the BACKUP
// version that left ACTIVE last (its lastUpdate), not the highest
// sequence, skips one seen not to answer after its deploy, and is refused
// when none is left, naming the candidates, and either the live version
// (not seen failing: nothing to roll back) or the appVersionId form.
func TestPickVersion_TheOneLiveBefore(t *testing.T) {
	t.Parallel()
	t0 := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	at := func(m int) time.Time { return t0.Add(time.Duration(m) * time.Minute) }
	v := func(id string, seq int, status platform.AppVersionStatus, updated int) platform.AppVersion {
		return platform.AppVersion{ID: id, Sequence: seq, Status: status, Created: at(seq), LastUpdate: at(updated)}
	}
	env := Env{ProjectID: "pick", Memory: ops.NewMemory("")}
	env.noteVerdict("pick-broken-b", platform.VerdictNotAnswering)
	env.noteVerdict("pick-broken-c", platform.VerdictNotAnswering)
	env.noteVerdict("pick-broken-d", platform.VerdictNotAnswering)
	env.noteVerdict("pick-healed", platform.VerdictNotAnswering)
	env.noteVerdict("pick-healed", platform.VerdictLive)
	for _, tt := range []struct {
		name     string
		versions []platform.AppVersion // newest first, as the search answers
		want     string
		wantErr  []string
	}{
		{name: "after a rollback: the one the current replaced",
			versions: []platform.AppVersion{v("c", 3, "ACTIVE", 40), v("b", 2, "BACKUP", 30), v("a", 1, "BACKUP", 40)}, want: "a"},
		{name: "no rollback: the newest backup",
			versions: []platform.AppVersion{v("c", 3, "ACTIVE", 30), v("b", 2, "BACKUP", 30), v("a", 1, "BACKUP", 20)}, want: "b"},
		{name: "same update: the higher sequence",
			versions: []platform.AppVersion{v("c", 3, "ACTIVE", 30), v("b", 2, "BACKUP", 30), v("a", 1, "BACKUP", 30)}, want: "b"},
		{name: "failed and cancelled never",
			versions: []platform.AppVersion{v("c", 3, "ACTIVE", 50), v("x", 5, "BUILD_FAILED", 60), v("y", 4, "CANCELLED", 60), v("a", 1, "BACKUP", 50)}, want: "a"},
		{name: "known broken skipped",
			versions: []platform.AppVersion{v("c", 3, "ACTIVE", 50), v("pick-broken-b", 2, "BACKUP", 50), v("a", 1, "BACKUP", 40)}, want: "a"},
		{name: "answering again: no longer skipped",
			versions: []platform.AppVersion{v("c", 3, "ACTIVE", 50), v("pick-healed", 2, "BACKUP", 50), v("a", 1, "BACKUP", 40)}, want: "pick-healed"},
		{name: "only broken ones",
			versions: []platform.AppVersion{v("a", 1, "ACTIVE", 50), v("pick-broken-c", 3, "BACKUP", 50), v("pick-broken-b", 2, "BACKUP", 40)},
			wantErr:  []string{platform.ErrNotFound, "pick-broken-c (#3)", "pick-broken-b (#2)", "already runs a (#1)", "Nothing to roll back"}},
		{name: "only broken ones, the live one too",
			versions: []platform.AppVersion{v("pick-broken-d", 4, "ACTIVE", 60), v("pick-broken-c", 3, "BACKUP", 50), v("pick-broken-b", 2, "BACKUP", 40)},
			wantErr:  []string{platform.ErrNotFound, "pick-broken-c (#3)", "pick-broken-b (#2)", "appVersionId=pick-broken-c."}},
		{name: "the latest deploy failed its build: the live one stays",
			versions: []platform.AppVersion{v("x", 60, "BUILD_FAILED", 61), v("c", 3, "ACTIVE", 30), v("b", 2, "BACKUP", 30)},
			wantErr:  []string{platform.ErrNotFound, "nothing to roll back", "#60 (x), ended BUILD_FAILED and never went live", "still runs #3 (c)", "appVersionId=b."}},
		{name: "the latest deploy was cancelled: the live one stays",
			versions: []platform.AppVersion{v("y", 60, "CANCELLED", 61), v("c", 3, "ACTIVE", 30)},
			wantErr:  []string{platform.ErrNotFound, "was cancelled and never went live", "still runs #3 (c)"}},
		{name: "the latest deploy failed, the live one was seen not answering",
			versions: []platform.AppVersion{v("x", 60, "BUILD_FAILED", 61), v("pick-broken-b", 3, "ACTIVE", 30), v("a", 1, "BACKUP", 30)}, want: "a"},
		{name: "a failed build, then a deploy that went live",
			versions: []platform.AppVersion{v("c", 70, "ACTIVE", 70), v("x", 60, "BUILD_FAILED", 61), v("b", 2, "BACKUP", 70)}, want: "b"},
		{name: "none", versions: []platform.AppVersion{v("a", 1, "ACTIVE", 50)}, wantErr: []string{platform.ErrNotFound, "the only version deployed", "Nothing to roll back"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := pickVersion(tt.versions, "", "appstage", env.seenNotAnswering)
			if tt.wantErr != nil {
				if err == nil {
					t.Fatalf("picked %s, want an error", got.ID)
				}
				all := platform.ErrorCode(err) + " " + err.Error()
				if pe := (*platform.PlatformError)(nil); errors.As(err, &pe) {
					all += " " + pe.Suggestion
				}
				for _, w := range tt.wantErr {
					if !strings.Contains(all, w) {
						t.Errorf("error lacks %q: %s", w, all)
					}
				}
				return
			}
			if err != nil || got.ID != tt.want {
				t.Errorf("picked %q (%v), want %q", got.ID, err, tt.want)
			}
		})
	}
}
