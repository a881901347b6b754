package zeropsapi

import (
	"context"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/dto/input/query"
	"github.com/zeropsio/zerops-go/dto/output"
	"github.com/zeropsio/zerops-go/types"
	"github.com/zeropsio/zerops-go/types/uuid"

	"github.com/zeropsio/zcp/platform"
)

// GetUserInfo returns the token's user; ClientID is its first client
// membership, which the client remembers for the calls that need it.
func (c *ZeropsClient) GetUserInfo(ctx context.Context) (*platform.UserInfo, error) {
	resp, err := c.api.GetUserInfo(ctx)
	u, err := result[output.UserAuthorize](c, kindOther, resp, err)
	if err != nil {
		return nil, err
	}
	info := &platform.UserInfo{ID: u.Id.Native(), Email: u.Email.Native(), FullName: u.FullName.Native()}
	if len(u.ClientUserList) > 0 {
		info.ClientID = u.ClientUserList[0].ClientId.Native()
		// Later lookups of the client ID need no request of their own: one
		// made inside another call would go around the caller's budget.
		c.client.remember(info.ClientID)
	}
	return info, nil
}

// ListProjects returns every project of the client. An empty clientID means
// the token's own client, resolved (and cached) on first use.
func (c *ZeropsClient) ListProjects(ctx context.Context, clientID string) ([]platform.Project, error) {
	if clientID == "" {
		id, err := c.client.get(ctx)
		if err != nil {
			return nil, err
		}
		clientID = id
	}
	if err := validateID("client ID", clientID); err != nil {
		return nil, err
	}
	items, err := searchAll(ctx, []eq{{"clientId", clientID}}, func(ctx context.Context, f body.EsFilter) ([]output.EsProject, int, error) {
		resp, err := c.api.PostProjectSearch(ctx, f)
		out, err := result[output.EsProjectResponse](c, kindProject, resp, err)
		return out.Items, out.TotalHits.Native(), err
	})
	if err != nil {
		return nil, err
	}
	projects := make([]platform.Project, 0, len(items))
	for _, p := range items {
		projects = append(projects, convertEsProject(p))
	}
	return projects, nil
}

// GetProject returns one project.
func (c *ZeropsClient) GetProject(ctx context.Context, projectID string) (*platform.Project, error) {
	if err := validateID("project ID", projectID); err != nil {
		return nil, err
	}
	resp, err := c.api.GetProject(ctx, path.ProjectId{Id: uuid.ProjectId(projectID)})
	p, err := result[output.Project](c, kindProject, resp, err)
	if err != nil {
		return nil, err
	}
	host, _ := p.ZeropsSubdomainHost.Get()
	return &platform.Project{
		ID:            p.Id.Native(),
		ClientID:      p.ClientId.Native(),
		Name:          p.Name.Native(),
		Status:        p.Status.Native(),
		SubdomainHost: host.Native(),
		Created:       p.Created.Native(),
	}, nil
}

// GetProjectEnv returns the project's environment variables. The API has no
// direct read, so the project is found by a search that includes its envList.
func (c *ZeropsClient) GetProjectEnv(ctx context.Context, projectID string) ([]platform.EnvVar, error) {
	if err := validateID("project ID", projectID); err != nil {
		return nil, err
	}
	clientID, err := c.client.get(ctx)
	if err != nil {
		return nil, err
	}
	f := searchFilter([]eq{{"clientId", clientID}, {"id", projectID}}, false, 0, 1)
	resp, err := c.api.PostProjectSearch(ctx, f)
	out, err := result[output.EsProjectResponse](c, kindProject, resp, err)
	if err != nil {
		return nil, err
	}
	if len(out.Items) == 0 {
		return nil, &platform.PlatformError{
			Code:       platform.ErrTokenNoProject,
			Message:    "project " + projectID + " not found among the token's projects",
			Suggestion: "The token cannot see this project: use a token with access to it.",
		}
	}
	envs := make([]platform.EnvVar, 0, len(out.Items[0].EnvList))
	for _, e := range out.Items[0].EnvList {
		envs = append(envs, platform.EnvVar{
			ID:        e.Id.Native(),
			Key:       e.Key.Native(),
			Content:   e.Content.Native(),
			Sensitive: e.Sensitive.Native(),
			Type:      e.Type.Native(),
			Editable:  e.Editable.Native(),
		})
	}
	return envs, nil
}

// CreateProjectEnv adds a project environment variable.
func (c *ZeropsClient) CreateProjectEnv(ctx context.Context, projectID, key, content string, sensitive bool) (*platform.Process, error) {
	if err := validateID("project ID", projectID); err != nil {
		return nil, err
	}
	in := body.ProjectEnvPost{Key: types.NewString(key), Content: types.NewText(content), Sensitive: types.NewBool(sensitive)}
	resp, err := c.api.PostProjectEnv(ctx, path.ProjectId{Id: uuid.ProjectId(projectID)}, in)
	p, err := result[output.Process](c, kindProject, resp, err)
	if err != nil {
		return nil, err
	}
	return processPtr(p), nil
}

// DeleteProjectEnv removes a project environment variable by its ID.
func (c *ZeropsClient) DeleteProjectEnv(ctx context.Context, envID string) (*platform.Process, error) {
	if err := validateID("env ID", envID); err != nil {
		return nil, err
	}
	resp, err := c.api.DeleteProjectEnv(ctx, path.ProjectEnvId{Id: uuid.EnvId(envID)})
	p, err := result[output.Process](c, kindEnv, resp, err)
	if err != nil {
		return nil, err
	}
	return processPtr(p), nil
}

// GetProjectLog returns a short-lived grant to read the project's logs.
func (c *ZeropsClient) GetProjectLog(ctx context.Context, projectID string) (*platform.LogAccess, error) {
	if err := validateID("project ID", projectID); err != nil {
		return nil, err
	}
	resp, err := c.api.GetProjectLog(ctx, path.ProjectId{Id: uuid.ProjectId(projectID)}, query.GetProjectLog{})
	l, err := result[output.ProjectLog](c, kindProject, resp, err)
	if err != nil {
		return nil, err
	}
	return &platform.LogAccess{AccessToken: l.AccessToken.Native(), Expiration: l.Expiration.Native(), URL: l.Url.Native()}, nil
}
