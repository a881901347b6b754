package mcp_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// TestImport_BuildFromGitInTheSandboxWalk26f: the medama recipe imports
// its app with buildFromGit. The answer said the platform builds and
// deploys it, "no zerops_deploy needed": true on Zerops, but the sandbox
// builds nothing from git, and zerops_verify then answered not-deployed.
// In the sandbox the answer says so and how to try the app there (a local
// copy pushed with zerops_deploy); on the platform it stays as it was. The
// export's next step likewise.
func TestImport_BuildFromGitInTheSandboxWalk26f(t *testing.T) {
	t.Parallel()
	imp := "services:\n  - hostname: app\n    type: go@1\n    buildFromGit: https://github.com/zeropsio/recipe-medama\n"
	for _, tc := range []struct {
		name               string
		sandbox            bool
		says, exported     []string
		lacks, notExported []string
	}{
		{"sandbox", true, []string{"sandbox builds nothing from git", "deploy that folder to app with zerops_deploy (workingDir: the folder)"}, []string{"when imported on Zerops", "deploy a local copy"},
			[]string{"no zerops_deploy needed"}, nil},
		{"platform", false, []string{"the platform builds and deploys it after the import, no zerops_deploy needed"}, []string{"app builds from its buildFromGit repository when imported: no deploy needed."},
			[]string{"sandbox"}, []string{"sandbox"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: tc.sandbox})
			// The dry run says it before the import (walk 75: only the
			// export said it, after).
			res, m := h.call(t, "zerops_import", map[string]any{"content": imp, "dryRun": true})
			wantOK(t, res)
			if said := strings.Contains(str(m["next"]), "sandbox builds nothing from git"); said != tc.sandbox {
				t.Errorf("dry run's next says the sandbox builds nothing from git: %v, want %v: %s", said, tc.sandbox, str(m["next"]))
			}
			res, m = h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": imp}, "imp")
			wantOK(t, res)
			next := str(m["next"])
			for _, w := range tc.says {
				if !strings.Contains(next, w) {
					t.Errorf("import's next lacks %q: %s", w, next)
				}
			}
			for _, w := range tc.lacks {
				if strings.Contains(next, w) {
					t.Errorf("import's next has %q: %s", w, next)
				}
			}
			res, m = h.call(t, "zerops_export", map[string]any{})
			wantOK(t, res)
			next = str(m["next"])
			for _, w := range tc.exported {
				if !strings.Contains(next, w) {
					t.Errorf("export's next lacks %q: %s", w, next)
				}
			}
			for _, w := range tc.notExported {
				if strings.Contains(next, w) {
					t.Errorf("export's next has %q: %s", w, next)
				}
			}
		})
	}
}

// walk26fBun is the discord-bun recipe's bot (walk25aDiscordBun, its
// variables set) built on build and run on run, with the run.prepareCommands
// given.
func walk26fBun(build, run string, runPrep ...string) map[string]string {
	files := walk25aDiscordBun(map[string]string{"DISCORD_TOKEN": "t", "DISCORD_CLIENT_ID": "1"})
	y := strings.Replace(files["zerops.yml"], "run:\n      base: bun@1.1", "run:\n      base: "+run, 1)
	y = strings.Replace(y, "build:\n      base: bun@1.1", "build:\n      base: "+build, 1)
	if len(runPrep) > 0 {
		y = strings.Replace(y, "      envVariables:", "      prepareCommands:\n        - "+strings.Join(runPrep, "\n        - ")+"\n      envVariables:", 1)
	}
	files["zerops.yml"] = y
	return files
}

// TestDeploy_BunOnANodejsBaseWalk26f: the discord-bun recipe builds and
// runs on bun@1.1 (`bun i`, `bun start`). On a nodejs base the answer said
// nothing to fix, though the docs list the Node.js images' tools (npm,
// yarn, git, npx, zCLI) without Bun: `bun` is not found there. The build
// fails so, or the start crash-loops, naming a bun base or an install.
func TestDeploy_BunOnANodejsBaseWalk26f(t *testing.T) {
	t.Parallel()
	svc := func(typ string) string { return "services:\n  - hostname: discordbun\n    type: " + typ + "\n" }
	runWalkCases(t, []deployCase{
		{name: "build on nodejs", services: svc("nodejs@22"), dir: "bot", target: "discordbun", files: walk26fBun("nodejs@22", "nodejs@22"), verdict: "build-failed",
			says: []string{"bun: not found"}, next: []string{"bun@"}, lacks: []string{"nothing to fix"},
			then: []deployCase{{name: "the recipe's base", files: walk26fBun("bun@1.1", "bun@1.1"), verdict: "deployed"}}},
		{name: "run on nodejs", services: svc("nodejs@22"), dir: "bot", target: "discordbun", files: walk26fBun("bun@1.1", "nodejs@22"), verdict: "not-answering",
			says: []string{"bun: not found"}, next: []string{"bun@"}, lacks: []string{"nothing to fix"},
			then: []deployCase{{name: "bun installed", files: walk26fBun("bun@1.1", "nodejs@22", "npm install -g bun"), verdict: "deployed"}}},
	})
}

