//go:build !unix

package supervisor

import "go.uber.org/zap"

// RouteStrayStdout does nothing here: GuardStdout already points os.Stdout at stderr.
func RouteStrayStdout(*zap.Logger) (stop func(), err error) { return func() {}, nil }
