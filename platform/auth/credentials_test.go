package auth_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/auth"
)

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
}

const (
	cliScoped   = `{"Token":"zcli-token","RegionData":{"name":"prg1","isDefault":true,"address":"api.app-prg1.zerops.io","guiAddress":null},"ScopeProjectId":"proj123","ProjectVpnKeyRegistry":{}}`
	cliUnscoped = `{"Token":"zcli-token","RegionData":{"name":"x","address":"http://127.0.0.1:4567"},"ScopeProjectId":null}`
	cliNoRegion = `{"Token":"zcli-token"}`
)

func TestLoadCredentials_Sources(t *testing.T) {
	t.Parallel()
	linux := filepath.Join(".config", "zerops", "cli.data")
	mac := filepath.Join("Library", "Application Support", "zerops", "cli.data")
	tests := []struct {
		name  string
		env   map[string]string
		files map[string]string // relative to home
		xdg   string            // relative to home; set as XDG_CONFIG_HOME
		want  auth.Credentials
		code  string
		msg   []string
	}{
		{name: "env with default host", env: map[string]string{"ZEROPS_ZCP_API_KEY": "env-token"},
			want: auth.Credentials{Token: "env-token", APIURL: "https://api.app-prg1.zerops.io", Source: "env"}},
		{name: "env with host", env: map[string]string{"ZEROPS_ZCP_API_KEY": " env-token\n", "ZEROPS_API_HOST": "api.app-fra1.zerops.io"},
			want: auth.Credentials{Token: "env-token", APIURL: "https://api.app-fra1.zerops.io", Source: "env"}},
		{name: "env with http URL", env: map[string]string{"ZEROPS_ZCP_API_KEY": "env-token", "ZEROPS_API_HOST": "http://127.0.0.1:9999"},
			want: auth.Credentials{Token: "env-token", APIURL: "http://127.0.0.1:9999", Source: "env"}},
		{name: "env wins over zcli", env: map[string]string{"ZEROPS_ZCP_API_KEY": "env-token"}, files: map[string]string{linux: cliScoped},
			want: auth.Credentials{Token: "env-token", APIURL: "https://api.app-prg1.zerops.io", Source: "env"}},
		{name: "alias names", env: map[string]string{"ZCP_API_KEY": "env-token", "ZCP_API_HOST": "http://127.0.0.1:9999"},
			want: auth.Credentials{Token: "env-token", APIURL: "http://127.0.0.1:9999", Source: "env"}},
		{name: "PRD names win over aliases", env: map[string]string{"ZEROPS_ZCP_API_KEY": "env-token", "ZCP_API_KEY": "other", "ZEROPS_API_HOST": "api.app-fra1.zerops.io", "ZCP_API_HOST": "http://127.0.0.1:9999"},
			want: auth.Credentials{Token: "env-token", APIURL: "https://api.app-fra1.zerops.io", Source: "env"}},
		{name: "alias key with PRD host", env: map[string]string{"ZCP_API_KEY": "env-token", "ZEROPS_API_HOST": "http://127.0.0.1:9999"},
			want: auth.Credentials{Token: "env-token", APIURL: "http://127.0.0.1:9999", Source: "env"}},
		{name: "env with bad host", env: map[string]string{"ZEROPS_ZCP_API_KEY": "env-token", "ZEROPS_API_HOST": "ftp://x"}, code: platform.ErrInvalidParameter},
		{name: "zcli scoped", files: map[string]string{linux: cliScoped},
			want: auth.Credentials{Token: "zcli-token", APIURL: "https://api.app-prg1.zerops.io", ScopeProjectID: "proj123", Source: "zcli"}},
		{name: "zcli unscoped", files: map[string]string{linux: cliUnscoped},
			want: auth.Credentials{Token: "zcli-token", APIURL: "http://127.0.0.1:4567", Source: "zcli"}},
		{name: "zcli macOS location", files: map[string]string{mac: cliUnscoped},
			want: auth.Credentials{Token: "zcli-token", APIURL: "http://127.0.0.1:4567", Source: "zcli"}},
		{name: "zcli XDG_CONFIG_HOME", xdg: "xdg", files: map[string]string{filepath.Join("xdg", "zerops", "cli.data"): cliScoped},
			want: auth.Credentials{Token: "zcli-token", APIURL: "https://api.app-prg1.zerops.io", ScopeProjectID: "proj123", Source: "zcli"}},
		{name: "zcli without region", files: map[string]string{linux: cliNoRegion},
			want: auth.Credentials{Token: "zcli-token", APIURL: "https://api.app-prg1.zerops.io", Source: "zcli"}},
		{name: "zcli logged out", files: map[string]string{linux: `{"Token":"","ScopeProjectId":null}`}, code: platform.ErrAuthRequired, msg: []string{"zcli login"}},
		{name: "zcli malformed", files: map[string]string{linux: `{"Token":`}, code: platform.ErrAuthRequired, msg: []string{"cli.data", "not valid JSON"}},
		{name: "zcli wrong types", files: map[string]string{linux: `{"Token":42}`}, code: platform.ErrAuthRequired, msg: []string{"not valid JSON"}},
		{name: "env token with a space", env: map[string]string{"ZEROPS_ZCP_API_KEY": "zcli-token pasted twice"}, code: platform.ErrAuthInvalidToken, msg: []string{"ZEROPS_ZCP_API_KEY", "Copy the Zerops personal access token"}},
		{name: "zcli token with a control character", files: map[string]string{linux: `{"Token":"zcli-token\u0007"}`}, code: platform.ErrAuthInvalidToken, msg: []string{"cli.data"}},
		{name: "zcli bad region address", files: map[string]string{linux: `{"Token":"zcli-token","RegionData":{"address":"ftp://x"}}`}, code: platform.ErrAuthRequired, msg: []string{"RegionData.address", "zcli login"}},
		{name: "neither", code: platform.ErrAuthRequired, msg: []string{"ZEROPS_ZCP_API_KEY", "zcli login"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			home := t.TempDir()
			for rel, content := range tt.files {
				writeFile(t, filepath.Join(home, rel), content)
			}
			env := map[string]string{}
			for k, v := range tt.env {
				env[k] = v
			}
			if tt.xdg != "" {
				env["XDG_CONFIG_HOME"] = filepath.Join(home, tt.xdg)
			}
			got, err := auth.LoadCredentials(envOf(env), home)
			if tt.code != "" {
				if platform.ErrorCode(err) != tt.code {
					t.Fatalf("err = %v, want %s", err, tt.code)
				}
				var pe *platform.PlatformError
				_ = errorsAs(err, &pe)
				for _, m := range tt.msg {
					if !strings.Contains(pe.Message+" "+pe.Suggestion, m) {
						t.Errorf("error %q / %q does not mention %q", pe.Message, pe.Suggestion, m)
					}
				}
				if strings.Contains(err.Error(), "zcli-token") {
					t.Errorf("error shows the token: %v", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("LoadCredentials: %v", err)
			}
			if *got != tt.want {
				t.Errorf("got %#v (token %q), want %#v", *got, got.Token, tt.want)
			}
		})
	}
}

func TestLoadCredentials_NilGetenvAndNoHome(t *testing.T) {
	t.Parallel()
	if _, err := auth.LoadCredentials(nil, ""); platform.ErrorCode(err) != platform.ErrAuthRequired {
		t.Fatalf("err = %v, want AUTH_REQUIRED", err)
	}
}

func TestLoadCredentials_UnreadableCliData(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	// A directory where the file should be cannot be read as cli.data.
	if err := os.MkdirAll(filepath.Join(home, ".config", "zerops", "cli.data"), 0o700); err != nil {
		t.Fatal(err)
	}
	if _, err := auth.LoadCredentials(envOf(nil), home); platform.ErrorCode(err) != platform.ErrAuthRequired {
		t.Fatalf("err = %v, want AUTH_REQUIRED", err)
	}
}

func TestAPIHostHint_BareHostPort(t *testing.T) {
	t.Parallel()
	tests := []struct {
		env  map[string]string
		want string // substring; empty means no hint
	}{
		{env: map[string]string{"ZEROPS_API_HOST": "127.0.0.1:8765"}, want: "http://127.0.0.1:8765"},
		{env: map[string]string{"ZCP_API_HOST": "localhost:8765"}, want: "http://localhost:8765"},
		{env: map[string]string{"ZEROPS_API_HOST": "http://127.0.0.1:8765"}},
		{env: map[string]string{"ZEROPS_API_HOST": "api.app-prg1.zerops.io"}},
		{env: nil},
	}
	for _, tt := range tests {
		got := auth.APIHostHint(envOf(tt.env))
		if (tt.want == "") != (got == "") || !strings.Contains(got, tt.want) {
			t.Errorf("APIHostHint(%v) = %q, want it to mention %q", tt.env, got, tt.want)
		}
	}
}