// TestValidate_BunOnANodejsBuildBaseWalk26f: zerops_validate warns of
// `bun` in buildCommands on a nodejs build base, naming a bun base.
func TestValidate_BunOnANodejsBuildBaseWalk26f(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	res, _ := h.call(t, "zerops_validate", map[string]any{"content": walk26fBun("nodejs@22", "nodejs@22")["zerops.yml"], "kind": "zerops.yml"})
	if answer := text(res); !strings.Contains(answer, "bun: not found") || !strings.Contains(answer, "bun@1.2") {
		t.Errorf("want the missing bun warned of, with a bun base: %s", answer)
	}
}

// walk26fMedama is the medama recipe's zerops.yml: the release zip
// downloaded by run.prepareCommands, unpacked by run.initCommands, started
// with its databases under /mnt/sharedstorage0.
const walk26fMedama = "zerops:\n  - setup: app\n    build:\n      deployFiles: [.]\n    run:\n      os: ubuntu\n      base: go@1\n" +
	"      prepareCommands:\n        - sudo wget -P /var/www/ https://github.com/medama-io/medama/releases/download/v0.4.4/medama-v0.4.4-linux-amd64.zip\n" +
	"      initCommands:\n        - yes | sudo unzip -q /var/www/medama-v0.4.4-linux-amd64.zip\n        - sudo chmod +x /var/www/medama_linux_amd64\n" +
	"      ports:\n        - port: 8080\n          httpSupport: true\n" +
	"      start: sudo /var/www/medama_linux_amd64 start -analyticsdb /mnt/sharedstorage0/me_analytics.db -appdb /mnt/sharedstorage0/me_meta.db\n"

// TestDeploy_SharedStorageNotMountedWalk26f: the medama recipe imports a
// shared storage and mounts it on the app (mount: [sharedstorage0], with
// buildFromGit), whose start keeps its databases under
// /mnt/sharedstorage0. Imported without the mount, the answer named only
// the commands it does not run: nothing is mounted at /mnt/sharedstorage0,
// so the databases land on the container's own disk (if at all) and are
// lost at each deploy. The reason names the missing mount and its fix.
func TestDeploy_SharedStorageNotMountedWalk26f(t *testing.T) {
	t.Parallel()
	storage := "services:\n  - hostname: sharedstorage0\n    type: shared-storage\n    mode: NON_HA\n  - hostname: app\n    type: go@1\n"
	files := map[string]string{"zerops.yml": walk26fMedama}
	runWalkCases(t, []deployCase{
		{name: "no mount", services: storage, dir: "medama", target: "app", files: files, verdict: "unverified",
			reason: []string{"/mnt/sharedstorage0", "mount: [sharedstorage0]", "lost"}, lacks: []string{"nothing to fix"}},
		{name: "the recipe's mount", services: storage + "    buildFromGit: https://github.com/zeropsio/recipe-medama\n    mount:\n      - sharedstorage0\n",
			dir: "medama", target: "app", files: files, verdict: "unverified", lacks: []string{"mount: [sharedstorage0]"}},
	})
}

// walk26fCheckPort is the supertokens backend (walk25aBackend on 3001)
// with deploy.readinessCheck asking port check; unread: started by a
// server the sandbox does not model (where it listens is not read).
func walk26fCheckPort(check string, unread bool) map[string]string {
	files := walk25aBackend("3001")
	files["zerops.yml"] = strings.Replace(files["zerops.yml"], "          port: 3001\n          path: /", "          port: "+check+"\n          path: /", 1)
	if unread {
		files["zerops.yml"] = strings.Replace(files["zerops.yml"], "start: npm start", "start: ./server", 1)
		files["server"] = "#!/bin/sh\n"
	}
	return files
}

// TestDeploy_ReadinessCheckPortNotInRunPortsWalk26f: the supertokens
// recipe's backend declares 3001 in run.ports and asks its readiness check
// there. With the check on 3002, a port run.ports does not declare, the
// deploy failed with a generic fix. The answer says the check's port is not
// among run.ports and gives the port to set, once.
func TestDeploy_ReadinessCheckPortNotInRunPortsWalk26f(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: nodejsbackend\n    type: nodejs@22\n"
	runWalkCases(t, []deployCase{
		{name: "app read", services: svc, dir: "backend", target: "nodejsbackend", files: walk26fCheckPort("3002", false), verdict: "deploy-failed",
			next: []string{"Port 3002, which the check asks, is not among `run.ports` (3001)", "to 3001"}, once: []string{"is not among `run.ports`"},
			then: []deployCase{{name: "the check on 3001", files: walk26fCheckPort("3001", false), verdict: "live"}}},
		{name: "app not read", services: svc, dir: "backend", target: "nodejsbackend", files: walk26fCheckPort("3002", true), verdict: "deploy-failed",
			next: []string{"Port 3002, which the check asks, is not among `run.ports` (3001)", "to 3001"}, once: []string{"is not among `run.ports`"}},
	})
}

