package mcp_test

import (
	"context"
	"fmt"
	"maps"
	"net/http"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// Walk (session 64, export goal): a variable holding two references to the
// deleted db (${db_hostname}:${db_port}) had the export's note name db as
// gone twice for that one variable. The note names each missing service
// once, with every variable that references it and its references.
func TestExport_DeletedServiceNamedOncePerVariable(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()
	res, _ := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev",
		"variables": []any{"DB_ADDR=${db_hostname}:${db_port}", "DB_USER=${db_user}", "MODE=prod"}}, "env")
	wantOK(t, res)
	res, _ = h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": "db", "confirm": true}, "del")
	wantOK(t, res)
	res, m := h.call(t, "zerops_export", map[string]any{})
	wantOK(t, res)
	note := str(m["note"])
	if n := strings.Count(note, "db is no longer in the project"); n != 1 {
		t.Errorf("the note says db is gone %d times, want once: %s", n, note)
	}
	for _, w := range []string{"appdev.DB_ADDR references ${db_hostname}, ${db_port}", "appdev.DB_USER references ${db_user}"} {
		if !strings.Contains(note, w) {
			t.Errorf("the note lacks %q: %s", w, note)
		}
	}
	if strings.Contains(note, "MODE") {
		t.Errorf("the note names a variable without a reference: %s", note)
	}
}

// laravelNullsYml is recipe-laravel-minimal's zerops.yml as far as its
// deploy needs it: four run.envVariables written as YAML null, as the
// official recipe writes them.
const laravelNullsYml = `zerops:
  - setup: app
    build:
      base: php@8.4
      buildCommands:
        - composer install --ignore-platform-reqs
      deployFiles: ./
    run:
      base: php-nginx@8.4
      siteConfigPath: site.conf.tmpl
      envVariables:
        APP_NAME: Laravel
        MAIL_MAILER: log
        MAIL_USERNAME: null
        MAIL_PASSWORD: null
        MAIL_ENCRYPTION: null
        SESSION_DOMAIN: null
`

// Walk (session 64, recipe-laravel-minimal): its four null run.envVariables
// gave four warnings, and the live deploy's next step was to fix them and
// deploy the working recipe again. One warning names the four keys and says
// the platform's reading of null is not documented; the live app's next
// step pushes no redeploy: the warning is the user's to decide on.
func TestDeploy_NullVariablesOneWarningNoRedeploy(t *testing.T) {
	t.Parallel()
	runWalkCases(t, []deployCase{{name: "laravel-minimal nulls", services: "services:\n  - hostname: app\n    type: php-nginx@8.4\n    enableSubdomainAccess: true\n",
		dir: "app", target: "app", verdict: "live",
		files: map[string]string{"zerops.yml": laravelNullsYml, "composer.json": "{}\n", "artisan": "<?php\n",
			"public/index.php": "<?php echo 'ok';\n", "site.conf.tmpl": laravelSiteConf},
		next: []string{"live", "warning", "knowingly accept"},
		and: func(t *testing.T, answer string, m map[string]any) {
			list, _ := m["warnings"].([]any)
			if len(list) != 1 {
				t.Fatalf("%d warnings, want one naming the null keys: %s", len(list), answer)
			}
			w := fmt.Sprint(list[0])
			for _, k := range []string{"MAIL_USERNAME", "MAIL_PASSWORD", "MAIL_ENCRYPTION", "SESSION_DOMAIN", "not documented"} {
				if !strings.Contains(w, k) {
					t.Errorf("the warning lacks %q: %s", k, w)
				}
			}
			if next := str(m["next"]); strings.Contains(next, "zerops_deploy") || strings.Contains(next, "deploy again") {
				t.Errorf("a live deploy's next step pushes a redeploy: %s", next)
			}
		}}})
}

// Walk (session 64, env goal): after a project variable was set, next
// listed every running runtime to restart, as if each read it. Project
// variables reach every service's containers at their next start (docs:
// inherited by all services, a running process keeps its boot-time env),
// so the services whose variables reference the key come first, the
// others are said to see it at their next restart, and a service whose
// own variable of that key wins over the project's is not sent a restart.
func TestEnv_ProjectVariableRestartsReferencingServicesFirst(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, env, key string
		first, not     string // first: the restart call that leads; not: a call next must not hold
		says           []string
		unread         bool // appstage's variables cannot be read when the set is answered
	}{
		{name: "appstage references it", env: "FLAG: '${FEATURE_X}'", key: "FEATURE_X",
			first: "serviceHostname=appstage", says: []string{"appstage", "reference", "next restart", "serviceHostname=appdev"}},
		{name: "appstage declares it itself", env: "FEATURE_X: 'off'", key: "FEATURE_X",
			first: "serviceHostname=appdev", not: "serviceHostname=appstage"},
		{name: "none references it", env: "MODE: prod", key: "FEATURE_X",
			first: "serviceHostname=appdev", says: []string{"next restart", "serviceHostname=appstage"}},
		// A service whose variables could not be read may reference it (a
		// secret holding ${FEATURE_X}): the answer does not say none does.
		{name: "appstage's variables unreadable", env: "MODE: prod", key: "FEATURE_X", unread: true,
			first: "serviceHostname=appdev", not: "no service's variables reference", says: []string{"appstage: could not be read"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			ctx := context.Background()
			app := maps.Clone(demoApp)
			app["zerops.yml"] = strings.Replace(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables: {"+tt.env+"}", 1)
			writeApp(t, h.workDir(t), app)
			// appdev runs the demo's code as it is; appstage gets tt.env.
			res, _ := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
			wantOK(t, res)
			if tt.unread {
				h.fake.InjectFault(fakeapi.Fault{Method: http.MethodGet, PathPrefix: "/service-stack/" + h.fake.ServiceID("appstage") + "/env", Status: 503})
			}
			res, m := h.callWith(t, ctx, "zerops_env", map[string]any{"action": "set", "project": true, "variables": []any{tt.key + "=on"}}, "set")
			wantOK(t, res)
			next := str(m["next"])
			first := strings.Index(next, "zerops_manage action=restart ")
			if first < 0 || !strings.HasPrefix(next[first+len("zerops_manage action=restart "):], tt.first) {
				t.Errorf("next %q: want the restart of %s first", next, tt.first)
			}
			for _, w := range tt.says {
				if !strings.Contains(next, w) {
					t.Errorf("next %q lacks %q", next, w)
				}
			}
			if tt.not != "" && strings.Contains(next, tt.not) {
				t.Errorf("next %q restarts a service whose own %s wins over the project's", next, tt.key)
			}
		})
	}
}
