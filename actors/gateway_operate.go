package actors

import (
	"context"

	"github.com/zeropsio/zcp/platform"
)

func (g *Gateway) DeployAppVersion(ctx context.Context, appVersionID string) (*platform.Process, error) {
	return mutate(g, ctx, "DeployAppVersion", changedAnything, "", bind1(g.c.DeployAppVersion, appVersionID))
}

func (g *Gateway) ServiceStats(ctx context.Context, f platform.StatsFilter) ([]platform.StatsPoint, error) {
	return readList(g, ctx, readOf("ServiceStats", f), bind1(g.c.ServiceStats, f))
}

func (g *Gateway) ExportProject(ctx context.Context, projectID string) (string, error) {
	return read(g, ctx, readOf("ExportProject", projectID), bind1(g.c.ExportProject, projectID), same)
}

func (g *Gateway) ExportService(ctx context.Context, serviceID string) (string, error) {
	return read(g, ctx, readOf("ExportService", serviceID), bind1(g.c.ExportService, serviceID), same)
}

// CreateBackup is a mutation that answers no process.
func (g *Gateway) CreateBackup(ctx context.Context, serviceID string) error {
	_, err := mutate(g, ctx, "CreateBackup", changedAnything, serviceID, func(ctx context.Context) (struct{}, error) {
		return struct{}{}, g.c.CreateBackup(ctx, serviceID)
	})
	return err
}

func (g *Gateway) ListBackups(ctx context.Context, serviceID string) (*platform.BackupList, error) {
	return readOne(g, ctx, readOf("ListBackups", serviceID), bind1(g.c.ListBackups, serviceID))
}
