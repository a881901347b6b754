package ops_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

func TestParseEnvLines_Validation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		lines []string
		ok    bool
	}{
		{"simple", []string{"A=1", "_B=two words", "C="}, true},
		{"value with equals", []string{"URL=postgres://u:p@db:5432/x?a=b"}, true},
		{"empty list", nil, false},
		{"no equals", []string{"A"}, false},
		{"bad key dash", []string{"MY-KEY=1"}, false},
		{"key starts with digit", []string{"1A=1"}, false},
		{"newline in value", []string{"A=1\nB=2"}, false},
		{"NUL in value", []string{"A=1\x00"}, false},
		{"one bad among good", []string{"A=1", "B C=2"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := ops.ParseEnvLines(tt.lines)
			if tt.ok && err != nil {
				t.Fatalf("unexpected %v", err)
			}
			if !tt.ok {
				wantCode(t, err, platform.ErrInvalidEnvFormat)
			}
		})
	}
}

func TestEnv_ServiceSetMergesAndDeletes(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 20*time.Millisecond)
	ctx := context.Background()
	pid := fake.ProjectID()
	target := ops.EnvTarget{Hostname: "appdev"}
	wait := func(res *ops.EnvResult) {
		t.Helper()
		for _, p := range res.Processes {
			waitProcess(t, c, p.ID)
		}
	}
	res, err := ops.Env(ctx, ops.Project{Client: c, ID: pid}, nil, "set", target, []string{"A=1", "B=2"})
	if err != nil {
		t.Fatal(err)
	}
	wait(res)
	res, err = ops.Env(ctx, ops.Project{Client: c, ID: pid}, nil, "set", target, []string{"C=3"})
	if err != nil {
		t.Fatal(err)
	}
	wait(res)
	got, err := ops.Env(ctx, ops.Project{Client: c, ID: pid}, nil, "get", target, nil)
	if err != nil {
		t.Fatal(err)
	}
	keys := map[string]string{}
	for _, v := range got.Variables {
		keys[v.Key] = v.Value
	}
	if keys["A"] != "1" || keys["B"] != "2" || keys["C"] != "3" {
		t.Fatalf("after two sets: %v (set must merge)", keys)
	}
	// A bad line leaves everything untouched and sends nothing.
	before := len(fake.Requests())
	_, err = ops.Env(ctx, ops.Project{Client: c, ID: pid}, nil, "set", target, []string{"D=4", "bad key=5"})
	wantCode(t, err, platform.ErrInvalidEnvFormat)
	if after := len(fake.Requests()); after != before {
		t.Errorf("a bad line reached the API (%d requests)", after-before)
	}
	res, err = ops.Env(ctx, ops.Project{Client: c, ID: pid}, nil, "delete", target, []string{"B"})
	if err != nil {
		t.Fatal(err)
	}
	wait(res)
	_, err = ops.Env(ctx, ops.Project{Client: c, ID: pid}, nil, "delete", target, []string{"NOPE"})
	wantCode(t, err, platform.ErrNotFound)
	_, err = ops.Env(ctx, ops.Project{Client: c, ID: pid}, nil, "list", target, nil)
	wantCode(t, err, platform.ErrInvalidParameter)
	_, err = ops.Env(ctx, ops.Project{Client: c, ID: pid}, nil, "get", ops.EnvTarget{}, nil)
	wantCode(t, err, platform.ErrServiceRequired)
}

func TestEnv_GeneratedKeyRefused(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	_, err := ops.Env(context.Background(), ops.Project{Client: c, ID: fake.ProjectID()}, nil, "set", ops.EnvTarget{Hostname: "db"}, []string{"hostname=x"})
	wantCode(t, err, platform.ErrInvalidParameter)
}

func TestEnv_ProjectSetReplaces(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 20*time.Millisecond)
	ctx := context.Background()
	pid := fake.ProjectID()
	target := ops.EnvTarget{Project: true}
	for _, v := range []string{"X=1", "X=2"} {
		res, err := ops.Env(ctx, ops.Project{Client: c, ID: pid}, nil, "set", target, []string{v})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range res.Processes {
			waitProcess(t, c, p.ID)
		}
	}
	got, err := ops.Env(ctx, ops.Project{Client: c, ID: pid}, nil, "get", target, nil)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, v := range got.Variables {
		if v.Key == "X" {
			n++
			if v.Value != "2" {
				t.Errorf("X = %q, want 2", v.Value)
			}
		}
	}
	if n != 1 {
		t.Errorf("X appears %d times in %+v", n, got.Variables)
	}
}

// waitProcess polls the fake until the process ends (bounded by the test deadline).
func waitProcess(t *testing.T, c platform.Client, id string) {
	t.Helper()
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for range tick.C {
		p, err := c.GetProcess(context.Background(), id)
		if err != nil {
			t.Fatalf("GetProcess: %v", err)
		}
		if p.IsTerminal() {
			if p.Status != platform.ProcessFinished {
				t.Fatalf("process %s ended %s", id, p.Status)
			}
			return
		}
	}
}

func TestLogs_FiltersAndErrors(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	lf := zeropsapi.NewLogFetcher(nil)
	ctx := context.Background()
	res, err := ops.Logs(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, lf, ops.LogsParams{Hostname: "appdev", Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	if res.Count > 10 {
		t.Errorf("count %d over limit", res.Count)
	}
	for _, e := range res.Entries {
		container := orShared(e.Container, res.Shared["container"])
		if container != "" && !strings.HasPrefix(container, "appdev") {
			t.Errorf("line of %s in appdev's logs", container)
		}
	}
	for _, p := range []ops.LogsParams{
		{Hostname: "appdev", Severity: "loud"},
		{Hostname: "appdev", Since: "yesterday-ish"},
		{Hostname: "appdev", Limit: 5000},
	} {
		_, err := ops.Logs(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, lf, p)
		wantCode(t, err, platform.ErrInvalidParameter)
	}
	_, err = ops.Logs(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, lf, ops.LogsParams{Hostname: "ghost"})
	wantCode(t, err, platform.ErrServiceNotFound)
	if _, err := ops.Logs(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, lf, ops.LogsParams{Hostname: "appdev", Severity: "error", Since: "1h", Search: "x"}); err != nil {
		t.Errorf("filtered logs: %v", err)
	}
	// The filter reads platform.ParseSeverity's table: every name it knows.
	for _, sev := range []string{"panic", "EMERG", "informational", " warn ", "7"} {
		if _, err := ops.Logs(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, lf, ops.LogsParams{Hostname: "appdev", Severity: sev}); err != nil {
			t.Errorf("severity %q: %v", sev, err)
		}
	}
}

func TestParseSince_Forms(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 1, 2, 12, 0, 0, 0, time.UTC)
	tests := map[string]time.Time{
		"30m":                  now.Add(-30 * time.Minute),
		"2h":                   now.Add(-2 * time.Hour),
		"1d":                   now.Add(-24 * time.Hour),
		"2026-01-01T00:00:00Z": time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
	}
	for in, want := range tests {
		got, err := ops.ParseSince(in, now)
		if err != nil || !got.Equal(want) {
			t.Errorf("ParseSince(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := ops.ParseSince("-5m", now); err == nil || !strings.Contains(err.Error(), "since") {
		t.Errorf("negative duration accepted: %v", err)
	}
}

func orShared(own, shared string) string {
	if own != "" {
		return own
	}
	return shared
}
