package mcp

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sort"
	"sync"
	"sync/atomic"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/actors"
	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/knowledge"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
	"github.com/zeropsio/zcp/platform/policy"
	"github.com/zeropsio/zcp/platform/schema"
)

// Project names the one project this server manages.
type Project struct {
	ID   string
	Name string
}

// Watcher follows platform processes and builds (actors.Watcher).
type Watcher interface {
	Subscribe(ctx context.Context, processID string) (<-chan actors.ProcessUpdate, error)
	SubscribeBuild(ctx context.Context, serviceID string, since time.Time, appVersionID string) (<-chan actors.BuildUpdate, error)
}

// Knowledge is the background-built knowledge index (actors.KnowledgeIndex).
type Knowledge interface {
	Warm()
	Index(ctx context.Context) (*knowledge.Index, error)
}

// Deployer pushes code to a service (deploy.Deployer).
type Deployer interface {
	Deploy(ctx context.Context, req deploy.Request) (*deploy.Result, error)
}

// Pool runs deploy jobs, one at a time per target (actors.DeployPool).
type Pool interface {
	Run(ctx context.Context, target string, job func(context.Context) error) error
}

// Deps is everything the server needs. Client, Project.ID and Logger are
// required; a nil Deployer makes zerops_deploy answer "not configured"; a
// nil Pool runs deploys directly; a nil Audit disables the audit log.
type Deps struct {
	Client  platform.Client // the API gateway in production
	Logs    platform.LogFetcher
	Project Project
	// Memory is what ZCP remembers of the project, shared by every session
	// (the supervisor stack makes it); nil: New makes one kept in memory only.
	Memory *ops.Memory
	// Connect, when set and Project.ID is empty, settles the project on the
	// first platform tool call and answers its error until it succeeds (the
	// server starts before the API has answered).
	Connect func(ctx context.Context) (Project, error)
	// Known, when set, reports without waiting or asking the API whether the
	// background discovery has already settled the project; the offline
	// tools then carry the live catalog before any platform tool ran.
	Known     func() (Project, bool)
	Watcher   Watcher
	Knowledge Knowledge
	Deployer  Deployer
	Pool      Pool
	EnvWrites ops.EnvQueue // serializes env writes per target (actors.EnvWrites); nil writes directly
	Logger    *slog.Logger
	Version   string
	ReadOnly  bool      // ZCP_READ_ONLY: register only read-only tools (zerops_env and zerops_process as get/status variants)
	Audit     io.Writer // one JSON line per non-read-only call; nil = off
	// Secrets are ZCP's own (the API token): a call whose arguments hold one
	// is refused, and error texts lose them before they are clipped. nil: none.
	Secrets *platform.Scrubber
	WorkDir string      // base of filePath arguments
	Prober  *ops.Prober // zerops_verify's HTTP GETs; nil = the real URLs
	// Sandbox: the project is zcp sandbox's simulated one, which builds
	// nothing from a buildFromGit repository.
	Sandbox bool
	// ReadyWait bounds how long a followed deploy waits for the app to
	// answer; 0 = deploy.DefaultReadyWait.
	ReadyWait  time.Duration
	SlogLogger *slog.Logger

	// ToolDeadline bounds each call of a tool that does not wait on platform
	// processes; 0 = DefaultToolDeadline.
	ToolDeadline time.Duration

	// Wait is how long one call waits on platform work before it answers
	// where the work is and the call that waits on (ZCP_WAIT); 0 =
	// DefaultWait, at most MaxWait.
	Wait time.Duration

	// ImportOptions bounds the wait for hostnames still being deleted.
	ImportOptions ops.ImportOptions

	// Policy decides each tool call (ZCP_POLICY); nil = the built-in
	// defaults. ReadOnly puts the read-only rule before it.
	Policy *policy.Policy
	// Grants is the directory of one-shot confirmations `zcp policy allow`
	// writes; "" = none.
	Grants string
	// ReplayWindow is how long a mutation's result answers the same call
	// again; 0 = DefaultReplayWindow.
	ReplayWindow time.Duration
	// Now is the clock of replays and grants; nil = time.Now.
	Now func() time.Time
	// Schemas keeps the platform's published schemas (fetched in the
	// background); nil: validation uses ZCP's own structural checks.
	Schemas *schema.Store
}

