package zeropsapi

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/zeropsio/zerops-go/apiError"
	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/input/path"
	"github.com/zeropsio/zerops-go/dto/output"
	"github.com/zeropsio/zerops-go/types"
	"github.com/zeropsio/zerops-go/types/uuid"

	"github.com/zeropsio/zcp/platform"
)

func servicePath(id string) path.ServiceStackId {
	return path.ServiceStackId{Id: uuid.ServiceStackId(id)}
}

// ListServices returns the project's services. The platform's own services
// (build, balancer, core …: isSystem) are left out: no answer shows them and
// no hostname resolves to one.
func (c *ZeropsClient) ListServices(ctx context.Context, projectID string) ([]platform.ServiceStack, error) {
	if err := validateID("project ID", projectID); err != nil {
		return nil, err
	}
	clientID, err := c.client.get(ctx)
	if err != nil {
		return nil, err
	}
	conds := []eq{{"clientId", clientID}, {"projectId", projectID}}
	items, err := searchAll(ctx, conds, func(ctx context.Context, f body.EsFilter) ([]output.EsServiceStack, int, error) {
		resp, err := c.api.PostServiceStackSearch(ctx, f)
		out, err := result[output.EsServiceStackResponse](c, kindProject, resp, err)
		return out.Items, out.TotalHits.Native(), err
	})
	if err != nil {
		return nil, err
	}
	services := make([]platform.ServiceStack, 0, len(items))
	for _, s := range items {
		if svc := convertEsService(s); !svc.System {
			services = append(services, svc)
		}
	}
	return services, nil
}

// GetService returns one service.
func (c *ZeropsClient) GetService(ctx context.Context, serviceID string) (*platform.ServiceStack, error) {
	if err := validateID("service ID", serviceID); err != nil {
		return nil, err
	}
	resp, err := c.api.GetServiceStack(ctx, servicePath(serviceID))
	s, err := result[output.ServiceStack](c, kindService, resp, err)
	if err != nil {
		return nil, err
	}
	out := convertService(s)
	return &out, nil
}

// serviceAction runs one PUT/DELETE on a service that answers a Process.
func (c *ZeropsClient) serviceAction(ctx context.Context, serviceID string,
	call func(context.Context, path.ServiceStackId) (sdkResponse[output.Process], error)) (*platform.Process, error) {
	if err := validateID("service ID", serviceID); err != nil {
		return nil, err
	}
	resp, err := call(ctx, servicePath(serviceID))
	p, err := result[output.Process](c, kindService, resp, err)
	if err != nil {
		return nil, err
	}
	return processPtr(p), nil
}

// adapt lifts a generated SDK method into the shape serviceAction takes.
func adapt[R sdkResponse[output.Process]](f func(context.Context, path.ServiceStackId) (R, error)) func(context.Context, path.ServiceStackId) (sdkResponse[output.Process], error) {
	return func(ctx context.Context, p path.ServiceStackId) (sdkResponse[output.Process], error) {
		return f(ctx, p)
	}
}

// StartService starts a stopped service.
func (c *ZeropsClient) StartService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return c.serviceAction(ctx, serviceID, adapt(c.api.PutServiceStackStart))
}

// StopService stops a service.
func (c *ZeropsClient) StopService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return c.serviceAction(ctx, serviceID, adapt(c.api.PutServiceStackStop))
}

// RestartService restarts a service.
func (c *ZeropsClient) RestartService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return c.serviceAction(ctx, serviceID, adapt(c.api.PutServiceStackRestart))
}

// DeleteService deletes a service.
func (c *ZeropsClient) DeleteService(ctx context.Context, serviceID string) (*platform.Process, error) {
	return c.serviceAction(ctx, serviceID, adapt(c.api.DeleteServiceStack))
}

// EnableSubdomainAccess turns on the service's zerops.app subdomain.
func (c *ZeropsClient) EnableSubdomainAccess(ctx context.Context, serviceID string) (*platform.Process, error) {
	return c.serviceAction(ctx, serviceID, adapt(c.api.PutServiceStackEnableSubdomainAccess))
}

// DisableSubdomainAccess turns off the service's zerops.app subdomain.
func (c *ZeropsClient) DisableSubdomainAccess(ctx context.Context, serviceID string) (*platform.Process, error) {
	return c.serviceAction(ctx, serviceID, adapt(c.api.PutServiceStackDisableSubdomainAccess))
}

// SetAutoscaling applies a sparse scaling change. The API refuses a request
// without a mode, so unless params carry it the service is read first and its
// current mode sent back. The returned Process is nil when the change applied
// synchronously.
func (c *ZeropsClient) SetAutoscaling(ctx context.Context, serviceID string, params platform.AutoscalingParams) (*platform.Process, error) {
	if params.Mode == "" {
		svc, err := c.GetService(ctx, serviceID)
		if err != nil {
			return nil, err
		}
		params.Mode = svc.Mode
	}
	in := autoscalingBody(params.Mode, params)
	resp, err := c.api.PutServiceStackAutoscaling(ctx, servicePath(serviceID), in)
	out, err := result[output.ProcessNil](c, kindService, resp, err)
	if err != nil {
		return nil, err
	}
	if out.Process == nil {
		return nil, nil
	}
	return processPtr(*out.Process), nil
}

