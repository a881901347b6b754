package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"github.com/zeropsio/zcp/cmd/zcp/setup"
	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/auth"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

const initSynopsis = `  zcp init [--sandbox] [--dir D] [--ssh] [--http URL]

Connects Claude Code to ZCP; safe to run again (a second run changes nothing):
  D/CLAUDE.md               the ZCP block between <!-- ZCP:BEGIN --> and <!-- ZCP:END -->
  ~/.claude.json            mcpServers.zerops runs this binary (no token is written)
  ~/.claude/settings.json   every zerops tool but zerops_delete pre-approved; a SessionStart hook
  ~/.ssh/config             host-key checking off: in a Zerops container for every host; with
                            --ssh elsewhere only for the project's service hostnames (read from the API)
Other content of these files is kept. A Zerops container is recognised by $serviceId.
With --http URL (a running zcp serve --http, e.g. http://127.0.0.1:8080/mcp) the ~/.claude.json
entry is Claude Code's HTTP server entry instead, with Authorization: Bearer <HTTP token> (from
ZCP_HTTP_TOKEN, else the token file zcp serve --http uses, made now if missing). With
--sandbox --http URL the entry points at a running zcp sandbox --http, and the SessionStart hook
and --ssh read the simulated project.`

// initCmd runs `zcp init`.
func initCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("zcp init", flag.ContinueOnError)
	sandbox := fs.Bool("sandbox", false, "register \"zcp sandbox\" (the simulated project) instead of \"zcp\"")
	dir := fs.String("dir", "", "the directory `D` for CLAUDE.md (default: the working directory)")
	ssh := fs.Bool("ssh", false, "also write ~/.ssh/config outside a Zerops container, for the project's service hostnames")
	httpURL := fs.String("http", "", "register the zcp serve --http (or zcp sandbox --http) running at this `URL` (e.g. http://127.0.0.1:8080/mcp) instead of the stdio command")
	if code, ok := parseFlags(fs, initSynopsis, args, stdout, stderr); !ok {
		return code
	}
	var token, tokenFrom string
	if *httpURL != "" {
		u, err := checkHTTPURL(*httpURL)
		if err != nil {
			fmt.Fprintf(stderr, "zcp init: %v\nNo file written.\n", err)
			return 2
		}
		*httpURL = u
		if token, tokenFrom, err = httpToken(os.Getenv); err != nil { // the file the server reads, made now if missing
			fmt.Fprintf(stderr, "zcp init: %v\nNo file written.\n", err)
			return 1
		}
	}
	bin, err := executable()
	if err != nil {
		fmt.Fprintf(stderr, "zcp init: cannot find this binary's path: %v\n", err)
		return 1
	}
	if *dir == "" {
		if *dir, err = os.Getwd(); err != nil {
			fmt.Fprintf(stderr, "zcp init: %v\n", err)
			return 1
		}
	}
	if *dir, err = filepath.Abs(*dir); err != nil {
		fmt.Fprintf(stderr, "zcp init: %v\n", err)
		return 1
	}
	var sshHosts []string
	if *ssh && !setup.InContainer(os.Getenv) {
		if sshHosts, err = laptopSSHHosts(*sandbox); err != nil {
			fmt.Fprintf(stderr, "zcp init --ssh: %v\nNo file written.\n", err)
			return 1
		}
	}
	userHome, _ := os.UserHomeDir()
	err = setup.Run(setup.Options{
		Dir:       *dir,
		Home:      setup.Home(os.Getenv, userHome),
		Binary:    bin,
		Sandbox:   *sandbox,
		SSH:       *ssh || setup.InContainer(os.Getenv),
		SSHHosts:  sshHosts,
		ToolNames: mcp.ToolNames(),
		HTTPURL:   *httpURL,
		HTTPToken: token,
	}, stdout, stderr)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	if *httpURL != "" {
		fmt.Fprintf(stdout, "~/.claude.json connects to %s with the HTTP token from %s (the token of zcp serve --http, not your Zerops token).\n", *httpURL, tokenFrom)
	}
	return 0
}

// checkHTTPURL accepts an http(s) URL with a host; no path means /mcp.
func checkHTTPURL(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil {
		return "", fmt.Errorf("--http %q: want the URL zcp serve --http serves, e.g. http://127.0.0.1:8080/mcp", raw)
	}
	if u.Path == "" || u.Path == "/" {
		u.Path = mcp.HTTPPath
	}
	return u.String(), nil
}

// executable is the absolute path of the running binary.
func executable() (string, error) {
	bin, err := os.Executable()
	if err != nil {
		return "", err
	}
	if resolved, err := filepath.EvalSymlinks(bin); err == nil {
		bin = resolved
	}
	return filepath.Abs(bin)
}

// sshDiscoverBudget bounds reading the project for `zcp init --ssh`.
const sshDiscoverBudget = 15 * time.Second

// laptopSSHHosts reads the hostnames of the project's services: outside a
// Zerops container the ssh block relaxes host-key checking for those alone,
// never for every host the user connects to. It fails, naming the fix,
// when the project cannot be read or has no service yet.
func laptopSSHHosts(sandbox bool) ([]string, error) {
	if sandbox {
		return nil, errors.New("the simulated project has no containers to ssh into; leave out --ssh")
	}
	defer quietStdout()()
	ctx, cancel := context.WithTimeout(context.Background(), sshDiscoverBudget)
	defer cancel()
	home, _ := os.UserHomeDir()
	creds, err := auth.LoadCredentials(os.Getenv, home)
	if err != nil {
		return nil, sshReadError(err)
	}
	client, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: creds.APIURL, Token: creds.Token})
	if err != nil {
		return nil, sshReadError(err)
	}
	info, err := auth.Discover(ctx, client, creds)
	if err != nil {
		return nil, sshReadError(err)
	}
	services, err := client.ListServices(ctx, info.ProjectID)
	if err != nil {
		return nil, sshReadError(err)
	}
	var hosts []string
	seen := map[string]bool{}
	for _, s := range services {
		if platform.ValidHostname(s.Name) && !seen[s.Name] { // nothing else may reach the config
			seen[s.Name] = true
			hosts = append(hosts, s.Name)
		}
	}
	if len(hosts) == 0 {
		return nil, fmt.Errorf("project %q has no services yet, and outside a Zerops container the ssh block covers only its services' hostnames; run zcp init --ssh again once it has some", info.ProjectName)
	}
	return hosts, nil
}

// sshReadError explains why --ssh needs the project and how to fix it.
func sshReadError(err error) error {
	msg := err.Error()
	var pe *platform.PlatformError
	if errors.As(err, &pe) {
		msg = pe.Message
		if pe.Suggestion != "" {
			msg += "; fix: " + pe.Suggestion
		}
	}
	return fmt.Errorf("outside a Zerops container the ssh block covers only the project's service hostnames, and the project cannot be read: %s (or leave out --ssh)", msg)
}
