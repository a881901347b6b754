package actors

import (
	"context"
	"io"

	"github.com/zeropsio/zcp/platform"
)

// The platform.Client methods: readOne or readList (shared, retried; kept for
// CacheTTL when a cachedRead) or mutate (never retried; drops cached reads).

func (g *Gateway) GetUserInfo(ctx context.Context) (*platform.UserInfo, error) {
	return readOne(g, ctx, readOf("GetUserInfo"), g.c.GetUserInfo)
}

func (g *Gateway) ListProjects(ctx context.Context, clientID string) ([]platform.Project, error) {
	return readList(g, ctx, readOf("ListProjects", clientID), bind1(g.c.ListProjects, clientID))
}

func (g *Gateway) GetProject(ctx context.Context, projectID string) (*platform.Project, error) {
	return readOne(g, ctx, cachedRead("GetProject", projectID).unchangedByLifecycle(), bind1(g.c.GetProject, projectID))
}

func (g *Gateway) ListServices(ctx context.Context, projectID string) ([]platform.ServiceStack, error) {
	return readList(g, ctx, cachedRead("ListServices", projectID), bind1(g.c.ListServices, projectID))
}

func (g *Gateway) GetService(ctx context.Context, serviceID string) (*platform.ServiceStack, error) {
	return readOne(g, ctx, readOf("GetService", serviceID), bind1(g.c.GetService, serviceID))
}

func (g *Gateway) StartService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return mutate(g, ctx, "StartService", changedLifecycle, serviceID, bind1(g.c.StartService, serviceID))
}

func (g *Gateway) StopService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return mutate(g, ctx, "StopService", changedLifecycle, serviceID, bind1(g.c.StopService, serviceID))
}

func (g *Gateway) RestartService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return mutate(g, ctx, "RestartService", changedLifecycle, serviceID, bind1(g.c.RestartService, serviceID))
}

func (g *Gateway) SetAutoscaling(ctx context.Context, serviceID string, params platform.AutoscalingParams) (*platform.Process, error) {
	return mutate(g, ctx, "SetAutoscaling", changedAnything, serviceID, bind2(g.c.SetAutoscaling, serviceID, params))
}

func (g *Gateway) GetServiceEnv(ctx context.Context, serviceID string) ([]platform.EnvVar, error) {
	return readList(g, ctx, cachedRead("GetServiceEnv", serviceID).unchangedByLifecycle(), bind1(g.c.GetServiceEnv, serviceID))
}

func (g *Gateway) SetServiceEnvFile(ctx context.Context, serviceID, content string) (*platform.Process, error) {
	return mutate(g, ctx, "SetServiceEnvFile", changedAnything, serviceID, bind2(g.c.SetServiceEnvFile, serviceID, content))
}

func (g *Gateway) DeleteUserData(ctx context.Context, userDataID string) (*platform.Process, error) {
	return mutate(g, ctx, "DeleteUserData", changedAnything, "", bind1(g.c.DeleteUserData, userDataID))
}

func (g *Gateway) GetProjectEnv(ctx context.Context, projectID string) ([]platform.EnvVar, error) {
	return readList(g, ctx, cachedRead("GetProjectEnv", projectID).unchangedByLifecycle(), bind1(g.c.GetProjectEnv, projectID))
}

func (g *Gateway) CreateProjectEnv(ctx context.Context, projectID, key, content string, sensitive bool) (*platform.Process, error) {
	return mutate(g, ctx, "CreateProjectEnv", changedAnything, "", bind4(g.c.CreateProjectEnv, projectID, key, content, sensitive))
}

func (g *Gateway) DeleteProjectEnv(ctx context.Context, envID string) (*platform.Process, error) {
	return mutate(g, ctx, "DeleteProjectEnv", changedAnything, "", bind1(g.c.DeleteProjectEnv, envID))
}

func (g *Gateway) ImportServices(ctx context.Context, projectID, yaml string) (*platform.ImportResult, error) {
	return mutate(g, ctx, "ImportServices", changedAnything, "", bind2(g.c.ImportServices, projectID, yaml))
}

func (g *Gateway) DeleteService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return mutate(g, ctx, "DeleteService", changedAnything, serviceID, bind1(g.c.DeleteService, serviceID))
}

