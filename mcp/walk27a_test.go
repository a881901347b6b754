package mcp_test

import (
	"strings"
	"testing"
)

// walk27aGraylog is the graylog recipe's setup (ubuntu, go@1.22, the
// configs deployed and copied into place by run.initCommands, the server
// started from the package graylog-server installs), its twelve
// run.prepareCommands followed by more.
func walk27aGraylog(more ...string) map[string]string {
	prep := []string{
		"curl -fsSL https://pgp.mongodb.com/server-6.0.asc | sudo gpg -o /usr/share/keyrings/mongodb-server-6.0.gpg --dearmor",
		`echo "deb [ arch=amd64,arm64 signed-by=/usr/share/keyrings/mongodb-server-6.0.gpg ] https://repo.mongodb.org/apt/ubuntu jammy/mongodb-org/6.0 multiverse" | sudo tee /etc/apt/sources.list.d/mongodb-org-6.0.list`,
		"curl -o- https://artifacts.opensearch.org/publickeys/opensearch.pgp | sudo apt-key add -",
		`echo "deb https://artifacts.opensearch.org/releases/bundle/opensearch/2.x/apt stable main" | sudo tee -a /etc/apt/sources.list.d/opensearch-2.x.list`,
		"sudo wget https://packages.graylog2.org/repo/packages/graylog-6.0-repository_latest.deb",
		"sudo dpkg -i graylog-6.0-repository_latest.deb",
		"sudo apt-get -y update",
		"sudo apt-get install -y mongodb-org",
		`sudo echo "OPENSEARCH_INITIAL_ADMIN_PASSWORD=\"MyStrongPassword123\"" >> /etc/environment`,
		"sudo echo 'vm.max_map_count=262144' | sudo tee -a /etc/sysctl.conf",
		"sudo apt-get install -y opensearch",
		"sudo apt-get -y install graylog-server",
	}
	y := "zerops:\n  - setup: graylog\n    build:\n      os: ubuntu\n      base: go@1.22\n      deployFiles: [opensearch.yml, jvm.options, server.conf]\n" +
		"    run:\n      os: ubuntu\n      base: go@1.22\n      prepareCommands:\n"
	for _, c := range append(prep, more...) {
		y += "        - '" + strings.ReplaceAll(c, "'", "''") + "'\n"
	}
	y += "      initCommands:\n        - sudo cp /var/www/opensearch.yml /etc/opensearch/\n        - sudo cp /var/www/jvm.options /etc/opensearch/\n" +
		"        - sudo cp /var/www/server.conf /etc/graylog/server/\n" +
		"      ports:\n        - port: 9000\n          httpSupport: true\n      start: sudo /usr/share/graylog-server/bin/graylog-server\n"
	return map[string]string{
		"zerops.yml":     y,
		"opensearch.yml": "cluster.name: graylog\nnetwork.host: 0.0.0.0\ndiscovery.type: single-node\n",
		"jvm.options":    "-Xms2g\n-Xmx2g\n",
		"server.conf":    "is_leader = true\nhttp_bind_address = 0.0.0.0:9000\nmongodb_uri = mongodb://localhost/graylog\n",
	}
}

// TestDeploy_CommandsPastTheTenthWalk27a: the graylog recipe lists twelve
// run.prepareCommands. The sandbox read only the first ten of a list: the
// build log ended at the tenth (the two installs of opensearch and
// graylog-server never shown), and an Alpine install added as the
// thirteenth on its Ubuntu image deployed ("unverified: … could not
// check whether run.initCommands succeed") where the platform fails the
// runtime's preparation at `sudo: apk: command not found`. Every item of
// a list is run.
func TestDeploy_CommandsPastTheTenthWalk27a(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: graylog\n    type: go@1\n    enableSubdomainAccess: true\n"
	runWalkCases(t, []deployCase{
		{name: "an apk install as the thirteenth", services: svc, dir: "graylog", target: "graylog",
			files: walk27aGraylog("sudo apk add --no-cache jq"), verdict: "build-failed",
			says: []string{"$ sudo apt-get -y install graylog-server", "sudo: apk: command not found"}, lacks: []string{"could not check"},
			then: []deployCase{{name: "the recipe's twelve", files: walk27aGraylog(), verdict: "unverified", lacks: []string{"apk add"}}}},
	})
}

