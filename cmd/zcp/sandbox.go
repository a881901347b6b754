package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/auth"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/ops"
)

const sandboxSynopsis = `  zcp sandbox [--process-duration D] [--build-step D] [--http ADDR [--allow-remote]]
  zcp sandbox --api ADDR [--token T]

Serves MCP over stdio against a simulated Zerops project "demo" (services appdev, appstage,
db, cache, storage); nothing touches a real account. zerops_deploy pushes the zerops.yml of
the current directory, which stands in for the source container's /var/www. With --api it
serves only the simulated Zerops REST API over HTTP, until Ctrl-C. With --http it serves
MCP over Streamable HTTP at http://ADDR/mcp instead of stdio (see zcp serve --help).`

// sandbox runs `zcp sandbox`: the MCP server against an in-process simulated
// project, or with --api only the simulated Zerops API over HTTP.
func sandbox(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("zcp sandbox", flag.ContinueOnError)
	apiAddr := fs.String("api", "", "serve only the simulated Zerops API on this `ADDR` (e.g. 127.0.0.1:8765)")
	token := fs.String("token", "sandbox", "with --api: the bearer `TOKEN` the simulated API accepts")
	procDur := fs.Duration("process-duration", 3*time.Second, "how long a simulated platform process runs (a `DURATION` such as 1s)")
	buildStep := fs.Duration("build-step", 1500*time.Millisecond, "how long each step of a simulated build takes (a `DURATION` such as 500ms)")
	httpAddr, allowRemote := httpFlags(fs)
	if code, ok := parseFlags(fs, sandboxSynopsis, args, stdout, stderr); !ok {
		return code
	}
	var hc *httpConfig
	if *httpAddr != "" {
		if *apiAddr != "" {
			fmt.Fprintln(stderr, "zcp sandbox: --api and --http exclude each other")
			return 2
		}
		var err error
		if hc, err = resolveHTTP(*httpAddr, *allowRemote, os.Getenv); err != nil {
			fmt.Fprintf(stderr, "zcp sandbox: %v\n", err)
			return 2
		}
	}
	if *procDur <= 0 || *buildStep <= 0 {
		fmt.Fprintln(stderr, "zcp sandbox: durations must be positive")
		return 2
	}
	opts := fakeapi.Options{Token: *token, ProcessDuration: *procDur, BuildStepDuration: *buildStep}
	if *apiAddr != "" {
		return serveSandboxAPI(*apiAddr, opts, stdout, stderr)
	}

	fake, err := fakeapi.Start(opts)
	if err != nil {
		fmt.Fprintf(stderr, "zcp sandbox: %v\n", err)
		return 1
	}
	banner := "zcp: SANDBOX — serving MCP on stdio against a simulated Zerops project \"demo\" " +
		"(services appdev, appstage, db, cache, storage). Nothing here touches a real Zerops account.\n" +
		"zcp: waiting for an MCP client on stdin (JSON-RPC, one message per line; `zcp init --sandbox` connects Claude Code). " +
		"Quit with Ctrl-D or Ctrl-C."
	if hc != nil {
		banner = "zcp: SANDBOX — a simulated Zerops project \"demo\" (services appdev, appstage, db, cache, storage). " +
			"Nothing here touches a real Zerops account. Quit with Ctrl-C."
	}
	return serve(serveOptions{
		http:  hc,
		creds: &auth.Credentials{Token: fake.Token(), APIURL: fake.URL(), Source: "sandbox"},
		// No container to ssh into: push the working directory's zerops.yml
		// through the simulated API, via the gateway. The working directory
		// stands in for the source container's /var/www.
		newDeployer: func(c platform.Client) mcp.Deployer {
			wd, _ := os.Getwd()
			return deploy.NewAPIPusher(c, wd, ops.ReadFileInDir)
		},
		banner: banner,
		// The simulated services answer HTTP on the fake's own listener.
		prober: &ops.Prober{Rewrite: func(t ops.ProbeTarget) string {
			return fakeapi.ProbeURL(fake.URL(), t.Service, t.Port, t.Path)
		}},
		sandbox: true,
		cleanup: fake.Close,
	}, stderr)
}

// serveSandboxAPI serves the simulated Zerops API over HTTP until SIGINT/SIGTERM.
func serveSandboxAPI(addr string, opts fakeapi.Options, stdout, stderr io.Writer) int {
	fake, err := fakeapi.StartOn(addr, opts)
	if err != nil {
		fmt.Fprintf(stderr, "zcp sandbox: %v\n", err)
		return 1
	}
	defer fake.Close()
	// Handle signals before saying the API is up: a caller may stop it at once.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, syscall.SIGINT, syscall.SIGTERM)
	defer signal.Stop(sig)
	fmt.Fprintf(stdout, "Simulated Zerops API at %s (token %q, project \"demo\").\n", fake.URL(), fake.Token())
	fmt.Fprintf(stdout, "Apps answer HTTP at %s%s<hostname>/<port><path> (http://<hostname>:<port><path> in the project).\n",
		fake.URL(), fakeapi.ProbePrefix)
	fmt.Fprintf(stdout, "Try:  ZEROPS_API_HOST=%s ZEROPS_ZCP_API_KEY=<token> zcp\nStop with Ctrl-C.\n", fake.URL())
	<-sig
	return 0
}
