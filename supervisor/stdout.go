//go:build unix

package supervisor

import (
	"fmt"
	"io"
	"os"

	"golang.org/x/sys/unix"
)

// GuardStdout keeps fd 1 for the protocol alone. It duplicates the real
// stdout into a new close-on-exec descriptor (so child processes such as ssh
// never inherit it) and returns it for the MCP transport, then points fd 1
// at stderr, so that anything else printing to stdout (the zerops-go SDK
// prints network errors with fmt.Println) lands on stderr instead of
// corrupting JSON-RPC. Call it once, before anything writes to stdout.
func GuardStdout() (protocol io.WriteCloser, err error) {
	fd, err := unix.FcntlInt(uintptr(unix.Stdout), unix.F_DUPFD_CLOEXEC, 3)
	if err != nil {
		return nil, fmt.Errorf("guard stdout: duplicate fd 1: %w", err)
	}
	if err := dup2(unix.Stderr, unix.Stdout); err != nil {
		_ = unix.Close(fd)
		return nil, fmt.Errorf("guard stdout: point fd 1 at stderr: %w", err)
	}
	// os.Stdout still wraps fd 1, which now is stderr.
	return os.NewFile(uintptr(fd), "protocol-stdout"), nil
}
