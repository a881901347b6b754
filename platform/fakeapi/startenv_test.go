package fakeapi_test

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/types"
)

// An app reads its whole environment when its containers start: service
// secrets and project variables count beside zerops.yml's run.envVariables,
// zerops.yml over secret (the older docs reading) over project, references
// resolved, and a change counts from the next restart on.
func TestRun_EnvironmentReadAtStart(t *testing.T) {
	t.Parallel()
	const (
		hostCode = "require('http').createServer((q, s) => s.end('ok')).listen(3000, process.env.HOST || 'localhost');\n"
		portCode = "require('http').createServer((q, s) => s.end('ok')).listen(process.env.PORT || 8080, '0.0.0.0');\n"
		dbCode   = "const db = require('node:net').connect(5432, process.env.DB);\n" + portCode // connects to DB as it loads
	)
	tests := []struct {
		name     string
		start    string // run.start; "": node index.js
		code     string
		port     int               // declared, and probed
		yml      string            // run.envVariables
		secrets  string            // env file set after the deploy
		project  map[string]string // project variables set after the deploy
		before   int               // what the port answers before the restart
		after    int               // and after it
		listened string            // the runtime's log line after the restart
	}{
		{"SecretHost", "", hostCode, 3000, "", "HOST=0.0.0.0\n", nil,
			http.StatusBadGateway, http.StatusOK, "Listening on 0.0.0.0:3000"},
		{"ProjectHost", "", hostCode, 3000, "", "", map[string]string{"HOST": "0.0.0.0"},
			http.StatusBadGateway, http.StatusOK, "Listening on 0.0.0.0:3000"},
		{"ZeropsYmlOverSecret", "", hostCode, 3000, "        HOST: localhost\n", "HOST=0.0.0.0\n", nil,
			http.StatusBadGateway, http.StatusBadGateway, "Listening on 127.0.0.1:3000"},
		{"SecretOverProject", "", hostCode, 3000, "", "HOST=0.0.0.0\n", map[string]string{"HOST": "localhost"},
			http.StatusBadGateway, http.StatusOK, "Listening on 0.0.0.0:3000"},
		{"SecretPort", "", portCode, 3000, "", "PORT=3000\n", nil,
			http.StatusBadGateway, http.StatusOK, "Listening on 0.0.0.0:3000"},
		{"SecretReferenceResolved", "", portCode, 5432, "", "PORT=${db_port}\n", nil,
			http.StatusBadGateway, http.StatusOK, "Listening on 0.0.0.0:5432"},
		// npm start reads package.json, then index.js: kept for the restart.
		{"NpmStartSecretPort", "npm start", portCode, 3000, "", "PORT=3000\n", nil,
			http.StatusBadGateway, http.StatusOK, "Listening on 0.0.0.0:3000"},
		{"SecretMissingReference", "", dbCode, 8080, "", "DB=${nodb_hostname}\n", nil,
			http.StatusOK, http.StatusBadGateway, "Error: getaddrinfo ENOTFOUND ${nodb_hostname}"},
		// A connection URL whose host no service has (walk 81: @postgres
		// where the database is db) is looked up, and fails; the host of a
		// service resolves.
		{"SecretURLHostOfNoService", "", dbCode, 8080, "", "DB=postgresql://${db_user}:p@postgres:5432/db\n", nil,
			http.StatusOK, http.StatusBadGateway, "Error: getaddrinfo ENOTFOUND postgres"},
		{"SecretURLHostOfAService", "", dbCode, 8080, "", "DB=postgresql://${db_user}:p@db:5432/db\n", nil,
			http.StatusOK, http.StatusOK, "Listening on 0.0.0.0:8080"},
		// A reference to a variable of the container's own resolves at start:
		// a secret's, a project variable's.
		{"OwnReferenceToSecret", "", portCode, 3000, "        PORT: ${APP_PORT}\n", "APP_PORT=3000\n", nil,
			http.StatusBadGateway, http.StatusOK, "Listening on 0.0.0.0:3000"},
		{"OwnReferenceToProject", "", portCode, 3000, "        PORT: ${APP_PORT}\n", "", map[string]string{"APP_PORT": "3000"},
			http.StatusBadGateway, http.StatusOK, "Listening on 0.0.0.0:3000"},
		// A project variable's value may reference another variable (the
		// guide's URLs built from ${zeropsSubdomainHost}): the reference to
		// it resolves through, whatever order the keys sort in.
		{"OwnReferenceThroughProject", "", portCode, 3000, "        PORT: ${WEB_PORT}\n", "", map[string]string{"WEB_PORT": "${DEFAULT_PORT}", "DEFAULT_PORT": "3000"},
			http.StatusBadGateway, http.StatusOK, "Listening on 0.0.0.0:3000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			srv, h := newSDK(t, fastOpts)
			ctx := context.Background()
			stage := srv.ServiceID("appstage")
			start := orDefault(tt.start, "node index.js")
			files := map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", start, tt.port, tt.yml), "index.js": tt.code,
				"package.json": `{"scripts":{"start":"node index.js"}}`}
			if _, p := pushFiles(t, h, stage, "appstage", files); p.Status != "FINISHED" {
				t.Fatalf("build ended %s", p.Status)
			}
			if code, b := probe(t, srv, "appstage", tt.port, "/"); code != tt.before {
				t.Fatalf("after the deploy GET :%d = %d %q, want %d", tt.port, code, b, tt.before)
			}
			if tt.secrets != "" {
				r, err := h.PutServiceStackUserDataEnvFile(ctx, sid(stage), body.UserDataPutEnvFile{EnvFile: types.Text(tt.secrets)})
				waitProcess(t, h, string(out(t, r.Output, err).Id))
			}
			for k, v := range tt.project {
				r, err := h.PostProjectEnv(ctx, pid(srv.ProjectID()), body.ProjectEnvPost{Key: types.String(k), Content: types.Text(v)})
				waitProcess(t, h, string(out(t, r.Output, err).Id))
			}
			if code, _ := probe(t, srv, "appstage", tt.port, "/"); code != tt.before {
				t.Fatalf("before a restart the running app answers %d, want %d as before", code, tt.before)
			}
			r, err := h.PutServiceStackRestart(ctx, sid(stage))
			waitProcess(t, h, string(out(t, r.Output, err).Id))
			if code, b := probe(t, srv, "appstage", tt.port, "/"); code != tt.after {
				t.Errorf("after the restart GET :%d = %d %q, want %d", tt.port, code, b, tt.after)
			}
			_, items := fetchLogs(t, h, srv.ProjectID(), url.Values{"serviceStackId": {stage}, "limit": {"1000"}, "desc": {"1"}})
			var last string
			for _, l := range items {
				if strings.HasPrefix(l.Message, "Listening on") || strings.Contains(l.Message, "getaddrinfo ENOTFOUND") { // the message, not the error's fields below it
					last = l.Message
					break
				}
			}
			if last != tt.listened {
				t.Errorf("the newest start's line is %q, want %q", last, tt.listened)
			}
		})
	}
}

