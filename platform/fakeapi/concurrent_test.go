package fakeapi_test

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"

	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/types"
)

// TestServer_ConcurrentUse mixes reads and mutations from many goroutines;
// run with -race it checks the state is guarded.
func TestServer_ConcurrentUse(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()
	dev, project := srv.ServiceID("appdev"), srv.ProjectID()
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for i := range 20 {
		wg.Go(func() {
			var err error
			switch i % 5 {
			case 0:
				_, err = h.PostProcessSearch(ctx, filter([2]string{"projectId", project}))
			case 1:
				_, err = h.PutServiceStackUserDataEnvFile(ctx, sid(dev), body.UserDataPutEnvFile{EnvFile: types.Text(fmt.Sprintf("N=%d\n", i))})
			case 2:
				_, err = h.PutServiceStackRestart(ctx, sid(dev))
			case 3:
				y := fmt.Sprintf("services:\n  - hostname: s%d\n    type: nodejs@22\n", i)
				_, err = h.PostProjectServiceStackImport(ctx, pid(project), body.ServiceStackImport{Yaml: types.Text(y)})
			case 4:
				_ = srv.Requests()
				_ = srv.CountRequests("", "/service-stack/")
				_, err = h.GetServiceStack(ctx, sid(dev))
			}
			if err != nil {
				errs <- err
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestServer_WaitRequest(t *testing.T) {
	t.Parallel()
	srv := fakeapi.StartTB(t, fakeapi.Options{})
	later := srv.WaitRequest(http.MethodGet, "/user/info")
	select {
	case <-later:
		t.Fatal("released before any request")
	default:
	}
	req, _ := http.NewRequest(http.MethodGet, srv.URL()+"/api/rest/public/user/info", nil)
	req.Header.Set("Authorization", "Bearer "+srv.Token())
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	recv(t, later) // released by the request; a hang here fails the test by timeout
	select {
	case <-srv.WaitRequest(http.MethodGet, "/user/"): // already logged: at once
	default:
		t.Fatal("a past request did not release a new waiter at once")
	}
}
