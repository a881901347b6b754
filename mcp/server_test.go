package mcp_test

import (
	"context"
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/knowledge"
	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform"
)

func listTools(t *testing.T, h *harness) []*sdk.Tool {
	t.Helper()
	res, err := h.cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(res.Tools, func(i, j int) bool { return res.Tools[i].Name < res.Tools[j].Name })
	return res.Tools
}

func TestToolsList_DescribedTools(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	tools := listTools(t, h)
	if len(tools) != len(mcp.ToolNames()) {
		t.Fatalf("%d tools, the registry has %d", len(tools), len(mcp.ToolNames()))
	}
	for _, tool := range tools {
		if !strings.HasPrefix(tool.Name, "zerops_") {
			t.Errorf("tool %q", tool.Name)
		}
		if tool.Description == "" || tool.Title == "" || tool.Annotations == nil || tool.Annotations.Title == "" {
			t.Errorf("%s lacks description, title or annotations", tool.Name)
		}
		if !tool.Annotations.ReadOnlyHint && tool.Annotations.DestructiveHint == nil {
			t.Errorf("%s mutates but says nothing about being destructive", tool.Name)
		}
	}
}

func TestReadOnly_RegistersOnlyReadOnlyTools(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) { d.ReadOnly = true }})
	tools := listTools(t, h)
	var names []string
	for _, tool := range tools {
		names = append(names, tool.Name)
		if tool.Annotations == nil || !tool.Annotations.ReadOnlyHint {
			t.Errorf("%s is registered but not annotated read-only", tool.Name)
		}
		if tool.Description == "" || tool.Title == "" {
			t.Errorf("%s lacks description or title", tool.Name)
		}
	}
	if want := slices.Sorted(slices.Values(mcp.ReadOnlyToolNames())); !slices.Equal(names, want) {
		t.Fatalf("read-only tools = %v, the registry's read-only tools %v", names, want)
	}
	for _, tool := range tools {
		if tool.Name != "zerops_env" {
			continue
		}
		props, _ := tool.InputSchema.(map[string]any)["properties"].(map[string]any)
		if _, ok := props["variables"]; ok {
			t.Error("read-only zerops_env still takes variables")
		}
	}
	res, m := h.call(t, "zerops_delete", map[string]any{"serviceHostname": "cache", "confirm": true})
	wantError(t, res, m, platform.ErrReadOnly)
	if !strings.Contains(text(res), "ZCP_READ_ONLY") {
		t.Errorf("refusal does not name the setting: %s", text(res))
	}
	if n := h.fake.CountRequests("DELETE", "/service-stack/"); n != 0 {
		t.Errorf("read-only server deleted (%d requests)", n)
	}
	res, _ = h.call(t, "zerops_discover", nil)
	wantOK(t, res)
}

