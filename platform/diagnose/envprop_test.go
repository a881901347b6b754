package diagnose

import (
	"strings"
	"testing"
)

// Node's report of a property read of an unset variable: the source line
// above the error names the variable; without such a line the error stays
// a crash (a property of anything else undefined).
func TestClassify_EnvPropertyOfUnsetVariable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		want  string // the variable named; "" for no missing-env-variable
	}{
		{"PORT trimmed at load", []string{"/var/www/index.js:2", "const port = process.env.PORT.trim();", "                              ^", "",
			"TypeError: Cannot read properties of undefined (reading 'trim')", "    at Object.<anonymous> (/var/www/index.js:2:31)"}, "PORT"},
		{"split of a list, ESM", []string{"file:///var/www/server.mjs:5", "const origins = process.env.ALLOWED_ORIGINS.split(',');", "                                            ^", "",
			"TypeError: Cannot read properties of undefined (reading 'split')", "    at file:///var/www/server.mjs:5:45"}, "ALLOWED_ORIGINS"},
		{"bracket form, timestamps", []string{"2026-12-04T10:00:00Z /var/www/dist/main.js:12", "2026-12-04T10:00:00Z   secret: process.env['JWT_SECRET'].length > 0,",
			"2026-12-04T10:00:00Z TypeError: Cannot read properties of undefined (reading 'length')"}, "JWT_SECRET"},
		{"another object undefined", []string{"/var/www/index.js:7", "const name = config.db.name;", "", "TypeError: Cannot read properties of undefined (reading 'name')"}, ""},
		{"variable read, other property", []string{"/var/www/index.js:3", "const x = process.env.HOST.trim() + cfg.port.toString();", "", "TypeError: Cannot read properties of undefined (reading 'toString')"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := Classify(tt.lines, Runtime)
			if len(got) == 0 {
				t.Fatalf("nothing classified")
			}
			d := got[0]
			if tt.want == "" {
				if d.Signal == "missing-env-variable" {
					t.Errorf("read as a variable not set: %+v", d)
				}
				return
			}
			if d.Signal != "missing-env-variable" || !strings.HasPrefix(d.Cause, tt.want+" is not set") || !strings.Contains(d.Fix, tt.want) {
				t.Errorf("got %s: %q / %q, want missing-env-variable naming %s", d.Signal, d.Cause, d.Fix, tt.want)
			}
			if len(got) > 1 && got[1].Signal == "app-crash" {
				t.Errorf("a crash beside the variable for the same line: %v", signalIDs(got))
			}
		})
	}
}

// Node's hint under an ES import it could not resolve names the file
// that is there: the fix writes it in the import (walk 77); without the
// hint the file is to be deployed or the path corrected.
func TestClassify_ESImportHintNamesTheFile(t *testing.T) {
	t.Parallel()
	report := func(hint string) []string {
		lines := []string{"node:internal/modules/esm/resolve:275", "    throw new ERR_MODULE_NOT_FOUND(", "          ^", "",
			"Error [ERR_MODULE_NOT_FOUND]: Cannot find module '/var/www/src/db' imported from /var/www/src/server.js"}
		if hint != "" {
			lines = append(lines, hint)
		}
		return append(lines, "    at finalizeResolution (node:internal/modules/esm/resolve:275:11)", "  code: 'ERR_MODULE_NOT_FOUND',", "  url: 'file:///var/www/src/db'", "}")
	}
	for _, tt := range []struct{ name, hint, want string }{
		{"the file", `Did you mean to import "./db.js"?`, "Write the import as `./db.js` in src/server.js"},
		{"a folder's index", `Did you mean to import "./db/index.js"?`, "Write the import as `./db/index.js` in src/server.js"},
		{"no hint", "", "Deploy that file"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := Classify(report(tt.hint), Runtime)
			if len(got) == 0 || !strings.Contains(got[0].Fix, tt.want) {
				t.Errorf("got %+v, want a fix with %q", got, tt.want)
			}
		})
	}
}