func orDefault(s, d string) string {
	if s == "" {
		return d
	}
	return s
}

// A running app whose variables a reference to another service filled in
// keeps the values when that service is deleted, but what they point at is
// gone: its answer is unverified, naming the service, the variable and what
// a restart would do, and the restart then fails as host not found.
func TestProbe_ReferencedServiceDeletedIsUnverified(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()
	stage := srv.ServiceID("appstage")
	code := "const db = require('node:net').connect(5432, new URL(process.env.DATABASE_URL).hostname);\nrequire('http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n"
	files := map[string]string{"zerops.yml": appYml("appstage", "nodejs@22", "node index.js", 3000, "        DATABASE_URL: ${db_connectionString}\n"),
		"index.js": code}
	if _, p := pushFiles(t, h, stage, "appstage", files); p.Status != "FINISHED" {
		t.Fatalf("build ended %s", p.Status)
	}
	if status, why := probeUnverified(t, srv, "appstage", 3000); status != http.StatusOK || why != "" {
		t.Fatalf("with db there GET :3000 = %d, unverified %q; want 200, checked", status, why)
	}
	r, err := h.DeleteServiceStack(ctx, sid(srv.ServiceID("db")))
	waitProcess(t, h, string(out(t, r.Output, err).Id))
	status, why := probeUnverified(t, srv, "appstage", 3000)
	for _, w := range []string{"without db", "DATABASE_URL from ${db_connectionString}", "restart or redeploy", "host not found"} {
		if status != http.StatusOK || !strings.Contains(why, w) {
			t.Errorf("after db's deletion GET :3000 = %d, unverified %q; want 200, unverified naming %q", status, why, w)
		}
	}
	rs, err := h.PutServiceStackRestart(ctx, sid(stage))
	waitProcess(t, h, string(out(t, rs.Output, err).Id))
	if status, _ := probeUnverified(t, srv, "appstage", 3000); status != http.StatusBadGateway {
		t.Errorf("after a restart GET :3000 = %d, want 502: the reference no longer resolves", status)
	}
}

// probeUnverified is GET / on hostname's port: the status and what the
// sandbox says it could not check.
func probeUnverified(t *testing.T, srv *fakeapi.Server, hostname string, port int) (int, string) {
	t.Helper()
	resp, err := http.Get(fakeapi.ProbeURL(srv.URL(), hostname, port, "/"))
	if err != nil {
		t.Fatalf("probe %s:%d: %v", hostname, port, err)
	}
	_ = resp.Body.Close()
	return resp.StatusCode, resp.Header.Get(platform.SandboxUnverifiedHeader)
}

// A reference in run.envVariables to the build's variable (${BUILD_NAME})
// resolves to build.envVariables' value at start.
func TestRun_BuildVariableReference(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	stage := srv.ServiceID("appstage")
	yml := appYml("appstage", "nodejs@22", "node index.js", 3000, "        PORT: ${BUILD_APP_PORT}\n")
	yml = strings.Replace(yml, "    build:\n", "    build:\n      envVariables:\n        APP_PORT: \"3000\"\n", 1)
	if !strings.Contains(yml, "APP_PORT: \"3000\"") {
		t.Fatalf("no build section to add to:\n%s", yml)
	}
	files := map[string]string{"zerops.yml": yml,
		"index.js": "require('http').createServer((q, s) => s.end('ok')).listen(process.env.PORT || 8080, '0.0.0.0');\n"}
	if _, p := pushFiles(t, h, stage, "appstage", files); p.Status != "FINISHED" {
		t.Fatalf("build ended %s", p.Status)
	}
	if code, b := probe(t, srv, "appstage", 3000, "/"); code != http.StatusOK {
		t.Errorf("GET :3000 = %d %q: PORT is ${BUILD_APP_PORT}, 3000", code, b)
	}
}
