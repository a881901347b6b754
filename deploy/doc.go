// Package deploy pushes code to Zerops services and follows the build ([Run]):
// over SSH into a sibling runtime container running `zcli push` (the primary mode inside a project),
// or through a local zcli (development). It owns the strict validation and
// quoting of every value that reaches a command line, the runner (process
// groups, cancellation, a bounded output buffer), secret redaction and the
// classification of zcli's output into platform errors.
//
// Nothing the agent sends is interpreted by a local shell: ssh and zcli are
// started directly, and the one remote command string quotes every value. The
// API token reaches the remote zcli only through ssh's stdin.
//
// The sub-package sshdtest runs a real OpenSSH server with a fake zcli for
// tests.
package deploy
