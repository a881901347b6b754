package actors

import (
	"context"

	"github.com/zeropsio/zcp/platform"
)

// DeployAppVersion implements platform.Client within the budget: a mutation, never retried.
func (g *Gateway) DeployAppVersion(ctx context.Context, appVersionID string) (*platform.Process, error) {
	return mutate(g, ctx, "DeployAppVersion", changedAnything, func(ctx context.Context) (*platform.Process, error) {
		return g.c.DeployAppVersion(ctx, appVersionID)
	})
}

// ServiceStats implements platform.Client within the budget: a read, shared and retried.
func (g *Gateway) ServiceStats(ctx context.Context, f platform.StatsFilter) ([]platform.StatsPoint, error) {
	key := readOf("ServiceStats", f)
	return readList(g, ctx, key, func(ctx context.Context) ([]platform.StatsPoint, error) {
		return g.c.ServiceStats(ctx, f)
	})
}

// ExportProject implements platform.Client within the budget: a read, shared and retried.
func (g *Gateway) ExportProject(ctx context.Context, projectID string) (string, error) {
	y, err := readOne(g, ctx, readOf("ExportProject", projectID), func(ctx context.Context) (*string, error) {
		y, err := g.c.ExportProject(ctx, projectID)
		return &y, err
	})
	if y == nil {
		return "", err
	}
	return *y, err
}

// ExportService implements platform.Client within the budget: a read, shared and retried.
func (g *Gateway) ExportService(ctx context.Context, serviceID string) (string, error) {
	y, err := readOne(g, ctx, readOf("ExportService", serviceID), func(ctx context.Context) (*string, error) {
		y, err := g.c.ExportService(ctx, serviceID)
		return &y, err
	})
	if y == nil {
		return "", err
	}
	return *y, err
}
