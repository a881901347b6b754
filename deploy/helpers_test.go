package deploy_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// testTimeout guards each test against a hang; it is never asserted on.
const testTimeout = 60 * time.Second

func testContext(t *testing.T) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), testTimeout)
	t.Cleanup(cancel)
	return ctx
}

// wantCode fails the test unless err is a *platform.PlatformError with code.
func wantCode(t *testing.T, err error, code string) *platform.PlatformError {
	t.Helper()
	var pe *platform.PlatformError
	if !errors.As(err, &pe) {
		t.Fatalf("error = %v (%T), want a PlatformError %s", err, err, code)
	}
	if pe.Code != code {
		t.Fatalf("code = %s (%s), want %s", pe.Code, pe.Message, code)
	}
	if pe.Suggestion == "" && code != platform.ErrCanceled {
		t.Errorf("%s without a suggestion", code)
	}
	return pe
}

func outputContains(lines []string, s string) bool {
	for _, l := range lines {
		if strings.Contains(l, s) {
			return true
		}
	}
	return false
}
