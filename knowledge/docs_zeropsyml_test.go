package knowledge

import (
	"fmt"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/yamlcheck"
)

// TestDocs_ZeropsYmlExamplesValidate runs every whole zerops.yml example of
// the docs (a block with the top-level key zerops) through ZCP's own
// validator: a recipe ZCP teaches must not be one it refuses.
func TestDocs_ZeropsYmlExamplesValidate(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, d := range docs {
		for i, m := range yamlBlockRe.FindAllStringSubmatch(d.Content, -1) {
			text := m[1]
			if strings.HasPrefix(strings.TrimSpace(text), wrongExampleMarker) || !strings.HasPrefix(strings.TrimSpace(text), "zerops:") {
				continue
			}
			checked++
			res, err := yamlcheck.Validate(text, "zerops.yml")
			if err != nil {
				t.Fatalf("%s yaml block %d: %v", d.Path, i+1, err)
			}
			if !res.Valid {
				t.Errorf("%s yaml block %d refused: %v", d.Path, i+1, fmt.Sprint(res.Errors))
			}
		}
	}
	if checked == 0 {
		t.Fatal("no zerops.yml example found")
	}
}
