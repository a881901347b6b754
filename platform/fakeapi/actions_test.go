package fakeapi_test

import (
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/dto/output"
	"github.com/zeropsio/zerops-go/sdk"
	"github.com/zeropsio/zerops-go/types"
	"github.com/zeropsio/zerops-go/types/enum"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// platformActions is every process action name the fake may emit, each one a
// name the live platform uses, with what confirms it. A name without a
// confirmation of its own is marked "facts only": it is in
// ../shared/facts/zerops-api.md but no client capture of the live API shows it.
var platformActions = map[string]string{
	"stack.start":                              "facts list",
	"stack.stop":                               "facts list",
	"stack.restart":                            "facts list; live timing of restarts recorded by an earlier ZCP (Feb 2026)",
	"stack.delete":                             "facts list; a Zerops client's live notes on service delete",
	"stack.build":                              "facts list; zeropsio/docs deployment-lifecycle guide",
	"stack.enableSubdomainAccess":              "facts list; live zerops_subdomain answers in an earlier ZCP's run logs (Apr 2026)",
	"stack.disableSubdomainAccess":             "facts list",
	"stack.autoscaling":                        "facts only: live captures show scaling answering stack.updateAutoscaling",
	"stack.updateAutoscaling":                  "facts list (internal); live scaling answers (earlier ZCP E2E, Feb and Mar 2026)",
	"stack.create":                             "live import answers, one per service (earlier ZCP run logs, Apr 2026)",
	"stack.updateUserData":                     "live env-file and DELETE /user-data answers (earlier ZCP E2E, Feb 2026; another Zerops client)",
	"stack.updateProjectEnvs":                  "live project env create (earlier ZCP E2E, Feb 2026; run logs, Apr 2026); delete per another Zerops client",
	"stack.deploy":                             "unconfirmed: the fake's name for PutAppVersionDeploy (a rollback); no live capture shows one",
	"zL7Master.instanceL7BalancerConfigUpdate": "zL7Master.* in the facts; the full name from an earlier ZCP's live-audited timeline tests (Mar 2026)",
}

func checkDeclared(t *testing.T, where, action string) {
	t.Helper()
	if _, ok := platformActions[action]; !ok {
		t.Errorf("%s: action %q is not a platform action name (declare it in platformActions only with a source)", where, action)
	}
}

// TestActionNames_EveryOperation drives each operation that starts a process
// through the SDK and checks the action name it answers, and that every
// process a search then lists (follow-ups and the seed's included) carries a
// declared platform name. Together the rows must emit every declared name.
func TestActionNames_EveryOperation(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		run  func(t *testing.T, srv *fakeapi.Server, h sdk.Handler) output.Process
		want string
	}{
		{"stop", func(t *testing.T, srv *fakeapi.Server, h sdk.Handler) output.Process {
			r, err := h.PutServiceStackStop(context.Background(), sid(srv.ServiceID("appdev")))
			return out(t, r.Output, err)
		}, "stack.stop"},
		{"start", func(t *testing.T, srv *fakeapi.Server, h sdk.Handler) output.Process {
			r, err := h.PutServiceStackStop(context.Background(), sid(srv.ServiceID("appdev")))
			waitProcess(t, h, string(out(t, r.Output, err).Id))
			sr, err := h.PutServiceStackStart(context.Background(), sid(srv.ServiceID("appdev")))
			return out(t, sr.Output, err)
		}, "stack.start"},
		{"restart", func(t *testing.T, srv *fakeapi.Server, h sdk.Handler) output.Process {
			r, err := h.PutServiceStackRestart(context.Background(), sid(srv.ServiceID("appdev")))
			return out(t, r.Output, err)
		}, "stack.restart"},
		{"delete", func(t *testing.T, srv *fakeapi.Server, h sdk.Handler) output.Process {
			r, err := h.DeleteServiceStack(context.Background(), sid(srv.ServiceID("appstage")))
			return out(t, r.Output, err)
		}, "stack.delete"},
		{"scale", func(t *testing.T, srv *fakeapi.Server, h sdk.Handler) output.Process {
			mode := enum.ServiceStackModeEnum("NON_HA")
			r, err := h.PutServiceStackAutoscaling(context.Background(), sid(srv.ServiceID("appdev")), body.Autoscaling{Mode: &mode,
				CustomAutoscaling: &body.CustomAutoscaling{HorizontalAutoscaling: &body.HorizontalAutoscalingNullable{MaxContainerCount: types.NewIntNull(2)}}})
			if pn := out(t, r.Output, err); pn.Process != nil {
				return *pn.Process
			}
			t.Fatal("scaling answered no process")
			return output.Process{}
		}, "stack.autoscaling"},
		{"import", func(t *testing.T, srv *fakeapi.Server, h sdk.Handler) output.Process {
			r, err := h.PostProjectServiceStackImport(context.Background(), pid(srv.ProjectID()),
				body.ServiceStackImport{Yaml: "services:\n  - hostname: api\n    type: nodejs@22\n"})
			res := out(t, r.Output, err)
			if len(res.ServiceStacks) != 1 || len(res.ServiceStacks[0].Processes) != 1 {
				t.Fatalf("import = %+v", res)
			}
			return res.ServiceStacks[0].Processes[0]
		}, "stack.create"},
		{"subdomain enable", func(t *testing.T, srv *fakeapi.Server, h sdk.Handler) output.Process {
			r, err := h.PutServiceStackEnableSubdomainAccess(context.Background(), sid(srv.ServiceID("appdev")))
			return out(t, r.Output, err)
		}, "stack.enableSubdomainAccess"},
		{"subdomain disable", func(t *testing.T, srv *fakeapi.Server, h sdk.Handler) output.Process {
			r, err := h.PutServiceStackEnableSubdomainAccess(context.Background(), sid(srv.ServiceID("appdev")))
			waitProcess(t, h, string(out(t, r.Output, err).Id))
			dr, err := h.PutServiceStackDisableSubdomainAccess(context.Background(), sid(srv.ServiceID("appdev")))
			return out(t, dr.Output, err)
		}, "stack.disableSubdomainAccess"},
		{"env file", func(t *testing.T, srv *fakeapi.Server, h sdk.Handler) output.Process {
			r, err := h.PutServiceStackUserDataEnvFile(context.Background(), sid(srv.ServiceID("appdev")), body.UserDataPutEnvFile{EnvFile: "A=1\n"})
			return out(t, r.Output, err)
		}, "stack.updateUserData"},
		{"service env delete", func(t *testing.T, srv *fakeapi.Server, h sdk.Handler) output.Process {
			ctx := context.Background()
			r, err := h.PutServiceStackUserDataEnvFile(ctx, sid(srv.ServiceID("appdev")), body.UserDataPutEnvFile{EnvFile: "A=1\n"})
			waitProcess(t, h, string(out(t, r.Output, err).Id))
			er, err := h.GetServiceStackEnv(ctx, sid(srv.ServiceID("appdev")))
			dr, err := h.DeleteUserData(ctx, path.UserDataId{Id: envMap(out(t, er.Output, err).Items)["A"].Id})
			return out(t, dr.Output, err)
		}, "stack.updateUserData"},
		{"project env create", func(t *testing.T, srv *fakeapi.Server, h sdk.Handler) output.Process {
			r, err := h.PostProjectEnv(context.Background(), pid(srv.ProjectID()), body.ProjectEnvPost{Key: "K", Content: "v"})
			return out(t, r.Output, err)
		}, "stack.updateProjectEnvs"},
		{"project env delete", func(t *testing.T, srv *fakeapi.Server, h sdk.Handler) output.Process {
			ctx := context.Background()
			r, err := h.PostProjectEnv(ctx, pid(srv.ProjectID()), body.ProjectEnvPost{Key: "K", Content: "v"})
			waitProcess(t, h, string(out(t, r.Output, err).Id))
			dr, err := h.DeleteProjectEnv(ctx, path.ProjectEnvId{Id: projectEnv(t, h, srv.ProjectID())["K"].Id})
			return out(t, dr.Output, err)
		}, "stack.updateProjectEnvs"},
		{"build", func(t *testing.T, srv *fakeapi.Server, h sdk.Handler) output.Process {
			_, p := push(t, h, srv.ServiceID("appdev"))
			return p
		}, "stack.build"},
		{"redeploy", func(t *testing.T, srv *fakeapi.Server, h sdk.Handler) output.Process {
			av, _ := push(t, h, srv.ServiceID("appdev"))
			r, err := h.PutAppVersionDeploy(context.Background(), path.AppVersionId{Id: av.Id}, body.PutAppVersionDeploy{})
			return out(t, r.Output, err)
		}, "stack.deploy"},
	}
	seen := map[string]bool{}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, h := newSDK(t, fastOpts)
			p := tt.run(t, srv, h)
			if string(p.ActionName) != tt.want {
				t.Errorf("%s answered action %q, want %q", tt.name, p.ActionName, tt.want)
			}
			waitProcess(t, h, string(p.Id))
			ps, err := h.PostProcessSearch(context.Background(), filter([2]string{"projectId", srv.ProjectID()}))
			for _, sp := range out(t, ps.Output, err).Items {
				checkDeclared(t, tt.name+" search", string(sp.ActionName))
				seen[string(sp.ActionName)] = true
			}
		})
	}
	for name := range platformActions {
		if !seen[name] {
			t.Errorf("declared action %q was emitted by no operation: drive it here or drop it", name)
		}
	}
}

// actionShape matches a string literal that looks like a process action name.
var actionShape = regexp.MustCompile(`^(stack|project|service|serviceStack|userData|appVersion|client|zL7Master)\.[A-Za-z]+$`)

// TestActionNames_SourceDeclaresOnlyPlatformNames fails when the fake's code
// holds an action-shaped string that is not a declared platform name, so an
// invented one is caught even on a path no operation above drives.
func TestActionNames_SourceDeclaresOnlyPlatformNames(t *testing.T) {
	t.Parallel()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	found := 0
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			if s, err := strconv.Unquote(lit.Value); err == nil && actionShape.MatchString(s) {
				found++
				checkDeclared(t, fset.Position(lit.Pos()).String(), s)
			}
			return true
		})
	}
	if found == 0 {
		t.Fatal("no action name found in the fake's source: the scan is broken")
	}
}
