package appsim_test

import (
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// run.prepareCommands as official recipes write them pass; reading what
// only the deploy brings fails with the shell's line.
func TestRunPrepare_OfficialRecipeShapes(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		cmds    []string
		failure string // "" passes
		line    string
	}{
		{"unzip then cd into what it unpacked (supertokens)",
			[]string{"curl -sL https://example.com/core.zip --output core.zip", "unzip core.zip", "cd core && sudo sh install"}, "", ""},
		{"cd into a folder nothing made", []string{"cd core && sudo sh install"},
			"exit code 2", "can't cd to core: No such file or directory"},
		{"unpack into /var/www (prometheus-grafana)",
			[]string{"curl -L -o p.tar.gz https://example.com/p.tar.gz", "tar -xz -C /var/www/ -f p.tar.gz --strip-components=1"}, "", ""},
		{"a venv in /var/www (airflow)", []string{"cd /var/www && python3 -m venv .venv"}, "", ""},
		{"download into /var/www, then own it (metabase)",
			[]string{"curl -fsSL https://example.com/m.jar -o /var/www/m.jar\nchown zerops:zerops /var/www/m.jar", "chmod 644 /var/www/m.jar"}, "", ""},
		{"own a file nothing wrote there", []string{"curl -fsSL https://example.com/m.jar -o /var/www/m.jar", "chmod 644 /var/www/n.jar"},
			"exit code 1", "/var/www/n.jar: No such file or directory"},
		{"read a deployed file", []string{"cp /var/www/config.ini /etc/app.ini"},
			"exit code 1", "/var/www/config.ini: No such file or directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{RunBase: "ubuntu@22.04", Prep: appsim.Prep{RunOS: "ubuntu", RunPrepare: tc.cmds}}
			lines, failure := appsim.RunPrepare(&d, d.RunBase, appsim.NewFiles(), map[string]bool{})
			var log []string
			for _, l := range lines {
				log = append(log, l.Msg)
			}
			if !strings.Contains(failure, tc.failure) || (tc.failure == "") != (failure == "") || !strings.Contains(strings.Join(log, "\n"), tc.line) {
				t.Errorf("failure %q, want %q with %q:\n%s", failure, tc.failure, tc.line, strings.Join(log, "\n"))
			}
		})
	}
}

// A start naming what run.prepareCommands unpacked into /var/www
// (recipe-prometheus-grafana's ./bin/grafana) is not called missing; with
// nothing unpacked there it is.
func TestRun_StartsWhatRunPrepareUnpacked(t *testing.T) {
	t.Parallel()
	unpack := []string{"curl -L https://example.com/g.tar.gz -o g.tar.gz", "tar -xz -C /var/www/ -f g.tar.gz --strip-components=1"}
	for _, tc := range []struct {
		name    string
		prepare []string
		crash   string // "" starts
	}{
		{"unpacked into /var/www", unpack, ""},
		{"nothing unpacked", []string{"sudo apk add curl"}, "./bin/grafana: not found"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := appsim.Setup{RunBase: "alpine@latest", DeployFiles: []string{"./grafana/~/"}, Start: "./bin/grafana server --homepath /var/www/",
				Ports: []appsim.Port{{Port: 3000, HTTP: true}}, Prep: appsim.Prep{RunPrepare: tc.prepare}}
			fs := files(map[string]string{"grafana/conf/defaults.ini": "[server]\nhttp_port = 3000\n"})
			b := appsim.Build(&d, fs, fixedTime)
			run := appsim.Run(&d, fs, &b, d.RunBase, appsim.Env{}, "seed")
			var crash []string
			for _, l := range run.Crash {
				crash = append(crash, l.Msg)
			}
			if got := strings.Join(crash, "\n"); (tc.crash == "") != (got == "") || !strings.Contains(got, tc.crash) {
				t.Errorf("crash %q, want %q", got, tc.crash)
			}
		})
	}
}

// A multi-line start (recipe-airflow's venv, then the server) is named as
// the shell runs it, its lines joined by "; ".
func TestRun_MultiLineStartNamedAsOneLine(t *testing.T) {
	t.Parallel()
	d := appsim.Setup{RunBase: "python@3.12", Start: "source .venv/bin/activate\nairflow webserver\n",
		Ports: []appsim.Port{{Port: 8080, HTTP: true}}}
	fs := files(map[string]string{"dags/hello.py": "print('dag')\n"})
	b := appsim.Build(&d, fs, fixedTime)
	run := appsim.Run(&d, fs, &b, d.RunBase, appsim.Env{}, "seed")
	if got := strings.Join(run.Unchecked, "\n"); !strings.Contains(got, "`source .venv/bin/activate; airflow webserver`") {
		t.Errorf("unchecked %q, want the start as one line", got)
	}
}
