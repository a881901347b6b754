package mcp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/actors"
	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/knowledge"
	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/ops"
	"github.com/zeropsio/zcp/platform/schema"
	"github.com/zeropsio/zcp/platform/zeropsapi"
	"github.com/zeropsio/zcp/supervisor"
)

var (
	indexOnce sync.Once
	sharedIx  *knowledge.Index
	indexErr  error
)

// buildIndex builds the real knowledge index once for the package.
func buildIndex() (*knowledge.Index, error) {
	indexOnce.Do(func() {
		docs, err := knowledge.Documents()
		if err != nil {
			indexErr = err
			return
		}
		sharedIx, indexErr = knowledge.BuildIndex(docs)
	})
	return sharedIx, indexErr
}

// syncBuffer is an io.Writer safe for concurrent use.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

type harness struct {
	fake     *fakeapi.Server
	client   platform.Client // the raw client, bypassing the gateway: for test set-up
	stack    *supervisor.Stack
	srv      *mcp.Server
	cs       *sdk.ClientSession
	audit    *syncBuffer
	mu       sync.Mutex
	progress []*sdk.ProgressNotificationParams
	notified chan struct{}
}

type harnessOpts struct {
	processDuration time.Duration
	buildStep       time.Duration // each simulated build step; default 15 ms
	deps            func(*mcp.Deps)
	gateway         func(*actors.GatewayConfig) // adjusts the gateway's test budget
	token           string                      // the fake API's token; default fakeapi's
	// sandboxPush deploys as `zcp sandbox` does (deploy.APIPusher), with
	// demoApp in the working directory, and answers as it does (Sandbox).
	sandboxPush bool
	// fake and project: the server works in a new project of that name in
	// another harness's fake API (a second ZCP, e.g. where an export is
	// imported).
	fake    *fakeapi.Server
	project string
}

// demoZeropsYml holds a setup for each runtime of the demo project and the
// `prod` setup the knowledge documents' examples name.
const demoZeropsYml = `zerops:
  - setup: appstage
    build: &build
      base: nodejs@22
      buildCommands: [npm ci]
      deployFiles: ./
    run: &run
      base: nodejs@22
      ports: [{port: 3000, httpSupport: true}]
      start: node index.js
  - setup: appdev
    build: *build
    run: *run
  - setup: prod
    build: *build
    run: *run
`

// demoApp is the Node app demoZeropsYml builds and starts: what `npm ci`
// and `node index.js` need, listening on 0.0.0.0:3000 after connecting, as
// it loads, to the host each variable the tests point at a database, cache
// or service names (a reference to a missing service in one fails its
// start: the line that reads it connects with it).
var demoApp = map[string]string{
	"zerops.yml":        demoZeropsYml,
	"package.json":      `{"name": "demo", "version": "1.0.0", "scripts": {"start": "node index.js"}}` + "\n",
	"package-lock.json": `{"name": "demo", "version": "1.0.0", "lockfileVersion": 3, "requires": true, "packages": {"": {"name": "demo", "version": "1.0.0"}}}` + "\n",
	"index.js": "const http = require('node:http');\n" +
		"for (const s of [process.env.DATABASE_URL, process.env.DB_URL, process.env.DB_HOST, process.env.PGHOST, process.env.DB, process.env.SEARCH_URL, process.env.REDIS_HOST, process.env.CACHE, process.env.API, process.env.AMQP_URL, process.env.QDRANT_URL, process.env.IMGPROXY_HOST, process.env.DB_PASS, process.env.CACHE_URL, process.env.connectionString]) if (s) require('node:net').connect(5432, s.includes('://') ? new URL(s).hostname : s);\n" +
		"http.createServer((req, res) => res.end('ok')).listen(3000, '0.0.0.0', () => console.log('Listening on 0.0.0.0:3000'));\n",
}

// noBuildScript breaks demoApp's build the way a user does: zerops.yml runs
// `npm run build`, and package.json has no such script.
var noBuildScript = map[string]string{
	"zerops.yml": strings.ReplaceAll(demoZeropsYml, "buildCommands: [npm ci]", "buildCommands: [npm ci, npm run build]"),
}

