package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/url"
	"os"
	"time"

	"github.com/zeropsio/zcp/actors"
	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/auth"
	"github.com/zeropsio/zcp/platform/ops"
	"github.com/zeropsio/zcp/platform/schema"
	"github.com/zeropsio/zcp/platform/zeropsapi"
	"github.com/zeropsio/zcp/supervisor"
)

// serveOptions is what differs between `zcp` and `zcp sandbox`.
type serveOptions struct {
	creds   *auth.Credentials
	credErr error // why there are no usable credentials: served to every platform call
	hint    string
	// newDeployer builds the deployer from the API gateway (so its calls share
	// the budget); nil means SSH/local deploys with the credentials' token.
	newDeployer func(platform.Client) mcp.Deployer
	prober      *ops.Prober // zerops_verify's GETs; nil requests the real URLs
	sandbox     bool        // the simulated project of zcp sandbox
	banner      string      // printed to stderr once serving starts
	http        *httpConfig // serve over Streamable HTTP instead of stdio; nil: stdio
	cleanup     func()      // run after the server stops
}

// serveFromEnv serves MCP over stdio with credentials from the environment
// or zcli. Missing credentials do not stop it: the server starts, and
// platform tools answer the reason and its fix.
func serveFromEnv(stderr io.Writer, hc *httpConfig) int {
	home, _ := os.UserHomeDir()
	creds, err := auth.LoadCredentials(os.Getenv, home)
	return serve(serveOptions{creds: creds, credErr: err, hint: auth.APIHostHint(os.Getenv), http: hc}, stderr)
}

// serve runs the MCP server on stdio until stdin closes or a signal arrives.
// The order matters: stdout is guarded before anything can print to it, and
// the server answers initialize at once while the project is discovered in
// the background, through the gateway (auth.Connector).
func serve(opts serveOptions, stderr io.Writer) int {
	if opts.cleanup != nil {
		defer opts.cleanup()
	}
	// ZCP knows its token and writes it nowhere, whatever the input: every
	// output (stderr and the log, the protocol, the audit log, the status
	// dump) loses it on the way out.
	secrets := opts.secrets()
	stderr = secrets.Writer(stderr)
	cfg, err := serverSettings()
	if err != nil {
		fmt.Fprintf(stderr, "zcp: %v\n", err)
		return 1
	}
	// Both files are checked before anything starts: a path that could
	// block (a FIFO without a reader) must not hang start-up or shutdown.
	audit, closeAudit, err := openAudit(os.Getenv("ZCP_AUDIT_LOG"))
	if err != nil {
		fmt.Fprintf(stderr, "zcp: ZCP_AUDIT_LOG: %v\n", err)
		return 1
	}
	defer closeAudit()
	if audit != nil {
		audit = secrets.Writer(audit)
	}
	if err := supervisor.CheckStatusFile(os.Getenv("ZCP_STATUS_FILE")); err != nil {
		fmt.Fprintf(stderr, "zcp: ZCP_STATUS_FILE: %v\n", err)
		return 1
	}
	protocol, err := supervisor.GuardStdout()
	if err != nil {
		fmt.Fprintf(stderr, "zcp: %v\n", err)
		return 1
	}
	defer func() { _ = protocol.Close() }()
	protocol = secrets.WriteCloser(protocol)

	log, err := supervisor.NewLogger(os.Getenv("ZCP_LOG_LEVEL"), stderr)
	if err != nil {
		fmt.Fprintf(stderr, "zcp: ZCP_LOG_LEVEL: %v\n", err)
		return 1
	}
	defer supervisor.RedirectStdLog(log)()
	stopStray, err := supervisor.RouteStrayStdout(log)
	if err != nil {
		fmt.Fprintf(stderr, "zcp: %v\n", err)
		return 1
	}
	defer stopStray()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()

	creds := opts.credsOrNone()
	client, gwCfg, err := apiClient(creds)
	if err != nil {
		printFatal(stderr, err)
		return 1
	}
	stack, err := supervisor.NewStack(client, supervisor.StackConfig{Gateway: gwCfg, Logger: log, StateDir: ops.DefaultStateDir()})
	if err != nil {
		fmt.Fprintf(stderr, "zcp: %v\n", err)
		return 1
	}
	dump := supervisor.NewStatusDump(version, stack.Tree)
	dump.Out, dump.Secrets = stderr, secrets
	stopSignals := supervisor.HandleSignalsWith(ctx, supervisor.SignalOptions{Cancel: cancel, Dump: dump.Dump, Log: log})
	defer stopSignals()
	treeDone := stack.Start(ctx)
	defer waitTree(treeDone, log)
	defer cancel()
	schemas := newSchemaStore(creds.APIURL, stack.Gateway.Published)
	schemas.StartAfter(ctx, schemaStartDelay)

	conn := auth.NewConnector(stack.Gateway, creds, opts.credErr, auth.ConnectorConfig{Hint: opts.hint})
	defer reportFirstAttempt(ctx, conn.Start(ctx), opts.hint, stderr)()
	dump.Project = knownProject(conn)
	cfg.Connect, cfg.Known = projectThrough(conn)
	cfg.Audit, cfg.Secrets, cfg.NewDeployer, cfg.Prober, cfg.Sandbox, cfg.Schemas = audit, secrets, opts.deployer(creds), opts.prober, opts.sandbox, schemas
	srv, err := stack.NewServer(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "zcp: %v\n", err)
		return 1
	}
	watchServer(dump, srv)
	go dump.RefreshFile(ctx, supervisor.StatusFileInterval)
	if opts.http != nil {
		return serveHTTP(ctx, srv, opts.http, dump, log, stderr, opts.banner)
	}
	return serveStdio(ctx, srv, protocol, log, stderr, opts.banner)
}