// walk27aLongBlock is a nodejs app whose one build command is a block of
// lines, its first line's echo of n characters, its last `npm run build`.
func walk27aLongBlock(script string, n int) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: app\n    build:\n      base: nodejs@22\n      buildCommands:\n        - |\n          npm i\n" +
			"          echo \"" + strings.Repeat("x", n) + "\"\n          npm run " + script + "\n      deployFiles: ./\n" +
			"    run:\n      base: nodejs@22\n      ports:\n        - port: 3000\n          httpSupport: true\n      start: node server.js\n",
		"package.json": `{"name":"app","version":"1.0.0","scripts":{"build":"node build.js"}}`,
		"build.js":     "require('fs').writeFileSync('out.txt', 'built')\n",
		"server.js":    "require('http').createServer((req, res) => res.end('ok')).listen(3000)\n",
	}
}

// TestDeploy_LongBuildCommandWalk27a: graylog's second run.prepareCommand
// (an apt source line piped to tee) is over 200 characters, and the
// sandbox ran it cut there, "…" appended. A build block over 200
// characters was judged cut as well: `npm run build` past the cut ran as
// `npm run bu…` and failed "Missing script: \"bu…\"", with the fix
// "Correct the script name in `build.buildCommands`" for a build the
// platform runs; a missing script past the cut was "live … nothing to
// fix". A command is run whole (the script it reaches, `node build.js`, is
// not simulated: unverified, naming it).
func TestDeploy_LongBuildCommandWalk27a(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: app\n    type: nodejs@22\n"
	runWalkCases(t, []deployCase{
		{name: "the cut inside npm run build", services: svc, dir: "app", target: "app", files: walk27aLongBlock("build", 177), verdict: "unverified",
			says: []string{"`node build.js`"}, lacks: []string{"Missing script"}},
		{name: "a missing script past the cut", services: svc, dir: "app", target: "app", files: walk27aLongBlock("nosuch", 300), verdict: "build-failed",
			says: []string{`Missing script: \"nosuch\"`}, lacks: []string{"nothing to fix"}},
	})
}

// walk27aAirflow is the airflow recipe's standalone setup (its dags
// deployed, Airflow installed into /var/www/.venv by run.prepareCommands
// with install, started from the venv on 8080).
func walk27aAirflow(install string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: airflowstandalone\n    build:\n      deployFiles:\n        - dags\n    run:\n      os: ubuntu\n      base: python@3.12\n" +
			"      envVariables:\n        AIRFLOW_HOME: /var/www/airflow\n        AIRFLOW__CORE__DAGS_FOLDER: /var/www/dags\n" +
			"      prepareCommands:\n        - |\n          cd /var/www\n          uv venv\n          source .venv/bin/activate\n          " + install + "\n" +
			"      ports:\n        - port: 8080\n          httpSupport: true\n      start: |\n        source .venv/bin/activate\n        airflow standalone\n",
		"dags/showcase.py": "from datetime import datetime\nfrom airflow import DAG\n\nwith DAG('showcase', start_date=datetime(2024, 6, 20), catchup=False) as dag:\n    pass\n",
	}
}

