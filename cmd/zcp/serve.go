package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"go.uber.org/zap"

	"github.com/zeropsio/zcp/actors"
	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/auth"
	"github.com/zeropsio/zcp/supervisor"
)

// serveOptions is what differs between `zcp` and `zcp sandbox`.
type serveOptions struct {
	creds *auth.Credentials
	// newDeployer builds the deployer from the API gateway (so its calls share
	// the budget); nil means SSH/local deploys with the credentials' token.
	newDeployer func(platform.Client) mcp.Deployer
	banner      string // printed to stderr once serving starts
	cleanup     func() // run after the server stops
}

// serveFromEnv serves MCP over stdio with credentials from the environment or zcli.
func serveFromEnv(stderr io.Writer) int {
	if hint := auth.APIHostHint(os.Getenv); hint != "" {
		fmt.Fprintf(stderr, "zcp: warning: %s\n", hint)
	}
	home, _ := os.UserHomeDir()
	creds, err := auth.LoadCredentials(os.Getenv, home)
	if err != nil {
		printFatal(stderr, err)
		return 1
	}
	return serve(serveOptions{creds: creds}, stderr)
}

// serve runs the MCP server on stdio until stdin closes or a signal arrives.
// The order matters: stdout is guarded before anything can print to it, and
// the supervision tree runs before authentication so that those first API
// calls already pass through the gateway.
func serve(opts serveOptions, stderr io.Writer) int {
	if opts.cleanup != nil {
		defer opts.cleanup()
	}
	readOnly, err := envBool(os.Getenv, "ZCP_READ_ONLY")
	if err != nil {
		fmt.Fprintf(stderr, "zcp: %v\n", err)
		return 1
	}
	protocol, err := supervisor.GuardStdout()
	if err != nil {
		fmt.Fprintf(stderr, "zcp: %v\n", err)
		return 1
	}
	defer func() { _ = protocol.Close() }()

	log, err := supervisor.NewLogger(os.Getenv("ZCP_LOG_LEVEL"), stderr)
	if err != nil {
		fmt.Fprintf(stderr, "zcp: ZCP_LOG_LEVEL: %v\n", err)
		return 1
	}
	defer func() { _ = log.Sync() }()
	defer supervisor.RedirectStdLog(log)()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	client, err := platform.NewZeropsClient(platform.ClientConfig{APIURL: opts.creds.APIURL, Token: opts.creds.Token})
	if err != nil {
		printFatal(stderr, fmt.Errorf("API client: %w", err))
		return 1
	}
	gwCfg, err := gatewayConfigFromEnv()
	if err != nil {
		printFatal(stderr, err)
		return 1
	}
	stack, err := supervisor.NewStack(client, supervisor.StackConfig{Gateway: gwCfg, Logger: log})
	if err != nil {
		fmt.Fprintf(stderr, "zcp: %v\n", err)
		return 1
	}
	dump := supervisor.NewStatusDump(version, stack.Tree)
	stopSignals := supervisor.HandleSignalsWith(ctx, supervisor.SignalOptions{Cancel: cancel, Dump: dump.Dump, Log: log})
	defer stopSignals()
	treeDone := stack.Start(ctx)
	defer waitTree(treeDone, log)
	defer cancel()

	info, err := auth.Discover(ctx, stack.Gateway, opts.creds)
	if err != nil {
		if ctx.Err() != nil {
			return 0 // a signal during start-up is a normal stop
		}
		printFatal(stderr, err)
		return 1
	}
	dump.ProjectName, dump.ProjectID = info.ProjectName, info.ProjectID

	audit, closeAudit, err := openAudit(os.Getenv("ZCP_AUDIT_LOG"))
	if err != nil {
		fmt.Fprintf(stderr, "zcp: ZCP_AUDIT_LOG: %v\n", err)
		return 1
	}
	defer closeAudit()

	newDeployer := opts.newDeployer
	if newDeployer == nil {
		newDeployer = func(platform.Client) mcp.Deployer {
			return deploy.New(deploy.Config{SSHConfigPath: os.Getenv("ZCP_SSH_CONFIG"), Token: opts.creds.Token})
		}
	}
	workDir, _ := os.Getwd()
	srv, err := stack.NewServer(supervisor.ServerConfig{
		Project:     mcp.Project{ID: info.ProjectID, Name: info.ProjectName},
		Version:     version,
		ReadOnly:    readOnly,
		Audit:       audit,
		WorkDir:     workDir,
		NewDeployer: newDeployer,
	})
	if err != nil {
		fmt.Fprintf(stderr, "zcp: %v\n", err)
		return 1
	}
	dump.InFlight = func() []supervisor.InFlightCall {
		calls := srv.InFlight()
		out := make([]supervisor.InFlightCall, len(calls))
		for i, c := range calls {
			out[i] = supervisor.InFlightCall{Tool: c.Tool, Started: c.Started}
		}
		return out
	}
	if opts.banner != "" {
		fmt.Fprintln(stderr, opts.banner)
	}
	log.Info("serving MCP over stdio", zap.String("project", info.ProjectName), zap.String("version", version))

	err = srv.Run(ctx, mcp.NewStdioTransport(ctx, os.Stdin, protocol, mcp.DefaultDrain))
	if err != nil && ctx.Err() == nil && !errors.Is(err, io.EOF) {
		log.Error("MCP session ended with an error", zap.Error(err))
		return 1
	}
	return 0
}

// gatewayConfigFromEnv reads the API budget from ZCP_API_RATE.
func gatewayConfigFromEnv() (actors.GatewayConfig, error) {
	var cfg actors.GatewayConfig
	if s := os.Getenv("ZCP_API_RATE"); s != "" {
		rps, burst, err := actors.ParseRate(s)
		if err != nil {
			return cfg, fmt.Errorf("ZCP_API_RATE: %w", err)
		}
		cfg.Rate, cfg.Burst = rps, burst
	}
	return cfg, nil
}

// waitTree waits (bounded) for the supervision tree to stop after the root
// context is cancelled.
func waitTree(done <-chan error, log *zap.Logger) {
	select {
	case <-done:
	case <-time.After(supervisor.DefaultHardDeadline):
		log.Error("supervision tree did not stop in time")
	}
}

func openAudit(path string) (io.Writer, func(), error) {
	if path == "" {
		return nil, func() {}, nil
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { _ = f.Close() }, nil
}

// printFatal explains a start-up failure on stderr: what happened and the fix.
func printFatal(w io.Writer, err error) {
	var pe *platform.PlatformError
	if errors.As(err, &pe) {
		fmt.Fprintf(w, "zcp: %s\n", pe.Message)
		if pe.Suggestion != "" {
			fmt.Fprintf(w, "fix: %s\n", pe.Suggestion)
		}
		return
	}
	fmt.Fprintf(w, "zcp: %v\n", err)
}