// InFlightCall is one tool call being handled, for the status dump.
type InFlightCall struct {
	Tool    string    `json:"tool"`
	Started time.Time `json:"started"`
	Session string    `json:"session,omitempty"` // the MCP session id; empty on stdio
}

// Server is ZCP's MCP server: the go-sdk server with the zerops_* tools,
// the documents as resources and the middleware. Safe for concurrent use;
// it serves one session per Run.
type Server struct {
	deps    Deps
	log     *slog.Logger
	sdk     *sdk.Server
	stacks  *ops.StackTypeCache
	tools   map[string]toolDef // registered tools by name
	catalog map[string]bool    // every tool ZCP has, registered or not: name → read-only

	mu       sync.Mutex
	inflight map[uint64]InFlightCall
	nextCall uint64

	auditMu sync.Mutex

	policy    *policy.Policy
	replays   *replays
	gateMu    sync.Mutex
	decisions map[string]int // gate outcomes since start-up

	leases leases // watcher subscriptions parked for continuation calls

	project atomic.Pointer[Project] // nil until Deps.Connect succeeds
}

// New builds the server and registers its tools and resources.
func New(deps Deps) (*Server, error) {
	if deps.Client == nil {
		return nil, errors.New("mcp.New: Deps.Client is required")
	}
	if deps.Project.ID == "" && deps.Connect == nil {
		return nil, errors.New("mcp.New: Deps.Project.ID or Deps.Connect is required")
	}
	if deps.Logger == nil {
		deps.Logger = slog.New(slog.DiscardHandler)
	}
	if deps.Version == "" {
		deps.Version = "dev"
	}
	if deps.Memory == nil {
		deps.Memory = ops.NewMemory("")
	}
	s := &Server{
		deps:      deps,
		log:       deps.Logger,
		stacks:    ops.NewStackTypeCache(deps.Client, 0),
		tools:     map[string]toolDef{},
		catalog:   map[string]bool{},
		inflight:  map[uint64]InFlightCall{},
		policy:    deps.Policy,
		replays:   newReplays(deps.ReplayWindow),
		decisions: map[string]int{},
	}
	if s.policy == nil {
		s.policy = policy.Default()
	}
	if deps.ReadOnly {
		s.policy = s.policy.ReadOnly()
	}
	if deps.Project.ID != "" {
		p := deps.Project
		s.project.Store(&p)
	}
	opts := &sdk.ServerOptions{
		Instructions: Instructions,
		Logger:       deps.SlogLogger,
		InitializedHandler: func(context.Context, *sdk.InitializedRequest) {
			s.warm()
		},
		Capabilities: &sdk.ServerCapabilities{
			Tools:     &sdk.ToolCapabilities{},
			Resources: &sdk.ResourceCapabilities{},
			Prompts:   &sdk.PromptCapabilities{},
		},
	}
	s.sdk = sdk.NewServer(&sdk.Implementation{Name: "zcp", Title: "Zerops Control Plane", Version: deps.Version}, opts)
	for _, def := range s.allTools() {
		s.catalog[def.tool.Name] = def.readOnly
		if deps.ReadOnly && !def.readOnly {
			continue
		}
		if err := def.add(s.sdk); err != nil {
			return nil, fmt.Errorf("registering %s: %w", def.tool.Name, err)
		}
		s.tools[def.tool.Name] = def
	}
	s.addResources()
	s.addPrompts()
	s.sdk.AddReceivingMiddleware(wireErrorMiddleware, s.argumentsCapMiddleware, s.recoverMiddleware, s.trackMiddleware, s.connectMiddleware, s.gateMiddleware, s.deadlineMiddleware, s.warmMiddleware, s.progressMiddleware)
	return s, nil
}

