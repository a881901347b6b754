package mcp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/ops"
)

// TestAnswers_TakenHostnameReusesNeverDeletes: the dry run's fix and the
// real import's refusal for a hostname already in use suggest reusing the
// live service or another hostname, never deleting it.
func TestAnswers_TakenHostnameReusesNeverDeletes(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	content := "services:\n  - hostname: appdev\n    type: nodejs@22\n"
	res, m := h.call(t, "zerops_import", map[string]any{"content": content, "dryRun": true})
	wantOK(t, res)
	fixes := ""
	for _, p := range issuesOf(m, "problems") {
		if p["path"] == "services[0](appdev).hostname" {
			fixes += p["fix"]
		}
	}
	if !strings.Contains(fixes, "Reuse the existing appdev") || !strings.Contains(fixes, "another hostname") {
		t.Errorf("fix does not offer reuse and another hostname: %s", text(res))
	}
	res, m = h.call(t, "zerops_import", map[string]any{"content": content})
	for _, answer := range []string{fixes, text(res)} {
		if low := strings.ToLower(answer); strings.Contains(low, "delete") {
			t.Errorf("answer to a taken hostname suggests a delete: %s", answer)
		}
	}
	_ = m
}

// TestAnswers_TakenHostnameOfOtherKindIsNotReused: a recipe's import
// (supertokens: db, postgresql@16) into a project whose db is another
// kind (mariadb) is not told to reuse that db; the fix names both types
// and asks for another hostname with the references moved to it, never a
// delete (walk14b, env goal).
func TestAnswers_TakenHostnameOfOtherKindIsNotReused(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	content := "services:\n  - hostname: db\n    type: mariadb@10.6\n    mode: NON_HA\n"
	res, m := h.call(t, "zerops_import", map[string]any{"content": content, "dryRun": true})
	wantOK(t, res)
	answer := ""
	for _, p := range issuesOf(m, "problems") {
		if p["path"] == "services[0](db).hostname" {
			answer += p["problem"] + " " + p["fix"]
		}
	}
	if strings.Contains(answer, "Reuse the existing db") || strings.Contains(strings.ToLower(answer), "delete") {
		t.Errorf("a db of another kind is offered for reuse (or deleted): %s", answer)
	}
	for _, w := range []string{"postgresql@16", "mariadb@10.6", "another hostname", "${db_"} {
		if !strings.Contains(answer, w) {
			t.Errorf("answer lacks %q: %s", w, answer)
		}
	}
}

// workflowCalls returns the `tool` `{json}` calls a workflow's text shows,
// with <name> replaced by hostname: what an agent following it would send.
func workflowCalls(t *testing.T, h *harness, workflow, tool, hostname string) []map[string]any {
	t.Helper()
	res, _ := h.call(t, "zerops_workflow", map[string]any{"workflow": workflow})
	wantOK(t, res)
	var out []map[string]any
	for _, m := range regexp.MustCompile("`"+tool+"` `(\\{[^`]*\\})`").FindAllStringSubmatch(text(res), -1) {
		var args map[string]any
		if err := json.Unmarshal([]byte(strings.ReplaceAll(m[1], "<name>", hostname)), &args); err != nil {
			continue // a shape with placeholders, not a literal call
		}
		out = append(out, args)
	}
	if len(out) == 0 {
		t.Fatalf("workflow %s shows no literal %s call", workflow, tool)
	}
	return out
}

