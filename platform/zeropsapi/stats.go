package zeropsapi

import (
	"context"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/output"
	"github.com/zeropsio/zerops-go/types"
	"github.com/zeropsio/zerops-go/types/enum"

	"github.com/zeropsio/zcp/platform"
)

// ServiceStats reads resource use grouped by service and time bucket
// (PostStatsHistoryGroupBySearch), oldest first.
func (c *ZeropsClient) ServiceStats(ctx context.Context, f platform.StatsFilter) ([]platform.StatsPoint, error) {
	if err := validateID("project ID", f.ProjectID); err != nil {
		return nil, err
	}
	search := body.EsStatsHistoryFilterSearch{nativeEq("projectId", f.ProjectID)}
	if f.ServiceID != "" {
		if err := validateID("service ID", f.ServiceID); err != nil {
			return nil, err
		}
		search = append(search, nativeEq("serviceStackId", f.ServiceID))
	}
	in := body.EsStatsHistoryFilter{Search: search, From: types.NewDateTimeNull(f.From), Till: types.NewDateTimeNull(f.Till),
		TimeZone: types.NewString("UTC"), GroupBy: enum.EsStatsHistoryGroupByEnumServiceStackId, TimeGroupBy: types.NewString(bucketName(f.Bucket))}
	resp, err := c.api.PostStatsHistoryGroupBySearch(ctx, in)
	out, err := result[output.EsStatsHistoryList](c, kindProject, resp, err)
	if err != nil {
		return nil, err
	}
	points := make([]platform.StatsPoint, 0, len(out.Items))
	for _, it := range out.Items {
		p := platform.StatsPoint{ServiceID: it.ServiceStackId.Native(), From: it.From.Native(), Till: it.Till.Native(),
			CPUUsed: it.CpuUsed.Native(), CPULimit: it.CpuLimit.Native(), RAMUsed: it.RamUsed.Native(), RAMLimit: it.RamLimit.Native(),
			DiskUsed: it.DiskUsed.Native(), DiskLimit: it.DiskLimit.Native()}
		if n, ok := it.ContainerCount.Get(); ok {
			p.Containers = n.Native()
		}
		points = append(points, p)
	}
	sort.SliceStable(points, func(i, j int) bool { return points[i].From.Before(points[j].From) })
	return points, nil
}

func nativeEq(name, value string) body.EsSearchNativeItem {
	return body.EsSearchNativeItem{Name: types.NewString(name), Operator: types.NewString("eq"),
		Value: types.NewJsonRawMessage(strconv.Quote(value))}
}

// bucketName is a bucket length as timeGroupBy takes it: 5m, 1h.
func bucketName(d time.Duration) string {
	if d >= time.Hour && d%time.Hour == 0 {
		return fmt.Sprintf("%dh", d/time.Hour)
	}
	return fmt.Sprintf("%dm", max(d/time.Minute, 1))
}
