package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/auth"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/policy"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

const policySynopsis = `  zcp policy check [--sandbox] [--services h1,h2:data,…] FILE
  zcp policy allow ACTION SERVICE

check validates a ZCP_POLICY file offline (every problem with its line) and prints the
decision of each action for each service of the project: the services are read from the
API when credentials are at hand (--sandbox: the simulated project), else taken from
--services (hostname[:data|runtime]), else shown for a runtime and a data service.

allow is for a human, in their own terminal: it confirms ONE call the policy asks a
human to confirm (ACTION on SERVICE, e.g. "delete db"), within 10 minutes, for a client
that cannot ask (no MCP elicitation). It reads the hostname typed on the terminal; an
agent must never run it. Grants are kept in ZCP_POLICY_GRANTS (default <config dir>/zcp/grants).`

// policyCmd runs `zcp policy check|allow`.
func policyCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 || (args[0] != "check" && args[0] != "allow") {
		if len(args) > 0 && (args[0] == "-h" || args[0] == "--help" || args[0] == "-help") {
			fmt.Fprintf(stdout, "Usage:\n%s\n", policySynopsis)
			return 0
		}
		fmt.Fprintf(stderr, "zcp policy: want check or allow\n\nUsage:\n%s\n", policySynopsis)
		return 2
	}
	if args[0] == "allow" {
		return policyAllow(args[1:], stdout, stderr)
	}
	fs := flag.NewFlagSet("zcp policy check", flag.ContinueOnError)
	sandbox := fs.Bool("sandbox", false, "the decision table for the simulated sandbox project")
	list := fs.String("services", "", "hostname[:data|runtime],… instead of the project's services")
	rest := args[1:]
	if len(rest) == 0 || strings.HasPrefix(rest[len(rest)-1], "-") {
		if code, ok := parseFlags(fs, policySynopsis, rest, stdout, stderr); !ok {
			return code
		}
		fmt.Fprintf(stderr, "zcp policy check: want FILE last\n\nUsage:\n%s\n", policySynopsis)
		return 2
	}
	file := rest[len(rest)-1]
	if code, ok := parseFlags(fs, policySynopsis, rest[:len(rest)-1], stdout, stderr); !ok {
		return code
	}
	p, err := loadPolicy(file)
	if err != nil {
		fmt.Fprintf(stderr, "zcp policy check: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "%s: valid; in force: %s\n", file, p)
	targets, source := policyTargets(*sandbox, *list)
	fmt.Fprintf(stdout, "decisions for %s:\n\n", source)
	if err := p.WriteTable(stdout, targets); err != nil {
		fmt.Fprintf(stderr, "zcp policy check: %v\n", err)
		return 1
	}
	return 0
}

// loadPolicy reads and parses a policy file (ZCP_POLICY).
func loadPolicy(path string) (*policy.Policy, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("policy file: %w", err)
	}
	defer func() { _ = f.Close() }()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("policy file %s: not a regular file", path)
	}
	data, err := io.ReadAll(io.LimitReader(f, policy.MaxFile+1))
	if err != nil {
		return nil, fmt.Errorf("policy file: %w", err)
	}
	p, err := policy.Parse(filepath.Base(path), data, mcp.AllToolNames())
	if err != nil {
		return nil, fmt.Errorf("policy file:\n%w", err)
	}
	return p, nil
}

// policyFromEnv is the policy ZCP_POLICY names; nil (the built-in
// defaults) when it is unset.
func policyFromEnv() (*policy.Policy, error) {
	path := os.Getenv("ZCP_POLICY")
	if path == "" {
		return nil, nil
	}
	return loadPolicy(path)
}

// grantsDir is where one-shot grants live: ZCP_POLICY_GRANTS, else
// <config dir>/zcp/grants ("" when there is no config dir).
func grantsDir() string {
	if d := os.Getenv("ZCP_POLICY_GRANTS"); d != "" {
		return d
	}
	base, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(base, "zcp", "grants")
}