// TestDeploy_SystemctlVerbMisspeltWalk26f: the zabbix recipe starts its
// servers with `sudo systemctl restart …` in run.initCommands. Written with
// start misspelt, the answer gave a generic fix: systemctl refuses the
// verb (`Unknown command verb …`), the init command fails and the deploy
// with it; the fix names the verb and the one meant.
func TestDeploy_SystemctlVerbMisspeltWalk26f(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: app\n    type: ubuntu@22.04\n"
	runWalkCases(t, []deployCase{
		{name: "a verb misspelt", services: svc, dir: "app", target: "app", files: walk25bIdle("while true; do sleep 10000; done", "sudo systemctl strat nginx"), verdict: "deploy-failed", //nolint:misspell // the typo is the test
			says: []string{"Unknown command verb strat."}, next: []string{"`strat`", "`start`"}, //nolint:misspell // and the verb the answer names
			then: []deployCase{{name: "start", files: walk25bIdle("while true; do sleep 10000; done", "sudo systemctl start nginx"), verdict: "unverified"}}},
	})
}

// TestImport_BuildFromGitSaidWhenNotFollowed: a client that asks no
// progress is not waited for; the process check then ended the answer and
// what becomes of buildFromGit was dropped (walk 75). It follows the check.
func TestImport_BuildFromGitSaidWhenNotFollowed(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{sandboxPush: true})
	res, m := h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: app\n    type: go@1\n    buildFromGit: https://github.com/zeropsio/recipe-medama\n"})
	wantOK(t, res)
	if next := str(m["next"]); !strings.Contains(next, "zerops_process") || !strings.Contains(next, "Once it has finished: app has buildFromGit") || !strings.Contains(next, "sandbox builds nothing from git") {
		t.Errorf("next = %q", next)
	}
}

// TestImport_DryRunWarnsOfADanglingReference: a reference to a service
// neither the import nor the project has is warned of in the dry run
// (walk 75c: an export renamed for a re-import kept ${api_hostname} of a
// service gone, and the dry run answered valid without a word); one to
// the project's db, or to a service of the same import, is not.
func TestImport_DryRunWarnsOfADanglingReference(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	imp := "services:\n  - hostname: web2\n    type: nodejs@22\n    envSecrets:\n      API_HOST: ${api_hostname}\n      DB_HOST: ${db_hostname}\n      PEER: ${worker2_hostname}\n" +
		"  - hostname: worker2\n    type: nodejs@22\n"
	res, m := h.call(t, "zerops_import", map[string]any{"content": imp, "dryRun": true})
	wantOK(t, res)
	w := fmt.Sprint(m["warnings"])
	if !strings.Contains(w, `${api_hostname}: neither this import nor the project has a service \"api\"`) && !strings.Contains(w, `${api_hostname}: neither this import nor the project has a service "api"`) {
		t.Errorf("no warning of ${api_hostname}: %s", text(res))
	}
	if strings.Contains(w, "${db_hostname}") || strings.Contains(w, "${worker2_hostname}") || m["valid"] != true {
		t.Errorf("a reference that resolves is warned of, or the import is refused: %s", text(res))
	}
}

// TestImport_DryRunWarnsOfAMissingKey: walk 78 renamed OLD_NAME away and
// re-imported an export; `${pyapp_OLD_NAME}` and `${pyapp2_OLD_NAME}`
// passed the dry run, while zerops_env set warns of the same reference.
// A key the project's service lacks is warned of as set warns; a key a
// runtime of the import lacks, with what it will have and that its
// zerops.yml may add it; the platform's own and its envSecrets pass.
func TestImport_DryRunWarnsOfAMissingKey(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	imp := "services:\n  - hostname: web2\n    type: nodejs@22\n    envSecrets:\n      A: ${db_passwrd}\n      B: ${db_password}\n" +
		"      C: ${worker2_OLD_NAME}\n      D: ${worker2_NEW_NAME}\n      E: ${worker2_hostname}\n" +
		"  - hostname: worker2\n    type: nodejs@22\n    envSecrets:\n      NEW_NAME: x\n"
	res, m := h.call(t, "zerops_import", map[string]any{"content": imp, "dryRun": true})
	wantOK(t, res)
	w := text(res)
	for _, want := range []string{"${db_passwrd}: db has no variable passwrd", "${db_password}", // the likely meant one
		"${worker2_OLD_NAME}: worker2, which this import creates, has no variable OLD_NAME (it will have: NEW_NAME, hostname, projectId, serviceId)",
		"Keep it if worker2's zerops.yml sets OLD_NAME in run.envVariables"} {
		if !strings.Contains(w, want) {
			t.Errorf("answer lacks %q: %s", want, w)
		}
	}
	if strings.Contains(w, "NEW_NAME:") || strings.Contains(w, "${worker2_hostname}:") || strings.Contains(w, "${db_password}:") || m["valid"] != true {
		t.Errorf("a reference that resolves is warned of, or the import is refused: %s", w)
	}
}