// serveStdio serves srv on stdin and protocol (the guarded stdout) until
// stdin closes or ctx ends; the exit code.
func serveStdio(ctx context.Context, srv *mcp.Server, protocol io.WriteCloser, log *slog.Logger, stderr io.Writer, banner string) int {
	if banner != "" {
		fmt.Fprintln(stderr, banner)
	}
	log.Info("serving MCP over stdio", slog.String("version", version))

	err := srv.Run(ctx, mcp.NewStdioTransport(os.Stdin, protocol, mcp.DefaultDrain))
	if err != nil && ctx.Err() == nil && !errors.Is(err, io.EOF) {
		log.Error("MCP session ended with an error", slog.Any("error", err))
		return 1
	}
	return 0
}

// credsOrNone is opts.creds, or without credentials a placeholder: nothing
// will call the API (the connector answers credErr), but the stack is
// built the same way.
func (opts serveOptions) credsOrNone() *auth.Credentials {
	if opts.creds == nil {
		return &auth.Credentials{Token: "none", APIURL: zeropsapi.DefaultAPIHost}
	}
	return opts.creds
}

// secrets is the scrubber of what opts holds secret (the token, the HTTP
// bearer token); nil when there is none.
func (opts serveOptions) secrets() *platform.Scrubber {
	var own []string
	if opts.creds != nil {
		own = append(own, opts.creds.Token)
	}
	if opts.http != nil {
		own = append(own, opts.http.token) // the HTTP bearer token is as secret
	}
	if len(own) == 0 {
		return nil
	}
	return platform.NewScrubber(own...)
}

// serverSettings is the server's configuration as far as the environment
// sets it: ZCP_READ_ONLY, ZCP_POLICY, ZCP_WAIT, the grants directory and
// the working directory.
func serverSettings() (supervisor.ServerConfig, error) {
	readOnly, err := envBool(os.Getenv, "ZCP_READ_ONLY")
	if err != nil {
		return supervisor.ServerConfig{}, err
	}
	pol, err := policyFromEnv()
	if err != nil {
		return supervisor.ServerConfig{}, fmt.Errorf("ZCP_POLICY: %w", err)
	}
	wait, err := envWait(os.Getenv)
	if err != nil {
		return supervisor.ServerConfig{}, err
	}
	workDir, _ := os.Getwd()
	return supervisor.ServerConfig{
		Version: version, ReadOnly: readOnly, Wait: wait, Policy: pol, Grants: grantsDir(), WorkDir: workDir,
	}, nil
}

// projectThrough is the server's view of the project conn discovers: connect
// waits for it, known answers what is known already.
func projectThrough(conn *auth.Connector) (connect func(context.Context) (mcp.Project, error), known func() (mcp.Project, bool)) {
	connect = func(ctx context.Context) (mcp.Project, error) {
		info, err := conn.Info(ctx)
		if err != nil {
			return mcp.Project{}, err
		}
		return mcp.Project{ID: info.ProjectID, Name: info.ProjectName}, nil
	}
	known = func() (mcp.Project, bool) {
		info, ok := conn.Known()
		if !ok {
			return mcp.Project{}, false
		}
		return mcp.Project{ID: info.ProjectID, Name: info.ProjectName}, true
	}
	return connect, known
}

// apiClient is a client of the API creds name and the gateway's settings
// from the environment.
func apiClient(creds *auth.Credentials) (platform.Client, actors.GatewayConfig, error) {
	client, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: creds.APIURL, Token: creds.Token})
	if err != nil {
		return nil, actors.GatewayConfig{}, fmt.Errorf("API client: %w", err)
	}
	gwCfg, err := gatewayConfigFromEnv()
	return client, gwCfg, err
}

