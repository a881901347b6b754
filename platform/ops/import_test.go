package ops_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/ops"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

func TestCheckImport_Unreadable(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		content string
		code    string
	}{
		{"not YAML", "services: [", platform.ErrInvalidParameter},
		{"empty", "  \n", platform.ErrInvalidParameter},
		{"too large", "services: []\n#" + strings.Repeat("x", platform.MaxFileSize), platform.ErrFileTooLarge},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			_, err := ops.CheckImport(context.Background(), ops.Project{Client: nil, ID: ""}, tt.content, ops.Published{})
			wantCode(t, err, tt.code)
		})
	}
}

func TestCheckImport_AllProblemsAtOnce(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	ctx := context.Background()
	types := catalogOf(t, c)
	content := "project: {name: x}\nservices:\n  - hostname: cache\n    type: redis@7\n  - hostname: api\n    type: nodejs@18\n    envVariables: {A: 1}\n" +
		"  - hostname: pg\n    type: postgresql@16\n  - hostname: files\n    type: object-storage\n    mode: NON_HA\n    weird: 1\n"
	res, err := ops.CheckImport(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, content, ops.Published{Types: types})
	if err != nil {
		t.Fatal(err)
	}
	if res.Valid || !res.VersionsChecked || !res.HostnamesChecked {
		t.Fatalf("check = %+v", res)
	}
	var paths []string
	for _, p := range res.Problems {
		if p.Fix == "" {
			t.Errorf("problem without a fix: %+v", p)
		}
		paths = append(paths, p.Path)
	}
	for _, want := range []string{"project", "services[0](cache).hostname", "services[0](cache).type", "services[3](files).mode"} {
		if !contains(paths, want) {
			t.Errorf("no problem at %s; problems: %q", want, paths)
		}
	}
	// A listed version, a missing mode and what the platform drops warn.
	var warned []string
	for _, w := range res.Warnings {
		warned = append(warned, w.Path)
	}
	for _, want := range []string{"services[3](files).weird", "services[1](api).envVariables", "services[2](pg).type"} {
		if !contains(warned, want) {
			t.Errorf("no warning at %s; warnings: %q", want, warned)
		}
	}
	if contains(paths, "services[1](api).type") || contains(paths, "services[2](pg).mode") {
		t.Errorf("nodejs@18 or a missing mode refused: %q", paths)
	}
	if n := fake.CountRequests("POST", "/project/"+fake.ProjectID()+"/service-stack/import"); n != 0 {
		t.Errorf("the check imported (%d requests)", n)
	}
	// The real import refuses the same problems before any API call.
	_, err = ops.Import(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, content, ops.Published{Types: types}, ops.ImportOptions{})
	wantCode(t, err, platform.ErrImportHasProject)
	for _, want := range []string{"redis@7", "already exists", "object storage takes no mode"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("import refusal lacks %q: %v", want, err)
		}
	}
	if n := fake.CountRequests("POST", "/project/"+fake.ProjectID()+"/service-stack/import"); n != 0 {
		t.Errorf("a refused import reached the API (%d requests)", n)
	}
}

