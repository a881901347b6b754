package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// Guards around destructive and after-the-fact steps (issue 34): an
// unconfirmed delete names the variables that reference the service; after
// a rollback the next step says the local files still hold what failed; an
// export keeps the scaling set and writes a managed mode in the type.
func TestGuards_DeleteRollbackExport(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	t.Run("delete names what references it", func(t *testing.T) {
		for _, set := range []map[string]any{
			{"action": "set", "serviceHostname": "appdev", "variables": []string{"DB_URL=${db_connectionString}"}},
			{"action": "set", "project": true, "variables": []string{"PG_HOST=${db_hostname}"}},
		} {
			if res, _ := h.callWith(t, ctx, "zerops_env", set, "env"); res.IsError {
				t.Fatalf("env set: %s", text(res))
			}
		}
		res, m := h.call(t, "zerops_delete", map[string]any{"serviceHostname": "db"})
		wantError(t, res, m, "CONFIRM_REQUIRED")
		for _, w := range []string{"appdev (DB_URL)", "project (PG_HOST)"} {
			if !strings.Contains(str(m["error"]), w) {
				t.Errorf("unconfirmed delete lacks %q: %s", w, text(res))
			}
		}
	})
	t.Run("rollback next names the local change", func(t *testing.T) {
		dep := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
		if res, m := h.callWith(t, ctx, "zerops_deploy", dep, "ok"); m["verdict"] != "live" {
			t.Fatalf("deploy: %s", text(res))
		}
		writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node missing.js")})
		h.callWith(t, ctx, "zerops_deploy", dep, "broken")
		res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"targetService": "appstage", "rollback": true}, "back")
		next := str(m["next"])
		if m["verdict"] != "live" || !strings.Contains(next, "local zerops.yml and code still hold the change that failed") || strings.Contains(next, "nothing to fix") {
			t.Errorf("rollback next %q: want the local change named: %s", next, text(res))
		}
		writeApp(t, h.workDir(t), map[string]string{"zerops.yml": demoZeropsYml})
	})
	// Walk 11: a rollback from a version that answered (a user going back
	// from a logic change) said the local files held "the change that
	// failed"; nothing had failed.
	t.Run("rollback from a live version claims no failure", func(t *testing.T) {
		dep := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
		for _, start := range []string{"node index.js", "node index.js --v2"} {
			writeApp(t, h.workDir(t), map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: "+start)})
			if res, m := h.callWith(t, ctx, "zerops_deploy", dep, "ok"); m["verdict"] != "live" {
				t.Fatalf("deploy: %s", text(res))
			}
		}
		res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"targetService": "appstage", "rollback": true}, "back")
		next := str(m["next"])
		if m["verdict"] != "live" || strings.Contains(next, "failed") || strings.Contains(next, "failure") || !strings.Contains(next, "local zerops.yml and code still hold") {
			t.Errorf("rollback next %q: want the local files named, no failure claimed: %s", next, text(res))
		}
		writeApp(t, h.workDir(t), map[string]string{"zerops.yml": demoZeropsYml})
	})
	t.Run("export keeps scaling and writes the mode in the type", func(t *testing.T) {
		scale := map[string]any{"action": "scale", "serviceHostname": "appdev", "minContainers": 2, "maxContainers": 3, "minRam": 1}
		if res, _ := h.callWith(t, ctx, "zerops_manage", scale, "scale"); res.IsError {
			t.Fatalf("scale: %s", text(res))
		}
		res, m := h.call(t, "zerops_export", map[string]any{})
		wantOK(t, res)
		y := str(m["yaml"])
		for _, w := range []string{"minContainers: 2", "maxContainers: 3", "minRam: 1", "type: postgresql:single@16", "type: valkey:single@7.2"} {
			if !strings.Contains(y, w) {
				t.Errorf("export lacks %q:\n%s", w, y)
			}
		}
		if strings.Contains(y, "mode: NON_HA") {
			t.Errorf("export writes the legacy mode beside the type form:\n%s", y)
		}
	})
	t.Run("export keeps the object storage's size and policy", func(t *testing.T) {
		const media = "services:\n  - hostname: media\n    type: object-storage\n    objectStorageSize: 5\n    objectStorageRawPolicy: |\n" +
			`      {"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"AWS":["*"]},"Action":["s3:GetObject"],"Resource":["arn:aws:s3:::{{ .BucketName }}/public/*"]}]}` + "\n"
		if res, _ := h.callWith(t, ctx, "zerops_import", map[string]any{"content": media}, "media"); res.IsError {
			t.Fatalf("import media: %s", text(res))
		}
		for host, want := range map[string][]string{
			"storage": {"objectStorageSize: 2", "objectStoragePolicy: public-read"}, // as seeded
			"media":   {"objectStorageSize: 5", "objectStorageRawPolicy: |", `arn:aws:s3:::{{ .BucketName }}/public/*`},
		} {
			res, m := h.call(t, "zerops_export", map[string]any{"serviceHostname": host})
			wantOK(t, res)
			y := str(m["yaml"])
			for _, w := range want {
				if !strings.Contains(y, w) {
					t.Errorf("export of %s lacks %q:\n%s", host, w, y)
				}
			}
			// Imported for real under another hostname, the copy is the same storage.
			copyYAML := strings.Replace(y, "hostname: "+host, "hostname: "+host+"copy", 1)
			if res, _ := h.callWith(t, ctx, "zerops_import", map[string]any{"content": copyYAML}, host+"copy"); res.IsError {
				t.Fatalf("the export of %s does not import: %s\n%s", host, text(res), copyYAML)
			}
			res, m = h.call(t, "zerops_export", map[string]any{"serviceHostname": host + "copy"})
			wantOK(t, res)
			if got := strings.Replace(str(m["yaml"]), "hostname: "+host+"copy", "hostname: "+host, 1); got != y {
				t.Errorf("the imported copy of %s differs:\n%s\nwant\n%s", host, got, y)
			}
		}
	})
}

