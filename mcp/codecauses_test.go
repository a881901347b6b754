package mcp

import (
	"slices"
	"testing"

	"github.com/zeropsio/zcp/platform/diagnose"
)

// Every diagnosis codeCauses names is one the classifier gives: a renamed
// signal would make the warnings lead again where they cannot be the cause.
func TestCodeCauses_AreSignals(t *testing.T) {
	t.Parallel()
	for _, id := range codeCauses {
		if !slices.Contains(diagnose.Signals(), id) {
			t.Errorf("codeCauses names %q, which is no diagnose signal", id)
		}
	}
}
