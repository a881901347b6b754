package zeropsapi_test

import (
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

func TestNormalizeAPIURL_Inputs(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in, want string
		wantErr  bool
	}{
		{"api.app-prg1.zerops.io", "https://api.app-prg1.zerops.io", false},
		{"  api.app-prg1.zerops.io/  ", "https://api.app-prg1.zerops.io", false},
		{"", "https://api.app-prg1.zerops.io", false},
		{"https://api.app-prg1.zerops.io/", "https://api.app-prg1.zerops.io", false},
		{"http://127.0.0.1:1234", "http://127.0.0.1:1234", false},
		{"127.0.0.1:1234", "https://127.0.0.1:1234", false},
		{"http://localhost:8080/base/", "http://localhost:8080/base", false},
		{"ftp://api.example.com", "", true},
		{"https://", "", true},
		{"https://user:pw@api.example.com", "", true},
		{"https://api.example.com/?x=1", "", true},
		{"http://[::1", "", true},
		{"://", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			t.Parallel()
			got, err := zeropsapi.NormalizeAPIURL(tt.in)
			if tt.wantErr {
				if platform.ErrorCode(err) != platform.ErrInvalidParameter {
					t.Fatalf("NormalizeAPIURL(%q) = %q, %v; want INVALID_PARAMETER", tt.in, got, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("NormalizeAPIURL(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			}
		})
	}
}

func TestNormalizeProcessStatus_Values(t *testing.T) {
	t.Parallel()
	tests := map[string]platform.ProcessStatus{
		"DONE": platform.ProcessFinished, "CANCELLED": platform.ProcessCanceled,
		"FINISHED": platform.ProcessFinished, "CANCELED": platform.ProcessCanceled,
		"PENDING": platform.ProcessPending, "RUNNING": platform.ProcessRunning, "FAILED": platform.ProcessFailed,
		"SOMETHING_NEW": "SOMETHING_NEW", "": "",
	}
	for in, want := range tests {
		if got := zeropsapi.NormalizeProcessStatus(in); got != want {
			t.Errorf("NormalizeProcessStatus(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNewZeropsClient_Config(t *testing.T) {
	t.Parallel()
	if _, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: "api.example.com"}); platform.ErrorCode(err) != platform.ErrAuthRequired {
		t.Errorf("no token: err = %v, want AUTH_REQUIRED", err)
	}
	if _, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: "ftp://x", Token: "t"}); platform.ErrorCode(err) != platform.ErrInvalidParameter {
		t.Errorf("bad URL: err = %v, want INVALID_PARAMETER", err)
	}
	c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{Token: "t"})
	if err != nil || c == nil {
		t.Errorf("default URL: %v", err)
	}
}
