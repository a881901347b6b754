package diagnose

import "testing"

// uvicorn finding no module its app reference names is a start file
// missing, the module's file named.
func TestClassify_UvicornModuleMissingNamesItsFile(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"UvicornMain", Runtime, []string{`ERROR:    Error loading ASGI app. Could not import module "main".`}, "start-file-missing", "`main.py`"},
		{"UvicornDotted", Runtime, []string{`ERROR:    Error loading ASGI app. Could not import module "app.main".`}, "start-file-missing", "`app/main.py`"},
		{"UvicornStamped", Runtime, []string{`2026-11-30T08:00:00Z ERROR:    Error loading ASGI app. Could not import module "api".`}, "start-file-missing", "`api.py`"},
	}
	runFamilyCases(t, tests)
}
