package yamlcheck_test

import (
	"testing"

	"github.com/zeropsio/zcp/platform/yamlcheck"
)

// TestIsLoopbackHost_HostWithoutPort: the app's own container written as a
// host alone is loopback; with a port, or another host, it is not (the
// port form is localBind's, for bind variables).
func TestIsLoopbackHost_HostWithoutPort(t *testing.T) {
	t.Parallel()
	for host, want := range map[string]bool{
		"localhost": true, "127.0.0.1": true, "::1": true, "[::1]": true,
		"localhost:8080": false, "127.0.0.1:5432": false, "db": false, "0.0.0.0": false, "": false, "mylocalhost": false,
	} {
		if got := yamlcheck.IsLoopbackHost(host); got != want {
			t.Errorf("IsLoopbackHost(%q) = %v, want %v", host, got, want)
		}
	}
}
