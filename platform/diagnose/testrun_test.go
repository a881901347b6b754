package diagnose

import "testing"

// A test runner's summary of failures behind a stage's or a task
// runner's tag fails the build; a tag before other words does not.
func TestClassify_TestRunFailuresBehindATag(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"PytestBehindStageTag", Build, []string{"[build] FAILED tests/test_cart.py::test_voucher_once - assert 80 == 90", "[build] 1 failed, 31 passed in 4.12s", "[build] buildCommands failed with exit code 1"}, "build-command-failed", "A test run"},
		{"JestBehindTurboTask", Build, []string{"web:test: Tests:       1 failed, 86 passed, 87 total", "web:test:  ELIFECYCLE  Test failed. See above for more details.", "[zerops] build command failed with exit code 1"}, "build-command-failed", "A test run"},
		{"GoTestBehindPnpmTask", Build, []string{"[zerops] build command failed with exit code 1", "api:test: --- FAIL: TestQuote (0.00s)"}, "build-command-failed", "A test run"},
		{"TagAloneIsNoTestFailure", Build, []string{"[build] fail-fast is on", "[build] 0 failed, 12 passed in 1.02s"}, "", ""},
	}
	runFamilyCases(t, tests)
}