// GetServiceEnv returns the service's environment variables, generated ones included.
func (c *ZeropsClient) GetServiceEnv(ctx context.Context, serviceID string) ([]platform.EnvVar, error) {
	if err := validateID("service ID", serviceID); err != nil {
		return nil, err
	}
	resp, err := c.api.GetServiceStackEnv(ctx, servicePath(serviceID))
	out, err := result[output.ServiceStackEnvList](c, kindService, resp, err)
	if err != nil {
		return nil, err
	}
	envs := make([]platform.EnvVar, 0, len(out.Items))
	for _, e := range out.Items {
		envs = append(envs, platform.EnvVar{
			ID:        e.Id.Native(),
			Key:       e.Key.Native(),
			Content:   e.Content.Native(),
			Sensitive: e.Sensitive.Native(),
			Type:      e.Type.Native(),
		})
	}
	return envs, nil
}

// SetServiceEnvFile replaces the service's user env variables with the
// .env-formatted content.
func (c *ZeropsClient) SetServiceEnvFile(ctx context.Context, serviceID, content string) (*platform.Process, error) {
	return c.serviceAction(ctx, serviceID, func(ctx context.Context, p path.ServiceStackId) (sdkResponse[output.Process], error) {
		return c.api.PutServiceStackUserDataEnvFile(ctx, p, body.UserDataPutEnvFile{EnvFile: types.NewText(content)})
	})
}

// DeleteUserData removes one service env variable by its user-data ID.
func (c *ZeropsClient) DeleteUserData(ctx context.Context, userDataID string) (*platform.Process, error) {
	if err := validateID("user-data ID", userDataID); err != nil {
		return nil, err
	}
	resp, err := c.api.DeleteUserData(ctx, path.UserDataId{Id: uuid.UserDataId(userDataID)})
	p, err := result[output.Process](c, kindEnv, resp, err)
	if err != nil {
		return nil, err
	}
	return processPtr(p), nil
}

// UpdateUserData changes the content of one service env variable by its
// user-data ID.
func (c *ZeropsClient) UpdateUserData(ctx context.Context, userDataID, key, content string) (*platform.Process, error) {
	if err := validateID("user-data ID", userDataID); err != nil {
		return nil, err
	}
	resp, err := c.api.PutUserData(ctx, path.UserDataId{Id: uuid.UserDataId(userDataID)},
		body.UserDataPut{Key: types.NewString(key), Content: types.NewText(content)})
	p, err := result[output.Process](c, kindEnv, resp, err)
	if err != nil {
		return nil, err
	}
	return processPtr(p), nil
}

// ImportServices imports the services described by an import YAML. Errors
// for single services come back inside the result, not as an error.
func (c *ZeropsClient) ImportServices(ctx context.Context, projectID, yaml string) (*platform.ImportResult, error) {
	if err := validateID("project ID", projectID); err != nil {
		return nil, err
	}
	resp, err := c.api.PostProjectServiceStackImport(ctx, path.ProjectId{Id: uuid.ProjectId(projectID)},
		body.ServiceStackImport{Yaml: types.NewText(yaml)})
	out, err := result[output.ProjectImport](c, kindProject, resp, err)
	if err != nil {
		// A refusal of the whole file lists its problems in meta.
		var pe *platform.PlatformError
		if _, apiErr := resp.Output(); apiErr != nil && errors.As(err, &pe) {
			var ae apiError.Error
			if errors.As(apiErr, &ae) {
				if problems := platform.ParseAPIProblems(ae.GetMeta()); len(problems) > 0 {
					return nil, &platform.ImportRejection{PlatformError: pe, Problems: problems}
				}
			}
		}
		return nil, err
	}
	res := &platform.ImportResult{ProjectID: out.ProjectId.Native(), ProjectName: out.ProjectName.Native(),
		ServiceStacks: make([]platform.ImportedServiceStack, 0, len(out.ServiceStacks))}
	for _, s := range out.ServiceStacks {
		is := platform.ImportedServiceStack{ID: s.Id.Native(), Name: s.Name.Native()}
		if s.Error != nil {
			is.Error = &platform.APIError{Code: s.Error.Code.Native(), Message: s.Error.Message.Native()}
			if raw := s.Error.Meta; len(raw) > 0 && string(raw) != "null" {
				is.Error.Meta = json.RawMessage(append([]byte(nil), raw.Native()...))
				var meta any
				if json.Unmarshal(raw.Native(), &meta) == nil {
					is.Error.Problems = platform.ParseAPIProblems(meta)
				}
			}
		}
		for _, p := range s.Processes {
			is.Processes = append(is.Processes, convertProcess(p))
		}
		res.ServiceStacks = append(res.ServiceStacks, is)
	}
	return res, nil
}
