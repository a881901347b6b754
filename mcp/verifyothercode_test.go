package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// Walk 10: after a WordPress deploy from wp/ (php-apache), the project's
// zerops_verify said of appstage (nodejs@22, never deployed): add an
// entry `setup: appstage` to wp/zerops.yml, then deploy it from there. A
// file whose setups all run another runtime holds other code: the answer
// says so and sends the agent to appstage's own code, not into that file.
func TestVerify_NotDeployedServiceOfAnotherRuntimeThanTheLastPush(t *testing.T) {
	t.Parallel()
	h := newStaticHarness(t, "php-apache@8.3")
	writeApp(t, h.workDir(t), map[string]string{
		"zerops.yml": "zerops:\n  - setup: web\n    build:\n      base: php@8.3\n      deployFiles: ./\n    run:\n      base: php-apache@8.3\n      ports: [{port: 80, httpSupport: true}]\n",
		"index.php":  "<?php echo 'ok';\n",
	})
	res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"workingDir": ".", "targetService": "web"}, "wp")
	wantOK(t, res)
	res, m := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
	wantOK(t, res)
	next := str(m["next"])
	if strings.Contains(next, "add an entry `setup: appstage`") || !strings.Contains(next, "nodejs@22") || !strings.Contains(next, "targetService=appstage") {
		t.Errorf("next %q: want appstage sent to its own code (nodejs@22), not into the PHP file", next)
	}
	// A target of the file's own runtime may be meant for it: the entry
	// to add is still named.
	res, _ = h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: blog\n    type: php-apache@8.3\n"})
	wantOK(t, res)
	h.fake.EndProcesses()
	res, m = h.call(t, "zerops_verify", map[string]any{"serviceHostname": "blog"})
	wantOK(t, res)
	if next := str(m["next"]); !strings.Contains(next, "add an entry `setup: blog`") {
		t.Errorf("next %q: want the entry to add for a service of the file's runtime", next)
	}
}