func TestCheckImport_WithoutCatalogOrServiceList(t *testing.T) {
	t.Parallel()
	res, err := ops.CheckImport(context.Background(), ops.Project{Client: nil, ID: ""}, "services:\n  - hostname: api\n    type: nodejs@99\n", ops.Published{})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Valid || res.VersionsChecked || res.HostnamesChecked {
		t.Errorf("check = %+v, want valid with versions and hostnames unchecked", res)
	}
	if len(res.Warnings) != 2 || !strings.Contains(res.Warnings[0].Problem, "versions could not be checked") ||
		!strings.Contains(res.Warnings[1].Problem, "without the platform's schema") {
		t.Errorf("warnings = %+v, want the versions and the schema unchecked", res.Warnings)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestImport_CreatesAndRefusesTakenHostname(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	ctx := context.Background()
	res, err := ops.Import(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "services:\n  - hostname: api\n    type: nodejs@22\n", ops.Published{}, ops.ImportOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Services) != 1 || res.Services[0].Hostname != "api" || res.Services[0].Error != nil {
		t.Fatalf("services = %+v", res.Services)
	}
	if len(res.Processes) == 0 {
		t.Error("no processes to follow")
	}
	_, err = ops.Import(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "services:\n  - hostname: appdev\n    type: nodejs@22\n", ops.Published{}, ops.ImportOptions{})
	wantCode(t, err, platform.ErrInvalidImportYml)
	_, err = ops.Import(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "project: {name: x}\nservices:\n  - hostname: z\n    type: nodejs@22\n", ops.Published{}, ops.ImportOptions{})
	wantCode(t, err, platform.ErrImportHasProject)
}

// TestImport_WaitsForDeletingHostname: a hostname whose service is still
// being deleted is waited for, within the import's bound: too short a wait
// says so and imports nothing; a longer one imports once the deletion ends.
// The fake holds the deletion (a process of an hour) until the test ends
// it, while the import is seen waiting: no race with a clock under load.
func TestImport_WaitsForDeletingHostname(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, time.Hour)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	proj := ops.Project{Client: c, ID: fake.ProjectID(), Memory: ops.NewMemory("")} // the delete is remembered
	record := "/service-stack/" + fake.ServiceID("cache")
	if _, err := ops.Delete(ctx, proj, "cache", true); err != nil {
		t.Fatal(err)
	}
	content := "services:\n  - hostname: cache\n    type: valkey@7.2\n    mode: NON_HA\n"
	// Too short a wait: the import says so and sends nothing.
	_, err := ops.Import(ctx, proj, content, ops.Published{}, ops.ImportOptions{DeleteWait: time.Millisecond, PollInterval: time.Millisecond})
	wantCode(t, err, platform.ErrAPIError)
	if !strings.Contains(err.Error(), "still being deleted") {
		t.Errorf("error %v does not say the hostname is being deleted", err)
	}
	type outcome struct {
		res *ops.ImportOutcome
		err error
	}
	done := make(chan outcome, 1)
	fake.ResetRequests()
	go func() {
		res, err := ops.Import(ctx, proj, content, ops.Published{}, ops.ImportOptions{DeleteWait: 30 * time.Second, PollInterval: 5 * time.Millisecond})
		done <- outcome{res, err}
	}()
	// While the deletion is held the import keeps reading the service's
	// record; five reads are more than its checks make before the wait.
	for range 5 {
		select {
		case <-fake.WaitRequest("GET", record):
			fake.ResetRequests()
		case o := <-done:
			t.Fatalf("the import did not wait for the deletion: %+v, %v", o.res, o.err)
		case <-ctx.Done():
			t.Fatal("the import does not read the deleting service's record")
		}
	}
	fake.EndProcesses()
	var o outcome
	select {
	case o = <-done:
	case <-ctx.Done():
		t.Fatal("the import did not end after the deletion")
	}
	if o.err != nil {
		t.Fatalf("import after deletion: %v", o.err)
	}
	if len(o.res.Services) != 1 || o.res.Services[0].Error != nil {
		t.Fatalf("services = %+v", o.res.Services)
	}
}

// TestCheckImport_ExportPlaceholders: a value still zerops_export's
// placeholder, in envSecrets or dotEnvSecrets, is a problem naming its key
// and path; the real import refuses it before any API call.
func TestCheckImport_ExportPlaceholders(t *testing.T) {
	t.Parallel()
	fake, c := newFake(t, 0)
	ctx := context.Background()
	types := catalogOf(t, c)
	const svc = "services:\n  - hostname: copy\n    type: nodejs@22\n"
	t.Cleanup(func() { // after the subtests
		if n := fake.CountRequests("POST", "/project/"+fake.ProjectID()+"/service-stack/import"); n != 0 {
			t.Errorf("a placeholder reached the API (%d requests)", n)
		}
	})
	for _, tt := range []struct {
		name, content string
		paths         []string // of the problems; none: valid
	}{
		{"envSecrets", svc + "    envSecrets:\n      API_KEY: " + ops.Placeholder("API_KEY") + "\n      OK: set\n", []string{"services[0](copy).envSecrets.API_KEY"}},
		{"dotEnvSecrets", svc + "    dotEnvSecrets: |\n      A=" + ops.Placeholder("A") + "\n      B=" + ops.Placeholder("B") + "\n",
			[]string{"services[0](copy).dotEnvSecrets", "services[0](copy).dotEnvSecrets"}},
		{"filled in", svc + "    envSecrets:\n      API_KEY: <fill in later, says the user>\n", nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := ops.CheckImport(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, tt.content, ops.Published{Types: types})
			if err != nil {
				t.Fatal(err)
			}
			var paths []string
			for _, p := range res.Problems {
				paths = append(paths, p.Path)
				if !strings.Contains(p.Problem, "placeholder") || !strings.Contains(p.Fix, "real value of") {
					t.Errorf("problem does not say what to fill in: %+v", p)
				}
			}
			if res.Valid != (tt.paths == nil) || strings.Join(paths, " ") != strings.Join(tt.paths, " ") {
				t.Fatalf("valid = %v, problems at %q, want at %q", res.Valid, paths, tt.paths)
			}
			if tt.paths != nil {
				_, err = ops.Import(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, tt.content, ops.Published{Types: types}, ops.ImportOptions{})
				wantCode(t, err, platform.ErrInvalidImportYml)
			}
		})
	}
}

