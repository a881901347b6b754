package actors

import (
	"context"
	"io"

	"github.com/zeropsio/zcp/platform"
)

// The platform.Client methods. Each passes through call with its own method
// name, which decides whether a failed attempt may be retried.

// GetUserInfo implements platform.Client within the budget; a read, retried on transient failures.
func (g *Gateway) GetUserInfo(ctx context.Context) (*platform.UserInfo, error) {
	return call(g, ctx, "GetUserInfo", func(ctx context.Context) (*platform.UserInfo, error) {
		return g.c.GetUserInfo(ctx)
	})
}

// ListProjects implements platform.Client within the budget; a read, retried on transient failures.
func (g *Gateway) ListProjects(ctx context.Context, clientID string) ([]platform.Project, error) {
	return call(g, ctx, "ListProjects", func(ctx context.Context) ([]platform.Project, error) {
		return g.c.ListProjects(ctx, clientID)
	})
}

// GetProject implements platform.Client within the budget; a read, retried on transient failures.
func (g *Gateway) GetProject(ctx context.Context, projectID string) (*platform.Project, error) {
	return call(g, ctx, "GetProject", func(ctx context.Context) (*platform.Project, error) {
		return g.c.GetProject(ctx, projectID)
	})
}

// ListServices implements platform.Client within the budget; a read, retried on transient failures.
func (g *Gateway) ListServices(ctx context.Context, projectID string) ([]platform.ServiceStack, error) {
	return call(g, ctx, "ListServices", func(ctx context.Context) ([]platform.ServiceStack, error) {
		return g.c.ListServices(ctx, projectID)
	})
}

// GetService implements platform.Client within the budget; a read, retried on transient failures.
func (g *Gateway) GetService(ctx context.Context, serviceID string) (*platform.ServiceStack, error) {
	return call(g, ctx, "GetService", func(ctx context.Context) (*platform.ServiceStack, error) {
		return g.c.GetService(ctx, serviceID)
	})
}

// StartService implements platform.Client within the budget; it changes the platform, so it is never retried.
func (g *Gateway) StartService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return call(g, ctx, "StartService", func(ctx context.Context) (*platform.Process, error) {
		return g.c.StartService(ctx, serviceID)
	})
}

// StopService implements platform.Client within the budget; it changes the platform, so it is never retried.
func (g *Gateway) StopService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return call(g, ctx, "StopService", func(ctx context.Context) (*platform.Process, error) {
		return g.c.StopService(ctx, serviceID)
	})
}

// RestartService implements platform.Client within the budget; it changes the platform, so it is never retried.
func (g *Gateway) RestartService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return call(g, ctx, "RestartService", func(ctx context.Context) (*platform.Process, error) {
		return g.c.RestartService(ctx, serviceID)
	})
}

// SetAutoscaling implements platform.Client within the budget; it changes the platform, so it is never retried.
func (g *Gateway) SetAutoscaling(ctx context.Context, serviceID string, params platform.AutoscalingParams) (*platform.Process, error) {
	return call(g, ctx, "SetAutoscaling", func(ctx context.Context) (*platform.Process, error) {
		return g.c.SetAutoscaling(ctx, serviceID, params)
	})
}

// GetServiceEnv implements platform.Client within the budget; a read, retried on transient failures.
func (g *Gateway) GetServiceEnv(ctx context.Context, serviceID string) ([]platform.EnvVar, error) {
	return call(g, ctx, "GetServiceEnv", func(ctx context.Context) ([]platform.EnvVar, error) {
		return g.c.GetServiceEnv(ctx, serviceID)
	})
}

// SetServiceEnvFile implements platform.Client within the budget; it changes the platform, so it is never retried.
func (g *Gateway) SetServiceEnvFile(ctx context.Context, serviceID, content string) (*platform.Process, error) {
	return call(g, ctx, "SetServiceEnvFile", func(ctx context.Context) (*platform.Process, error) {
		return g.c.SetServiceEnvFile(ctx, serviceID, content)
	})
}

// DeleteUserData implements platform.Client within the budget; it changes the platform, so it is never retried.
func (g *Gateway) DeleteUserData(ctx context.Context, userDataID string) (*platform.Process, error) {
	return call(g, ctx, "DeleteUserData", func(ctx context.Context) (*platform.Process, error) {
		return g.c.DeleteUserData(ctx, userDataID)
	})
}

// GetProjectEnv implements platform.Client within the budget; a read, retried on transient failures.
func (g *Gateway) GetProjectEnv(ctx context.Context, projectID string) ([]platform.EnvVar, error) {
	return call(g, ctx, "GetProjectEnv", func(ctx context.Context) ([]platform.EnvVar, error) {
		return g.c.GetProjectEnv(ctx, projectID)
	})
}

// CreateProjectEnv implements platform.Client within the budget; it changes the platform, so it is never retried.
func (g *Gateway) CreateProjectEnv(ctx context.Context, projectID, key, content string, sensitive bool) (*platform.Process, error) {
	return call(g, ctx, "CreateProjectEnv", func(ctx context.Context) (*platform.Process, error) {
		return g.c.CreateProjectEnv(ctx, projectID, key, content, sensitive)
	})
}

