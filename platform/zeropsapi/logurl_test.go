package zeropsapi

import (
	"testing"

	"github.com/zeropsio/zcp/platform"
)

func TestLogURL_Forms(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"GET https://log.example.com/logs?accessToken=a", "https://log.example.com/logs?accessToken=a"},
		{"get http://127.0.0.1:9/logs?accessToken=a", "http://127.0.0.1:9/logs?accessToken=a"},
		{"log.example.com/logs?accessToken=a", "https://log.example.com/logs?accessToken=a"},
		{"GET log.example.com:8443/x", "https://log.example.com:8443/x"},
		{"  https://log.example.com/  ", "https://log.example.com/"},
	}
	for _, tt := range tests {
		u, err := logURL(tt.in)
		if err != nil || u.String() != tt.want {
			t.Errorf("logURL(%q) = %v, %v; want %s", tt.in, u, err, tt.want)
		}
	}
	for _, bad := range []string{"GET ", "ftp://x/y", "https://", "GET http://[::1/logs"} {
		if _, err := logURL(bad); platform.ErrorCode(err) != platform.ErrAPIError {
			t.Errorf("logURL(%q): err = %v, want API_ERROR", bad, err)
		}
	}
}