// TestAnswers_ScaleWarnsWhatItTakesAway: lowering a maximum or raising a
// minimum is applied with a warning naming the bound in force; the scale
// workflow's own example, followed literally, cuts nothing.
func TestAnswers_ScaleWarnsWhatItTakesAway(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		args map[string]any
		want []string // parts of the warnings; none: no warning
	}{
		{"LowerMaxRam", map[string]any{"maxRam": 4}, []string{"maxRam lowered from 48 to 4 GB", "OOM-killed", "back to 48"}},
		{"LowerMaxCpu", map[string]any{"maxCpu": 2}, []string{"maxCpu lowered from 8 to 2 cores", "slower"}},
		// Walk 12: "1 cores".
		{"LowerMaxCpuToOne", map[string]any{"maxCpu": 1}, []string{"maxCpu lowered from 8 to 1 core:", "grow past 1 core under load"}},
		// Walk 6: a lowered maxDisk was said to cut "(memory: OOM-killed)".
		{"LowerMaxDisk", map[string]any{"maxDisk": 20}, []string{"maxDisk lowered from 250 to 20 GB", "writes past it fail"}},
		{"RaiseMinCpu", map[string]any{"minCpu": 2}, []string{"minCpu raised from 1 to 2 cores", "billed"}},
		// Walk 10: a minimum is each container's: with 4 containers held,
		// "the service holds at least 2 GB" hid the 8 GB billed.
		{"RaiseMinRamOnSeveralContainers", map[string]any{"minRam": 2, "minContainers": 4, "maxContainers": 4},
			[]string{"minRam raised from 0.125 to 2 GB: each of its containers (at least 4) holds, and is billed for, at least 2 GB even when idle: 8 GB in all"}},
		{"RaiseMaxRam", map[string]any{"maxRam": 64}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			args := map[string]any{"action": "scale", "serviceHostname": "appdev"}
			for k, v := range tt.args {
				args[k] = v
			}
			res, m := h.call(t, "zerops_manage", args)
			if tt.name == "RaiseMaxRam" { // above the platform's 48 GB: refused, nothing cut
				if !res.IsError {
					t.Fatalf("maxRam 64 accepted: %s", text(res))
				}
				return
			}
			wantOK(t, res)
			warnings := fmt.Sprint(m["warnings"])
			if !strings.Contains(tt.name, "Ram") && strings.Contains(warnings, "OOM") {
				t.Errorf("a bound other than RAM is said to OOM-kill: %s", warnings)
			}
			for _, w := range tt.want {
				if !strings.Contains(warnings, w) {
					t.Errorf("warnings lack %q: %s", w, text(res))
				}
			}
		})
	}
	t.Run("WorkflowExample", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, harnessOpts{})
		for _, args := range workflowCalls(t, h, "scale", "zerops_manage", "appdev") {
			res, m := h.call(t, "zerops_manage", args)
			wantOK(t, res)
			if w := fmt.Sprint(m["warnings"]); strings.Contains(w, "lowered") {
				t.Errorf("the workflow's example %v cuts a maximum: %s", args, w)
			}
		}
	})
}

// TestAnswers_ImportNextNamesEveryProcess: an import left running names
// every process it started in its next step, not the first one only.
func TestAnswers_ImportNextNamesEveryProcess(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{processDuration: time.Minute})
	content := "services:\n  - hostname: api\n    type: nodejs@22\n  - hostname: pg\n    type: postgresql@16\n    mode: NON_HA\n"
	res, m := h.call(t, "zerops_import", map[string]any{"content": content})
	wantOK(t, res)
	procs, _ := m["processes"].([]any)
	if len(procs) < 2 {
		t.Fatalf("want a process per service, got %s", text(res))
	}
	next, _ := m["next"].(string)
	for _, p := range procs {
		if id, _ := p.(map[string]any)["id"].(string); !strings.Contains(next, id) {
			t.Errorf("next step does not name process %s: %s", id, next)
		}
	}
}

