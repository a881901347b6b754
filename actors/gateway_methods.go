package actors

import (
	"context"
	"io"

	"github.com/zeropsio/zcp/platform"
)

// The platform.Client methods, each declaring what it is by the helper it
// calls: readOne or readList (a read, shared and retried; kept for CacheTTL
// when a cachedRead) or mutate (never retried; drops the cached reads).

func (g *Gateway) GetUserInfo(ctx context.Context) (*platform.UserInfo, error) {
	return readOne(g, ctx, readOf("GetUserInfo"), func(ctx context.Context) (*platform.UserInfo, error) { return g.c.GetUserInfo(ctx) })
}

func (g *Gateway) ListProjects(ctx context.Context, clientID string) ([]platform.Project, error) {
	return readList(g, ctx, readOf("ListProjects", clientID), func(ctx context.Context) ([]platform.Project, error) { return g.c.ListProjects(ctx, clientID) })
}

func (g *Gateway) GetProject(ctx context.Context, projectID string) (*platform.Project, error) {
	return readOne(g, ctx, cachedRead("GetProject", projectID).unchangedByLifecycle(), func(ctx context.Context) (*platform.Project, error) { return g.c.GetProject(ctx, projectID) })
}

func (g *Gateway) ListServices(ctx context.Context, projectID string) ([]platform.ServiceStack, error) {
	return readList(g, ctx, cachedRead("ListServices", projectID), func(ctx context.Context) ([]platform.ServiceStack, error) { return g.c.ListServices(ctx, projectID) })
}

func (g *Gateway) GetService(ctx context.Context, serviceID string) (*platform.ServiceStack, error) {
	return readOne(g, ctx, readOf("GetService", serviceID), func(ctx context.Context) (*platform.ServiceStack, error) { return g.c.GetService(ctx, serviceID) })
}

func (g *Gateway) StartService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return mutate(g, ctx, "StartService", changedLifecycle, func(ctx context.Context) (*platform.Process, error) { return g.c.StartService(ctx, serviceID) })
}

func (g *Gateway) StopService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return mutate(g, ctx, "StopService", changedLifecycle, func(ctx context.Context) (*platform.Process, error) { return g.c.StopService(ctx, serviceID) })
}

func (g *Gateway) RestartService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return mutate(g, ctx, "RestartService", changedLifecycle, func(ctx context.Context) (*platform.Process, error) { return g.c.RestartService(ctx, serviceID) })
}

func (g *Gateway) SetAutoscaling(ctx context.Context, serviceID string, params platform.AutoscalingParams) (*platform.Process, error) {
	return mutate(g, ctx, "SetAutoscaling", changedAnything, func(ctx context.Context) (*platform.Process, error) {
		return g.c.SetAutoscaling(ctx, serviceID, params)
	})
}

func (g *Gateway) GetServiceEnv(ctx context.Context, serviceID string) ([]platform.EnvVar, error) {
	return readList(g, ctx, cachedRead("GetServiceEnv", serviceID).unchangedByLifecycle(), func(ctx context.Context) ([]platform.EnvVar, error) { return g.c.GetServiceEnv(ctx, serviceID) })
}

func (g *Gateway) SetServiceEnvFile(ctx context.Context, serviceID, content string) (*platform.Process, error) {
	return mutate(g, ctx, "SetServiceEnvFile", changedAnything, func(ctx context.Context) (*platform.Process, error) {
		return g.c.SetServiceEnvFile(ctx, serviceID, content)
	})
}

func (g *Gateway) DeleteUserData(ctx context.Context, userDataID string) (*platform.Process, error) {
	return mutate(g, ctx, "DeleteUserData", changedAnything, func(ctx context.Context) (*platform.Process, error) { return g.c.DeleteUserData(ctx, userDataID) })
}

func (g *Gateway) GetProjectEnv(ctx context.Context, projectID string) ([]platform.EnvVar, error) {
	return readList(g, ctx, cachedRead("GetProjectEnv", projectID).unchangedByLifecycle(), func(ctx context.Context) ([]platform.EnvVar, error) { return g.c.GetProjectEnv(ctx, projectID) })
}

