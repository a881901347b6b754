package zeropsapi_test

import (
	"context"
	"testing"

	"github.com/zeropsio/zcp/platform"
)

// TestZeropsClient_ProcessStatusNormalisedFromWire feeds the raw spellings
// some API versions send through the real SDK and checks what callers see.
func TestZeropsClient_ProcessStatusNormalisedFromWire(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, body string
		status     platform.ProcessStatus
		reason     *string
	}{
		{"DONE", `{"id":"p1","status":"DONE","actionName":"stack.start","created":"2025-01-01T00:00:00Z"}`, platform.ProcessFinished, nil},
		{"CANCELLED", `{"id":"p1","status":"CANCELLED","actionName":"stack.start","created":"2025-01-01T00:00:00Z"}`, platform.ProcessCanceled, nil},
		{"FAILED with reason", `{"id":"p1","status":"FAILED","publicMeta":{"failReason":"out of memory"},"created":"2025-01-01T00:00:00Z"}`, platform.ProcessFailed, ptr("out of memory")},
		{"reason not a string", `{"id":"p1","status":"FAILED","publicMeta":{"failReason":7},"created":"2025-01-01T00:00:00Z"}`, platform.ProcessFailed, nil},
		{"empty reason", `{"id":"p1","status":"FAILED","publicMeta":{"failReason":""},"created":"2025-01-01T00:00:00Z"}`, platform.ProcessFailed, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := stubAPI(t, answer{status: 200, body: tt.body})
			p, err := c.GetProcess(context.Background(), "p1")
			if err != nil {
				t.Fatalf("GetProcess: %v", err)
			}
			if p.Status != tt.status {
				t.Errorf("status %q, want %q", p.Status, tt.status)
			}
			switch {
			case tt.reason == nil && p.FailReason != nil:
				t.Errorf("failReason %q, want none", *p.FailReason)
			case tt.reason != nil && (p.FailReason == nil || *p.FailReason != *tt.reason):
				t.Errorf("failReason %v, want %q", p.FailReason, *tt.reason)
			}
		})
	}
}

func ptr(s string) *string { return &s }