// TestCheckImport_MountTargets: a mount naming no service (in the file or
// the project) or a service that is no shared storage mounts nothing, nor
// does a mount without buildFromGit (the import reference requires it); the
// dry run warns at the mount, the import itself is not refused for it.
func TestCheckImport_MountTargets(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{ProcessDuration: time.Millisecond, SearchLag: -1})
	c, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: fake.URL(), Token: fake.Token()})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	types := catalogOf(t, c)
	if _, err := ops.Import(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, "services:\n  - hostname: shared\n    type: shared-storage\n    mode: NON_HA\n", ops.Published{Types: types}, ops.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	const files = "  - hostname: files\n    type: shared-storage\n    mode: NON_HA\n"
	app := func(mount string) string {
		return "  - hostname: app\n    type: nodejs@22\n    buildFromGit: https://github.com/example/app\n    mount: " + mount + "\n"
	}
	for _, tt := range []struct {
		name, content string
		warn          string // in the warning at the mount; "": none
	}{
		{"InTheFile", "services:\n" + files + app("[files]"), ""},
		{"InTheProject", "services:\n" + app("[shared]"), ""},
		{"Nowhere", "services:\n" + app("[files]"), `no service "files"`},
		{"Database", "services:\n" + app("[db]"), "shared storage"},
		{"ObjectStorageInTheFile", "services:\n  - hostname: bucket\n    type: object-storage\n    objectStorageSize: 1\n" + app("[bucket]"), "shared storage"},
		{"NotAList", "services:\n" + files + app("files"), "list"},
		{"WithoutBuildFromGit", "services:\n" + files + strings.Replace(app("[files]"), "    buildFromGit: https://github.com/example/app\n", "    startWithoutCode: true\n", 1), "buildFromGit"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res, err := ops.CheckImport(ctx, ops.Project{Client: c, ID: fake.ProjectID()}, tt.content, ops.Published{Types: types})
			if err != nil {
				t.Fatal(err)
			}
			if !res.Valid {
				t.Fatalf("problems %+v: a mount is not refused", res.Problems)
			}
			var got []platform.Issue
			for _, w := range res.Warnings {
				if strings.HasSuffix(w.Path, ".mount") {
					got = append(got, w)
				}
			}
			switch {
			case tt.warn == "" && len(got) > 0:
				t.Errorf("warnings %+v, want none at the mount", got)
			case tt.warn != "" && (len(got) != 1 || got[0].Path != "services[1](app).mount" && got[0].Path != "services[0](app).mount" ||
				!strings.Contains(got[0].Problem, tt.warn) || got[0].Fix == ""):
				t.Errorf("warnings at the mount %+v, want one saying %q with a fix", got, tt.warn)
			}
		})
	}
}
