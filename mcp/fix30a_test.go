package mcp_test

import (
	"strings"
	"testing"
)

// A rollback without a progress token (issue 34, fix30a item 3): the next
// step said to follow "the build" with zerops_events, though a rollback
// builds nothing, and left out that the local files still hold the change
// that failed, which the progress path says. Both paths now say it.
func TestFix30a_RollbackWithoutTokenSaysWhatTheFilesHold(t *testing.T) {
	t.Parallel()
	r := newRollbackRig(t)
	r.removeStart(t)
	r.deployBroken(t, "v2")
	res, m := r.call(t, "zerops_deploy", map[string]any{"rollback": true, "targetService": "appstage"})
	wantOK(t, res)
	next, _ := m["next"].(string)
	if strings.Contains(next, "follow the build") {
		t.Errorf("a rollback's next step follows a build: %s", next)
	}
	if n := strings.Count(next, "still hold the change that failed"); n != 1 {
		t.Errorf("the next step says %d times that the files hold the failed change, want once: %s", n, next)
	}
}
