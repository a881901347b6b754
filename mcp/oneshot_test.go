package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// A worker (no ports) whose run.start is a script that ends at once (a job
// meant for run.crontab) is started again and again: the answer says so
// and keeps the container up with `zsc noop --silent`, not "a clean log;
// nothing to fix" (walk 11: `start: python job.py` beside a crontab running
// the same script was answered deployed, and verify said healthy). A script
// that loops, or one importing a package whose run the sandbox cannot read,
// is not judged to end.
func TestDeploy_OneShotStartIsNamed(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: %s
      deployFiles: ./
    run:
      base: %s
      start: %s
      crontab:
        - timing: "0 * * * *"
          command: %s
`
	tests := []struct {
		name, base, start, file, src string
		ends                         bool
	}{
		{"python one-shot", "python@3.12", "python job.py", "job.py", "import os, datetime\nprint(\"cleanup ran at\", datetime.datetime.utcnow())\nos.makedirs(\"/tmp/x\", exist_ok=True)\n", true},
		{"node one-shot", "nodejs@22", "node job.js", "job.js", "const fs = require('node:fs')\nconsole.log('cleanup', new Date().toISOString())\nfs.mkdirSync('/tmp/x', { recursive: true })\n", true},
		{"python loop", "python@3.12", "python job.py", "job.py", "import time\nwhile True:\n    print(\"tick\")\n    time.sleep(60)\n", false},
		{"node timer", "nodejs@22", "node job.js", "job.js", "setInterval(() => console.log('tick'), 60000)\n", false},
		{"python package", "python@3.12", "python job.py", "job.py", "from worker import app\napp.run()\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := map[string]string{"zerops.yml": fmt.Sprintf(yml, tt.base, tt.base, tt.start, tt.start), tt.file: tt.src}
			if tt.name == "python package" {
				files["worker.py"] = "import celery\napp = celery.Celery()\n"
			}
			h.ownApp(t, files)
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
			answer := text(res)
			next := str(m["next"])
			if !tt.ends {
				if strings.Contains(next, "zsc noop") || strings.Contains(answer, "ends at once") {
					t.Errorf("a start that keeps running is said to end: %s", answer)
				}
				return
			}
			if m["verdict"] == "deployed" || strings.Contains(next, "nothing to fix") || !strings.Contains(next, "zsc noop --silent") || !strings.Contains(next, "ends at once") {
				t.Errorf("verdict %v, next %q: want the start named as ending at once and zsc noop --silent: %s", m["verdict"], next, answer)
			}
			if strings.Count(answer, "zsc noop") > 1 {
				t.Errorf("the fix is stated more than once: %s", answer)
			}
			// The log holds no error of the app's: only the platform's
			// restart lines, which verify explains.
			res, m = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage"})
			if next := str(m["next"]); strings.Contains(next, "fix what the errors point at") || !strings.Contains(next, "zerops_verify serviceHostname=appstage") {
				t.Errorf("logs next %q: want zerops_verify, not errors to fix: %s", next, text(res))
			}
		})
	}
}

// A run.start that is a shell command doing its work and returning (echo,
// true, ls…) ends at once as a script does, and is said so, with a port
// or without (walk 75b: `start: echo started` was "could not check where
// it listens" in deploy, verify and logs, which sent the agent in a
// circle). A server after such a command is judged as before.
func TestDeploy_ShellCommandStartEndsAtOnce(t *testing.T) {
	t.Parallel()
	yml := "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      deployFiles: ./\n    run:\n      base: nodejs@22\n%s      start: %s\n"
	ports := "      ports:\n        - port: 3000\n          httpSupport: true\n"
	server := "require('node:http').createServer((q, s) => s.end('ok')).listen(3000, '0.0.0.0');\n"
	for _, tt := range []struct {
		name, ports, start string
		ends               bool
	}{
		{"echo with a port", ports, "echo started", true},
		{"true without a port", "", "true", true},
		{"echo, then the server", ports, "echo starting && node index.js", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{"zerops.yml": fmt.Sprintf(yml, tt.ports, tt.start), "index.js": server})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
			answer := text(res)
			if said := strings.Contains(answer, "ends at once") || strings.Contains(answer, "exited with code 0"); said != tt.ends || tt.ends && (m["verdict"] == "unverified" || m["verdict"] == "live") {
				t.Errorf("verdict %v, said it ends: %v, want %v: %s", m["verdict"], said, tt.ends, answer)
			}
			// walk 75c: the fix did not say which command ends.
			if tt.ends && !strings.Contains(str(m["next"]), "the start command `"+tt.start+"` ends at once") {
				t.Errorf("next %q does not quote the start that ends", str(m["next"]))
			}
			if tt.ends && strings.Contains(answer, "could not check where") {
				t.Errorf("the answer still doubts where it listens: %s", answer)
			}
		})
	}
}