func TestReadOnly_EnvGetAndProcessStatusStay(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) { d.ReadOnly = true }})
	proc, err := h.client.RestartService(context.Background(), h.fake.ServiceID("appdev"))
	if err != nil {
		t.Fatal(err)
	}
	h.fake.ResetRequests()

	for _, args := range []map[string]any{
		{"action": "get", "serviceHostname": "db"},
		{"serviceHostname": "db"}, // get is the default
		{"action": " GET ", "project": "true"},
	} {
		res, m := h.call(t, "zerops_env", args)
		wantOK(t, res)
		if m["action"] != "get" || strings.Contains(text(res), "action=set") {
			t.Errorf("env %v = %s", args, text(res))
		}
	}
	res, _ := h.call(t, "zerops_env", map[string]any{"serviceHostname": "db"})
	if strings.Contains(text(res), h.secretOf(t, "db", "password")) {
		t.Errorf("env get leaks the password: %s", text(res))
	}
	res, m := h.call(t, "zerops_process", map[string]any{"processId": proc.ID})
	wantOK(t, res)
	if m["process"].(map[string]any)["id"] != proc.ID {
		t.Errorf("process status = %s", text(res))
	}
	res, _ = h.call(t, "zerops_process", map[string]any{"processId": proc.ID, "action": "status"})
	wantOK(t, res)

	refused := []struct {
		tool string
		args map[string]any
		code string
	}{
		{"zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": []string{"A=1"}}, platform.ErrReadOnly},
		{"zerops_env", map[string]any{"action": "Delete", "serviceHostname": "appdev", "variables": "A"}, platform.ErrReadOnly},
		{"zerops_env", map[string]any{"action": "set", "project": true}, platform.ErrReadOnly},
		{"zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev", "variables": map[string]any{"A": "1"}}, platform.ErrReadOnly},
		{"zerops_env", map[string]any{"action": "list", "serviceHostname": "appdev"}, platform.ErrInvalidParameter},
		{"zerops_env", map[string]any{"serviceHostname": "appdev", "variables": []string{"A=1"}}, platform.ErrInvalidParameter},
		{"zerops_process", map[string]any{"processId": proc.ID, "action": "cancel"}, platform.ErrReadOnly},
		{"zerops_process", map[string]any{"processId": proc.ID, "action": "pause"}, platform.ErrInvalidParameter},
		{"zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appdev"}, platform.ErrReadOnly},
	}
	for _, tt := range refused {
		res, m := h.call(t, tt.tool, tt.args)
		wantError(t, res, m, tt.code)
		switch tt.code {
		case platform.ErrReadOnly:
			if !strings.Contains(m["error"].(string)+m["suggestion"].(string), "ZCP_READ_ONLY=1") {
				t.Errorf("%s %v: refusal does not name ZCP_READ_ONLY=1: %s", tt.tool, tt.args, text(res))
			}
		case platform.ErrInvalidParameter:
			if tt.args["action"] != nil && !strings.Contains(m["suggestion"].(string), "action=") {
				t.Errorf("%s %v: accepted actions not named: %s", tt.tool, tt.args, text(res))
			}
		}
	}
	for _, r := range h.fake.Requests() {
		search := r.Method == "POST" && strings.HasSuffix(r.Path, "/search")
		if r.Method != "GET" && !search {
			t.Errorf("read-only server sent %s %s", r.Method, r.Path)
		}
	}
	if h.audit.String() != "" {
		t.Errorf("read-only calls were audited: %s", h.audit.String())
	}
}

// panickingKnowledge is an injected dependency that panics, standing in for
// any bug in a handler's path.
type panickingKnowledge struct{ warmed atomic.Int32 }

func (p *panickingKnowledge) Warm() { p.warmed.Add(1) }
func (p *panickingKnowledge) Index(context.Context) (*knowledge.Index, error) {
	panic("boom: index exploded")
}

func TestRecover_PanicBecomesInternalErrorAndServerKeepsServing(t *testing.T) {
	t.Parallel()
	pk := &panickingKnowledge{}
	h := newHarness(t, harnessOpts{deps: func(d *mcp.Deps) { d.Knowledge = pk }})
	res, m := h.call(t, "zerops_knowledge", map[string]any{"query": "postgresql"})
	wantError(t, res, m, platform.ErrInternal)
	if strings.Contains(text(res), "boom") {
		t.Errorf("panic text leaked: %s", text(res))
	}
	res, _ = h.call(t, "zerops_discover", nil)
	wantOK(t, res)
	if len(h.srv.InFlight()) != 0 {
		t.Error("the panicked call is still in flight")
	}
	if pk.warmed.Load() == 0 {
		t.Error("initialized did not warm the knowledge index")
	}
}

func TestAudit_RedactsSecretsAndSkipsReads(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	h.call(t, "zerops_discover", nil)
	res, _ := h.call(t, "zerops_env", map[string]any{"action": "set", "serviceHostname": "appdev",
		"variables": []string{"API_TOKEN=hunter2-secret", "PLAIN=visible-value"}})
	wantOK(t, res)
	h.call(t, "zerops_import", map[string]any{"content": "services:\n  - hostname: x\n    type: nodejs@22\n    envSecrets: {K: topsecret}\n", "dryRun": true})
	h.call(t, "zerops_delete", map[string]any{"serviceHostname": "cache"})
	log := h.audit.String()
	lines := outcomeLines(log)
	if len(lines) != 3 {
		t.Fatalf("audit has %d lines, want 3 (no line for reads):\n%s", len(lines), log)
	}
	for _, secret := range []string{"hunter2", "visible-value", "topsecret"} {
		if strings.Contains(log, secret) {
			t.Errorf("audit log contains %q:\n%s", secret, log)
		}
	}
	var first map[string]any
	must(t, json.Unmarshal([]byte(lines[0]), &first))
	if first["tool"] != "zerops_env" || first["outcome"] != "ok" || first["callId"] == "" || first["time"] == nil {
		t.Errorf("audit line = %s", lines[0])
	}
	if !strings.Contains(lines[0], "API_TOKEN=***") {
		t.Errorf("env keys not kept: %s", lines[0])
	}
	var last map[string]any
	must(t, json.Unmarshal([]byte(lines[2]), &last))
	if last["outcome"] != platform.ErrConfirmRequired {
		t.Errorf("outcome = %v", last["outcome"])
	}
}

