package actors

import (
	"context"
	"io"

	"github.com/zeropsio/zcp/platform"
)

// The platform.Client methods. Each declares what it is by the helper it
// calls: readOne / readList (reads, shared and retried) or mutate (never
// retried; drops the cached reads).

// GetUserInfo implements platform.Client within the budget: a read, shared and retried.
func (g *Gateway) GetUserInfo(ctx context.Context) (*platform.UserInfo, error) {
	return readOne(g, ctx, readOf("GetUserInfo"), func(ctx context.Context) (*platform.UserInfo, error) {
		return g.c.GetUserInfo(ctx)
	})
}

// ListProjects implements platform.Client within the budget: a read, shared and retried.
func (g *Gateway) ListProjects(ctx context.Context, clientID string) ([]platform.Project, error) {
	return readList(g, ctx, readOf("ListProjects", clientID), func(ctx context.Context) ([]platform.Project, error) {
		return g.c.ListProjects(ctx, clientID)
	})
}

// GetProject implements platform.Client within the budget: a read, shared, retried and kept for CacheTTL (across a service's start, stop or restart).
func (g *Gateway) GetProject(ctx context.Context, projectID string) (*platform.Project, error) {
	return readOne(g, ctx, cachedRead("GetProject", projectID).unchangedByLifecycle(), func(ctx context.Context) (*platform.Project, error) {
		return g.c.GetProject(ctx, projectID)
	})
}

// ListServices implements platform.Client within the budget: a read, shared, retried and kept for CacheTTL.
func (g *Gateway) ListServices(ctx context.Context, projectID string) ([]platform.ServiceStack, error) {
	return readList(g, ctx, cachedRead("ListServices", projectID), func(ctx context.Context) ([]platform.ServiceStack, error) {
		return g.c.ListServices(ctx, projectID)
	})
}

// GetService implements platform.Client within the budget: a read, shared and retried.
func (g *Gateway) GetService(ctx context.Context, serviceID string) (*platform.ServiceStack, error) {
	return readOne(g, ctx, readOf("GetService", serviceID), func(ctx context.Context) (*platform.ServiceStack, error) {
		return g.c.GetService(ctx, serviceID)
	})
}

// StartService implements platform.Client within the budget: a mutation, never retried.
func (g *Gateway) StartService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return lifecycleMutate(g, ctx, "StartService", func(ctx context.Context) (*platform.Process, error) {
		return g.c.StartService(ctx, serviceID)
	})
}

// StopService implements platform.Client within the budget: a mutation, never retried.
func (g *Gateway) StopService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return lifecycleMutate(g, ctx, "StopService", func(ctx context.Context) (*platform.Process, error) {
		return g.c.StopService(ctx, serviceID)
	})
}

// RestartService implements platform.Client within the budget: a mutation, never retried.
func (g *Gateway) RestartService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return lifecycleMutate(g, ctx, "RestartService", func(ctx context.Context) (*platform.Process, error) {
		return g.c.RestartService(ctx, serviceID)
	})
}

// SetAutoscaling implements platform.Client within the budget: a mutation, never retried.
func (g *Gateway) SetAutoscaling(ctx context.Context, serviceID string, params platform.AutoscalingParams) (*platform.Process, error) {
	return mutate(g, ctx, "SetAutoscaling", func(ctx context.Context) (*platform.Process, error) {
		return g.c.SetAutoscaling(ctx, serviceID, params)
	})
}

// GetServiceEnv implements platform.Client within the budget: a read, shared, retried and kept for CacheTTL (across a service's start, stop or restart).
func (g *Gateway) GetServiceEnv(ctx context.Context, serviceID string) ([]platform.EnvVar, error) {
	return readList(g, ctx, cachedRead("GetServiceEnv", serviceID).unchangedByLifecycle(), func(ctx context.Context) ([]platform.EnvVar, error) {
		return g.c.GetServiceEnv(ctx, serviceID)
	})
}

// SetServiceEnvFile implements platform.Client within the budget: a mutation, never retried.
func (g *Gateway) SetServiceEnvFile(ctx context.Context, serviceID, content string) (*platform.Process, error) {
	return mutate(g, ctx, "SetServiceEnvFile", func(ctx context.Context) (*platform.Process, error) {
		return g.c.SetServiceEnvFile(ctx, serviceID, content)
	})
}

// DeleteUserData implements platform.Client within the budget: a mutation, never retried.
func (g *Gateway) DeleteUserData(ctx context.Context, userDataID string) (*platform.Process, error) {
	return mutate(g, ctx, "DeleteUserData", func(ctx context.Context) (*platform.Process, error) {
		return g.c.DeleteUserData(ctx, userDataID)
	})
}

// GetProjectEnv implements platform.Client within the budget: a read, shared, retried and kept for CacheTTL (across a service's start, stop or restart).
func (g *Gateway) GetProjectEnv(ctx context.Context, projectID string) ([]platform.EnvVar, error) {
	return readList(g, ctx, cachedRead("GetProjectEnv", projectID).unchangedByLifecycle(), func(ctx context.Context) ([]platform.EnvVar, error) {
		return g.c.GetProjectEnv(ctx, projectID)
	})
}

// CreateProjectEnv implements platform.Client within the budget: a mutation, never retried.
func (g *Gateway) CreateProjectEnv(ctx context.Context, projectID, key, content string, sensitive bool) (*platform.Process, error) {
	return mutate(g, ctx, "CreateProjectEnv", func(ctx context.Context) (*platform.Process, error) {
		return g.c.CreateProjectEnv(ctx, projectID, key, content, sensitive)
	})
}