// deployer is opts.newDeployer, or by default SSH and local deploys with
// the token of creds.
func (opts serveOptions) deployer(creds *auth.Credentials) func(platform.Client) mcp.Deployer {
	if opts.newDeployer != nil {
		return opts.newDeployer
	}
	return func(platform.Client) mcp.Deployer {
		return deploy.New(deploy.Config{SSHConfigPath: os.Getenv("ZCP_SSH_CONFIG"), Token: creds.Token})
	}
}

// knownProject is the status dump's view of the project conn discovers:
// its name and id once known.
func knownProject(conn *auth.Connector) func() (name, id string) {
	return func() (string, string) {
		if info, ok := conn.Known(); ok {
			return info.ProjectName, info.ProjectID
		}
		return "", ""
	}
}

// watchServer has dump show srv's calls in flight and its policy.
func watchServer(dump *supervisor.StatusDump, srv *mcp.Server) {
	dump.InFlight = func() []supervisor.InFlightCall {
		calls := srv.InFlight()
		out := make([]supervisor.InFlightCall, len(calls))
		for i, c := range calls {
			out[i] = supervisor.InFlightCall{Tool: c.Tool, Started: c.Started}
		}
		return out
	}
	dump.Policy = func() (string, map[string]int) {
		st := srv.PolicyStatus()
		return st.Policy, st.Decisions
	}
}

// reportFirstAttempt says on stderr, once, what keeps ZCP from the
// project when the first discovery fails; the server keeps serving. wait
// returns once the report is written or, after ctx ended, is not coming.
func reportFirstAttempt(ctx context.Context, first <-chan error, hint string, stderr io.Writer) (wait func()) {
	if hint != "" {
		fmt.Fprintf(stderr, "zcp: warning: %s\n", hint)
	}
	report := func(err error) {
		if err != nil && !errors.Is(err, context.Canceled) {
			printFatal(stderr, err)
			fmt.Fprintln(stderr, "zcp: serving anyway: knowledge, context, workflow and validate work; the other tools answer this error until the API answers.")
		}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		select {
		case err := <-first:
			report(err)
		case <-ctx.Done():
			select {
			case err := <-first: // ready at the same moment: still worth saying
				report(err)
			default:
			}
		}
	}()
	return func() { <-done }
}

// gatewayConfigFromEnv reads the API budget from ZCP_API_RATE.
func gatewayConfigFromEnv() (actors.GatewayConfig, error) {
	var cfg actors.GatewayConfig
	if s := os.Getenv("ZCP_API_RATE"); s != "" {
		rps, burst, err := parseRate(s)
		if err != nil {
			return cfg, fmt.Errorf("ZCP_API_RATE: %w", err)
		}
		cfg.Rate, cfg.Burst = rps, burst
	}
	return cfg, nil
}

// waitTree waits (bounded) for the supervision tree to stop after the root
// context is cancelled.
func waitTree(done <-chan error, log *slog.Logger) {
	select {
	case <-done:
	case <-time.After(supervisor.DefaultHardDeadline):
		log.Error("supervision tree did not stop in time")
	}
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

// openAudit opens ZCP_AUDIT_LOG (nil writer when path is empty); see
// supervisor.OpenAppend for what is refused.
func openAudit(path string) (io.Writer, func(), error) {
	if path == "" {
		return nil, func() {}, nil
	}
	f, err := supervisor.OpenAppend(path)
	if err != nil {
		return nil, nil, err
	}
	return f, func() { _ = f.Close() }, nil
}

// schemaStartDelay keeps the schemas' disk read, fetch and compilation (a
// sixth of a start's work) off the way to initialize and the first answers;
// a call that validates earlier starts the store at once.
const schemaStartDelay = 2 * time.Second

// newSchemaStore keeps the platform's published schemas of the API at
// apiURL, on disk in the user cache directory; an API on this machine (the
// sandbox, a test's fake: a new port each run) is not cached on disk.
func newSchemaStore(apiURL string, through func(context.Context, string, func(context.Context) ([]byte, error)) ([]byte, error)) *schema.Store {
	base, err := zeropsapi.NormalizeAPIURL(apiURL)
	if err != nil {
		return nil // the client refused it already
	}
	dir := schema.DefaultCacheDir()
	if u, err := url.Parse(base); err == nil {
		if h := u.Hostname(); h == "localhost" || net.ParseIP(h).IsLoopback() {
			dir = ""
		}
	}
	return schema.NewStore(schema.Config{BaseURL: base, CacheDir: dir, Through: through})
}
