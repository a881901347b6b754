package fakeapi_test

import (
	"context"
	"testing"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/dto/output"
	"github.com/zeropsio/zerops-go/types"
)

// ofType keeps the variables of one type.
func ofType(env map[string]output.ServiceStackEnv, typ string) map[string]output.ServiceStackEnv {
	m := map[string]output.ServiceStackEnv{}
	for k, e := range env {
		if string(e.Type) == typ {
			m[k] = e
		}
	}
	return m
}

// TestEnvTypes_Default checks that the seeded project carries every variable
// type the platform uses: SYSTEM on the project, READ_ONLY, INTERNAL and ENV
// on a runtime, READ_ONLY and EDITABLE on a managed service.
func TestEnvTypes_Default(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()

	proj := projectEnv(t, h, srv.ProjectID())
	for _, k := range []string{"zeropsSubdomainHost", "storageCdnUrl"} {
		if e, ok := proj[k]; !ok || e.Type != "SYSTEM" || bool(e.Editable) {
			t.Errorf("project %s = %+v (present %v), want SYSTEM, not editable", k, e, ok)
		}
	}
	tests := []struct {
		host string
		want map[string]string
	}{
		{"appdev", map[string]string{"hostname": "READ_ONLY", "serviceId": "INTERNAL", "NODE_ENV": "ENV"}},
		{"appstage", map[string]string{"hostname": "READ_ONLY", "projectId": "INTERNAL"}},
		{"db", map[string]string{"hostname": "READ_ONLY", "password": "EDITABLE"}},
	}
	for _, tt := range tests {
		r, err := h.GetServiceStackEnv(ctx, sid(srv.ServiceID(tt.host)))
		env := envMap(out(t, r.Output, err).Items)
		for k, typ := range tt.want {
			if got := string(env[k].Type); got != typ {
				t.Errorf("%s %s type = %q, want %q", tt.host, k, got, typ)
			}
		}
	}
}

// TestEnvTypes_EnvFileKeepsGenerated checks that an env file rewrites only
// SECRET variables: ENV, INTERNAL and READ_ONLY ones stay, and a file naming
// a generated one is refused whole (a zerops.yml key is accepted:
// TestEnvTypes_SecretBesideZeropsYmlKey).
func TestEnvTypes_EnvFileKeepsGenerated(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()
	id := srv.ServiceID("appdev")

	pr, err := h.PutServiceStackUserDataEnvFile(ctx, sid(id), body.UserDataPutEnvFile{EnvFile: "A=1\n"})
	waitProcess(t, h, string(out(t, pr.Output, err).Id))
	r, err := h.GetServiceStackEnv(ctx, sid(id))
	env := envMap(out(t, r.Output, err).Items)
	for k, typ := range map[string]string{"A": "SECRET", "NODE_ENV": "ENV", "serviceId": "INTERNAL", "hostname": "READ_ONLY"} {
		if string(env[k].Type) != typ {
			t.Errorf("after env file %s = %+v, want type %s", k, env[k], typ)
		}
	}
	for _, key := range []string{"NODE_ENV", "serviceId", "hostname"} {
		if key != "NODE_ENV" {
			pr, err = h.PutServiceStackUserDataEnvFile(ctx, sid(id), body.UserDataPutEnvFile{EnvFile: types.Text("A=2\n" + key + "=x\n")})
			if code := apiCode(outErr(t, pr.Output, err)); code != "userDataUseOfSystemKey" {
				t.Errorf("env file with %s: code %q, want userDataUseOfSystemKey", key, code)
			}
		}
		dr, err := h.DeleteUserData(ctx, path.UserDataId{Id: env[key].Id})
		if code := apiCode(outErr(t, dr.Output, err)); code != "userDataDeleteForbidden" {
			t.Errorf("delete %s: code %q, want userDataDeleteForbidden", key, code)
		}
	}
}

// TestEnvTypes_SystemProjectEnvNotDeletable checks that a SYSTEM project
// variable cannot be deleted.
func TestEnvTypes_SystemProjectEnvNotDeletable(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	e := projectEnv(t, h, srv.ProjectID())["zeropsSubdomainHost"]
	dr, err := h.DeleteProjectEnv(context.Background(), path.ProjectEnvId{Id: e.Id})
	if code := apiCode(outErr(t, dr.Output, err)); code != "userDataUseOfSystemKey" {
		t.Fatalf("delete SYSTEM: code %q", code)
	}
	if _, ok := projectEnv(t, h, srv.ProjectID())["zeropsSubdomainHost"]; !ok {
		t.Fatal("SYSTEM variable gone")
	}
}

// TestEnvTypes_SecretBesideZeropsYmlKey checks that a secret on a key the
// deployed zerops.yml declares (ENV) is accepted, as the fake is no stricter
// than the platform where the docs read two ways: both variables are listed
// with their own ids, a second write keeps the secret's id, deleting the
// secret leaves the ENV variable, and the ENV one still cannot be deleted.
func TestEnvTypes_SecretBesideZeropsYmlKey(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()
	id := srv.ServiceID("appdev")
	byType := func() map[string]output.ServiceStackEnv {
		t.Helper()
		r, err := h.GetServiceStackEnv(ctx, sid(id))
		m := map[string]output.ServiceStackEnv{}
		for _, e := range out(t, r.Output, err).Items {
			if e.Key == "NODE_ENV" {
				if _, dup := m[string(e.Type)]; dup {
					t.Errorf("two NODE_ENV variables of type %s", e.Type)
				}
				m[string(e.Type)] = e
			}
		}
		return m
	}
	yml := byType()["ENV"]
	var secretID string
	for i, content := range []string{"production", "staging"} {
		pr, err := h.PutServiceStackUserDataEnvFile(ctx, sid(id), body.UserDataPutEnvFile{EnvFile: types.Text("NODE_ENV=" + content + "\n")})
		waitProcess(t, h, string(out(t, pr.Output, err).Id))
		got := byType()
		if len(got) != 2 || got["ENV"].Id != yml.Id || string(got["ENV"].Content) != "development" ||
			string(got["SECRET"].Content) != content || got["SECRET"].Id == yml.Id {
			t.Fatalf("write %d: NODE_ENV variables %+v, want the ENV one (id %s) unchanged beside a SECRET %q of its own id", i, got, yml.Id, content)
		}
		if i == 1 && string(got["SECRET"].Id) != secretID {
			t.Errorf("a second write changed the secret's id: %s → %s", secretID, got["SECRET"].Id)
		}
		secretID = string(got["SECRET"].Id)
	}
	dr, err := h.DeleteUserData(ctx, path.UserDataId{Id: yml.Id})
	if code := apiCode(outErr(t, dr.Output, err)); code != "userDataDeleteForbidden" {
		t.Errorf("delete the ENV NODE_ENV: code %q, want userDataDeleteForbidden", code)
	}
	dr, err = h.DeleteUserData(ctx, path.UserDataId{Id: byType()["SECRET"].Id})
	waitProcess(t, h, string(out(t, dr.Output, err).Id))
	if got := byType(); len(got) != 1 || got["ENV"].Id != yml.Id {
		t.Errorf("after deleting the secret: %+v, want the ENV NODE_ENV alone", got)
	}
}