// GetProcess drops the cached reads when it sees the process ended, and
// keeps the ended process: it changes no more.
func (g *Gateway) GetProcess(ctx context.Context, processID string) (*platform.Process, error) {
	op := readOf("GetProcess", processID)
	return readOne(g, ctx, op, func(ctx context.Context) (*platform.Process, error) {
		p, err := g.c.GetProcess(ctx, processID)
		if err == nil && p != nil && p.IsTerminal() {
			g.processEnded(op.key, p)
		}
		return p, err
	})
}

func (g *Gateway) CancelProcess(ctx context.Context, processID string) (*platform.Process, error) {
	return mutate(g, ctx, "CancelProcess", changedAnything, "", bind1(g.c.CancelProcess, processID))
}

func (g *Gateway) EnableSubdomainAccess(ctx context.Context, serviceID string) (*platform.Process, error) {
	return mutate(g, ctx, "EnableSubdomainAccess", changedAnything, serviceID, bind1(g.c.EnableSubdomainAccess, serviceID))
}

func (g *Gateway) DisableSubdomainAccess(ctx context.Context, serviceID string) (*platform.Process, error) {
	return mutate(g, ctx, "DisableSubdomainAccess", changedAnything, serviceID, bind1(g.c.DisableSubdomainAccess, serviceID))
}

func (g *Gateway) GetProjectLog(ctx context.Context, projectID string) (*platform.LogAccess, error) {
	return readOne(g, ctx, readOf("GetProjectLog", projectID), bind1(g.c.GetProjectLog, projectID))
}

func (g *Gateway) SearchProcesses(ctx context.Context, filter platform.ProcessFilter) ([]platform.Process, error) {
	return readList(g, ctx, readOf("SearchProcesses", filter), bind1(g.c.SearchProcesses, filter))
}

func (g *Gateway) SearchAppVersions(ctx context.Context, filter platform.AppVersionFilter) ([]platform.AppVersion, error) {
	return readList(g, ctx, readOf("SearchAppVersions", filter), bind1(g.c.SearchAppVersions, filter))
}

func (g *Gateway) ListServiceStackTypes(ctx context.Context) ([]platform.ServiceStackType, error) {
	return readList(g, ctx, readOf("ListServiceStackTypes"), g.c.ListServiceStackTypes)
}

func (g *Gateway) CreateAppVersion(ctx context.Context, serviceID, name string) (*platform.AppVersion, error) {
	return mutate(g, ctx, "CreateAppVersion", changedAnything, "", bind2(g.c.CreateAppVersion, serviceID, name))
}

// UploadAppVersion is a mutation: the archive reader is consumed.
func (g *Gateway) UploadAppVersion(ctx context.Context, appVersionID string, archive io.Reader) error {
	_, err := mutate(g, ctx, "UploadAppVersion", changedAnything, "", func(ctx context.Context) (struct{}, error) {
		return struct{}{}, g.c.UploadAppVersion(ctx, appVersionID, archive)
	})
	return err
}

func (g *Gateway) BuildAndDeploy(ctx context.Context, appVersionID, zeropsYaml, setup string) (*platform.Process, error) {
	return mutate(g, ctx, "BuildAndDeploy", changedAnything, "", bind3(g.c.BuildAndDeploy, appVersionID, zeropsYaml, setup))
}

// bind1 to bind4 bind a client method's arguments but the context.
func bind1[A, T any](f func(context.Context, A) (T, error), a A) func(context.Context) (T, error) {
	return func(ctx context.Context) (T, error) { return f(ctx, a) }
}

func bind2[A, B, T any](f func(context.Context, A, B) (T, error), a A, b B) func(context.Context) (T, error) {
	return func(ctx context.Context) (T, error) { return f(ctx, a, b) }
}

func bind3[A, B, C, T any](f func(context.Context, A, B, C) (T, error), a A, b B, c C) func(context.Context) (T, error) {
	return func(ctx context.Context) (T, error) { return f(ctx, a, b, c) }
}

func bind4[A, B, C, D, T any](f func(context.Context, A, B, C, D) (T, error), a A, b B, c C, d D) func(context.Context) (T, error) {
	return func(ctx context.Context) (T, error) { return f(ctx, a, b, c, d) }
}
