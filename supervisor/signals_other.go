//go:build !unix

package supervisor

import "os"

// dumpSignals ask for the status dump: none here (Windows has no SIGUSR1);
// ZCP_STATUS_FILE, rewritten by StatusDump.RefreshFile, takes its place.
var dumpSignals []os.Signal
