package zeropsapi

import (
	"context"
	"sort"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/dto/output"
	"github.com/zeropsio/zerops-go/types/uuid"

	"github.com/zeropsio/zcp/platform"
)

// GetProcess returns a process with its status normalised.
func (c *ZeropsClient) GetProcess(ctx context.Context, processID string) (*platform.Process, error) {
	if err := validateID("process ID", processID); err != nil {
		return nil, err
	}
	resp, err := c.api.GetProcess(ctx, path.ProcessId{Id: uuid.ProcessId(processID)})
	p, err := result[output.Process](c, kindProcess, resp, err)
	if err != nil {
		return nil, err
	}
	return processPtr(p), nil
}

// CancelProcess asks the platform to cancel a running process.
func (c *ZeropsClient) CancelProcess(ctx context.Context, processID string) (*platform.Process, error) {
	if err := validateID("process ID", processID); err != nil {
		return nil, err
	}
	resp, err := c.api.PutProcessCancel(ctx, path.ProcessId{Id: uuid.ProcessId(processID)})
	p, err := result[output.Process](c, kindProcess, resp, err)
	if err != nil {
		return nil, err
	}
	return processPtr(p), nil
}

// SearchProcesses returns the project's (or one service's) processes, newest first.
func (c *ZeropsClient) SearchProcesses(ctx context.Context, filter platform.ProcessFilter) ([]platform.Process, error) {
	conds, err := c.activityConds(ctx, filter.ProjectID, filter.ServiceID)
	if err != nil {
		return nil, err
	}
	resp, err := c.api.PostProcessSearch(ctx, searchFilter(conds, true, 0, clampLimit(filter.Limit)))
	out, err := result[output.EsProcessResponse](c, kindProject, resp, err)
	if err != nil {
		return nil, err
	}
	procs := make([]platform.Process, 0, len(out.Items))
	for _, p := range out.Items {
		procs = append(procs, convertEsProcess(p))
	}
	// The API sorts as asked; sorting again keeps the contract with a lenient backend.
	sort.SliceStable(procs, func(i, j int) bool { return procs[i].Created.After(procs[j].Created) })
	return procs, nil
}

// SearchAppVersions returns the project's (or one service's) app versions, newest first.
func (c *ZeropsClient) SearchAppVersions(ctx context.Context, filter platform.AppVersionFilter) ([]platform.AppVersion, error) {
	conds, err := c.activityConds(ctx, filter.ProjectID, filter.ServiceID)
	if err != nil {
		return nil, err
	}
	if filter.ID != "" {
		if err := validateID("app version ID", filter.ID); err != nil {
			return nil, err
		}
		conds = append(conds, eq{"id", filter.ID})
	}
	resp, err := c.api.PostAppVersionSearch(ctx, searchFilter(conds, true, 0, clampLimit(filter.Limit)))
	out, err := result[output.EsAppVersionResponse](c, kindProject, resp, err)
	if err != nil {
		return nil, err
	}
	versions := make([]platform.AppVersion, 0, len(out.Items))
	for _, v := range out.Items {
		versions = append(versions, convertEsAppVersion(v))
	}
	sort.SliceStable(versions, func(i, j int) bool { return versions[i].Created.After(versions[j].Created) })
	return versions, nil
}

// activityConds builds the search conditions of an activity query, scoped by
// client as the API requires of every search. A service ID alone is enough: a
// service belongs to one project (the build watcher knows only the service it
// follows).
func (c *ZeropsClient) activityConds(ctx context.Context, projectID, serviceID string) ([]eq, error) {
	if projectID != "" || serviceID == "" {
		if err := validateID("project ID", projectID); err != nil {
			return nil, err
		}
	}
	if serviceID != "" {
		if err := validateID("service ID", serviceID); err != nil {
			return nil, err
		}
	}
	clientID, err := c.client.get(ctx)
	if err != nil {
		return nil, err
	}
	conds := []eq{{"clientId", clientID}}
	if projectID != "" {
		conds = append(conds, eq{"projectId", projectID})
	}
	if serviceID != "" {
		conds = append(conds, eq{"serviceStackId", serviceID})
	}
	return conds, nil
}

// ListServiceStackTypes returns the platform's type catalog with every version.
func (c *ZeropsClient) ListServiceStackTypes(ctx context.Context) ([]platform.ServiceStackType, error) {
	items, err := searchAll(ctx, nil, func(ctx context.Context, f body.EsFilter) ([]output.EsServiceStackType, int, error) {
		resp, err := c.api.PostServiceStackTypeSearch(ctx, f)
		out, err := result[output.EsServiceStackTypeResponse](c, kindOther, resp, err)
		return out.Items, out.TotalHits.Native(), err
	})
	if err != nil {
		return nil, err
	}
	typesOut := make([]platform.ServiceStackType, 0, len(items))
	for _, t := range items {
		st := platform.ServiceStackType{ID: t.Id.Native(), Name: t.Name.Native(), Category: t.Category.Native(),
			Versions: make([]platform.ServiceStackTypeVersion, 0, len(t.ServiceStackTypeVersionList))}
		for _, v := range t.ServiceStackTypeVersionList {
			st.Versions = append(st.Versions, platform.ServiceStackTypeVersion{
				ID: v.Id.Native(), Name: v.Name.Native(), IsBuild: v.IsBuild.Native(), Status: platform.TypeVersionStatus(v.Status.Native()),
			})
		}
		typesOut = append(typesOut, st)
	}
	return typesOut, nil
}
