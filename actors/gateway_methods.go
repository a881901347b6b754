package actors

import (
	"context"
	"io"

	"github.com/zeropsio/zcp/platform"
)

// The platform.Client methods, each a read (shared, retried; kept for
// CacheTTL as its keep says) or a mutation (never retried; drops kept reads).

func (g *Gateway) GetUserInfo(ctx context.Context) (*platform.UserInfo, error) {
	return do(g, ctx, readOf("GetUserInfo", keepNone), g.c.GetUserInfo)
}

func (g *Gateway) ListProjects(ctx context.Context, clientID string) ([]platform.Project, error) {
	return do(g, ctx, readOf("ListProjects", keepNone, clientID), bind1(g.c.ListProjects, clientID))
}

func (g *Gateway) GetProject(ctx context.Context, projectID string) (*platform.Project, error) {
	return do(g, ctx, readOf("GetProject", keepUntilChange, projectID), bind1(g.c.GetProject, projectID))
}

func (g *Gateway) ListServices(ctx context.Context, projectID string) ([]platform.ServiceStack, error) {
	return do(g, ctx, readOf("ListServices", keepUntilChange, projectID), bind1(g.c.ListServices, projectID))
}

func (g *Gateway) GetService(ctx context.Context, serviceID string) (*platform.ServiceStack, error) {
	op := readOf("GetService", keepUntilChange, serviceID)
	op.service = serviceID // dropped by its own start, stop or restart
	return do(g, ctx, op, bind1(g.c.GetService, serviceID))
}

func (g *Gateway) StartService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return do(g, ctx, mutation("StartService", changedLifecycle, serviceID), bind1(g.c.StartService, serviceID))
}

func (g *Gateway) StopService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return do(g, ctx, mutation("StopService", changedLifecycle, serviceID), bind1(g.c.StopService, serviceID))
}

func (g *Gateway) RestartService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return do(g, ctx, mutation("RestartService", changedLifecycle, serviceID), bind1(g.c.RestartService, serviceID))
}

func (g *Gateway) SetAutoscaling(ctx context.Context, serviceID string, params platform.AutoscalingParams) (*platform.Process, error) {
	return do(g, ctx, mutation("SetAutoscaling", changedAnything, serviceID), bind2(g.c.SetAutoscaling, serviceID, params))
}

func (g *Gateway) GetServiceEnv(ctx context.Context, serviceID string) ([]platform.EnvVar, error) {
	return do(g, ctx, readOf("GetServiceEnv", keepUntilChange, serviceID), bind1(g.c.GetServiceEnv, serviceID))
}

func (g *Gateway) SetServiceEnvFile(ctx context.Context, serviceID, content string) (*platform.Process, error) {
	return do(g, ctx, mutation("SetServiceEnvFile", changedAnything, serviceID), bind2(g.c.SetServiceEnvFile, serviceID, content))
}

func (g *Gateway) DeleteUserData(ctx context.Context, userDataID string) (*platform.Process, error) {
	return do(g, ctx, mutation("DeleteUserData", changedAnything, ""), bind1(g.c.DeleteUserData, userDataID))
}

func (g *Gateway) UpdateUserData(ctx context.Context, userDataID, key, content string) (*platform.Process, error) {
	return do(g, ctx, mutation("UpdateUserData", changedAnything, ""), func(ctx context.Context) (*platform.Process, error) {
		return g.c.UpdateUserData(ctx, userDataID, key, content)
	})
}

func (g *Gateway) GetProjectEnv(ctx context.Context, projectID string) ([]platform.EnvVar, error) {
	return do(g, ctx, readOf("GetProjectEnv", keepUntilChange, projectID), bind1(g.c.GetProjectEnv, projectID))
}

func (g *Gateway) CreateProjectEnv(ctx context.Context, projectID, key, content string, sensitive bool) (*platform.Process, error) {
	return do(g, ctx, mutation("CreateProjectEnv", changedAnything, ""), func(ctx context.Context) (*platform.Process, error) {
		return g.c.CreateProjectEnv(ctx, projectID, key, content, sensitive)
	})
}

func (g *Gateway) DeleteProjectEnv(ctx context.Context, envID string) (*platform.Process, error) {
	return do(g, ctx, mutation("DeleteProjectEnv", changedAnything, ""), bind1(g.c.DeleteProjectEnv, envID))
}

func (g *Gateway) ImportServices(ctx context.Context, projectID, yaml string) (*platform.ImportResult, error) {
	return do(g, ctx, mutation("ImportServices", changedAnything, ""), bind2(g.c.ImportServices, projectID, yaml))
}

func (g *Gateway) DeleteService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return do(g, ctx, mutation("DeleteService", changedAnything, serviceID), bind1(g.c.DeleteService, serviceID))
}

// GetProcess drops the cached reads when it sees the process ended, and
// keeps the ended process: it changes no more.
func (g *Gateway) GetProcess(ctx context.Context, processID string) (*platform.Process, error) {
	op := readOf("GetProcess", keepNone, processID)
	return do(g, ctx, op, func(ctx context.Context) (*platform.Process, error) {
		p, err := g.c.GetProcess(ctx, processID)
		if err == nil && p != nil && p.IsTerminal() {
			g.processEnded(op.key, p)
		}
		return p, err
	})
}

func (g *Gateway) CancelProcess(ctx context.Context, processID string) (*platform.Process, error) {
	return do(g, ctx, mutation("CancelProcess", changedAnything, ""), bind1(g.c.CancelProcess, processID))
}

