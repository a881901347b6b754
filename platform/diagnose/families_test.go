package diagnose

import (
	"slices"
	"strings"
	"testing"
)

// A server's startup line naming a loopback address and port, whatever its
// banner says, explains the balancer's refusal of that port; the same
// line beside a refusal of another port, or no refusal, is no failure.
func TestClassify_LoopbackBannerExplainsTheBalancerRefusal(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		want  []string
		fix   string
	}{
		{"SanicBanner", []string{"[2026-01-04 10:00:00 +0000] [1] [INFO] Goin' Fast @ http://127.0.0.1:8000",
			"[L7 balancer] 502 Bad Gateway GET / upstream shop:8000 connection refused"}, []string{"listening-on-localhost"}, "--host 0.0.0.0 --port 8000"},
		{"RespondingAtLoopback", []string{"INFO  Application - Responding at http://127.0.0.1:8081",
			"502 Bad Gateway (upstream 10.0.4.2:8081: connection refused)"}, []string{"listening-on-localhost"}, "0.0.0.0 on port 8081"},
		{"BoxedBanner", []string{" │            http://localhost:1323            │",
			"balancer: GET /api -> 502, dial tcp 10.0.1.4:1323: connect: connection refused"}, []string{"listening-on-localhost"}, "1323"},
		{"LoopbackAdminPortOtherRefused", []string{"admin console at http://127.0.0.1:9000",
			"[L7 balancer] 502 Bad Gateway GET / upstream shop:8080 connection refused"}, []string{"connection-refused"}, ""},
		{"OwnCallToLoopbackIsNoBanner", []string{"Error: connect ECONNREFUSED 127.0.0.1:8000",
			"[L7 balancer] 502 Bad Gateway GET / upstream shop:8000 connection refused"}, []string{"connection-refused"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, Runtime)
			if got := signalIDs(ds); !slices.Equal(got, tt.want) {
				t.Fatalf("signals = %v, want %v", got, tt.want)
			}
			if tt.fix != "" && !strings.Contains(ds[0].Fix, tt.fix) {
				t.Errorf("fix %q, want it to name %q", ds[0].Fix, tt.fix)
			}
		})
	}
}

// An all-interfaces bind address is a listener whatever the banner's words
// (Ktor's "Responding at", Bandit's ":::4000"): beside the balancer's
// refusal of another port it is the wrong port, naming both.
func TestClassify_BindAddressBesideTheRefusedPortIsWrongPort(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		want  []string
		fix   []string
	}{
		{"KtorRespondingAt", []string{"INFO  Application - Responding at http://0.0.0.0:8080",
			"[L7 balancer] 502 Bad Gateway GET /api upstream parcels:3000 connection refused"}, []string{"wrong-port"}, []string{"listen on 3000", "`run.ports` to 8080"}},
		{"BanditTripleColon", []string{"10:00:00.201 [info] Running CourierWeb.Endpoint with Bandit 1.5.7 at :::4000 (http)",
			"502 Bad Gateway (upstream 10.0.2.7:8000: connection refused)"}, []string{"wrong-port"}, []string{"listen on 8000", "`run.ports` to 4000"}},
		{"AcceptingAtIPv6Any", []string{"accepting connections at [::]:7000",
			"balancer: GET / -> 502, dial tcp 10.0.1.4:5000: connect: connection refused"}, []string{"wrong-port"}, []string{"listen on 5000"}},
		{"SamePortStaysRefused", []string{"Responding at http://0.0.0.0:8080",
			"[L7 balancer] 502 Bad Gateway GET / upstream parcels:8080 connection refused"}, []string{"connection-refused"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, Runtime)
			if got := signalIDs(ds); !slices.Equal(got, tt.want) {
				t.Fatalf("signals = %v, want %v", got, tt.want)
			}
			for _, f := range tt.fix {
				if !strings.Contains(ds[0].Fix, f) {
					t.Errorf("fix %q, want it to name %q", ds[0].Fix, f)
				}
			}
		})
	}
}

