package ops_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

func TestCheckImport_Errors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		content string
		code    string
	}{
		{"project section", "project:\n  name: x\nservices:\n  - hostname: app\n    type: nodejs@22\n", platform.ErrImportHasProject},
		{"services not a list", "services: {hostname: app}\n", platform.ErrInvalidImportYml},
		{"bad hostname", "services:\n  - hostname: App_1\n    type: nodejs@22\n", platform.ErrInvalidImportYml},
		{"malformed type", "services:\n  - hostname: app\n    type: 'node js'\n", platform.ErrInvalidImportYml},
		{"too large", "services: []\n#" + strings.Repeat("x", ops.MaxFileSize), platform.ErrFileTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := ops.CheckImport(tt.content, nil)
			wantCode(t, err, tt.code)
		})
	}
}

func TestDryRunImport_VersionAndModeWarnings(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	ctx := context.Background()
	types, err := ops.NewStackTypeCache(c, 0).Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	content := "services:\n  - hostname: api\n    type: nodejs@22\n  - hostname: pg\n    type: postgresql@16\n  - hostname: cache\n    type: valkey@7.2\n    mode: NON_HA\n"
	plan, err := ops.DryRunImport(ctx, c, fake.ProjectID(), content, types)
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Services) != 3 {
		t.Fatalf("services = %+v", plan.Services)
	}
	all := strings.Join(plan.Warnings, "\n")
	if !strings.Contains(all, "mode") || !strings.Contains(all, "pg") {
		t.Errorf("no missing-mode warning for pg: %q", all)
	}
	if !strings.Contains(all, `"cache" already exists`) {
		t.Errorf("no existing-hostname warning for cache: %q", all)
	}
	// Without the catalog the structural checks still run.
	if _, err := ops.DryRunImport(ctx, nil, "", content, nil); err != nil {
		t.Errorf("no-catalog dry run: %v", err)
	}
	if n := fake.CountRequests("POST", "/project/"+fake.ProjectID()+"/service-stack/import"); n != 0 {
		t.Errorf("dry run imported (%d requests)", n)
	}
}

func TestImport_CreatesAndRefusesTakenHostname(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	ctx := context.Background()
	res, err := ops.Import(ctx, c, fake.ProjectID(), "services:\n  - hostname: api\n    type: nodejs@22\n", nil, ops.ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Services) != 1 || res.Services[0].Hostname != "api" || res.Services[0].Error != nil {
		t.Fatalf("services = %+v", res.Services)
	}
	if len(res.Processes) == 0 {
		t.Error("no processes to follow")
	}
	_, err = ops.Import(ctx, c, fake.ProjectID(), "services:\n  - hostname: appdev\n    type: nodejs@22\n", nil, ops.ImportOptions{})
	wantCode(t, err, platform.ErrInvalidImportYml)
	_, err = ops.Import(ctx, c, fake.ProjectID(), "project: {name: x}\nservices:\n  - hostname: z\n    type: nodejs@22\n", nil, ops.ImportOptions{})
	wantCode(t, err, platform.ErrImportHasProject)
}

func TestImport_WaitsForDeletingHostname(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 300*time.Millisecond)
	ctx := context.Background()
	if _, err := ops.Delete(ctx, c, fake.ProjectID(), "cache", true); err != nil {
		t.Fatal(err)
	}
	content := "services:\n  - hostname: cache\n    type: valkey@7.2\n    mode: NON_HA\n"
	// Too short a wait: the import says so and sends nothing.
	_, err := ops.Import(ctx, c, fake.ProjectID(), content, nil, ops.ImportOptions{DeleteWait: time.Millisecond, PollInterval: time.Millisecond})
	wantCode(t, err, platform.ErrAPIError)
	if !strings.Contains(err.Error(), "still being deleted") {
		t.Errorf("error %v does not say the hostname is being deleted", err)
	}
	res, err := ops.Import(ctx, c, fake.ProjectID(), content, nil, ops.ImportOptions{DeleteWait: 30 * time.Second, PollInterval: 20 * time.Millisecond})
	if err != nil {
		t.Fatalf("import after deletion: %v", err)
	}
	if len(res.Services) != 1 || res.Services[0].Error != nil {
		t.Fatalf("services = %+v", res.Services)
	}
}
