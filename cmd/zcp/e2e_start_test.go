package main

import (
	"context"
	"encoding/json"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/mcp"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

// TestBinary_StartsWithoutAWorkingAPI: with a rejected token, an API that
// never answers, or no credentials at all, zcp still answers initialize,
// lists its tools and answers knowledge; discover answers the structured
// error naming the fix, and stderr says what is wrong.
func TestBinary_StartsWithoutAWorkingAPI(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{})
	tests := []struct {
		name string
		env  []string
		code string
	}{
		{name: "rejected token", env: []string{"ZEROPS_ZCP_API_KEY=not-the-token", "ZEROPS_API_HOST=" + fake.URL()}, code: "AUTH_INVALID_TOKEN"},
		{name: "API never answers", env: []string{"ZCP_API_KEY=t", "ZCP_API_HOST=" + fakeapi.SilentTB(t)}, code: "API_UNAVAILABLE"},
		{name: "no credentials", code: "AUTH_REQUIRED"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cmd := exec.Command(zcpBin)
			cmd.Env = append(cleanEnv(), tt.env...)
			var stderr syncBuilder
			cmd.Stderr = &stderr
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			client := sdk.NewClient(&sdk.Implementation{Name: "e2e", Version: "1"}, nil)
			session, err := client.Connect(ctx, &sdk.CommandTransport{Command: cmd}, nil)
			if err != nil {
				t.Fatalf("initialize: %v (stderr: %s)", err, stderr.String())
			}
			defer func() { _ = session.Close() }()
			tools, err := session.ListTools(ctx, nil)
			if err != nil || len(tools.Tools) != len(mcp.ToolNames()) {
				t.Fatalf("tools/list: %v, %d tools, the registry has %d", err, len(tools.Tools), len(mcp.ToolNames()))
			}
			res, err := session.CallTool(ctx, &sdk.CallToolParams{Name: "zerops_knowledge", Arguments: map[string]any{"query": "postgresql connection string"}})
			if err != nil || res.IsError || !strings.Contains(strings.ToLower(contentText(res)), "postgres") {
				t.Fatalf("knowledge: %v %s", err, contentText(res))
			}
			res, err = session.CallTool(ctx, &sdk.CallToolParams{Name: "zerops_discover"})
			if err != nil || !res.IsError {
				t.Fatalf("discover: %v %s", err, contentText(res))
			}
			var answer struct{ Code, Error, Suggestion string }
			if err := json.Unmarshal([]byte(contentText(res)), &answer); err != nil || answer.Code != tt.code || answer.Suggestion == "" {
				t.Fatalf("discover answered %s, want %s with a fix", contentText(res), tt.code)
			}
			_ = session.Close()
			if !strings.Contains(stderr.String(), "serving anyway") || strings.Contains(stderr.String(), "Method Do") {
				t.Errorf("stderr:\n%s", stderr.String())
			}
			if strings.Contains(stderr.String(), "not-the-token") || strings.Contains(contentText(res), "not-the-token") {
				t.Error("the token leaked")
			}
		})
	}
}

// syncBuilder is a strings.Builder safe for the writer goroutine exec starts.
type syncBuilder struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuilder) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuilder) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
