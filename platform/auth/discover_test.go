package auth_test

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/auth"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

func client(t *testing.T, url, token string) *zeropsapi.ZeropsClient {
	t.Helper()
	c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: url, Token: token})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func TestDiscover_Projects(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		opts      fakeapi.Options
		extra     []string // projects added to the fake
		source    string
		scope     string // "seeded", "extra" (first added) or a literal ID
		token     string // "" means the fake's token
		fault     *fakeapi.Fault
		wantName  string
		code      string
		msgHas    []string
		unreached bool // the API is down
	}{
		{name: "one project", source: auth.SourceEnv, wantName: "demo"},
		{name: "one project via zcli", source: auth.SourceZcli, wantName: "demo"},
		{name: "no project", opts: fakeapi.Options{Empty: true}, source: auth.SourceEnv, code: platform.ErrTokenNoProject, msgHas: []string{"no project"}},
		{name: "two projects", extra: []string{"other"}, source: auth.SourceEnv, code: platform.ErrTokenMultiProject, msgHas: []string{"2 projects", "demo", "other", "project-scoped token"}},
		{name: "two projects via zcli", extra: []string{"other"}, source: auth.SourceZcli, code: platform.ErrTokenMultiProject, msgHas: []string{"zcli scope project"}},
		{name: "many projects named briefly", extra: []string{"p2", "p3", "p4", "p5", "p6", "p7"}, source: auth.SourceEnv, code: platform.ErrTokenMultiProject, msgHas: []string{"7 projects", "…"}},
		{name: "scoped project among many", extra: []string{"other"}, source: auth.SourceZcli, scope: "extra", wantName: "other"},
		{name: "scoped seeded project", source: auth.SourceZcli, scope: "seeded", wantName: "demo"},
		{name: "scoped project missing", source: auth.SourceZcli, scope: "goneProject123", code: platform.ErrTokenNoProject, msgHas: []string{"zcli scope project", "goneProject123"}},
		{name: "scoped project huge", source: auth.SourceZcli, scope: strings.Repeat("p", 100_000), code: platform.ErrTokenNoProject, msgHas: []string{"zcli scope project", strings.Repeat("p", 60) + "…"}},
		{name: "scoped project hostile", source: auth.SourceZcli, scope: "../../user", code: platform.ErrTokenNoProject, msgHas: []string{"zcli scope project"}},
		{name: "bad token from env", source: auth.SourceEnv, token: "bad-token", code: platform.ErrAuthInvalidToken, msgHas: []string{"ZEROPS_ZCP_API_KEY", "authentication failed"}},
		{name: "bad token from zcli", source: auth.SourceZcli, token: "bad-token", code: platform.ErrAuthInvalidToken, msgHas: []string{"zcli login"}},
		{name: "expired token", source: auth.SourceEnv, fault: &fakeapi.Fault{PathPrefix: "/user/info", Status: 401, APICode: "tokenExpired"}, code: platform.ErrAuthTokenExpired, msgHas: []string{"expired", "ZEROPS_ZCP_API_KEY"}},
		{name: "api failing", source: auth.SourceEnv, fault: &fakeapi.Fault{PathPrefix: "/user/info", Status: 500}, code: platform.ErrAuthAPIError, msgHas: []string{"could not check the token"}},
		{name: "project search failing", source: auth.SourceEnv, fault: &fakeapi.Fault{PathPrefix: "/project/search", Status: 503}, code: platform.ErrAPIError, msgHas: []string{"listing the token's projects"}},
		{name: "api unreachable", source: auth.SourceEnv, unreached: true, code: platform.ErrNetworkError},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			srv := fakeapi.StartTB(t, tt.opts)
			var added []string
			for _, name := range tt.extra {
				added = append(added, srv.AddProject(name))
			}
			if tt.fault != nil {
				srv.InjectFault(*tt.fault)
			}
			url := srv.URL()
			if tt.unreached {
				closed := httptest.NewServer(nil)
				url = closed.URL
				closed.Close()
			}
			token := tt.token
			if token == "" {
				token = srv.Token()
			}
			creds := &auth.Credentials{Token: token, APIURL: url, Source: tt.source}
			switch tt.scope {
			case "":
			case "seeded":
				creds.ScopeProjectID = srv.ProjectID()
			case "extra":
				creds.ScopeProjectID = added[0]
			default:
				creds.ScopeProjectID = tt.scope
			}

			info, err := auth.Discover(ctx, client(t, url, token), creds)
			if tt.code != "" {
				if platform.ErrorCode(err) != tt.code {
					t.Fatalf("Discover: %v (info %v); want %s", err, info, tt.code)
				}
				var pe *platform.PlatformError
				_ = errorsAs(err, &pe)
				for _, m := range tt.msgHas {
					if !strings.Contains(pe.Message+" | "+pe.Suggestion, m) {
						t.Errorf("error %q | %q lacks %q", pe.Message, pe.Suggestion, m)
					}
				}
				if pe.Suggestion == "" {
					t.Error("no suggestion")
				}
				if strings.Contains(err.Error()+pe.Suggestion, token) {
					t.Errorf("error shows the token: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Discover: %v", err)
			}
			if info.ProjectName != tt.wantName || info.ProjectID == "" || info.ClientID != srv.ClientID() ||
				info.Token != token || info.APIURL != url || info.Source != tt.source {
				t.Errorf("info = %+v (token ok: %v)", info, info.Token == token)
			}
		})
	}
}

func TestDiscover_NoCredentials(t *testing.T) {
	t.Parallel()
	srv := fakeapi.StartTB(t, fakeapi.Options{})
	c := client(t, srv.URL(), srv.Token())
	for _, creds := range []*auth.Credentials{nil, {}} {
		if _, err := auth.Discover(context.Background(), c, creds); platform.ErrorCode(err) != platform.ErrAuthRequired {
			t.Errorf("Discover(%v): %v, want AUTH_REQUIRED", creds, err)
		}
	}
}

// TestLoadCredentialsAndDiscover_FromEnv runs the production start-up path.
func TestLoadCredentialsAndDiscover_FromEnv(t *testing.T) {
	t.Parallel()
	srv := fakeapi.StartTB(t, fakeapi.Options{})
	creds, err := auth.LoadCredentials(envOf(map[string]string{"ZEROPS_ZCP_API_KEY": srv.Token(), "ZEROPS_API_HOST": srv.URL()}), t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	c := client(t, creds.APIURL, creds.Token)
	info, err := auth.Discover(context.Background(), c, creds)
	if err != nil {
		t.Fatalf("Discover: %v", err)
	}
	if info.ProjectID != srv.ProjectID() || info.Source != auth.SourceEnv {
		t.Errorf("info = %+v", info)
	}
}
