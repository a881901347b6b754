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
