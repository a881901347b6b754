package diagnose

import "testing"

// A program built for another platform, or a script with no #! line,
// refused by the kernel in each caller's words.
func TestClassify_ExecFormatIsAProgramForAnotherPlatform(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"GoExecFormat", Runtime, []string{"exec /var/www/ledgerd: exec format error"}, "start-command-invalid", "x86_64"},
		{"ShellCannotExecuteBinary", Runtime, []string{"/bin/sh: ./server: cannot execute binary file: Exec format error"}, "start-command-invalid", "#!"},
		{"NodeSpawnENOEXEC", Runtime, []string{"Error: spawn /var/www/bin/tiler ENOEXEC"}, "start-command-invalid", "x86_64"},
		{"PythonErrno8", Runtime, []string{"OSError: [Errno 8] Exec format error: '/var/www/bin/tiler'"}, "start-command-invalid", "x86_64"},
		{"BuildExecFormat", Build, []string{"/build/source/tools/protoc: cannot execute binary file: Exec format error", "ERROR: build command exited with code 126"}, "build-command-failed", "x86_64"},
	}
	runFamilyCases(t, tests)
}
