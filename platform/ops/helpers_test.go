package ops_test

import (
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/ops"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// newFake starts the fake API and a real ZeropsClient pointed at it.
func newFake(t *testing.T, processDuration time.Duration) (*fakeapi.Server, platform.Client) {
	t.Helper()
	if processDuration <= 0 {
		processDuration = 30 * time.Millisecond
	}
	fake := fakeapi.StartTB(t, fakeapi.Options{ProcessDuration: processDuration, BuildStepDuration: 20 * time.Millisecond})
	c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: fake.URL(), Token: fake.Token()})
	if err != nil {
		t.Fatalf("NewZeropsClient: %v", err)
	}
	return fake, c
}

// catalogOf is the live service-type catalog c answers (the fake's).
func catalogOf(t *testing.T, c platform.Client) []platform.ServiceStackType {
	t.Helper()
	types, err := ops.NewStackTypeCache(c, 0).Get(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	return types
}

func wantCode(t *testing.T, err error, code string) {
	t.Helper()
	if got := platform.ErrorCode(err); got != code {
		t.Fatalf("error code = %q (%v), want %q", got, err, code)
	}
}

func ptrI(v int) *int         { return &v }
func ptrF(v float64) *float64 { return &v }
func ptrS(v string) *string   { return &v }

// said is a step as plain text, a call as its tool and key=value arguments:
// what the tests of a step's content read (the mcp package says it).
func said(s platform.Step) string {
	var b strings.Builder
	for _, p := range s.Parts {
		b.WriteString(p.Text + p.Tool)
		for _, a := range p.Args {
			b.WriteString(" " + a.Key + "=" + a.Value)
		}
	}
	return b.String()
}
