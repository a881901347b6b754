package main

// mutant is one deliberate bug: the first and only occurrence of old in file
// becomes new, and the tests run (go test -run run pkgs) must then fail.
type mutant struct {
	name     string
	file     string
	old, new string
	pkgs     []string
	run      string // -run regexp; empty runs every test of pkgs
}

// mutants are bugs in behaviours users rely on. Keep each one a single,
// plausible slip (a dropped switch, a wrong method, a lost flag) and name
// the tests that must catch it; when the code moves, move the mutant.
var mutants = []mutant{
	// How cmd/zcp wires the parts (issue 14): the switches users set.
	{name: "serve-ignores-ZCP_READ_ONLY", file: "cmd/zcp/serve.go",
		old: `readOnly, err := envBool(os.Getenv, "ZCP_READ_ONLY")`, new: `readOnly, err := false, error(nil)`,
		pkgs: []string{"./cmd/zcp"}, run: "TestBinary_ReadOnly"},
	{name: "serve-ignores-ZCP_AUDIT_LOG", file: "cmd/zcp/serve.go",
		old: `openAudit(os.Getenv("ZCP_AUDIT_LOG"))`, new: `openAudit("")`,
		pkgs: []string{"./cmd/zcp"}, run: "TestBinary_Audit"},
	// Issue 19's rough edges.
	{name: "audit-open-blocks", file: "supervisor/outfile.go",
		old: `os.O_WRONLY|syscall.O_NONBLOCK, 0o600)`, new: `os.O_WRONLY|0*syscall.O_NONBLOCK, 0o600)`,
		pkgs: []string{"./supervisor"}, run: "TestOpenAppend"},
	{name: "token-arguments-accepted", file: "mcp/middleware.go",
		old: `held := s.deps.Secrets.Holds(call.Params.Arguments)`, new: `held := false`,
		pkgs: []string{"./cmd/zcp"}, run: "TestBinary_TokenNeverEchoed"},
	{name: "init-writes-before-checking", file: "cmd/zcp/setup/setup.go",
		old: `	if len(failed) > 0 {
		return fmt.Errorf("zcp init: no file written;`, new: `	if len(failed) > 0 && len(plans) == 0 {
		return fmt.Errorf("zcp init: no file written;`,
		pkgs: []string{"./cmd/zcp/setup"}, run: "TestRun_"},
	{name: "serve-drops-ZCP_API_RATE", file: "cmd/zcp/serve.go",
		old: `cfg.Rate, cfg.Burst = rps, burst`, new: `_, _ = rps, burst`,
		pkgs: []string{"./cmd/zcp"}, run: "TestBinary_APIRate"},
	{name: "stack-drops-gateway-config", file: "supervisor/stack.go",
		old: `actors.NewGateway(client, cfg.Gateway)`, new: `actors.NewGateway(client, actors.GatewayConfig{})`,
		pkgs: []string{"./cmd/zcp"}, run: "TestBinary_APIRate"},
	{name: "stack-watcher-on-raw-client", file: "supervisor/stack.go",
		old: `actors.NewWatcher(gateway, cfg.Watcher)`, new: `actors.NewWatcher(client, cfg.Watcher)`,
		pkgs: []string{"./supervisor"}, run: "TestStack"},
	{name: "gateway-stop-calls-start", file: "actors/gateway_methods.go",
		old: `bind1(g.c.StopService, serviceID)`, new: `bind1(g.c.StartService, serviceID)`,
		pkgs: []string{"./mcp"}, run: "TestTools_Stop"},
	{name: "gateway-delete-service-as-read", file: "actors/gateway_methods.go",
		old:  `mutation("DeleteService", changedAnything, serviceID)`,
		new:  `readOf("DeleteService", keepNone, serviceID)`,
		pkgs: []string{"./actors"}},
	{name: "project-env-replace-drops-sensitive", file: "platform/ops/env.go",
		old: `p.Key, p.Value, exists && old.Sensitive)`, new: `p.Key, p.Value, false)`,
		pkgs: []string{"./mcp"}, run: "TestTools_ProjectEnv"},
	{name: "audit-logs-unknown-argument-values", file: "mcp/audit.go",
		old: `unknown = append(unknown, argName(k))`, new: `out[k] = v`,
		pkgs: []string{"./cmd/zcp"}, run: "TestBinary_Audit"},
	{name: "float-argument-truncated", file: "mcp/args.go",
		old: `*x = Float{V: f, Set: true}`, new: `*x = Float{V: float64(int64(f)), Set: true}`,
		pkgs: []string{"./mcp"}, run: "TestTools_Scale"},
	{name: "client-id-not-primed-by-user-info", file: "platform/zeropsapi/projects.go",
		old: `c.client.remember(info.ClientID)`, new: ``,
		pkgs: []string{"./platform/zeropsapi"}, run: "TestZeropsClient_UserInfoPrimesClientID"},

	// Process-level machinery.
	{name: "sigterm-does-not-cancel", file: "supervisor/signals.go",
		old: `o.Cancel()`, new: `_ = o.Cancel`,
		pkgs: []string{"./supervisor"}, run: "TestHandleSignals"},
	{name: "signal-stop-does-not-disarm", file: "supervisor/signals.go",
		old: "stopped = true\n\t\t\tif deadline != nil {\n\t\t\t\tdeadline.Stop()\n\t\t\t}", new: "_ = deadline",
		pkgs: []string{"./supervisor"}, run: "TestHandleSignals_StopDisarms"},
	{name: "stdout-not-guarded", file: "supervisor/stdout.go",
		old: `if err := dup2(unix.Stderr, unix.Stdout); err != nil {`, new: `if err := error(nil); err != nil {`,
		pkgs: []string{"./supervisor"}},
	{name: "fake-close-waits-out-latency", file: "platform/fakeapi/faults.go",
		old: "case <-ctx.Done():\n\t\treturn false\n\tcase <-s.done:\n\t\treturn false\n", new: "",
		pkgs: []string{"./platform/fakeapi"}, run: "TestServer_CloseEndsLatency"},

	// The API gateway's budget.
	{name: "gateway-ignores-retry-after", file: "actors/gateway.go",
		old: `d = pe.RetryAfter`, new: `_ = pe.RetryAfter`,
		pkgs: []string{"./actors"}},
	{name: "gateway-drops-ended-process", file: "actors/gateway.go",
		old: `keep: keepEnded}, 0, p)`, new: `keep: keepNone}, 0, p)`,
		pkgs: []string{"./actors"}},
	{name: "watcher-trusts-search-end", file: "actors/watch.go",
		old: `case ok && !p.IsTerminal():`, new: `case ok:`,
		pkgs: []string{"./actors"}},
	{name: "gateway-no-retry-on-5xx", file: "actors/gateway_calls.go",
		old: `pe.HTTPStatus >= 500 && pe.HTTPStatus <= 599`, new: `false`,
		pkgs: []string{"./actors"}},
	{name: "gateway-restart-keeps-its-service", file: "actors/gateway.go",
		old: `g.svcGens[service]++`, new: `_ = service`,
		pkgs: []string{"./actors"}, run: "TestGateway_ChangeScope"},
	{name: "gateway-fresh-read-from-cache", file: "actors/gateway_calls.go",
		old: `if platform.IsFreshRead(ctx) && !op.mutates {`, new: `if false && platform.IsFreshRead(ctx) && !op.mutates {`,
		pkgs: []string{"./actors"}, run: "TestGateway_ReadSentAfterAChange"},
	{name: "verify-reads-replaced-versions-log", file: "platform/ops/verify.go",
		old: `(latest.Status == platform.AppVersionActive || latest.Status == platform.AppVersionBackup)`, new: `latest.Status == platform.AppVersionActive`,
		pkgs: []string{"./platform/ops"}, run: "TestLogsSince"},

	// Safety of what the agent sends and sees.
	{name: "read-only-filter-off", file: "mcp/server.go",
		old: `if deps.ReadOnly && !def.readOnly {`, new: `if false && deps.ReadOnly && !def.readOnly {`,
		pkgs: []string{"./mcp"}},
	{name: "http-sends-go-escaped-error-data", file: "mcp/middleware.go",
		old: `return nil, wireError(err)`, new: `return nil, err`,
		pkgs: []string{"./mcp"}, run: "TestHTTP_HostileParamsAnswered"},
	{name: "http-answers-unscrubbed", file: "mcp/http.go",
		old: `scrubResponses(s.deps.Secrets, checkOrigin(guarded))`, new: `checkOrigin(guarded)`,
		pkgs: []string{"./cmd/zcp"}, run: "TestBinary_HTTPSecretsScrubbed"},
	{name: "http-answers-html-escaped", file: "mcp/http.go",
		old: `return writeUnescaped(sr.body, p)`, new: `return sr.body.Write(p)`,
		pkgs: []string{"./mcp"}, run: "TestHTTP_NoHTMLEscapesOnTheWire"},
	{name: "dump-prints-control-characters", file: "supervisor/status.go",
		old: `if unicode.IsControl(r) {`, new: `if false && unicode.IsControl(r) {`,
		pkgs: []string{"./supervisor"}, run: "TestStatusDump_ClientValuesPrintable"},
	{name: "audit-keeps-env-values", file: "mcp/audit.go",
		old: `return key + "=***"`, new: `return s`,
		pkgs: []string{"./mcp"}},
	{name: "path-traversal-allowed", file: "platform/ops/files.go",
		old: `return rel == "." || (rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)))`, new: `return rel != "" || root != ""`,
		pkgs: []string{"./platform/ops", "./mcp"}},
	{name: "hostname-allows-dash", file: "platform/hostname.go",
		old: "`^[a-z][a-z0-9]{0,24}$`", new: "`^[a-z][a-z0-9-]{0,24}$`",
		pkgs: []string{"./platform"}},
	{name: "env-set-drops-other-keys", file: "platform/ops/env.go",
		old: `vals[e.Key] = e.Content`, new: `_ = e.Content`,
		pkgs: []string{"./platform/ops"}},
	{name: "discover-shows-sensitive", file: "platform/ops/discover.go",
		old: `return e.Sensitive || strings.EqualFold(e.Type, "SECRET")`, new: `return strings.EqualFold(e.Type, "SECRET")`,
		pkgs: []string{"./platform/ops", "./mcp"}},
	{name: "error-shows-token", file: "platform/zeropsapi/errors.go",
		old: `return redactSecret(e.err.Error(), e.secret)`, new: `return e.err.Error()`,
		pkgs: []string{"./platform/zeropsapi"}},
	{name: "deploy-child-keeps-token", file: "deploy/runner.go",
		old: `if token != "" && strings.Contains(value, token) {`, new: `if false && strings.Contains(value, token) {`,
		pkgs: []string{"./deploy"}, run: "TestChildEnv"},
	{name: "deploy-workdir-not-clean", file: "deploy/validate.go",
		old: `case path.Clean(dir) != dir:`, new: `case path.Clean(dir) == "":`,
		pkgs: []string{"./deploy"}, run: "Valid|WorkingDir"},
	// The failure classifier (issue 21): ranking, the localhost exception,
	// the keyword scanner, the unknown stage, the events diagnosis.
	{name: "diagnose-generic-first", file: "platform/diagnose/classify.go",
		old: `return got[i].sig.rank > got[j].sig.rank`, new: `return got[i].sig.rank < got[j].sig.rank`,
		pkgs: []string{"./platform/diagnose"}, run: "TestClassify_OrdersRootCauseFirst"},
	{name: "diagnose-flask-localhost-flagged", file: "platform/diagnose/classify.go",
		old: `if seen[publicBind] {`, new: `if false && seen[publicBind] {`,
		pkgs: []string{"./platform/diagnose"}, run: "TestClassify_HealthyLogsYieldNothing"},
	{name: "diagnose-scanner-no-fail-outputs", file: "platform/diagnose/scan.go",
		old: `for _, r := range k.out[fail[s]] {`, new: `for _, r := range k.out[fail[s]][:0] {`,
		pkgs: []string{"./platform/diagnose"}, run: "TestKeywordScanner_"},
	{name: "diagnose-unknown-stage-is-build", file: "platform/diagnose/classify.go",
		old: `	if r.runtime != "" {
		return r.runtime
	}
	return r.build`, new: `	if r.build != "" {
		return r.build
	}
	return r.runtime`,
		pkgs: []string{"./platform/diagnose"}, run: "TestClassify_StageDecidesTheSignal"},
	{name: "events-without-build-diagnosis", file: "mcp/tool_events.go",
		old: `ops.DiagnoseFailedBuilds(ctx, s.deps.Client, s.deps.Logs, s.projectID(), res)`, new: `_ = ops.DiagnoseFailedBuilds`,
		pkgs: []string{"./mcp"}, run: "TestDiagnosis_FailedBuildInEventsAndLogs"},
	// A zerops.yml the platform rejects is refused before the push (review 2026-11-25).
	{name: "deploy-pushes-invalid-zerops-yml", file: "mcp/tool_deploy.go",
		old: `env.ReadZeropsYml = r.ReadZeropsYml`, new: `_ = r`,
		pkgs: []string{"./mcp"}, run: "TestDeploy_InvalidZeropsYmlRefusedBeforePush"},
	{name: "fake-builds-unknown-zerops-keys", file: "platform/fakeapi/push.go",
		old: `unknownZeropsKeys(*in.ZeropsYaml, setup); len(meta) > 0`, new: `unknownZeropsKeys(*in.ZeropsYaml, setup); len(meta) > 99`,
		pkgs: []string{"./platform/fakeapi"}, run: "TestBuildAndDeploy_UnknownZeropsYmlKeysRefused"},
	// A service being deleted takes no deploy (review 2026-11-27, F2).
	{name: "fake-deploys-to-deleting-service", file: "platform/fakeapi/push.go",
		old: `if s.Status != platform.ServiceDeleting {
		return 0, nil`, new: `if s.Status != "" {
		return 0, nil`,
		pkgs: []string{"./platform/fakeapi"}, run: "TestPush_DeletingServiceRefused"},
	{name: "deploy-pushes-to-deleting-target", file: "deploy/gate.go",
		old: `target == nil || target.Status != platform.ServiceDeleting`, new: `target == nil || target.Status != "x"`,
		pkgs: []string{"./deploy"}, run: "TestRun_DeletingTargetRefusedBeforePush"},
	// A base the catalog lacks fails the build (review 2026-11-27, F3).
	{name: "fake-builds-unknown-base", file: "platform/fakeapi/zeropsyml.go",
		old: `return v != nil && v.Status == "ACTIVE" && (build || !v.IsBuild)`, new: `return true || v != nil`,
		pkgs: []string{"./platform/fakeapi", "./deploy"}, run: "TestBuild_FailsOnUserMistakes|TestAPIPusher_UnknownBaseFailsTheBuild"},
	{name: "unknown-key-without-near-match", file: "platform/yamlcheck/checker.go",
		old: `allowed); near != ""`, new: `allowed); near == "\x00"`,
		pkgs: []string{"./platform/yamlcheck"}, run: "TestValidate_UnknownKeyNamesTheNearMatch"},
	// The deploy checks with zerops_validate's rules (review 3, 2026-11-25).
	{name: "deploy-check-without-catalog", file: "mcp/tool_deploy.go",
		old: `env.Types = s.stackTypes`, new: `_ = s.stackTypes`,
		pkgs: []string{"./mcp"}, run: "TestDeploy_BaseNotInCatalogRefusedAsValidateDoes"},
	{name: "deploy-check-without-subdomain", file: "platform/ops/validate.go",
		old: `s == setup && (target.SubdomainAccess || subdomainPlanned(projectID, target.Name))`, new: `s == setup && false`,
		pkgs: []string{"./mcp"}, run: "TestDeploy_SubdomainWithoutHTTPPortWarnsAsValidateDoes"},
	{name: "deployed-with-warnings-nothing-to-fix", file: "mcp/tool_deploy.go",
		old: `res.Verdict == deploy.VerdictUnverified && len(res.Warnings) > 0`, new: `res.Verdict == deploy.VerdictUnverified && len(res.Warnings) > 99`,
		pkgs: []string{"./mcp"}, run: "TestDeploy_SubdomainWithoutHTTPPortWarnsAsValidateDoes"},
}