// writeApp writes files (name → content) into dir.
func writeApp(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// newHarness runs the server over in-memory transports against the fake API,
// wired by supervisor.NewStack as cmd/zcp wires it: every API call of the
// tools and the watcher passes through the gateway.
func newHarness(t testing.TB, o harnessOpts) *harness {
	t.Helper()
	if o.processDuration == 0 {
		o.processDuration = 40 * time.Millisecond
	}
	if o.buildStep == 0 {
		o.buildStep = 15 * time.Millisecond
	}
	fake := o.fake
	if fake == nil {
		fake = fakeapi.StartTB(t, fakeapi.Options{Token: o.token, ProcessDuration: o.processDuration, BuildStepDuration: o.buildStep})
	}
	projectID, projectName := fake.ProjectID(), "demo"
	if o.project != "" {
		projectID, projectName = fake.AddProject(o.project), o.project
	}
	client, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: fake.URL(), Token: fake.Token()})
	if err != nil {
		t.Fatal(err)
	}
	// The production wiring, tuned only so that tests run fast: a budget no
	// test exhausts, quick retries and quick polls.
	gwCfg := actors.GatewayConfig{Rate: 10000, Burst: 10000, RetryBase: time.Millisecond}
	if o.gateway != nil {
		o.gateway(&gwCfg)
	}
	stack, err := supervisor.NewStack(client, supervisor.StackConfig{
		Gateway:    gwCfg,
		Watcher:    actors.WatcherConfig{Interval: 10 * time.Millisecond, SlowInterval: 10 * time.Millisecond},
		BuildIndex: buildIndex,
	})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	treeDone := stack.Start(ctx)

	h := &harness{fake: fake, client: client, stack: stack, audit: &syncBuffer{}, notified: make(chan struct{}, 1000)}
	deps := stack.Deps(supervisor.ServerConfig{
		Project: mcp.Project{ID: projectID, Name: projectName},
		Version: "test",
		Audit:   h.audit,
		WorkDir: t.TempDir(),
		Prober:  sandboxProber(fake),
	})
	workDirs.Store(h, deps.WorkDir)
	// The platform's schemas, fetched from the fake as zcp fetches them.
	deps.Schemas = schema.NewStore(schema.Config{BaseURL: fake.URL()})
	deps.Schemas.Start(ctx)
	t.Cleanup(func() { deps.Schemas.Wait(context.Background()) }) // after cancel below: the fetch ends with ctx
	if o.sandboxPush {
		deps.Deployer = deploy.NewAPIPusher(deps.Client, deps.WorkDir, ops.ReadFileInDir)
		deps.Sandbox = true // wired as zcp sandbox is
		writeApp(t, deps.WorkDir, demoApp)
	}
	deps.Policy = allowAll // the gate's defaults are tested on their own (policy_test.go)
	if o.deps != nil {
		o.deps(&deps)
	}
	srv, err := mcp.New(deps)
	if err != nil {
		t.Fatal(err)
	}
	h.srv = srv
	st, ct := sdk.NewInMemoryTransports()
	ss, err := srv.SDK().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	client2 := sdk.NewClient(&sdk.Implementation{Name: "test-client", Version: "1"}, &sdk.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *sdk.ProgressNotificationClientRequest) {
			h.mu.Lock()
			h.progress = append(h.progress, req.Params)
			h.mu.Unlock()
			h.notified <- struct{}{}
		},
	})
	cs, err := client2.Connect(ctx, ct, &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	h.cs = cs
	t.Cleanup(func() {
		_ = cs.Close()
		_ = ss.Wait()
		cancel()
		select {
		case <-treeDone:
		case <-time.After(10 * time.Second):
			t.Error("the supervision tree did not stop within 10 s")
		}
	})
	return h
}

// sandboxProber probes the fake's services as `zcp sandbox` does.
func sandboxProber(fake *fakeapi.Server) *ops.Prober {
	return &ops.Prober{Rewrite: func(t ops.ProbeTarget) string { return fakeapi.ProbeURL(fake.URL(), t.Service, t.Port, t.Path) }}
}

// call invokes a tool and decodes its JSON answer (nil for text answers).
func (h *harness) call(t testing.TB, name string, args map[string]any) (*sdk.CallToolResult, map[string]any) {
	t.Helper()
	return h.callWith(t, context.Background(), name, args, nil)
}