// policyTargets are the services the decision table shows, and what they are.
func policyTargets(sandbox bool, list string) ([]policy.Target, string) {
	if list != "" {
		var out []policy.Target
		for _, item := range strings.Split(list, ",") {
			host, kind, _ := strings.Cut(strings.TrimSpace(item), ":")
			out = append(out, policy.Target{Hostname: policy.Canonical(host), Kind: strings.TrimSpace(kind)})
		}
		return out, "the services given"
	}
	if services, err := projectServices(sandbox); err == nil {
		return services, "the project's services"
	}
	return []policy.Target{{Hostname: "<a runtime>", Kind: policy.KindRuntime}, {Hostname: "<a data service>", Kind: policy.KindData},
		{Hostname: policy.ProjectTarget}}, "any service (the project's could not be read; pass --services)"
}

// projectServices reads the project's services (10 s at most).
func projectServices(sandbox bool) ([]policy.Target, error) {
	defer quietStdout()()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var creds *auth.Credentials
	if sandbox {
		fake, err := fakeapi.Start(fakeapi.Options{})
		if err != nil {
			return nil, fmt.Errorf("sandbox: %w", err)
		}
		defer fake.Close()
		creds = &auth.Credentials{Token: fake.Token(), APIURL: fake.URL(), Source: "sandbox"}
	} else {
		home, _ := os.UserHomeDir()
		var err error
		if creds, err = auth.LoadCredentials(os.Getenv, home); err != nil {
			return nil, fmt.Errorf("credentials: %w", err)
		}
	}
	client, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: creds.APIURL, Token: creds.Token})
	if err != nil {
		return nil, fmt.Errorf("API client: %w", err)
	}
	info, err := auth.Discover(ctx, client, creds)
	if err != nil {
		return nil, fmt.Errorf("project: %w", err)
	}
	services, err := client.ListServices(ctx, info.ProjectID)
	if err != nil {
		return nil, fmt.Errorf("services: %w", err)
	}
	var out []policy.Target
	for _, s := range services {
		if s.System {
			continue
		}
		kind := ""
		switch s.Type.Category {
		case platform.CategoryUser:
			kind = policy.KindRuntime
		case platform.CategoryStandard, platform.CategoryShared, platform.CategoryObject:
			kind = policy.KindData
		}
		out = append(out, policy.Target{Hostname: s.Name, Kind: kind})
	}
	out = append(out, policy.Target{Hostname: policy.ProjectTarget})
	return out, nil
}

// errNoTerminal refuses a confirmation not typed on a terminal.
var errNoTerminal = errors.New("zcp policy allow reads the confirmation from a terminal (/dev/tty), and there is none: " +
	"a human runs it in their own terminal; an agent cannot confirm its own call")

// policyAllow writes a one-shot grant once the human typed the hostname on
// the terminal.
func policyAllow(args []string, stdout, stderr io.Writer) int {
	if len(args) != 2 || strings.HasPrefix(args[0], "-") || strings.HasPrefix(args[1], "-") {
		if code, ok := parseFlags(flag.NewFlagSet("zcp policy allow", flag.ContinueOnError), policySynopsis, args, stdout, stderr); !ok {
			return code
		}
		fmt.Fprintf(stderr, "zcp policy allow: want ACTION SERVICE, e.g. `zcp policy allow delete db`\n")
		return 2
	}
	action, service := policy.Action(policy.Canonical(args[0])), policy.Canonical(args[1])
	if err := policy.CheckGrantTarget(action, service); err != nil {
		fmt.Fprintf(stderr, "zcp policy allow: %v\n", err)
		return 2
	}
	dir := grantsDir()
	if dir == "" {
		fmt.Fprintln(stderr, "zcp policy allow: no grants directory: set ZCP_POLICY_GRANTS")
		return 1
	}
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		fmt.Fprintf(stderr, "zcp policy allow: %v\n", errNoTerminal)
		return 1
	}
	defer func() { _ = tty.Close() }()
	fmt.Fprintf(tty, "Allow the agent ONE %s of %s (within %s)? Type the hostname %s to confirm: ", action, service, policy.GrantTTL, service)
	line, _ := bufio.NewReader(io.LimitReader(tty, 256)).ReadString('\n')
	if strings.TrimSpace(line) != service {
		fmt.Fprintln(stderr, "zcp policy allow: not confirmed; nothing written")
		return 1
	}
	g, err := policy.WriteGrant(dir, action, service, time.Now())
	if err != nil {
		fmt.Fprintf(stderr, "zcp policy allow: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "allowed: one %s of %s until %s; the agent can call again now\n", g.Action, g.Service, g.Expires.Format(time.Kitchen))
	return 0
}
