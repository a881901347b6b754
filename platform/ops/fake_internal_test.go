package ops

import (
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// internalFake is a fake API with its default project, and a client of it,
// for tests of ops' unexported steps.
func internalFake(t *testing.T) (*fakeapi.Server, platform.Client) {
	t.Helper()
	fake := fakeapi.StartTB(t, fakeapi.Options{})
	c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: fake.URL(), Token: fake.Token()})
	if err != nil {
		t.Fatal(err)
	}
	return fake, c
}