// DeleteProjectEnv implements platform.Client within the budget: a mutation, never retried.
func (g *Gateway) DeleteProjectEnv(ctx context.Context, envID string) (*platform.Process, error) {
	return mutate(g, ctx, "DeleteProjectEnv", func(ctx context.Context) (*platform.Process, error) {
		return g.c.DeleteProjectEnv(ctx, envID)
	})
}

// ImportServices implements platform.Client within the budget: a mutation, never retried.
func (g *Gateway) ImportServices(ctx context.Context, projectID, yaml string) (*platform.ImportResult, error) {
	return mutate(g, ctx, "ImportServices", func(ctx context.Context) (*platform.ImportResult, error) {
		return g.c.ImportServices(ctx, projectID, yaml)
	})
}

// DeleteService implements platform.Client within the budget: a mutation, never retried.
func (g *Gateway) DeleteService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return mutate(g, ctx, "DeleteService", func(ctx context.Context) (*platform.Process, error) {
		return g.c.DeleteService(ctx, serviceID)
	})
}

// GetProcess implements platform.Client within the budget: a read, shared and
// retried. A process seen ended drops the cached reads before anyone sees
// the answer: what it did is on the platform now.
func (g *Gateway) GetProcess(ctx context.Context, processID string) (*platform.Process, error) {
	return readOne(g, ctx, readOf("GetProcess", processID), func(ctx context.Context) (*platform.Process, error) {
		p, err := g.c.GetProcess(ctx, processID)
		if err == nil && p != nil && p.IsTerminal() {
			g.processEnded(p)
		}
		return p, err
	})
}

// CancelProcess implements platform.Client within the budget: a mutation, never retried.
func (g *Gateway) CancelProcess(ctx context.Context, processID string) (*platform.Process, error) {
	return mutate(g, ctx, "CancelProcess", func(ctx context.Context) (*platform.Process, error) {
		return g.c.CancelProcess(ctx, processID)
	})
}

// EnableSubdomainAccess implements platform.Client within the budget: a mutation, never retried.
func (g *Gateway) EnableSubdomainAccess(ctx context.Context, serviceID string) (*platform.Process, error) {
	return mutate(g, ctx, "EnableSubdomainAccess", func(ctx context.Context) (*platform.Process, error) {
		return g.c.EnableSubdomainAccess(ctx, serviceID)
	})
}

// DisableSubdomainAccess implements platform.Client within the budget: a mutation, never retried.
func (g *Gateway) DisableSubdomainAccess(ctx context.Context, serviceID string) (*platform.Process, error) {
	return mutate(g, ctx, "DisableSubdomainAccess", func(ctx context.Context) (*platform.Process, error) {
		return g.c.DisableSubdomainAccess(ctx, serviceID)
	})
}

// GetProjectLog implements platform.Client within the budget: a read, shared and retried.
func (g *Gateway) GetProjectLog(ctx context.Context, projectID string) (*platform.LogAccess, error) {
	return readOne(g, ctx, readOf("GetProjectLog", projectID), func(ctx context.Context) (*platform.LogAccess, error) {
		return g.c.GetProjectLog(ctx, projectID)
	})
}

// SearchProcesses implements platform.Client within the budget: a read, shared and retried.
func (g *Gateway) SearchProcesses(ctx context.Context, filter platform.ProcessFilter) ([]platform.Process, error) {
	return readList(g, ctx, readOf("SearchProcesses", filter), func(ctx context.Context) ([]platform.Process, error) {
		return g.c.SearchProcesses(ctx, filter)
	})
}

// SearchAppVersions implements platform.Client within the budget: a read, shared and retried.
func (g *Gateway) SearchAppVersions(ctx context.Context, filter platform.AppVersionFilter) ([]platform.AppVersion, error) {
	return readList(g, ctx, readOf("SearchAppVersions", filter), func(ctx context.Context) ([]platform.AppVersion, error) {
		return g.c.SearchAppVersions(ctx, filter)
	})
}

// ListServiceStackTypes implements platform.Client within the budget: a read, shared and retried.
func (g *Gateway) ListServiceStackTypes(ctx context.Context) ([]platform.ServiceStackType, error) {
	return readList(g, ctx, readOf("ListServiceStackTypes"), func(ctx context.Context) ([]platform.ServiceStackType, error) {
		return g.c.ListServiceStackTypes(ctx)
	})
}

// CreateAppVersion implements platform.Client within the budget: a mutation, never retried.
func (g *Gateway) CreateAppVersion(ctx context.Context, serviceID, name string) (*platform.AppVersion, error) {
	return mutate(g, ctx, "CreateAppVersion", func(ctx context.Context) (*platform.AppVersion, error) {
		return g.c.CreateAppVersion(ctx, serviceID, name)
	})
}

// UploadAppVersion is a mutation (the archive reader is consumed), so it is
// never retried.
func (g *Gateway) UploadAppVersion(ctx context.Context, appVersionID string, archive io.Reader) error {
	_, err := mutate(g, ctx, "UploadAppVersion", func(ctx context.Context) (struct{}, error) {
		return struct{}{}, g.c.UploadAppVersion(ctx, appVersionID, archive)
	})
	return err
}

// BuildAndDeploy implements platform.Client within the budget: a mutation, never retried.
func (g *Gateway) BuildAndDeploy(ctx context.Context, appVersionID, zeropsYaml, setup string) (*platform.Process, error) {
	return mutate(g, ctx, "BuildAndDeploy", func(ctx context.Context) (*platform.Process, error) {
		return g.c.BuildAndDeploy(ctx, appVersionID, zeropsYaml, setup)
	})
}
