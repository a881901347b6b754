package mcp_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// A type the catalog refuses gets its fix once, in the problem: no warning
// beside it names a fix for the refused type (redis@7 → "write
// redis:single@7", a type that does not exist).
func TestImportDryRun_NoWarningBesideARefusedType(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, m := h.call(t, "zerops_import", map[string]any{"dryRun": true, "content": "services:\n  - hostname: cache2\n    type: redis@7\n"})
	wantOK(t, res)
	if m["valid"] != false || !strings.Contains(fmt.Sprint(m["problems"]), "valkey@7.2") {
		t.Fatalf("redis@7 is not refused with valkey@7.2 as its fix: %s", text(res))
	}
	if w := fmt.Sprint(m["warnings"]); strings.Contains(w, "redis:single@7") {
		t.Errorf("a warning names a fix for the refused type: %s", w)
	}
}

// Walk 10: an import's envSecrets held `<@generateRandomString(<64>)>`
// without the preprocessor's first line; the dry run said valid with no
// warning and the service got the text itself as its secret. The dry run
// warns at the value and names the line; with the line it says nothing.
func TestImportDryRun_PreprocessorFunctionWithoutItsLine(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	body := "services:\n  - hostname: rails\n    type: ruby@3.4\n    envSecrets:\n      SECRET_KEY_BASE: <@generateRandomString(<64>)>\n"
	tests := []struct {
		name, content string
		warn          bool
	}{
		{"NoLine", body, true},
		{"LineAfterAComment", "# app\n#zeropsPreprocessor=on\n" + body, true},
		{"ZeropsPreprocessorOn", "#zeropsPreprocessor=on\n" + body, false},
		{"YamlPreprocessorOn", "#yamlPreprocessor=on\n" + body, false},
		{"NoFunction", "services:\n  - hostname: rails\n    type: ruby@3.4\n    envSecrets:\n      A: b\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, m := h.call(t, "zerops_import", map[string]any{"dryRun": true, "content": tt.content})
			wantOK(t, res)
			var got map[string]string
			for _, w := range issuesOf(m, "warnings") {
				if strings.Contains(w["fix"], "#zeropsPreprocessor=on") {
					got = w
				}
			}
			if tt.warn != (got != nil) {
				t.Fatalf("preprocessor warning = %v, want %v: %s", got, tt.warn, text(res))
			}
			if got != nil && got["path"] != "services[0](rails).envSecrets.SECRET_KEY_BASE" {
				t.Errorf("warning at %q, want the value's path: %v", got["path"], got)
			}
			if m["valid"] != true {
				t.Errorf("a warning refused the file: %s", text(res))
			}
		})
	}
}

// TestImport_PreprocessorOffSaysHowToSetTheSecretAfter: the supertokens
// recipe's import cut to its services: lost `#yamlPreprocessor=on`; the
// real import goes through (the platform stores the text), so the
// warning's fix also says how to set the secret now the service exists,
// not only to fix a file that can no longer be imported (walk14b, env).
func TestImport_PreprocessorOffSaysHowToSetTheSecretAfter(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	content := "services:\n  - hostname: tokens\n    type: nodejs@22\n    envSecrets:\n      API_KEYS: <@generateRandomString(<32>)>\n"
	res, m := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": content}, "imp")
	wantOK(t, res)
	fix := ""
	for _, w := range issuesOf(m, "warnings") {
		fix += w["fix"]
	}
	if !strings.Contains(fix, "zerops_env action=set serviceHostname=tokens") || !strings.Contains(fix, "API_KEYS=") {
		t.Errorf("the warning gives no way to set the secret once imported: %s", text(res))
	}
}

// In the sandbox an import whose first line turns the preprocessor on gets
// generated values, as on the platform; without the line the text as
// written, as on the platform.
func TestImport_PreprocessorLineGeneratesTheSecret(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	imp := func(host, first string) string {
		t.Helper()
		content := first + "services:\n  - hostname: " + host + "\n    type: ruby@3.4\n    envSecrets:\n      SECRET_KEY_BASE: <@generateRandomString(<64>)>\n      PIN: <@generateRandomInt(<1000>, <9999>)>\n"
		res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": content}, "imp-"+host)
		wantOK(t, res)
		return h.secretOf(t, host, "SECRET_KEY_BASE") + " " + h.secretOf(t, host, "PIN")
	}
	if got := imp("railsa", "#zeropsPreprocessor=on\n"); !regexp.MustCompile(`^[A-Za-z0-9]{64} [0-9]{4}$`).MatchString(got) {
		t.Errorf("with the preprocessor on, the secrets are %q, want 64 generated characters and a number of 4 digits", got)
	}
	if got := imp("railsb", ""); got != "<@generateRandomString(<64>)> <@generateRandomInt(<1000>, <9999>)>" {
		t.Errorf("without the preprocessor line, the secrets are %q, want the text as written", got)
	}
}
