package ops

import (
	"context"
	"sort"

	"github.com/zeropsio/zcp/platform"
)

// Redacted replaces the value of a sensitive variable.
const Redacted = "***"

// ProjectInfo is the project part of a discover answer.
type ProjectInfo struct {
	ID     string    `json:"id"`
	Name   string    `json:"name"`
	Status string    `json:"status,omitempty"`
	Envs   []EnvInfo `json:"envs,omitempty"`
}

// ServiceInfo is one service as discover reports it.
type ServiceInfo struct {
	Hostname        string                      `json:"hostname"`
	ID              string                      `json:"id"`
	Type            string                      `json:"type"`
	Category        string                      `json:"category,omitempty"`
	Status          string                      `json:"status"`
	Mode            string                      `json:"mode,omitempty"`
	SubdomainAccess bool                        `json:"subdomainAccess"`
	Ports           []platform.Port             `json:"ports,omitempty"`
	Autoscaling     *platform.CustomAutoscaling `json:"autoscaling,omitempty"`
	Envs            []EnvInfo                   `json:"envs,omitempty"`
}

// EnvInfo is one environment variable; a sensitive value reads [Redacted].
type EnvInfo struct {
	Key       string `json:"key"`
	Value     string `json:"value"`
	Sensitive bool   `json:"sensitive,omitempty"`
	Type      string `json:"type,omitempty"`
}

// DiscoverResult is the project and its services (or the one asked for).
type DiscoverResult struct {
	Project  ProjectInfo   `json:"project"`
	Services []ServiceInfo `json:"services"`
}

// Discover reports the project and its services, sorted by hostname. With
// hostname set only that service is reported (SERVICE_NOT_FOUND otherwise).
// With includeEnvs the variables are added, sensitive values redacted.
func Discover(ctx context.Context, c platform.Client, projectID, hostname string, includeEnvs bool) (*DiscoverResult, error) {
	proj, err := c.GetProject(ctx, projectID)
	if err != nil {
		return nil, asPlatformError(err, "reading the project")
	}
	services, err := listServices(ctx, c, projectID)
	if err != nil {
		return nil, err
	}
	if hostname != "" {
		svc, err := ResolveService(ctx, c, projectID, hostname)
		if err != nil {
			return nil, err
		}
		services = []platform.ServiceStack{*svc}
	}
	sort.Slice(services, func(i, j int) bool { return services[i].Name < services[j].Name })

	res := &DiscoverResult{
		Project:  ProjectInfo{ID: proj.ID, Name: proj.Name, Status: proj.Status},
		Services: make([]ServiceInfo, 0, len(services)),
	}
	for _, s := range services {
		info := serviceInfo(s)
		if includeEnvs {
			envs, err := c.GetServiceEnv(ctx, s.ID)
			if err != nil {
				return nil, asPlatformError(err, "reading the variables of "+s.Name)
			}
			info.Envs = redactEnvs(envs)
		}
		res.Services = append(res.Services, info)
	}
	if includeEnvs && hostname == "" {
		envs, err := c.GetProjectEnv(ctx, projectID)
		if err != nil {
			return nil, asPlatformError(err, "reading project variables")
		}
		res.Project.Envs = redactEnvs(envs)
	}
	return res, nil
}

func serviceInfo(s platform.ServiceStack) ServiceInfo {
	typ := s.Type.VersionName
	if typ == "" {
		typ = s.Type.Name
	}
	return ServiceInfo{
		Hostname:        s.Name,
		ID:              s.ID,
		Type:            typ,
		Category:        s.Type.Category,
		Status:          s.Status,
		Mode:            s.Mode,
		SubdomainAccess: s.SubdomainAccess,
		Ports:           s.Ports,
		Autoscaling:     s.CustomAutoscaling,
	}
}

// redactEnvs converts variables for display, hiding sensitive values, sorted by key.
func redactEnvs(envs []platform.EnvVar) []EnvInfo {
	out := make([]EnvInfo, 0, len(envs))
	for _, e := range envs {
		v := e.Content
		if e.Sensitive {
			v = Redacted
		}
		out = append(out, EnvInfo{Key: e.Key, Value: v, Sensitive: e.Sensitive, Type: e.Type})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}
