package knowledge

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// singlePrecedence matches wording that puts zerops.yml's run.envVariables
// above a service secret as the one rule: an ordered list, "overridden by
// zerops.yml", "zerops.yml wins over a secret".
var singlePrecedence = []*regexp.Regexp{
	regexp.MustCompile(`(?i)(zerops\.ya?ml|envVariables)[^\n]{0,40}>\s*(service )?secrets?\b`),
	regexp.MustCompile(`(?i)\bsecrets?\b[^\n]{0,40}<\s*(zerops\.ya?ml|envVariables)`),
	regexp.MustCompile(`(?i)overridden by (the )?zerops\.ya?ml`),
	regexp.MustCompile(`(?i)(zerops\.ya?ml|envVariables)[^\n.]{0,40}(wins over|overrides|beats)[^\n.]{0,20}secret`),
}

// bothReadings is what a statement of the yml-over-secret order must carry
// near it: the newer guide's refusal.
var bothReadings = regexp.MustCompile(`(?i)userDataDuplicateKey|refuse`)

// singlePrecedenceHits returns the statements in text of one precedence
// between zerops.yml and a service secret that name no refusal within a few
// hundred characters.
func singlePrecedenceHits(text string) []string {
	var hits []string
	for _, re := range singlePrecedence {
		for _, m := range re.FindAllStringIndex(text, -1) {
			lo, hi := max(0, m[0]-400), min(len(text), m[1]+400)
			if !bothReadings.MatchString(text[lo:hi]) {
				hits = append(hits, text[m[0]:m[1]])
			}
		}
	}
	return hits
}

// TestPrecedence_NoSingleOrderForSecretAndYml guards issue 34 Deliver 5: a
// service secret on a key the deployed zerops.yml's run.envVariables also
// declares is refused by the platform per the newer guide, while an older
// page says the yaml wins. No text an agent or a user reads (the knowledge
// base, the workflows, the tool and prompt texts in the Go sources, docs/)
// may state "system > zerops.yml > service secret > project" as the one rule.
func TestPrecedence_NoSingleOrderForSecretAndYml(t *testing.T) {
	t.Parallel()
	texts := agentTexts(t)
	root := filepath.Join("..")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			switch d.Name() {
			case ".git", "testdata", "node_modules":
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(path, "_test.go") || (!strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, ".md")) {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		texts[path] = string(b)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(texts) < 100 {
		t.Fatalf("only %d texts read: the walk missed the repository", len(texts))
	}
	for name, text := range texts {
		for _, h := range singlePrecedenceHits(text) {
			t.Errorf("%s states one precedence between zerops.yml and a service secret: %q; say both readings (the platform refuses the secret per the newer guide, an older page says zerops.yml wins) and advise never declaring a key in both", name, h)
		}
	}
}

// TestPrecedence_NoSingleOrderForSecretAndYml_CatchesIt proves the guard
// fails on the wording it forbids and passes the two-reading wording.
func TestPrecedence_NoSingleOrderForSecretAndYml_CatchesIt(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, text string
		caught     bool
	}{
		{"ordered list", "- Precedence when a key repeats: system > zerops.yml > service secret > project.", true},
		{"numbered prose", "Precedence: system > zerops.yml run.envVariables > service secret > project.", true},
		{"overridden", "- A key also present in zerops.yml `run.envVariables` is overridden by zerops.yml.", true},
		{"wins over", "change it in run.envVariables of zerops.yml, which wins over a secret, and deploy", true},
		{"both readings", "the newer guide says the platform refuses the secret (`userDataDuplicateKey`), an older page says zerops.yml wins over the secret", false},
		{"project is weakest", "a service secret or a zerops.yml key with the same name overrides project variables", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := len(singlePrecedenceHits(tt.text)) > 0; got != tt.caught {
				t.Errorf("caught = %v, want %v for %q", got, tt.caught, tt.text)
			}
		})
	}
}
