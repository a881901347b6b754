//go:build unix

package supervisor

import (
	"os"
	"syscall"
)

// dumpSignals ask for the status dump.
var dumpSignals = []os.Signal{syscall.SIGUSR1}
