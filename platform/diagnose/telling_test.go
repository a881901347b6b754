package diagnose

import "testing"

// A generic failure's evidence is the line that says why (node-gyp's
// missing Python, a test summary), not the exit line above it.
func TestClassify_TellingLineOverTheBareExit(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"NpmExitAboveGypReason", Build, []string{"npm error code 1", "npm error path /build/source/node_modules/argon2", "npm error command failed",
			"npm error gyp ERR! stack Error: Could not find any Python installation to use", "npm error A complete log of this run can be found in: /root/.npm/_logs/x.log"}, "build-command-failed", "lacks Python"},
		{"ExitAboveTestSummary", Build, []string{"ERROR: build command exited with code 1", "Tests:       2 failed, 40 passed, 42 total"}, "build-command-failed", "A test run"},
	}
	runFamilyCases(t, tests)
}