// TestAnswers_EventsNextFollowsState: zerops_events' next step says to wait
// while a build runs, names the diagnosis when the newest build failed, and
// has nothing to do once everything ended well (an old failure is history).
func TestAnswers_EventsNextFollowsState(t *testing.T) {
	t.Parallel()
	eventsNext := func(t *testing.T, h *harness) string {
		t.Helper()
		res, m := h.call(t, "zerops_events", map[string]any{"serviceHostname": "appstage"})
		wantOK(t, res)
		next, _ := m["next"].(string)
		return next
	}
	t.Run("Building", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, harnessOpts{sandboxPush: true, buildStep: time.Minute})
		res, _ := h.call(t, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"})
		wantOK(t, res)
		// The wait is the deploy's own, as the deploy answer says (walk
		// 75b: events said zerops_process, deploy zerops_deploy follow).
		if next := eventsNext(t, h); !strings.Contains(next, "zerops_deploy follow=") || strings.Contains(next, "zerops_process") {
			t.Errorf("a running build's next = %q, want zerops_deploy follow", next)
		}
	})
	t.Run("UploadLeftUnbuilt", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, harnessOpts{sandboxPush: true})
		h.fake.InjectFault(fakeapi.Fault{Method: "PUT", PathPrefix: "/app-version/", Status: 400, Times: 1})
		if res, m := h.call(t, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}); !res.IsError {
			t.Fatalf("the push succeeded despite the fault: %v", m)
		}
		waitFor(t, func() bool { // the lagging search lists the version left UPLOADING
			vs, err := h.client.SearchAppVersions(context.Background(), platform.AppVersionFilter{ServiceID: h.fake.ServiceID("appstage"), Limit: 1})
			return err == nil && len(vs) == 1 && vs[0].Status == platform.AppVersionUploading
		})
		next := eventsNext(t, h)
		_, m := h.call(t, "zerops_verify", map[string]any{"serviceHostname": "appstage"})
		verifyNext, _ := m["next"].(string)
		if !strings.Contains(next, "if your zerops_deploy failed") || strings.Contains(next, "wait for it") || strings.Contains(next, "buildId=") ||
			!strings.Contains(verifyNext, mcp.StepText(ops.UploadNext("appstage"))) || !strings.Contains(next, mcp.StepText(ops.UploadNext("appstage"))) {
			t.Errorf("an upload left unbuilt: events next %q, verify next %q; want the same rule, no wait for its build log", next, verifyNext)
		}
	})
	t.Run("FailedThenFixed", func(t *testing.T) {
		t.Parallel()
		h := newHarness(t, harnessOpts{sandboxPush: true})
		h.fake.FailNextBuild(h.fake.ServiceID("appstage"), `npm error Missing script: "biuld"`)
		res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "f")
		if !res.IsError {
			t.Fatalf("the failing build succeeded: %s", text(res))
		}
		if next := eventsNext(t, h); !strings.Contains(next, "npm-missing-script") {
			t.Errorf("a failed build's next = %q, want its diagnosis", next)
		}
		res, _ = h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "ok")
		wantOK(t, res)
		if next := eventsNext(t, h); !strings.Contains(next, "zerops_verify serviceHostname=appstage") || strings.Contains(next, "nothing to do") {
			t.Errorf("after a good deploy next = %q, want zerops_verify", next)
		}
	})
}

// TestAnswers_BrokenAppNotCalledHealthy: after a deploy whose build passed
// but whose app crash-loops or listens on another port, neither events nor
// logs say all is well; both lead to zerops_verify or the diagnosis.
func TestAnswers_BrokenAppNotCalledHealthy(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name     string
		broken   map[string]string
		wantLogs string
	}{
		{"wrong port", map[string]string{"index.js": "const http = require('node:http');\n" +
			"http.createServer((req, res) => res.end('ok')).listen(8080, '0.0.0.0');\n"}, "Listening on 0.0.0.0:8080"},
		{"crash loop", map[string]string{"zerops.yml": strings.ReplaceAll(demoZeropsYml, "start: node index.js", "start: node server.js")}, "start-file-missing"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			writeApp(t, h.workDir(t), tt.broken)
			h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "d")

			res, m := h.call(t, "zerops_events", map[string]any{"serviceHostname": "appstage"})
			wantOK(t, res)
			if next, _ := m["next"].(string); !strings.Contains(next, "zerops_verify serviceHostname=appstage") || strings.Contains(next, "nothing to do") {
				t.Errorf("events next = %q, want zerops_verify", next)
			}
			res, m = h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage"})
			wantOK(t, res)
			if next, _ := m["next"].(string); !strings.Contains(next, tt.wantLogs) || strings.Contains(next, "no error line") {
				t.Errorf("logs next = %q, want %q", next, tt.wantLogs)
			}
		})
	}
}

