package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A reference to a missing service names every service of the kind it
// means, never leading with creating one when the project has two of that
// kind; and a reference to a service just deleted names the service of the
// deleted one's kind, not a hostname that merely looks alike (pg → py).
func TestEnv_MissingServiceReferenceNamesEachServiceOfItsKind(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	imp := "services:\n  - hostname: pg\n    type: postgresql:single@18\n  - hostname: py\n    type: python@3.12\n"
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": imp}, "import"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "first"); m["verdict"] != "live" {
		t.Fatalf("first deploy: %s", text(res))
	}
	res, m := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage",
		"variables": []string{"DATABASE_URL=${postgres_connectionString}"}, "restart": true}, "set")
	wantOK(t, res)
	both := []string{"${db_connectionString} (db is postgresql@16)", "${pg_connectionString} (pg is postgresql@18)"}
	v := h.verifyUntil(t, func(svc map[string]any) bool { return svc["diagnoses"] != nil })
	for what, answer := range map[string]string{"env set warnings": fmt.Sprint(m["warnings"]), "verify next": str(v["next"])} {
		for _, w := range both {
			if !strings.Contains(answer, w) {
				t.Errorf("%s %q lacks %s", what, answer, w)
			}
		}
		if strings.Contains(answer, "hostname postgres") || strings.Contains(answer, "<hostname>") {
			t.Errorf("%s %q leads with creating postgres or a placeholder although db and pg are postgresql", what, answer)
		}
	}

	res, _ = h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage",
		"variables": []string{"DATABASE_URL=${pg_connectionString}"}, "restart": true})
	wantOK(t, res)
	if res, _ := h.callWith(t, context.Background(), "zerops_delete", map[string]any{"serviceHostname": "pg", "confirm": true}, "del"); res.IsError {
		t.Fatalf("delete: %s", text(res))
	}
	if res, _ := h.callWith(t, context.Background(), "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"}, "restart"); res.IsError {
		t.Fatalf("restart: %s", text(res))
	}
	v = h.verifyUntil(t, func(svc map[string]any) bool { return svc["diagnoses"] != nil })
	const kin = "${db_connectionString} (db is postgresql@16)"
	if next := str(v["next"]); !strings.Contains(next, "${db_connectionString}") || !strings.Contains(next, "(db is postgresql@16)") || strings.Contains(next, "${py_") {
		t.Errorf("after deleting pg, verify next %q: want %s, not the python service py", next, kin)
	}
	_, m = h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"DB=${pg_connectionString}"}})
	if w := fmt.Sprint(m["warnings"]) + " " + str(m["next"]); !strings.Contains(w, "${db_connectionString}") || !strings.Contains(w, "(db is postgresql@16)") || strings.Contains(w, "${py_") {
		t.Errorf("after deleting pg, env set warnings and next %q: want %s, not the python service py", w, kin)
	}
}

// A crash whose cause is a service variable is fixed with zerops_env, not by
// a deploy: a zerops.yml warning beside it is fixed before the next deploy,
// never first with "deploy again and if it still fails", which the service
// variable would fail again.
func TestDeploy_EnvCauseWithYmlWarningNeedsNoExtraDeploy(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	if res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "first"); m["verdict"] != "live" {
		t.Fatalf("first deploy: %s", text(res))
	}
	res, _ := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage",
		"variables": []string{"DB_HOST=${nosuch_hostname}"}}, "set")
	wantOK(t, res)
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js",
		"start: node index.js\n      envVariables:\n        DATABASE_URL: ${nosuch_connectionString}")})
	res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "broken")
	next := str(m["next"])
	if m["verdict"] != "not-answering" || m["warnings"] == nil {
		t.Fatalf("want not-answering with a warning: %s", text(res))
	}
	if strings.Contains(next, "if it still fails") || !strings.Contains(next, "zerops_env action=set serviceHostname=appstage") || !strings.Contains(next, "warning") {
		t.Errorf("next %q: want the env fix and the warning's, no deploy first", next)
	}
}

// A reference to a missing service whose kind the project has, but whose
// service lacks the reference's key (RabbitMQ has no connectionString),
// is fixed with the keys that service has, in the deploy's next step, the
// zerops.yml warning and zerops_env's (walk 10: ${rabbitmq_connectionString}
// answered "reference ${mq_connectionString} (mq is rabbitmq@3.9)", which
// the next deploy warned mq lacks).
func TestDeploy_MissingServiceKinWithoutTheKey(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	imp := "services:\n  - hostname: mq\n    type: rabbitmq@3.9\n"
	if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": imp}, "import"); res.IsError {
		t.Fatalf("import: %s", text(res))
	}
	app := map[string]string{}
	for k, v := range demoApp {
		app[k] = v
	}
	app["zerops.yml"] = strings.ReplaceAll(demoZeropsYml, "start: node index.js",
		"start: node index.js\n      envVariables:\n        AMQP_URL: ${rabbitmq_connectionString}")
	app["index.js"] = "const amqp = process.env.AMQP_URL; require('node:net').connect(5672, new URL(amqp).hostname);\n" + demoApp["index.js"]
	writeApp(t, h.workDir(t), app)
	res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "deploy")
	answer := text(res)
	next := str(m["next"])
	if !strings.Contains(next, "${mq_user}") || !strings.Contains(next, "${mq_hostname}") || strings.Contains(answer, "${mq_connectionString}") {
		t.Errorf("next %q: want mq's own keys, never ${mq_connectionString}: %s", next, answer)
	}
	_, v := h.call(t, "zerops_validate", map[string]any{"content": app["zerops.yml"], "kind": "zerops.yml"})
	if w := fmt.Sprint(v["warnings"]); !strings.Contains(w, "${mq_user}") || strings.Contains(w, "${mq_connectionString}") {
		t.Errorf("validate warnings %q: want mq's own keys, never ${mq_connectionString}", w)
	}
}