// TestDeploy_PipConstraintsFromAURLWalk27a: the airflow recipe installs
// Airflow with `uv pip install "apache-airflow==2.10.5" --constraint
// "https://raw.githubusercontent.com/…/constraints-3.12.txt"`, as
// Airflow's docs say. With pip in uv's place, the answer was
// build-failed: "Could not open requirements file: … No such file or
// directory: 'https://…'", and the fix told the agent to list the URL in
// build.addToRunPrepare. pip reads a constraints or requirements file
// from a URL; only a local path is judged.
func TestDeploy_PipConstraintsFromAURLWalk27a(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: airflowstandalone\n    type: python@3.12\n"
	url := "https://raw.githubusercontent.com/apache/airflow/constraints-2.10.5/constraints-3.12.txt"
	var cases []deployCase
	for _, install := range []string{
		`pip install "apache-airflow==2.10.5" --constraint "` + url + `"`,
		"pip install apache-airflow==2.10.5 -c " + url,
		"pip install --requirement=https://example.com/requirements.txt",
	} {
		cases = append(cases, deployCase{name: install, services: svc, dir: "airflow", target: "airflowstandalone", files: walk27aAirflow(install),
			verdict: "unverified", reason: []string{"airflow standalone"}, lacks: []string{"Could not open requirements file", "addToRunPrepare"}})
	}
	cases = append(cases, deployCase{name: "a local constraints file not listed", services: svc, dir: "airflow", target: "airflowstandalone",
		files: walk27aAirflow("pip install apache-airflow -c constraints.txt"), verdict: "build-failed",
		says: []string{"Could not open requirements file"}, next: []string{"addToRunPrepare"}})
	runWalkCases(t, cases)
}

// walk27aEcho is the echo recipe's app cut to what its start reads: a
// binary built from main.go, whose handler setup parses SMTP_PORT with
// parse and panics on the error before it listens on 8080, env the
// setup's run.envVariables.
func walk27aEcho(parse string, env ...string) map[string]string {
	y := "zerops:\n  - setup: app\n    build:\n      base: go@latest\n      buildCommands:\n        - go build -v -o app main.go\n      deployFiles:\n        - app\n" +
		"    run:\n      ports:\n        - port: 8080\n          httpSupport: true\n      envVariables:\n        SMTP_HOST: mailpit\n"
	for _, e := range env {
		y += "        " + e + "\n"
	}
	return map[string]string{
		"zerops.yml": y + "      start: /var/www/app\n",
		"go.mod":     "module example.com/app\n\ngo 1.22\n",
		"main.go": "package main\n\nimport (\n\t\"fmt\"\n\t\"net/http\"\n\t\"os\"\n\t\"strconv\"\n\t\"time\"\n)\n\n" +
			"func newMailer() string {\n\tmailerPort, err := " + parse + "(os.Getenv(\"SMTP_PORT\"))\n\tif err != nil {\n\t\tpanic(err)\n\t}\n" +
			"\treturn fmt.Sprintf(\"%s:%v\", os.Getenv(\"SMTP_HOST\"), mailerPort)\n}\n\n" +
			"func main() {\n\t_, _ = time.Second, strconv.IntSize\n\tmailer := newMailer()\n\thttp.HandleFunc(\"/\", func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, mailer) })\n" +
			"\tif err := http.ListenAndServe(\":8080\", nil); err != nil {\n\t\tpanic(err)\n\t}\n}\n",
	}
}

// TestDeploy_GoParsesAnUnsetVariableWalk27a: the echo recipe's handler
// setup runs `mailerPort, err := strconv.Atoi(os.Getenv("SMTP_PORT"))`
// and panics on the error before it listens. With SMTP_PORT left out of
// run.envVariables, the answer was "unverified" naming the init command
// and the bare references, not SMTP_PORT: the app panics at every start
// (strconv.Atoi: parsing "": invalid syntax). It names the variable.
func TestDeploy_GoParsesAnUnsetVariableWalk27a(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: app\n    type: go@1\n"
	var cases []deployCase
	for _, parse := range []string{"strconv.Atoi", "strconv.ParseBool", "time.ParseDuration"} {
		cases = append(cases, deployCase{name: parse, services: svc, dir: "app", target: "app", files: walk27aEcho(parse), verdict: "unverified",
			reason: []string{"SMTP_PORT"}, next: []string{"SMTP_PORT"}, lacks: []string{"nothing to fix"},
			then: []deployCase{{name: "SMTP_PORT set", files: walk27aEcho(parse, `SMTP_PORT: "1025"`), verdict: "live"}}})
	}
	runWalkCases(t, cases)
}

