package knowledge

import (
	"io/fs"
	"os"
	"regexp"
	"strings"
	"testing"
)

// staleHostnameRule matches the 40-character hostname rule ZCP once taught;
// the platform allows 25 (official import reference).
var staleHostnameRule = regexp.MustCompile(`\{0,(39|40)\}|(at most|up to|max(imum)?) 40 (characters|chars)|40 lowercase`)

func TestHostnameRule_25CharactersEverywhere(t *testing.T) {
	t.Parallel()
	if txt := ContextText(); !strings.Contains(txt, "{0,24}") || !strings.Contains(txt, "25 characters") {
		t.Errorf("zerops_context does not state the 25-character hostname rule")
	}
	for _, root := range []string{"docs", "content"} {
		err := fs.WalkDir(os.DirFS(root), ".", func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".md") {
				return err
			}
			b, err := os.ReadFile(root + "/" + path)
			if err != nil {
				return err
			}
			if m := staleHostnameRule.Find(b); m != nil {
				t.Errorf("%s/%s states the old hostname rule: %q", root, path, m)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
}
