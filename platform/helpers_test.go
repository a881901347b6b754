package platform_test

import (
	"testing"

	"github.com/zeropsio/zcp/platform"
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
			got, err := platform.NormalizeAPIURL(tt.in)
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

func TestParseSeverity_Values(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want int
		ok   bool
	}{
		{"emergency", 0, true}, {"EMERG", 0, true}, {"alert", 1, true}, {"critical", 2, true}, {"crit", 2, true},
		{"error", 3, true}, {"err", 3, true}, {" Error ", 3, true}, {"3", 3, true}, {"warning", 4, true}, {"warn", 4, true},
		{"notice", 5, true}, {"info", 6, true}, {"informational", 6, true}, {"debug", 7, true}, {"0", 0, true}, {"7", 7, true},
		{"8", 0, false}, {"-1", 0, false}, {"", 0, false}, {"fatal", 0, false}, {"3.0", 0, false}, {"errorr", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			t.Parallel()
			got, err := platform.ParseSeverity(tt.in)
			if !tt.ok {
				if platform.ErrorCode(err) != platform.ErrInvalidParameter {
					t.Fatalf("ParseSeverity(%q) = %d, %v; want INVALID_PARAMETER", tt.in, got, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("ParseSeverity(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
			}
		})
	}
}

func TestNormalizeProcessStatus_Values(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"DONE": platform.ProcessFinished, "CANCELLED": platform.ProcessCanceled,
		"FINISHED": platform.ProcessFinished, "CANCELED": platform.ProcessCanceled,
		"PENDING": platform.ProcessPending, "RUNNING": platform.ProcessRunning, "FAILED": platform.ProcessFailed,
		"SOMETHING_NEW": "SOMETHING_NEW", "": "",
	}
	for in, want := range tests {
		if got := platform.NormalizeProcessStatus(in); got != want {
			t.Errorf("NormalizeProcessStatus(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestNewZeropsClient_Config(t *testing.T) {
	t.Parallel()
	if _, err := platform.NewZeropsClient(platform.ClientConfig{APIURL: "api.example.com"}); platform.ErrorCode(err) != platform.ErrAuthRequired {
		t.Errorf("no token: err = %v, want AUTH_REQUIRED", err)
	}
	if _, err := platform.NewZeropsClient(platform.ClientConfig{APIURL: "ftp://x", Token: "t"}); platform.ErrorCode(err) != platform.ErrInvalidParameter {
		t.Errorf("bad URL: err = %v, want INVALID_PARAMETER", err)
	}
	c, err := platform.NewZeropsClient(platform.ClientConfig{Token: "t"})
	if err != nil || c == nil {
		t.Errorf("default URL: %v", err)
	}
}