// walk27aPython is the python recipe's api (Flask, its packages from
// requirements.txt installed by run.prepareCommands, /status checked by
// run.healthCheck on 8000) started by start, reqs requirements.txt.
func walk27aPython(start, reqs string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: api\n    build:\n      base: python@3.12\n      deployFiles:\n        - app.py\n      addToRunPrepare:\n        - requirements.txt\n" +
			"    run:\n      base: python@3.12\n      prepareCommands:\n        - python3 -m pip install --ignore-installed -r requirements.txt\n      start: " + start + "\n" +
			"      ports:\n        - port: 8000\n          httpSupport: true\n",
		"requirements.txt": reqs,
		"app.py": "from flask import Flask, jsonify\n\napp = Flask(__name__)\n\n@app.route('/status')\ndef status_check():\n    return jsonify(status=\"UP\")\n\n" +
			"if __name__ == '__main__':\n    app.run(host='0.0.0.0', port=8000)\n",
	}
}

// TestDeploy_PyServerNoInstallNamesWalk27a: the python recipe installs
// Flask, psycopg2-binary, python-dotenv, Werkzeug and waitress from its
// requirements.txt and starts `python3 app.py`. Started with `gunicorn
// app:app`, the answer was "listens on localhost … put `--bind
// 0.0.0.0:8000` in run.start"; done, "answers 200": nothing installs
// gunicorn, and the start finds no such command. With installs the
// sandbox reads, a server none of them names is unverified, naming it;
// listed, it is not.
func TestDeploy_PyServerNoInstallNamesWalk27a(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: api\n    type: python@3.12\n"
	reqs := "Flask==3.0.3\npsycopg2-binary==2.9.9\npython-dotenv==0.19.0\nWerkzeug==3.0.3\nwaitress==3.0.0\n"
	start := "gunicorn --bind 0.0.0.0:8000 app:app"
	runWalkCases(t, []deployCase{
		{name: "gunicorn not in requirements.txt", services: svc, dir: "api", target: "api", files: walk27aPython(start, reqs), verdict: "unverified",
			reason: []string{"gunicorn: no install the sandbox read names"}, lacks: []string{"nothing to fix"},
			then: []deployCase{{name: "gunicorn listed", files: walk27aPython(start, reqs+"gunicorn==23.0.0\n"), verdict: "live"}}},
		{name: "waitress-serve listed", services: svc, dir: "api", target: "api",
			files: walk27aPython("waitress-serve --listen=0.0.0.0:8000 app:app", reqs), verdict: "live"},
	})
}

// TestDeploy_ServerOnItsOwnPortOffersRunPortsWalk27a: the python recipe's
// app.py runs `app.run(host='0.0.0.0', port=8000)`, and run.ports and
// run.healthCheck name 8000. With run.ports moved to 8080, the fix was
// only "Flask's server listens on 5000 unless told otherwise …: call
// `app.run(host="0.0.0.0", port=8080)`", and done, the health check on
// 8000 failed next: the port is written in the code, and moving
// run.ports back to it is the fix that touches nothing else.
func TestDeploy_ServerOnItsOwnPortOffersRunPortsWalk27a(t *testing.T) {
	t.Parallel()
	files := walk27aPython("python3 app.py", "Flask==3.0.3\n")
	files["zerops.yml"] = strings.Replace(files["zerops.yml"], "- port: 8000", "- port: 8080", 1)
	runWalkCases(t, []deployCase{
		{name: "run.ports 8080", services: "services:\n  - hostname: api\n    type: python@3.12\n", dir: "api", target: "api", files: files,
			verdict: "not-answering", next: []string{"change `run.ports` to 8000"}, lacks: []string{"unless told otherwise"},
			then: []deployCase{{name: "run.ports back to 8000", files: walk27aPython("python3 app.py", "Flask==3.0.3\n"), verdict: "live"}}},
	})
}