// DeleteProjectEnv implements platform.Client within the budget; it changes the platform, so it is never retried.
func (g *Gateway) DeleteProjectEnv(ctx context.Context, envID string) (*platform.Process, error) {
	return call(g, ctx, "DeleteProjectEnv", func(ctx context.Context) (*platform.Process, error) {
		return g.c.DeleteProjectEnv(ctx, envID)
	})
}

// ImportServices implements platform.Client within the budget; it changes the platform, so it is never retried.
func (g *Gateway) ImportServices(ctx context.Context, projectID, yaml string) (*platform.ImportResult, error) {
	return call(g, ctx, "ImportServices", func(ctx context.Context) (*platform.ImportResult, error) {
		return g.c.ImportServices(ctx, projectID, yaml)
	})
}

// DeleteService implements platform.Client within the budget; it changes the platform, so it is never retried.
func (g *Gateway) DeleteService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return call(g, ctx, "DeleteService", func(ctx context.Context) (*platform.Process, error) {
		return g.c.DeleteService(ctx, serviceID)
	})
}

// GetProcess implements platform.Client within the budget; a read, retried on transient failures.
func (g *Gateway) GetProcess(ctx context.Context, processID string) (*platform.Process, error) {
	return call(g, ctx, "GetProcess", func(ctx context.Context) (*platform.Process, error) {
		return g.c.GetProcess(ctx, processID)
	})
}

// CancelProcess implements platform.Client within the budget; it changes the platform, so it is never retried.
func (g *Gateway) CancelProcess(ctx context.Context, processID string) (*platform.Process, error) {
	return call(g, ctx, "CancelProcess", func(ctx context.Context) (*platform.Process, error) {
		return g.c.CancelProcess(ctx, processID)
	})
}

// EnableSubdomainAccess implements platform.Client within the budget; it changes the platform, so it is never retried.
func (g *Gateway) EnableSubdomainAccess(ctx context.Context, serviceID string) (*platform.Process, error) {
	return call(g, ctx, "EnableSubdomainAccess", func(ctx context.Context) (*platform.Process, error) {
		return g.c.EnableSubdomainAccess(ctx, serviceID)
	})
}

// DisableSubdomainAccess implements platform.Client within the budget; it changes the platform, so it is never retried.
func (g *Gateway) DisableSubdomainAccess(ctx context.Context, serviceID string) (*platform.Process, error) {
	return call(g, ctx, "DisableSubdomainAccess", func(ctx context.Context) (*platform.Process, error) {
		return g.c.DisableSubdomainAccess(ctx, serviceID)
	})
}

// GetProjectLog implements platform.Client within the budget; a read, retried on transient failures.
func (g *Gateway) GetProjectLog(ctx context.Context, projectID string) (*platform.LogAccess, error) {
	return call(g, ctx, "GetProjectLog", func(ctx context.Context) (*platform.LogAccess, error) {
		return g.c.GetProjectLog(ctx, projectID)
	})
}

// SearchProcesses implements platform.Client within the budget; a read, retried on transient failures.
func (g *Gateway) SearchProcesses(ctx context.Context, filter platform.ProcessFilter) ([]platform.Process, error) {
	return call(g, ctx, "SearchProcesses", func(ctx context.Context) ([]platform.Process, error) {
		return g.c.SearchProcesses(ctx, filter)
	})
}

// SearchAppVersions implements platform.Client within the budget; a read, retried on transient failures.
func (g *Gateway) SearchAppVersions(ctx context.Context, filter platform.AppVersionFilter) ([]platform.AppVersion, error) {
	return call(g, ctx, "SearchAppVersions", func(ctx context.Context) ([]platform.AppVersion, error) {
		return g.c.SearchAppVersions(ctx, filter)
	})
}

// ListServiceStackTypes implements platform.Client within the budget; a read, retried on transient failures.
func (g *Gateway) ListServiceStackTypes(ctx context.Context) ([]platform.ServiceStackType, error) {
	return call(g, ctx, "ListServiceStackTypes", func(ctx context.Context) ([]platform.ServiceStackType, error) {
		return g.c.ListServiceStackTypes(ctx)
	})
}

// CreateAppVersion implements platform.Client within the budget; it changes the platform, so it is never retried.
func (g *Gateway) CreateAppVersion(ctx context.Context, serviceID, name string) (*platform.AppVersion, error) {
	return call(g, ctx, "CreateAppVersion", func(ctx context.Context) (*platform.AppVersion, error) {
		return g.c.CreateAppVersion(ctx, serviceID, name)
	})
}

// UploadAppVersion is a mutation (the archive reader is consumed), so it is
// never retried.
func (g *Gateway) UploadAppVersion(ctx context.Context, appVersionID string, archive io.Reader) error {
	_, err := call(g, ctx, "UploadAppVersion", func(ctx context.Context) (struct{}, error) {
		return struct{}{}, g.c.UploadAppVersion(ctx, appVersionID, archive)
	})
	return err
}

// BuildAndDeploy implements platform.Client within the budget; it changes the platform, so it is never retried.
func (g *Gateway) BuildAndDeploy(ctx context.Context, appVersionID, zeropsYaml, setup string) (*platform.Process, error) {
	return call(g, ctx, "BuildAndDeploy", func(ctx context.Context) (*platform.Process, error) {
		return g.c.BuildAndDeploy(ctx, appVersionID, zeropsYaml, setup)
	})
}