func (g *Gateway) CreateProjectEnv(ctx context.Context, projectID, key, content string, sensitive bool) (*platform.Process, error) {
	return mutate(g, ctx, "CreateProjectEnv", changedAnything, func(ctx context.Context) (*platform.Process, error) {
		return g.c.CreateProjectEnv(ctx, projectID, key, content, sensitive)
	})
}

func (g *Gateway) DeleteProjectEnv(ctx context.Context, envID string) (*platform.Process, error) {
	return mutate(g, ctx, "DeleteProjectEnv", changedAnything, func(ctx context.Context) (*platform.Process, error) { return g.c.DeleteProjectEnv(ctx, envID) })
}

func (g *Gateway) ImportServices(ctx context.Context, projectID, yaml string) (*platform.ImportResult, error) {
	return mutate(g, ctx, "ImportServices", changedAnything, func(ctx context.Context) (*platform.ImportResult, error) {
		return g.c.ImportServices(ctx, projectID, yaml)
	})
}

func (g *Gateway) DeleteService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return mutate(g, ctx, "DeleteService", changedAnything, func(ctx context.Context) (*platform.Process, error) { return g.c.DeleteService(ctx, serviceID) })
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
	return mutate(g, ctx, "CancelProcess", changedAnything, func(ctx context.Context) (*platform.Process, error) { return g.c.CancelProcess(ctx, processID) })
}

func (g *Gateway) EnableSubdomainAccess(ctx context.Context, serviceID string) (*platform.Process, error) {
	return mutate(g, ctx, "EnableSubdomainAccess", changedAnything, func(ctx context.Context) (*platform.Process, error) { return g.c.EnableSubdomainAccess(ctx, serviceID) })
}

func (g *Gateway) DisableSubdomainAccess(ctx context.Context, serviceID string) (*platform.Process, error) {
	return mutate(g, ctx, "DisableSubdomainAccess", changedAnything, func(ctx context.Context) (*platform.Process, error) {
		return g.c.DisableSubdomainAccess(ctx, serviceID)
	})
}

func (g *Gateway) GetProjectLog(ctx context.Context, projectID string) (*platform.LogAccess, error) {
	return readOne(g, ctx, readOf("GetProjectLog", projectID), func(ctx context.Context) (*platform.LogAccess, error) { return g.c.GetProjectLog(ctx, projectID) })
}

func (g *Gateway) SearchProcesses(ctx context.Context, filter platform.ProcessFilter) ([]platform.Process, error) {
	return readList(g, ctx, readOf("SearchProcesses", filter), func(ctx context.Context) ([]platform.Process, error) { return g.c.SearchProcesses(ctx, filter) })
}

func (g *Gateway) SearchAppVersions(ctx context.Context, filter platform.AppVersionFilter) ([]platform.AppVersion, error) {
	return readList(g, ctx, readOf("SearchAppVersions", filter), func(ctx context.Context) ([]platform.AppVersion, error) { return g.c.SearchAppVersions(ctx, filter) })
}

func (g *Gateway) ListServiceStackTypes(ctx context.Context) ([]platform.ServiceStackType, error) {
	return readList(g, ctx, readOf("ListServiceStackTypes"), func(ctx context.Context) ([]platform.ServiceStackType, error) { return g.c.ListServiceStackTypes(ctx) })
}

func (g *Gateway) CreateAppVersion(ctx context.Context, serviceID, name string) (*platform.AppVersion, error) {
	return mutate(g, ctx, "CreateAppVersion", changedAnything, func(ctx context.Context) (*platform.AppVersion, error) {
		return g.c.CreateAppVersion(ctx, serviceID, name)
	})
}

// UploadAppVersion is a mutation: the archive reader is consumed.
func (g *Gateway) UploadAppVersion(ctx context.Context, appVersionID string, archive io.Reader) error {
	_, err := mutate(g, ctx, "UploadAppVersion", changedAnything, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, g.c.UploadAppVersion(ctx, appVersionID, archive)
	})
	return err
}

func (g *Gateway) BuildAndDeploy(ctx context.Context, appVersionID, zeropsYaml, setup string) (*platform.Process, error) {
	return mutate(g, ctx, "BuildAndDeploy", changedAnything, func(ctx context.Context) (*platform.Process, error) {
		return g.c.BuildAndDeploy(ctx, appVersionID, zeropsYaml, setup)
	})
}