// SDK returns the underlying go-sdk server (tests connect transports to it).
func (s *Server) SDK() *sdk.Server { return s.sdk }

// Run serves one session over t until the client disconnects or ctx ends.
func (s *Server) Run(ctx context.Context, t sdk.Transport) error {
	// Like the SDK's own Run, but a cancelled ctx is the normal way ZCP stops
	// (a signal), not an error worth an ERROR log line.
	ss, err := s.sdk.Connect(ctx, t, nil)
	if err != nil {
		return fmt.Errorf("mcp server: connect: %w", err)
	}
	ended := make(chan error, 1)
	go func() { ended <- ss.Wait() }()
	select {
	case <-ctx.Done():
		_ = ss.Close()
		<-ended
		s.log.Info("MCP session stopped", slog.Any("error", ctx.Err()))
		return fmt.Errorf("mcp server stopped: %w", ctx.Err())
	case err := <-ended:
		if err != nil {
			return fmt.Errorf("mcp server: %w", err)
		}
		return nil
	}
}

// InFlight lists the tool calls being handled, oldest first.
func (s *Server) InFlight() []InFlightCall {
	s.mu.Lock()
	out := make([]InFlightCall, 0, len(s.inflight))
	for _, c := range s.inflight {
		out = append(out, c)
	}
	s.mu.Unlock()
	sort.Slice(out, func(i, j int) bool { return out[i].Started.Before(out[j].Started) })
	return out
}

// ToolNames lists the registered tools, sorted.
func (s *Server) ToolNames() []string {
	names := make([]string, 0, len(s.tools))
	for n := range s.tools {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func (s *Server) warm() {
	if s.deps.Knowledge != nil {
		s.deps.Knowledge.Warm()
	}
}

// schemas returns the platform's published schemas, waiting at most
// schema.DefaultWait for a first fetch under way; nil when there are none.
func (s *Server) schemas(ctx context.Context) *schema.Set {
	return s.deps.Schemas.Get(ctx, schema.DefaultWait)
}

// published is what the validators read of the platform: catalog and schemas.
func (s *Server) published(ctx context.Context) ops.Published {
	return ops.Published{Types: s.stackTypes(ctx), Schemas: s.schemas(ctx)}
}

// stackTypes returns the live catalog or nil when it cannot be fetched in a
// few seconds: every consumer degrades quietly without it.
func (s *Server) stackTypes(ctx context.Context) []platform.ServiceStackType {
	if !s.projectKnown() {
		return nil // the API has not answered yet: offline tools do without the live catalog
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	types, err := s.stacks.Get(ctx)
	if err != nil {
		s.log.Debug("service type catalog unavailable", slog.String("code", platform.ErrorCode(err)))
		return nil
	}
	return types
}

// projectKnown reports whether the project is settled, taking it from
// Deps.Known when the background discovery found it before any platform
// tool call did (offline tools never ask Deps.Connect).
func (s *Server) projectKnown() bool {
	if s.project.Load() != nil {
		return true
	}
	if s.deps.Known == nil {
		return false
	}
	p, ok := s.deps.Known()
	if !ok || p.ID == "" {
		return false
	}
	s.project.CompareAndSwap(nil, &p)
	return true
}

// index returns the knowledge index, waiting for its build.
func (s *Server) index(ctx context.Context) (*knowledge.Index, error) {
	if s.deps.Knowledge == nil {
		return nil, platform.NewError(platform.ErrServiceUnavailable, "the knowledge base is not configured", "Use zerops_context for the platform overview.")
	}
	ix, err := s.deps.Knowledge.Index(ctx)
	if err != nil {
		if platform.ErrorCode(err) != "" || errors.Is(err, context.Canceled) {
			return nil, err
		}
		return nil, &platform.PlatformError{Code: platform.ErrServiceUnavailable, Message: "the knowledge base is unavailable",
			Suggestion: "Retry in a moment; zerops_context works without it.", Err: err}
	}
	return ix, nil
}