// Monitoring and scaling see what is there (issue 34): events take since;
// the sandbox's metrics follow a scale change; an ok verdict is no "why it
// is slow"; discover and backups do not send to the call just answered;
// object storage says it has no CPU, RAM or disk to measure; the monitor
// workflow verifies.
func TestMonitor_SeesWhatIsThere(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	ctx := context.Background()

	_, all := h.call(t, "zerops_events", map[string]any{"serviceHostname": "appdev"})
	res, recent := h.call(t, "zerops_events", map[string]any{"serviceHostname": "appdev", "since": "1h"})
	wantOK(t, res)
	if n, _ := all["count"].(float64); n == 0 || recent["count"] != 0.0 {
		t.Errorf("events: %v without since, %v since 1h; want the day-old seed events only without since", all["count"], recent["count"])
	}

	metric := func() map[string]any {
		t.Helper()
		res, m := h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "appdev"})
		wantOK(t, res)
		svcs, _ := m["services"].([]any)
		if len(svcs) != 1 {
			t.Fatalf("metrics: %s", text(res))
		}
		s, _ := svcs[0].(map[string]any)
		s["next"] = m["next"]
		return s
	}
	ramPct := func(s map[string]any) float64 {
		use, _ := s["use"].(map[string]any)
		ram, _ := use["ram"].(map[string]any)
		v, _ := ram["nowPct"].(float64)
		return v
	}
	before := metric()
	if next := str(before["next"]); before["verdict"] != "ok" || strings.Contains(next, "why it is slow") || !strings.Contains(next, "plan for more load") {
		t.Errorf("ok metrics next %q: want no slowness verdict and the load-planning step", next)
	}
	scale := map[string]any{"action": "scale", "serviceHostname": "appdev", "minContainers": 2, "maxContainers": 2, "minRam": 1}
	if res, _ := h.callWith(t, ctx, "zerops_manage", scale, "scale"); res.IsError {
		t.Fatalf("scale: %s", text(res))
	}
	after := metric()
	if after["containers"] != 2.0 || ramPct(after) >= ramPct(before) {
		t.Errorf("after scaling to 2 containers and 1 GB: containers %v, RAM %v%% (before %v, %v%%); want 2 and a smaller share",
			after["containers"], ramPct(after), before["containers"], ramPct(before))
	}

	_, m := h.call(t, "zerops_discover", map[string]any{})
	next := str(m["next"])
	svcs, _ := m["services"].([]any)
	for _, sv := range svcs {
		s, _ := sv.(map[string]any)
		if s["autoscaling"] != nil && strings.Contains(next, fmt.Sprintf("serviceHostname=%s.", s["hostname"])) {
			t.Errorf("discover next %q sends to the scaling of %s, which it shows", next, s["hostname"])
		}
	}

	_, m = h.call(t, "zerops_manage", map[string]any{"action": "backups", "serviceHostname": "db"})
	if next := str(m["next"]); strings.Contains(next, "action=backups") {
		t.Errorf("backups next %q repeats the call just made", next)
	}

	res, _ = h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "storage"})
	wantOK(t, res)
	if !strings.Contains(text(res), "object storage: it has no containers") || strings.Contains(text(res), `"cpu"`) {
		t.Errorf("object storage metrics: %s", text(res))
	}

	res, _ = h.call(t, "zerops_workflow", map[string]any{"workflow": "monitor"})
	if w := text(res); !strings.Contains(w, "zerops_verify") || !strings.Contains(w, "ACTIVE says the platform runs the containers, not that the app answers") {
		t.Errorf("the monitor workflow does not verify: %s", w)
	}
	if w := text(res); !strings.Contains(w, "`zerops_events` `{\"since\": \"24h\"}`") {
		t.Errorf("the monitor workflow does not read the timeline by time (zerops_events since): %s", w)
	}
}

// A service's deployed zerops.yml that references ${db_…} in run.envVariables
// is named by an unconfirmed delete of db, as its service variables are: the
// app stops resolving it either way.
func TestGuards_DeleteNamesDeployedYmlReference(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	ctx := context.Background()
	yml := strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node index.js\n      envVariables:\n        DATABASE_URL: ${db_connectionString}")
	writeApp(t, h.workDir(t), map[string]string{"zerops.yml": yml})
	dep := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
	if res, m := h.callWith(t, ctx, "zerops_deploy", dep, "ok"); m["verdict"] != "live" {
		t.Fatalf("deploy: %s", text(res))
	}
	res, m := h.call(t, "zerops_delete", map[string]any{"serviceHostname": "db"})
	wantError(t, res, m, "CONFIRM_REQUIRED")
	if w := "appstage (DATABASE_URL in zerops.yml)"; !strings.Contains(str(m["error"]), w) {
		t.Errorf("unconfirmed delete lacks %q: %s", w, text(res))
	}
}