// A stale lock file a tool only warns of is a failure where the command
// then fails without relocking; one it relocks or installs past is not.
func TestClassify_StaleLockWarningCountsWhenItsCommandFails(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		want  []string
	}{
		{"WarnedThenFailed", []string{"[zerops] running buildCommands (1/1): pdm sync --check",
			"WARNING: Lock file hash doesn't match pyproject.toml, packages may be outdated",
			"[zerops] build command failed with exit code 1"}, []string{"lockfile-mismatch"}},
		{"WarnedThenRelocked", []string{"WARNING: Lock file hash doesn't match pyproject.toml, packages may be outdated",
			"Updating the lock file...", "🔒 Lock successful.", "[zerops] build finished, deploying files: ."}, nil},
		{"WarnedInstalledThenAnotherCommandFailed", []string{
			"Warning: The lock file is not up to date with the latest changes in composer.json.",
			"Package operations: 12 installs, 0 updates, 0 removals",
			"[zerops] running buildCommands (2/2): npm run build",
			"src/app.ts(3,1): error TS2304: Cannot find name 'foo'.",
			"[zerops] build command failed with exit code 2"}, []string{"compile-error"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := signalIDs(Classify(tt.lines, Build)); !slices.Equal(got, tt.want) {
				t.Fatalf("signals = %v, want %v", got, tt.want)
			}
		})
	}
}

// Each new family's diagnosis names its own fix: the platform a native
// module lacks, the asset build to deploy, the directory to make writable,
// a MySQL client's TLS option; and a prepare command that read /var/www is
// one diagnosis, not also the platform's line that it failed.
func TestClassify_NewFamiliesNameTheirFix(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		stage  Stage
		lines  []string
		signal string
		want   []string
	}{
		{"SharpMusl", Runtime, []string{`Error: Could not load the "sharp" module using the linuxmusl-x64 runtime`}, "module-not-found-at-runtime",
			[]string{"`linuxmusl-x64` (Alpine, musl)", "`run.os`", "--include=optional"}},
		{"NodeABI", Runtime, []string{"Error: The module '/var/www/node_modules/bcrypt/lib/binding/napi-v3/bcrypt_lib.node'",
			"was compiled against a different Node.js version using", "NODE_MODULE_VERSION 115. This version of Node.js requires"}, "module-not-found-at-runtime",
			[]string{"same nodejs version", "`run.base`"}},
		{"ViteManifest", Runtime, []string{"production.ERROR: Vite manifest not found at: /var/www/public/build/manifest.json"}, "deploy-files-missing",
			[]string{"`/var/www/public/build/manifest.json`", "npm run build", "`public/build`"}},
		{"SymfonyCache", Runtime, []string{`PHP Fatal error:  Uncaught RuntimeException: Unable to write in the "/var/www/var/cache/prod" directory.`}, "permission-denied",
			[]string{"`/var/www/var/cache/prod`", "without sudo", "`zerops`"}},
		{"MySQL2TLS", Runtime, []string{"Error: Server does not support secure connection", "  code: 'HANDSHAKE_NO_SSL_SUPPORT',"}, "db-tls-mismatch",
			[]string{"mysql2/mysql `ssl`", "useSSL"}},
		{"RunPrepareInVarWww", Build, []string{"[run.prepare] running prepareCommands (1/1): cd /var/www && composer install",
			"Composer could not find a composer.json file in /var/www", "[run.prepare] prepareCommands failed with exit code 1"}, "prepare-reads-deploy-files",
			[]string{"`run.initCommands`"}},
		{"RunPrepareFailedNamesVarWww", Build, []string{"cd /var/www && npm ci",
			"npm error enoent Could not read package.json: Error: ENOENT: no such file or directory, open '/var/www/package.json'",
			"PREPARING_RUNTIME_FAILED: run.prepareCommands failed"}, "prepare-reads-deploy-files",
			[]string{"`run.initCommands`"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := Classify(tt.lines, tt.stage)
			if len(ds) != 1 || ds[0].Signal != tt.signal {
				t.Fatalf("signals = %v, want only %s", signalIDs(ds), tt.signal)
			}
			for _, w := range tt.want {
				if !strings.Contains(ds[0].Cause+" "+ds[0].Fix, w) {
					t.Errorf("cause %q / fix %q: want %q", ds[0].Cause, ds[0].Fix, w)
				}
			}
		})
	}
}

// A file path under /var/www a program did not find (node's start file)
// is no prepare command reading /var/www: only a tool that looked in
// /var/www for its manifest is, so a pasted start error keeps its signal.
func TestClassify_PathUnderVarWwwIsNoPrepareRead(t *testing.T) {
	t.Parallel()
	for _, line := range []string{
		"Error: Cannot find module '/var/www/server.js'",
		"Error: Cannot find module '/var/www/dist/main.js'",
		"python: can't open file '/var/www/app/run.py': [Errno 2] No such file or directory",
	} {
		for _, stage := range []Stage{0, Runtime} {
			if ds := Classify([]string{line}, stage); len(ds) == 0 || ds[0].Signal != "start-file-missing" {
				t.Errorf("Classify(%q, %d) = %v, want start-file-missing first", line, stage, signalIDs(ds))
			}
		}
	}
}
