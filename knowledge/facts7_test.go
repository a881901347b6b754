package knowledge

import "testing"

// TestFacts_CoverageAudit7 keeps the facts kbgaps7 added from the official
// docs' pages (build and deploy pipeline, zerops.yml reference, env
// variables, firewall, runtimes, logs): what the section an agent lands on
// now states.
func TestFacts_CoverageAudit7(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"platform/scaling", "the build container: 1 to 5 cores, 8 GB RAM, 1–100 GB disk, not settable", "starts at 1 CPU core and grows to at most 5, has 8 GB of RAM throughout, and 1–100 GB of disk"},
		{"operations/rollback-metrics-export", "activating an archived version restores its env variables", "restores the variables as they stood when that version was last active"},
		{"config/zerops-yml-health-checks", "a failing readiness check: 5 s retries and 5 minutes per the pipeline pages, failureTimeout per the guide", "retried every 5 s and after 5 minutes the container is replaced.{0,120}deploy fails once `failureTimeout`"},
		{"tools/zcli", "the prepare runtime log is not printed by zcli", "the prepare runtime log only in the GUI"},
		{"env/cross-service-references", "envIsolation none can be set on one service; nested form wins", "`envIsolation: none` on one service in import\\.yml.{0,250}the nested one wins"},
		{"config/zerops-yml-env-variables", "PATH: refused per the newer guide, editable per older pages", "`PATH`\\*\\*: refused as a system key \\(`userDataUseOfSystemKey`\\) per the newer guide, though older runtime pages call it editable"},
		{"networking/outbound-restrictions", "outgoing UDP is not restricted; support opens blocked ports", "no limit on outgoing UDP at all.{0,120}support@zerops\\.io"},
		{"config/import-yml-structure", "an import file is at most 100 kB", "the whole import file may be at most 100 kB"},
		{"config/zerops-yml-structure", "extends also takes a list, later wins", "extends: base` inherits another setup \\(a list, `\\[base, logs\\]`: later wins\\)"},
		{"config/zerops-yml-run", "prepareCommands get files through build.addToRunPrepare", "or list its files in `build\\.addToRunPrepare`"},
		{"operations/ci-cd", "rebuild without a commit: Re-deploy last pipeline / Trigger new pipeline", "\\*\\*Re-deploy last pipeline\\*\\*.{0,80}\\*\\*Trigger new pipeline\\*\\*"},
		{"operations/deploy-with-zcli", ".deployignore applies to zcli service deploy too", "`\\.deployignore` file \\(gitignore syntax\\) excludes more, for `zcli service deploy` as well"},
		{"runtimes/nodejs", "a build stuck on a package manager prompt: CI=true", "Proceed\\? \\(Y/n\\)`: set `CI: \"true\"` in `build\\.envVariables`"},
		{"runtimes/nodejs", "Python in a Node.js build: zsc add", "`zsc add python@3\\.12` in `build\\.prepareCommands`"},
		{"runtimes/static", "Prerender.io built in: PRERENDER_TOKEN, PRERENDER_HOST", "set the secret variable `PRERENDER_TOKEN`.{0,300}`PRERENDER_HOST`.{0,80}default `service\\.prerender\\.io`"},
		{"runtimes/nginx", "nginx's default config serves Prerender.io with PRERENDER_TOKEN", "serves pre-rendered HTML to bots once `PRERENDER_TOKEN` is set"},
		{"config/zerops-yml-schema", "the published zerops.yml JSON Schema URL", "https://api\\.app-prg1\\.zerops\\.io/api/rest/public/settings/zerops-yml-json-schema\\.json"},
		{"config/zerops-yml-schema", "SchemaStore applies it to zerops.yml and zerops.yaml", "registered in SchemaStore for the names `zerops\\.yml` and `zerops\\.yaml`"},
		{"runtimes/python", "Python inside another runtime's build: zsc add", "`zsc add python@3\\.12` in that service's `build\\.prepareCommands`"},
	})
}
