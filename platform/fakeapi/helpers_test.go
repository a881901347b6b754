package fakeapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/zeropsio/zerops-go/apiError"
	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/dto/output"
	"github.com/zeropsio/zerops-go/sdk"
	"github.com/zeropsio/zerops-go/sdkBase"
	"github.com/zeropsio/zerops-go/types"
	"github.com/zeropsio/zerops-go/types/uuid"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// fastOpts makes processes and builds finish within a test's patience. The
// search lag is off: these tests read their own writes back by search, and
// realapi_test.go tests the lag itself.
var fastOpts = fakeapi.Options{ProcessDuration: 30 * time.Millisecond, BuildStepDuration: 10 * time.Millisecond, SearchLag: -1}

// newSDK starts a fake and returns it with an authorized bare zerops-go SDK.
func newSDK(t *testing.T, opts fakeapi.Options) (*fakeapi.Server, sdk.Handler) {
	t.Helper()
	srv := fakeapi.StartTB(t, opts)
	hc := &http.Client{Timeout: 10 * time.Second}
	t.Cleanup(hc.CloseIdleConnections)
	h := sdk.AuthorizeSdk(sdk.New(sdkBase.DefaultConfig(sdkBase.WithCustomEndpoint(srv.URL())), hc), srv.Token())
	return srv, h
}

func sid(id string) path.ServiceStackId { return path.ServiceStackId{Id: uuid.ServiceStackId(id)} }
func pid(id string) path.ProjectId      { return path.ProjectId{Id: uuid.ProjectId(id)} }

// out returns a call's decoded answer, failing the test on a transport
// error (callErr) or an API error (from output).
func out[T any](t *testing.T, output func() (T, error), callErr error) T {
	t.Helper()
	if callErr != nil {
		t.Fatalf("call failed: %v", callErr)
	}
	v, err := output()
	if err != nil {
		t.Fatalf("api error: %v", err)
	}
	return v
}

// outErr returns the API error of a call that must fail.
func outErr[T any](t *testing.T, output func() (T, error), callErr error) error {
	t.Helper()
	if callErr != nil {
		t.Fatalf("call failed: %v", callErr)
	}
	_, err := output()
	if err == nil {
		t.Fatalf("call succeeded, want an API error")
	}
	return err
}

// apiCode returns the API error code of err, or "" when it is not an API error.
func apiCode(err error) string {
	var ae apiError.Error
	if errors.As(err, &ae) {
		return ae.GetErrorCode()
	}
	return ""
}

// waitProcess polls the process until it is terminal and returns it.
func waitProcess(t *testing.T, h sdk.Handler, id string) output.Process {
	t.Helper()
	ctx := context.Background()
	deadline := time.Now().Add(10 * time.Second)
	tick := time.NewTicker(5 * time.Millisecond)
	defer tick.Stop()
	for {
		resp, err := h.GetProcess(ctx, path.ProcessId{Id: uuid.ProcessId(id)})
		p := out(t, resp.Output, err)
		switch p.Status {
		case "FINISHED", "FAILED", "CANCELED":
			return p
		}
		if time.Now().After(deadline) {
			t.Fatalf("process %s still %s", id, p.Status)
		}
		<-tick.C
	}
}

// fakeClientID is the id of the fake's one client (the same in every Server).
var fakeClientID = fakeapi.New(fakeapi.Options{Empty: true}).ClientID()

// filter builds a search body scoped by the fake's client, as the API requires.
func filter(search ...[2]string) body.EsFilter {
	f := body.EsFilter{}
	search = append([][2]string{{"clientId", fakeClientID}}, search...)
	for _, s := range search {
		f.Search = append(f.Search, body.EsSearchItem{Name: types.String(s[0]), Operator: "eq", Value: types.String(s[1])})
	}
	return f
}

func decodeJSON(resp *http.Response, v any) error {
	return json.NewDecoder(resp.Body).Decode(v)
}
