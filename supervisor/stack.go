package supervisor

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/zeropsio/zcp/actors"
	"github.com/zeropsio/zcp/knowledge"
	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
	"github.com/zeropsio/zcp/platform/policy"
	"github.com/zeropsio/zcp/platform/schema"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// StackConfig tunes a Stack. Zero fields take the production defaults.
type StackConfig struct {
	Gateway       actors.GatewayConfig
	Watcher       actors.WatcherConfig
	DeployWorkers int
	Tree          TreeConfig
	BuildIndex    func() (*knowledge.Index, error) // default: the embedded corpus
	Logger        *slog.Logger                     // default: discards
	// StateDir is where the project's memory keeps what outlives a restart
	// (ops.DefaultStateDir in production); "": kept in memory only.
	StateDir string
}

// Stack is the one wiring of a zcp process, shared by cmd/zcp and the MCP
// tool tests: the actors under their supervision tree, with the watcher, the
// MCP server and the deployer all calling the API through the gateway.
// Its fields are set by NewStack and never change.
type Stack struct {
	Tree      *Tree
	Gateway   *actors.Gateway
	Watcher   *actors.Watcher
	Pool      *actors.DeployPool
	EnvWrites *actors.EnvWrites
	Index     *actors.KnowledgeIndex
	Memory    *ops.Memory // what ZCP remembers of the project, shared by every session
	log       *slog.Logger
}

// NewStack builds the actors on client and adds them to a new tree; nothing
// runs until Start.
func NewStack(client platform.Client, cfg StackConfig) (*Stack, error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	if cfg.BuildIndex == nil {
		cfg.BuildIndex = BuildKnowledgeIndex
	}
	gateway := actors.NewGateway(client, cfg.Gateway)
	s := &Stack{
		Tree:      NewTree(cfg.Logger, cfg.Tree),
		Gateway:   gateway,
		Watcher:   actors.NewWatcher(gateway, cfg.Watcher),
		Pool:      actors.NewDeployPool(cfg.DeployWorkers),
		EnvWrites: actors.NewEnvWrites(),
		Index:     actors.NewKnowledgeIndex(cfg.BuildIndex),
		Memory:    ops.NewMemory(cfg.StateDir),
		log:       cfg.Logger,
	}
	for _, a := range []struct {
		group string
		actor actors.Actor
	}{
		{GroupAPI, s.Gateway},
		{GroupWatch, s.Watcher},
		{GroupDeploy, s.Pool},
		{GroupEnv, s.EnvWrites},
		{GroupKnowledge, s.Index},
	} {
		if err := s.Tree.Add(a.group, a.actor); err != nil {
			return nil, fmt.Errorf("wiring: %w", err)
		}
	}
	return s, nil
}

// Start runs the tree until ctx ends; see Tree.Start.
func (s *Stack) Start(ctx context.Context) <-chan error { return s.Tree.Start(ctx) }

// ServerConfig is what the MCP server needs beyond the stack's actors.
type ServerConfig struct {
	Project mcp.Project
	// Connect settles the project on demand when Project.ID is empty (see mcp.Deps).
	Connect func(ctx context.Context) (mcp.Project, error)
	// Known reports the project once the background discovery settled it.
	Known    func() (mcp.Project, bool)
	Version  string
	ReadOnly bool          // ZCP_READ_ONLY
	Wait     time.Duration // ZCP_WAIT; 0 = mcp.DefaultWait
	Audit    io.Writer     // ZCP_AUDIT_LOG; nil = off
	WorkDir  string
	Secrets  *platform.Scrubber // ZCP's own secrets (the API token); see mcp.Deps
	// NewDeployer builds the deployer from the gateway, so that its API
	// calls share the budget; nil leaves zerops_deploy unconfigured.
	NewDeployer func(platform.Client) mcp.Deployer
	// Prober makes zerops_verify's HTTP GETs; nil requests the real URLs.
	Prober  *ops.Prober
	Sandbox bool           // zcp sandbox: see mcp.Deps
	Policy  *policy.Policy // ZCP_POLICY; nil = the built-in defaults
	Grants  string         // ZCP_POLICY_GRANTS: one-shot confirmations
	// Schemas keeps the platform's published schemas; nil: not fetched.
	Schemas *schema.Store
}

// Deps wires the MCP server's dependencies to the stack's actors.
func (s *Stack) Deps(c ServerConfig) mcp.Deps {
	d := mcp.Deps{
		Client:     s.Gateway,
		Logs:       zeropsapi.NewLogFetcher(nil),
		Project:    c.Project,
		Memory:     s.Memory,
		Connect:    c.Connect,
		Known:      c.Known,
		Watcher:    s.Watcher,
		Knowledge:  s.Index,
		Pool:       s.Pool,
		EnvWrites:  s.EnvWrites,
		Logger:     s.log,
		Version:    c.Version,
		ReadOnly:   c.ReadOnly,
		Wait:       c.Wait,
		Audit:      c.Audit,
		Secrets:    c.Secrets,
		WorkDir:    c.WorkDir,
		SlogLogger: s.log.With("logger", "sdk"),
		Prober:     c.Prober,
		Sandbox:    c.Sandbox,
		Policy:     c.Policy,
		Grants:     c.Grants,
		Schemas:    c.Schemas,
	}
	if c.NewDeployer != nil {
		d.Deployer = c.NewDeployer(s.Gateway)
	}
	return d
}

// NewServer builds the MCP server on the stack.
func (s *Stack) NewServer(c ServerConfig) (*mcp.Server, error) { return mcp.New(s.Deps(c)) }

// BuildKnowledgeIndex opens the bleve index `go generate` embedded for the
// embedded corpus (knowledge.OpenIndex): nothing is analysed at start-up.
func BuildKnowledgeIndex() (*knowledge.Index, error) {
	ix, err := knowledge.OpenIndex()
	if err != nil {
		return nil, fmt.Errorf("knowledge index: %w", err)
	}
	return ix, nil
}
