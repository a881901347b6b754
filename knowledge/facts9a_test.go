package knowledge

import "testing"

// TestFacts_Incidents9a keeps the facts kbgaps9a added for what agents
// paste or ask while something is broken: a request the balancer cuts, a
// log that shows nothing, a zerops.yml the push does not find or whose
// build has no base. Each is in the section an agent lands on.
func TestFacts_Incidents9a(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"troubleshooting/networking-ports", "a 504 after about a minute: nginx's own 60 s wait, no Zerops value", "(?s)## upstream-timeout.{0,900}nginx's own default is 60 s of silence \\(`proxy_read_timeout`\\), so a `504` after about a minute is most likely that"},
		{"troubleshooting/networking-ports", "streaming bytes keeps a slow request alive", "bytes streamed every few seconds keep a request alive"},
		{"networking/websockets-balancer", "balancer timeouts count silence between reads or writes, not a whole request", "Each timeout counts silence between two reads or writes, not a request's whole time"},
		{"networking/websockets-balancer", "the official guide's send_timeout advice and nginx's meaning, both", "official networking guide advises raising `send_timeout` for slow answers; by nginx's meaning it only covers passing the answer on"},
		{"operations/logs", "zcli service log --follow prints the last lines, then only new ones", "`--follow` prints the last lines, then new ones; name the service; nginx lines need `--message-type WEBSERVER`"},
		{"operations/logs", "Python buffers print(): PYTHONUNBUFFERED", "Python buffers `print\\(\\)`: set `PYTHONUNBUFFERED: \"1\"`"},
		{"troubleshooting/build-failures", "zerops.yml not found: the file at the root of what is pushed, or --zerops-yaml-path", "`zerops\\.yml not found`: the file must sit at the root of what is pushed \\(`--zerops-yaml-path <file>` names another"},
		{"troubleshooting/build-failures", "build.base is required: every build names a base", "`build\\.base is required`: every `build` needs a `base`"},
		{"operations/deploy-with-zcli", "zcli's own words when zerops.yml is not in the pushed directory", "must be in the working directory, which is the pushed directory's root \\(zcli stops with `File zerops\\.yml not found\\. Checked paths: \\[…\\]` otherwise\\)"},
		{"config/zerops-yml-build", "build.base is required; run.base is optional", "\\*\\*No `base`\\*\\* \\(`build\\.base is required`\\): a `build` section always names its base; `run\\.base` is optional"},
		{"config/zerops-yml-build", "base is required in the keys table", "\\| `base` \\| \\*\\*required\\*\\* when there is a `build` section"},
		{"troubleshooting/runtime-crashes", "a shared library the run image lacks: install it in run.prepareCommands", "a missing library \\(`error while loading shared libraries: libssl\\.so\\.3`\\): `sudo apk add --no-cache libssl3` in `run\\.prepareCommands`"},
		{"pitfalls/binding-localhost", "Node SSR servers read HOST and PORT; remix-serve binds all interfaces without HOST", "\\| Node SSR servers \\| each reads `HOST` and `PORT` at start: Nuxt \\(Nitro; also `NITRO_HOST`/`NITRO_PORT`\\), SvelteKit `adapter-node`.{0,200}`remix-serve` and React Router `react-router-serve` take `PORT` \\(default 3000\\) and listen on all interfaces unless `HOST` names one"},
	})
}

// TestFacts_LogsPageWhole9a keeps the logs page short enough to be shown
// whole: agents asking why a log is empty need both its "log to stdout"
// line and its empty-log checks, which sit in different sections.
func TestFacts_LogsPageWhole9a(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range docs {
		if d.URI == "zerops://docs/operations/logs" && len(d.Content) >= wholeDocBelow {
			t.Errorf("operations/logs is %d bytes, shown by sections from %d: the empty-log checks and 'log to stdout' no longer show together", len(d.Content), wholeDocBelow)
		}
	}
}
