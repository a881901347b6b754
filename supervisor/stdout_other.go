//go:build !unix

package supervisor

import (
	"io"
	"os"
)

// GuardStdout hands the real stdout to the protocol and points os.Stdout at
// stderr, so that the zerops-go SDK's prints (fmt.Println) cannot corrupt
// JSON-RPC. Without dup2 only writes through os.Stdout are redirected.
func GuardStdout() (protocol io.WriteCloser, err error) {
	protocol = os.Stdout
	os.Stdout = os.Stderr
	return protocol, nil
}