func (g *Gateway) EnableSubdomainAccess(ctx context.Context, serviceID string) (*platform.Process, error) {
	return do(g, ctx, mutation("EnableSubdomainAccess", changedAnything, serviceID), bind1(g.c.EnableSubdomainAccess, serviceID))
}

func (g *Gateway) DisableSubdomainAccess(ctx context.Context, serviceID string) (*platform.Process, error) {
	return do(g, ctx, mutation("DisableSubdomainAccess", changedAnything, serviceID), bind1(g.c.DisableSubdomainAccess, serviceID))
}

func (g *Gateway) GetProjectLog(ctx context.Context, projectID string) (*platform.LogAccess, error) {
	return do(g, ctx, readOf("GetProjectLog", keepNone, projectID), bind1(g.c.GetProjectLog, projectID))
}

func (g *Gateway) SearchProcesses(ctx context.Context, filter platform.ProcessFilter) ([]platform.Process, error) {
	return do(g, ctx, readOf("SearchProcesses", keepNone, filter), bind1(g.c.SearchProcesses, filter))
}

func (g *Gateway) SearchAppVersions(ctx context.Context, filter platform.AppVersionFilter) ([]platform.AppVersion, error) {
	return do(g, ctx, readOf("SearchAppVersions", keepNone, filter), bind1(g.c.SearchAppVersions, filter))
}

func (g *Gateway) ListServiceStackTypes(ctx context.Context) ([]platform.ServiceStackType, error) {
	return do(g, ctx, readOf("ListServiceStackTypes", keepNone), g.c.ListServiceStackTypes)
}

func (g *Gateway) CreateAppVersion(ctx context.Context, serviceID, name string) (*platform.AppVersion, error) {
	return do(g, ctx, mutation("CreateAppVersion", changedAnything, ""), bind2(g.c.CreateAppVersion, serviceID, name))
}

// UploadAppVersion is a mutation: the archive reader is consumed.
func (g *Gateway) UploadAppVersion(ctx context.Context, appVersionID string, archive io.Reader) error {
	_, err := do(g, ctx, mutation("UploadAppVersion", changedAnything, ""), func(ctx context.Context) (struct{}, error) {
		return struct{}{}, g.c.UploadAppVersion(ctx, appVersionID, archive)
	})
	return err
}

func (g *Gateway) BuildAndDeploy(ctx context.Context, appVersionID, zeropsYaml, setup string) (*platform.Process, error) {
	return do(g, ctx, mutation("BuildAndDeploy", changedAnything, ""), func(ctx context.Context) (*platform.Process, error) {
		return g.c.BuildAndDeploy(ctx, appVersionID, zeropsYaml, setup)
	})
}

func (g *Gateway) DeployAppVersion(ctx context.Context, appVersionID string) (*platform.Process, error) {
	return do(g, ctx, mutation("DeployAppVersion", changedAnything, ""), bind1(g.c.DeployAppVersion, appVersionID))
}

func (g *Gateway) ServiceStats(ctx context.Context, f platform.StatsFilter) ([]platform.StatsPoint, error) {
	return do(g, ctx, readOf("ServiceStats", keepNone, f), bind1(g.c.ServiceStats, f))
}

func (g *Gateway) ExportProject(ctx context.Context, projectID string) (string, error) {
	return do(g, ctx, readOf("ExportProject", keepNone, projectID), bind1(g.c.ExportProject, projectID))
}

func (g *Gateway) ExportService(ctx context.Context, serviceID string) (string, error) {
	return do(g, ctx, readOf("ExportService", keepNone, serviceID), bind1(g.c.ExportService, serviceID))
}

func (g *Gateway) ObjectStorage(ctx context.Context, serviceID string) (*platform.ObjectStorageUse, error) {
	return do(g, ctx, readOf("ObjectStorage", keepNone, serviceID), bind1(g.c.ObjectStorage, serviceID))
}

// CreateBackup is a mutation that answers no process.
func (g *Gateway) CreateBackup(ctx context.Context, serviceID string, tags []string) error {
	_, err := do(g, ctx, mutation("CreateBackup", changedAnything, serviceID), func(ctx context.Context) (struct{}, error) {
		return struct{}{}, g.c.CreateBackup(ctx, serviceID, tags)
	})
	return err
}

func (g *Gateway) ListBackups(ctx context.Context, serviceID string) (*platform.BackupList, error) {
	return do(g, ctx, readOf("ListBackups", keepNone, serviceID), bind1(g.c.ListBackups, serviceID))
}

// bind1 and bind2 bind a client method's arguments but the context.
func bind1[A, T any](f func(context.Context, A) (T, error), a A) func(context.Context) (T, error) {
	return func(ctx context.Context) (T, error) { return f(ctx, a) }
}

func bind2[A, B, T any](f func(context.Context, A, B) (T, error), a A, b B) func(context.Context) (T, error) {
	return func(ctx context.Context) (T, error) { return f(ctx, a, b) }
}

// Published reads a file the platform publishes on the API host (its JSON
// schemas) with get, admitted as one read of the shared budget: nothing
// reaches the API around it.
func (g *Gateway) Published(ctx context.Context, url string, get func(context.Context) ([]byte, error)) ([]byte, error) {
	return do(g, ctx, readOf("GetPublished", keepNone, url), get)
}
