package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A literal secret in zerops.yml's run.envVariables (a key naming a secret,
// a value that is no reference) is warned of: the file is in the
// repository; the fix moves it to a service secret in the order the
// platform takes it (walk 11: STRIPE_SECRET_KEY: sk_live_… validated
// without a word). References, placeholders and short or plain values
// are not.
func TestValidate_SecretInZeropsYml(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	content := "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      deployFiles: ./\n    run:\n      base: nodejs@22\n      start: node index.js\n" +
		"      envVariables:\n        STRIPE_SECRET_KEY: sk_live_51Hx9aTestKeyDoNotUse000000\n        API_TOKEN: 'f3a9c2e17b4d4e0a9c1b'\n" +
		"        DB_PASSWORD: ${db_password}\n        JWT_SECRET: ''\n        PASSWORD_MIN_LENGTH: \"8\"\n        TOKEN_TTL: 3600s\n        NODE_ENV: production\n"
	res, m := h.call(t, "zerops_validate", map[string]any{"content": content})
	wantOK(t, res)
	got := map[string]string{}
	for _, is := range issuesOf(m, "warnings") {
		got[is["path"]] += is["problem"] + " " + is["fix"]
	}
	for _, key := range []string{"STRIPE_SECRET_KEY", "API_TOKEN"} {
		w := got["zerops[0].run.envVariables."+key]
		for _, want := range []string{"repository", "zerops_env action=set serviceHostname=appstage", key + "=", "then"} {
			if !strings.Contains(w, want) {
				t.Errorf("warning at %s = %q, want it to name %q", key, w, want)
			}
		}
		if strings.Contains(w, "sk_live_51") || strings.Contains(w, "f3a9c2e1") {
			t.Errorf("the warning echoes the secret: %q", w)
		}
	}
	for _, key := range []string{"DB_PASSWORD", "JWT_SECRET", "PASSWORD_MIN_LENGTH", "TOKEN_TTL", "NODE_ENV"} {
		if w := got["zerops[0].run.envVariables."+key]; w != "" {
			t.Errorf("%s is warned of: %q", key, w)
		}
	}
}

// Setting as a service secret a key the deployed zerops.yml holds as a
// literal secret warns of the clash without quoting the value (walk 11:
// the warning quoted "STRIPE_SECRET_KEY: sk_live_…" back); another value
// is quoted, as the clash's evidence.
func TestEnv_ClashDoesNotEchoALiteralSecret(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.Replace(demoZeropsYml, "      start: node index.js\n",
		"      start: node index.js\n      envVariables:\n        STRIPE_SECRET_KEY: sk_live_51Hx9aTestKeyDoNotUse000000\n        MODE: from-yml\n", 1)})
	if res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "appstage"}, "deploy"); res.IsError {
		t.Fatalf("deploy: %s", text(res))
	}
	res, _ := h.callWith(t, context.Background(), "zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage",
		"variables": []string{"STRIPE_SECRET_KEY=sk_live_51Hx9aOtherValue0000000", "MODE=x"}}, "set")
	answer := text(res)
	if !strings.Contains(answer, "STRIPE_SECRET_KEY") || !strings.Contains(answer, "also declared") || !strings.Contains(answer, "MODE: from-yml") {
		t.Fatalf("set does not name the clash: %s", answer)
	}
	if strings.Contains(answer, "TestKeyDoNotUse") {
		t.Errorf("the answer quotes the zerops.yml secret: %s", answer)
	}
}