func TestArgs_StringBooleansAndNumbers(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	for _, v := range []any{true, "true", "TRUE", "yes"} {
		res, _ := h.call(t, "zerops_discover", map[string]any{"serviceHostname": "db", "includeEnvs": v})
		wantOK(t, res)
		if !strings.Contains(text(res), `"envs"`) {
			t.Errorf("includeEnvs=%v did not include envs", v)
		}
	}
	res, _ := h.call(t, "zerops_discover", map[string]any{"serviceHostname": "db", "includeEnvs": "false"})
	wantOK(t, res)
	if strings.Contains(text(res), `"envs"`) {
		t.Error(`includeEnvs="false" included envs`)
	}
	res, m := h.call(t, "zerops_discover", map[string]any{"includeEnvs": "perhaps"})
	wantError(t, res, m, platform.ErrInvalidParameter)
	res, m = h.call(t, "zerops_events", map[string]any{"limit": "3"})
	wantOK(t, res)
	if n := m["count"].(float64); n > 3 {
		t.Errorf("limit \"3\" gave %v events", n)
	}
}

func TestResources_DocsTemplate(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	docs, err := knowledge.Documents()
	if err != nil || len(docs) == 0 {
		t.Skipf("no knowledge documents yet (%v)", err)
	}
	res, err := h.cs.ReadResource(context.Background(), &sdk.ReadResourceParams{URI: docs[0].URI})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Contents) != 1 || res.Contents[0].MIMEType != "text/markdown" || res.Contents[0].Text == "" {
		t.Errorf("resource = %+v", res.Contents)
	}
	_, err = h.cs.ReadResource(context.Background(), &sdk.ReadResourceParams{URI: "zerops://docs/no/such-doc"})
	if err == nil {
		t.Error("unknown URI read without error")
	}
	tmpl, err := h.cs.ListResourceTemplates(context.Background(), nil)
	if err != nil || len(tmpl.ResourceTemplates) != 1 || tmpl.ResourceTemplates[0].URITemplate != "zerops://docs/{+path}" {
		t.Errorf("templates = %+v, %v", tmpl, err)
	}
}

func TestInstructions_Short(t *testing.T) {
	t.Parallel()
	words := len(strings.Fields(mcp.Instructions))
	if words < 25 || words > 45 {
		t.Errorf("instructions have %d words (aim: 40–50 tokens)", words)
	}
	if !strings.Contains(mcp.Instructions, "zerops_workflow") || !strings.Contains(mcp.Instructions, "zerops_context") {
		t.Error("instructions do not name the entry points")
	}
	h := newHarness(t, harnessOpts{})
	if got := h.cs.InitializeResult().Instructions; got != mcp.Instructions {
		t.Errorf("initialize instructions = %q", got)
	}
	if h.cs.InitializeResult().ServerInfo.Name != "zcp" {
		t.Errorf("server name = %q", h.cs.InitializeResult().ServerInfo.Name)
	}
}

func TestRun_EndsWithClient(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	srv, err := mcp.New(mcp.Deps{Client: h.client, Project: mcp.Project{ID: h.fake.ProjectID()}})
	if err != nil {
		t.Fatal(err)
	}
	st, ct := sdk.NewInMemoryTransports()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- srv.Run(ctx, st) }()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "c"}, nil).Connect(ctx, ct, &sdk.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cs.ListTools(ctx, nil); err != nil {
		t.Fatal(err)
	}
	_ = cs.Close()
	if err := recv(t, done); err != nil {
		t.Errorf("Run after client close = %v", err)
	}
}

func TestModernHandshake_ToolsWork(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	srv, err := mcp.New(mcp.Deps{Client: h.client, Project: mcp.Project{ID: h.fake.ProjectID()}})
	if err != nil {
		t.Fatal(err)
	}
	st, ct := sdk.NewInMemoryTransports()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ss, err := srv.SDK().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "modern"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "zerops_discover"})
	if err != nil || res.IsError {
		t.Fatalf("discover over the default handshake: %v %s", err, text(res))
	}
	_ = cs.Close()
	_ = ss.Wait()
}