func (h *harness) callWith(t testing.TB, ctx context.Context, name string, args map[string]any, token any) (*sdk.CallToolResult, map[string]any) {
	t.Helper()
	params := &sdk.CallToolParams{Name: name, Arguments: args}
	if token != nil {
		params.SetProgressToken(token)
	}
	res, err := h.cs.CallTool(ctx, params)
	if err != nil {
		t.Fatalf("CallTool(%s): %v", name, err)
	}
	m := decode(res)
	checkNoPlaceholderArgs(t, name, m)
	return res, m
}

func decode(res *sdk.CallToolResult) map[string]any {
	if len(res.Content) == 0 {
		return nil
	}
	tc, ok := res.Content[0].(*sdk.TextContent)
	if !ok {
		return nil
	}
	var m map[string]any
	if json.Unmarshal([]byte(tc.Text), &m) == nil {
		return m
	}
	return nil // a document answer: markdown text only
}

// nextStep is the "Next:" line that ends a document answer.
func nextStep(doc string) string {
	if i := strings.LastIndex(doc, "\nNext:"); i >= 0 {
		return doc[i+1:]
	}
	return ""
}

// searchHits are the uris of a knowledge search's numbered hits, in order.
func searchHits(doc string) []string {
	var uris []string
	for _, m := range hitLine.FindAllStringSubmatch(doc, -1) {
		uris = append(uris, m[1])
	}
	return uris
}

var hitLine = regexp.MustCompile(`(?m)^\d+\. .* \((zerops://[^,]+), score [0-9.]+\)$`)

func text(res *sdk.CallToolResult) string {
	if len(res.Content) == 0 {
		return ""
	}
	if tc, ok := res.Content[0].(*sdk.TextContent); ok {
		return tc.Text
	}
	return ""
}

// wantError checks an isError result with the given code and the full
// {code, error, suggestion} shape.
func wantError(t *testing.T, res *sdk.CallToolResult, m map[string]any, code string) {
	t.Helper()
	if !res.IsError {
		t.Fatalf("want isError with %s, got success %s", code, text(res))
	}
	if m == nil {
		t.Fatalf("error is not JSON: %s", text(res))
	}
	if m["code"] != code {
		t.Fatalf("code = %v, want %s (%s)", m["code"], code, text(res))
	}
	if s, _ := m["error"].(string); s == "" {
		t.Errorf("no error message: %s", text(res))
	}
	if s, _ := m["suggestion"].(string); s == "" {
		t.Errorf("no suggestion: %s", text(res))
	}
}

func wantOK(t *testing.T, res *sdk.CallToolResult) {
	t.Helper()
	if res.IsError {
		t.Fatalf("unexpected error result: %s", text(res))
	}
}

func (h *harness) notifications() []*sdk.ProgressNotificationParams {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]*sdk.ProgressNotificationParams(nil), h.progress...)
}

var workDirs sync.Map // *harness → string

func (h *harness) workDir(t *testing.T) string {
	t.Helper()
	v, ok := workDirs.Load(h)
	if !ok {
		t.Fatal("harness has no work dir")
	}
	return v.(string)
}

// ownApp replaces demoApp in h's work dir with files (name → content),
// for a test deploying an app of its own, and returns the dir.
func (h *harness) ownApp(t *testing.T, files map[string]string) string {
	t.Helper()
	wd := h.workDir(t)
	for name := range demoApp {
		must(t, os.Remove(filepath.Join(wd, name)))
	}
	writeApp(t, wd, files)
	return wd
}

// secretOf reads a sensitive value straight from the API, to check it never
// appears in a tool answer.
func (h *harness) secretOf(t *testing.T, hostname, key string) string {
	t.Helper()
	envs, err := h.client.GetServiceEnv(context.Background(), h.fake.ServiceID(hostname))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range envs {
		if e.Key == key {
			return e.Content
		}
	}
	t.Fatalf("%s has no %s", hostname, key)
	return ""
}

// callRequests lists the fake's logged requests as "METHOD path", without
// the published schemas' fetches: the harness starts them in the background,
// and on a loaded machine they land at any time, so they are no call's.
func callRequests(f *fakeapi.Server) []string {
	var out []string
	for _, r := range f.Requests() {
		if !strings.Contains(r.Path, "/settings/") {
			out = append(out, r.Method+" "+r.Path)
		}
	}
	return out
}