// walk27aMailpit is the mailpit recipe's setup (build.buildCommands run
// script, which downloads the mailpit binary; run on alpine@3.20 on
// 8025), its files the script download-mailpit.sh.
func walk27aMailpit(script string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: mailpit\n    build:\n      buildCommands:\n        - " + script + "\n      deployFiles: ./mailpit\n" +
			"    run:\n      base: alpine@3.20\n      ports:\n        - port: 8025\n          httpSupport: true\n        - port: 1025\n      start: ./mailpit\n",
		"download-mailpit.sh": "#!/bin/sh\nwget -q -O - \"https://github.com/axllent/mailpit/releases/latest/download/mailpit-linux-amd64.tar.gz\" | tar zxf -\nchmod 755 mailpit\n",
	}
}

// TestDeploy_BuildRunsAScriptNotUploadedWalk27a: the mailpit recipe's
// build runs `sh download-mailpit.sh`. Misnamed (`sh download.sh`), the
// answer was "deployed; unverified: … where `./mailpit` listens": the
// shell cannot open a script the upload lacks and the build fails there.
// `sh FILE`, `bash FILE` and `./FILE` of a file neither uploaded nor
// made before are judged; the recipe's script is not.
func TestDeploy_BuildRunsAScriptNotUploadedWalk27a(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: mailpit\n    type: alpine@3.20\n"
	var cases []deployCase
	for _, tc := range []struct{ script, says string }{
		{"sh download.sh", `sh: can't open 'download.sh': No such file or directory`},
		{"bash -e download.sh", `bash: download.sh: No such file or directory`},
		{"./download.sh", `/bin/sh: ./download.sh: not found`},
	} {
		cases = append(cases, deployCase{name: tc.script, services: svc, dir: "mailpit", target: "mailpit", files: walk27aMailpit(tc.script),
			verdict: "build-failed", says: []string{tc.says}, lacks: []string{"where `./mailpit` listens"},
			then: []deployCase{{name: "the recipe's script", files: walk27aMailpit("sh download-mailpit.sh"), verdict: "unverified", reason: []string{"where `./mailpit` listens"}}}})
	}
	cases = append(cases, deployCase{name: "a script an earlier command writes", services: svc, dir: "mailpit", target: "mailpit",
		files: walk27aMailpit("wget -q -O get.sh https://example.com/get.sh && sh get.sh && sh download-mailpit.sh"), verdict: "unverified"})
	runWalkCases(t, cases)
}

// TestDeploy_RunPrepareScriptNotListedWalk27a: a run.prepareCommands line
// that runs a script (`sh setup.sh`, the mailpit recipe's form of a
// download) finds only what build.addToRunPrepare lists in /home/zerops.
// The script left out, the fix must say to list it, not to use the base's
// package manager.
func TestDeploy_RunPrepareScriptNotListedWalk27a(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: api\n    type: python@3.12\n"
	withScript := func(run, list string) map[string]string {
		f := walk27aPython("python3 app.py", "Flask==3.0.3\n")
		f["zerops.yml"] = strings.Replace(strings.Replace(f["zerops.yml"], "python3 -m pip install --ignore-installed -r requirements.txt", run, 1),
			"        - requirements.txt\n", list, 1)
		f["setup.sh"] = "python3 -m pip install --ignore-installed -r requirements.txt\n"
		return f
	}
	var cases []deployCase
	for _, run := range []string{"sh setup.sh", "bash setup.sh", "./setup.sh"} {
		// Listed, ./setup.sh is a command the sandbox does not run
		// (walk28a: run.prepareCommands follow build.buildCommands' rule).
		listed := deployCase{name: "listed", files: withScript(run, "        - requirements.txt\n        - setup.sh\n"), verdict: "live"}
		if run == "./setup.sh" {
			listed.verdict, listed.reason = "unverified", []string{"whether run.prepareCommands succeed: `./setup.sh` is not simulated"}
		}
		cases = append(cases, deployCase{name: run, services: svc, dir: "api", target: "api",
			files: withScript(run, "        - requirements.txt\n"), verdict: "build-failed", next: []string{"addToRunPrepare: [setup.sh]"},
			lacks: []string{"package manager"}, then: []deployCase{listed}})
	}
	runWalkCases(t, cases)
}
