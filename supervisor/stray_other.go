//go:build !unix

package supervisor

import "log/slog"

// RouteStrayStdout does nothing here: GuardStdout already points os.Stdout at stderr.
func RouteStrayStdout(*slog.Logger) (stop func(), err error) { return func() {}, nil }
