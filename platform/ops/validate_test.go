package ops_test

import (
	"context"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/ops"
)

func TestValidate_SaysWhenVersionsWereNotChecked(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	ctx := context.Background()
	types, err := ops.NewStackTypeCache(c, 0).Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	doc := "zerops:\n  - setup: appdev\n    run: {base: nodejs@18, start: x}\n"
	offline, err := ops.Validate(ctx, ops.Project{Client: nil, ID: ""}, doc, "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !offline.Valid || offline.VersionsChecked || len(offline.Warnings) != 1 || !strings.Contains(offline.Warnings[0].Problem, "not checked") {
		t.Errorf("offline = %+v, want valid with a warning that versions were not checked", offline)
	}
	live, err := ops.Validate(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, doc, "", types)
	if err != nil {
		t.Fatal(err)
	}
	if live.Valid || !live.VersionsChecked || len(live.Warnings) != 0 {
		t.Errorf("live = %+v, want nodejs@18 refused and no warning", live)
	}
}