// TestAnswers_EnvSetWarnsUnresolvedReference: a set with ${x_KEY} where no
// service x exists, or x has no KEY, is applied with a warning naming the
// services (or x's keys); so is a variable that references itself; a
// reference that resolves warns nothing.
func TestAnswers_EnvSetWarnsUnresolvedReference(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	tests := []struct {
		name  string
		value string
		want  []string // parts of the warnings; none: no warning
	}{
		{"NoSuchService", "DB=${postgres_connectionString}", []string{"no service \"postgres\"", "appdev", "db"}},
		{"NoSuchKey", "DB=${db_url}", []string{"db has no variable url", "likely meant one is ${db_connectionString}"}},
		{"KeyNamesTheURL", "DB=${db_connectionURL}", []string{"db has no variable connectionURL", "likely meant one is ${db_connectionString}"}},
		{"KeyNothingLike", "DB=${db_zzz}", []string{"db has no variable zzz", "reference one of the variables it has"}},
		{"KeyTypo", "DB=${db_pasword}", []string{"db has no variable pasword", "likely meant one is ${db_password}"}},
		{"KeyAbbreviatedHost", "DB=${db_host}", []string{"db has no variable host", "likely meant one is ${db_hostname}"}},
		{"KeyWithASuffix", "DB=${db_hostname_wrong}", []string{"db has no variable hostname_wrong", "likely meant one is ${db_hostname}"}}, // walk 87 (own): no key named
		{"KeyAbbreviatedPass", "DB=${db_pass}", []string{"db has no variable pass", "likely meant one is ${db_password}"}},
		{"HostTypo", "DB=${dbb_password}", []string{"no service \"dbb\"", "likely ${db_password}"}},
		{"HostLettersSwapped", "DB=${bd_password}", []string{"no service \"bd\"", "likely ${db_password}"}},
		{"Dotted", "DBP=${db.password}", []string{"${db.password} is not a Zerops reference", "write ${db_password}"}},
		{"Unclosed", "DBP=${db_password", []string{"${db_password has no closing }"}},
		{"Resolves", "DB=${db_connectionString}", nil},
		{"NoReference", "A=1", nil},
		{"ProjectVariable", "B=${my_var}", nil},
		{"SelfReference", "SELF=x${SELF}", []string{"SELF references itself: ${SELF} stays the literal text"}},
		{"SelfReferenceWithUnderscore", "db_url=${db_url}", []string{"db_url references itself"}},
	}
	absent := map[string]string{"SelfReferenceWithUnderscore": "has no variable url", "KeyAbbreviatedHost": "${db_port}",
		"KeyNothingLike": "zerops_env action=get"} // the warning lists the keys that call shows // the self-reference is not also a ${host_KEY}
	res, _ := h.call(t, "zerops_env", map[string]any{"action": "set", "project": true, "variables": []string{"my_var=1"}})
	wantOK(t, res)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, m := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{tt.value}})
			wantOK(t, res)
			warnings := fmt.Sprint(m["warnings"])
			if tt.want == nil && m["warnings"] != nil {
				t.Errorf("a resolvable set warns: %s", text(res))
			}
			for _, w := range tt.want {
				if !strings.Contains(warnings, w) {
					t.Errorf("warnings lack %q: %s", w, text(res))
				}
			}
			if not := absent[tt.name]; not != "" && strings.Contains(warnings, not) {
				t.Errorf("warnings hold %q: %s", not, text(res))
			}
		})
	}
}

