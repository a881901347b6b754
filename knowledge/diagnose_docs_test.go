package knowledge

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/diagnose"
)

// TestDocs_DiagnosisDocsExist: every doc URI a diagnosis names is a document
// of the corpus, and that document explains the signals that point to it.
func TestDocs_DiagnosisDocsExist(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	byURI := map[string]Document{}
	for _, d := range docs {
		byURI[d.URI] = d
	}
	for _, uri := range diagnose.Docs() {
		if _, ok := byURI[uri]; !ok {
			t.Errorf("diagnoses point to %s, which is not in the corpus", uri)
		}
	}
	for _, id := range diagnose.Signals() {
		uri := diagnose.DocOf(id)
		if d, ok := byURI[uri]; ok && !strings.Contains(d.Content, "## "+id+"\n") {
			t.Errorf("%s has no section for signal %s, which points to it", uri, id)
		}
	}
}
