package fakeapi_test

import (
	"context"
	"maps"
	"testing"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/sdk"
	"github.com/zeropsio/zerops-go/types"
	"github.com/zeropsio/zerops-go/types/uuid"

	"github.com/zeropsio/zcp/platform"
)

func versionStatus(t *testing.T, h sdk.Handler, id string) platform.AppVersionStatus {
	t.Helper()
	r, err := h.PostAppVersionSearch(context.Background(), filter([2]string{"id", id}))
	items := out(t, r.Output, err).Items
	if len(items) != 1 {
		t.Fatalf("app version %s: %d found", id, len(items))
	}
	return platform.AppVersionStatus(items[0].Status.Native())
}

// TestDeployAppVersion_RedeploysAnEarlierBuild deploys v1, v2, then v1 again:
// v1 is ACTIVE and v2 BACKUP; a failed build is refused.
func TestDeployAppVersion_RedeploysAnEarlierBuild(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()
	app := srv.ServiceID("appdev")
	v1, _ := push(t, h, app)
	v2, _ := push(t, h, app)
	if got := versionStatus(t, h, string(v1.Id)); got != platform.AppVersionBackup {
		t.Fatalf("v1 after v2 = %s, want BACKUP", got)
	}
	r, err := h.PutAppVersionDeploy(ctx, path.AppVersionId{Id: v1.Id}, body.PutAppVersionDeploy{})
	waitProcess(t, h, string(out(t, r.Output, err).Id))
	if a, b := versionStatus(t, h, string(v1.Id)), versionStatus(t, h, string(v2.Id)); a != platform.AppVersionActive || b != platform.AppVersionBackup {
		t.Fatalf("after the rollback v1 = %s, v2 = %s; want ACTIVE, BACKUP", a, b)
	}

	bad, _ := pushYAML(t, h, app, "zerops:\n  - setup: app\n    build:\n      buildCommands: ['false']\n", "app")
	if got := versionStatus(t, h, string(bad.Id)); got != platform.AppVersionBuildFailed {
		t.Fatalf("failed build = %s", got)
	}
	r, err = h.PutAppVersionDeploy(ctx, path.AppVersionId{Id: bad.Id}, body.PutAppVersionDeploy{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Output(); err == nil || r.StatusCode() != 400 {
		t.Fatalf("deploy of a failed build: status %d, err %v; want 400", r.StatusCode(), err)
	}
}

// secrets is the service's SECRET variables, key → content, and their ids.
func secrets(t *testing.T, h sdk.Handler, serviceID string) (map[string]string, map[string]string) {
	t.Helper()
	r, err := h.GetServiceStackEnv(context.Background(), sid(serviceID))
	content, ids := map[string]string{}, map[string]string{}
	for _, e := range out(t, r.Output, err).Items {
		if e.Type.Native() == "SECRET" {
			content[string(e.Key)], ids[string(e.Key)] = string(e.Content), string(e.Id)
		}
	}
	return content, ids
}

// others is the service's variables of every type but SECRET, key → content.
func others(t *testing.T, h sdk.Handler, serviceID string) map[string]string {
	t.Helper()
	r, err := h.GetServiceStackEnv(context.Background(), sid(serviceID))
	m := map[string]string{}
	for _, e := range out(t, r.Output, err).Items {
		if e.Type.Native() != "SECRET" {
			m[string(e.Key)] = string(e.Content)
		}
	}
	return m
}

// setSecrets writes the service's env file and waits for its process.
func setSecrets(t *testing.T, h sdk.Handler, serviceID, file string) {
	t.Helper()
	r, err := h.PutServiceStackUserDataEnvFile(context.Background(), sid(serviceID), body.UserDataPutEnvFile{EnvFile: types.Text(file)})
	waitProcess(t, h, string(out(t, r.Output, err).Id))
}

// redeploy activates an earlier app version and waits for its process.
func redeploy(t *testing.T, h sdk.Handler, id uuid.AppVersionId) {
	t.Helper()
	r, err := h.PutAppVersionDeploy(context.Background(), path.AppVersionId{Id: id}, body.PutAppVersionDeploy{})
	if p := waitProcess(t, h, string(out(t, r.Output, err).Id)); p.Status != "FINISHED" {
		t.Fatalf("redeploy of %s ended %s", id, p.Status)
	}
}

// TestDeployAppVersion_RestoresVariables: Zerops' docs (Restore an
// archived version) say activating an earlier version puts the service's
// variables back as they stood when it was last active. The fake keeps a
// copy of the service's own variables with each version when it becomes
// active and whenever its app starts (a restart), and a redeploy puts that
// copy back: a changed variable keeps its id, one deleted since comes back,
// one set since goes; the generated variables and zerops.yml's stay.
// Rolling forward again puts back the newer version's copy.
func TestDeployAppVersion_RestoresVariables(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name         string
		between      func(t *testing.T, h sdk.Handler, app string) // after v1 is active, before v2 is pushed
		back, onward map[string]string                             // SECRET variables after going back to v1, then forward to v2
	}{
		{"changed and added", func(t *testing.T, h sdk.Handler, app string) {
			setSecrets(t, h, app, "A=2\nB=3\n")
		}, map[string]string{"A": "1"}, map[string]string{"A": "2", "B": "3"}},
		{"deleted", func(t *testing.T, h sdk.Handler, app string) {
			_, ids := secrets(t, h, app)
			r, err := h.DeleteUserData(context.Background(), path.UserDataId{Id: uuid.UserDataId(ids["A"])})
			waitProcess(t, h, string(out(t, r.Output, err).Id))
		}, map[string]string{"A": "1"}, map[string]string{}},
		{"changed, then restarted", func(t *testing.T, h sdk.Handler, app string) {
			setSecrets(t, h, app, "A=2\n")
			r, err := h.PutServiceStackRestart(context.Background(), sid(app))
			waitProcess(t, h, string(out(t, r.Output, err).Id))
		}, map[string]string{"A": "2"}, map[string]string{"A": "2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, h := newSDK(t, fastOpts)
			app := srv.ServiceID("appstage")
			setSecrets(t, h, app, "A=1\n")
			_, before := secrets(t, h, app)
			v1, _ := push(t, h, app)
			tt.between(t, h, app)
			v2, _ := push(t, h, app)
			generated := others(t, h, app)

			redeploy(t, h, v1.Id)
			got, ids := secrets(t, h, app)
			if !maps.Equal(got, tt.back) {
				t.Fatalf("after going back to v1 the secrets are %v, want %v", got, tt.back)
			}
			if tt.name == "changed and added" && ids["A"] != before["A"] {
				t.Errorf("A's id went from %s to %s: a changed variable keeps its id", before["A"], ids["A"])
			}
			if o := others(t, h, app); !maps.Equal(o, generated) {
				t.Errorf("the other variables went from %v to %v", generated, o)
			}

			redeploy(t, h, v2.Id)
			if got, _ := secrets(t, h, app); !maps.Equal(got, tt.onward) {
				t.Errorf("after going forward to v2 the secrets are %v, want %v", got, tt.onward)
			}
		})
	}
}