// TestAnswers_NeverDeployedRestart: restarting a service that was never
// deployed sends nothing and says its variables apply at the first deploy;
// so does an env change to it, with or without restart: true.
func TestAnswers_NeverDeployedRestart(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	restarts := func() int { return h.fake.CountRequests("", "/service-stack/"+h.fake.ServiceID("appstage")+"/restart") }
	tests := []struct {
		tool string
		args map[string]any
	}{
		{"zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"}},
		{"zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"A=1"}}},
		{"zerops_env", map[string]any{"action": "set", "serviceHostname": "appstage", "variables": []string{"B=1"}, "restart": true}},
	}
	for _, tt := range tests {
		res, m := h.callWith(t, context.Background(), tt.tool, tt.args, "p")
		wantOK(t, res)
		notes, next := fmt.Sprint(m["notes"]), fmt.Sprint(m["next"])
		if !strings.Contains(notes, "apply at the first deploy") || !strings.Contains(next, "deploy appstage with zerops_deploy") {
			t.Errorf("%s %v: notes %s, next %s; want the first deploy named", tt.tool, tt.args, notes, next)
		}
		if strings.Contains(next, "restart") {
			t.Errorf("%s: next step still asks for a restart: %s", tt.tool, next)
		}
	}
	if n := restarts(); n != 0 {
		t.Errorf("%d restarts of a never-deployed service sent", n)
	}
}

// TestAnswers_SubdomainAfterPortsChange: enabling the subdomain right after
// a deploy that changed run.ports answers the new port's URL, never the
// previous one; after a deploy with no httpSupport port it answers
// SUBDOMAIN_NO_HTTP_PORT instead of "already enabled".
func TestAnswers_SubdomainAfterPortsChange(t *testing.T) {
	t.Parallel()
	app := func(port string, http bool) map[string]string {
		ports := "[{port: " + port + ", httpSupport: true}]"
		if !http {
			ports = "[{port: " + port + "}]"
		}
		return map[string]string{
			"zerops.yml": strings.ReplaceAll(demoZeropsYml, "ports: [{port: 3000, httpSupport: true}]", "ports: "+ports),
			"index.js":   strings.ReplaceAll(demoApp["index.js"], "3000", port),
		}
	}
	tests := []struct {
		name     string
		port     string
		http     bool
		wantURL  string // part of the answered URL; "" with wantCode
		wantCode string
	}{
		{"NewHTTPPort", "8080", true, "-8080.", ""},
		{"NoHTTPPort", "9000", false, "", "SUBDOMAIN_NO_HTTP_PORT"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			res, m := h.call(t, "zerops_subdomain", map[string]any{"serviceHostname": "appdev", "action": "enable"})
			wantOK(t, res)
			if urls := fmt.Sprint(m["subdomainUrls"]); !strings.Contains(urls, "-3000.") {
				t.Fatalf("before the change: %s", text(res))
			}
			writeApp(t, h.workDir(t), app(tt.port, tt.http))
			res, _ = h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev"}, "d")
			if res.IsError && tt.http {
				t.Fatalf("deploy: %s", text(res))
			}
			if strings.Contains(text(res), "-3000.") {
				t.Errorf("the deploy answers the previous port's URL: %s", text(res))
			}
			for _, tool := range []string{"zerops_discover", "zerops_verify"} {
				res, _ = h.call(t, tool, map[string]any{"serviceHostname": "appdev"})
				if strings.Contains(text(res), "-3000.") {
					t.Errorf("%s right after the deploy answers the previous port's URL: %s", tool, text(res))
				}
			}
			res, m = h.call(t, "zerops_subdomain", map[string]any{"serviceHostname": "appdev", "action": "enable"})
			if tt.wantCode != "" {
				wantError(t, res, m, tt.wantCode)
				return
			}
			wantOK(t, res)
			urls := fmt.Sprint(m["subdomainUrls"])
			if !strings.Contains(urls, tt.wantURL) || strings.Contains(urls, "-3000.") {
				t.Errorf("after the ports changed: %s, want only %s", text(res), tt.wantURL)
			}
		})
	}
}
