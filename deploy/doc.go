// Package deploy pushes code to Zerops services: over SSH into a sibling
// runtime container running `zcli push` (the primary mode inside a project),
// or through a local zcli (development). It owns the strict validation and
// quoting of every value that reaches a command line, the runner, and the
// classification of zcli's output.
package deploy
