package fakeapi

import (
	"net/http"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
)

// exportService is one service in an export: the import.yml fields the
// fake knows, secrets with their values, as a platform export carries them.
type exportService struct {
	Hostname   string            `yaml:"hostname"`
	Type       string            `yaml:"type"`
	Mode       string            `yaml:"mode,omitempty"`
	Subdomain  bool              `yaml:"enableSubdomainAccess,omitempty"`
	EnvSecrets map[string]string `yaml:"envSecrets,omitempty"`
	Policy     string            `yaml:"objectStoragePolicy,omitempty"`
	Git        string            `yaml:"buildFromGit,omitempty"`
	Priority   *int              `yaml:"priority,omitempty"`
	Mount      []string          `yaml:"mount,omitempty"`
}

type exportDoc struct {
	Project  map[string]string `yaml:"project"`
	Services []exportService   `yaml:"services"`
}

// exportProject answers GET /project/{id}/export: the project as import YAML.
func (st *state) exportProject(rq *apiRequest) (int, any) {
	p := st.projects[rq.param]
	if p == nil {
		return errNotFound("projectNotFound", "Project not found.")
	}
	var services []*service
	for _, id := range st.svcOrder {
		if s := st.services[id]; s != nil && s.ProjectID == p.ID && !s.system() {
			services = append(services, s)
		}
	}
	return st.export(p, services)
}

// exportServiceStack answers GET /service-stack/{id}/export: one service (with
// its project's name) as import YAML.
func (st *state) exportServiceStack(rq *apiRequest) (int, any) {
	s := st.services[rq.param]
	if s == nil || s.system() {
		return errServiceNotFound()
	}
	return st.export(st.projects[s.ProjectID], []*service{s})
}

func (st *state) export(p *project, services []*service) (int, any) {
	doc := exportDoc{Project: map[string]string{"name": p.Name}, Services: []exportService{}}
	for _, s := range services {
		// What the user set at import: the export carries every parameter
		// set (the import reference's Export section), the subdomain asked
		// for before the first deploy turned it on included.
		e := exportService{Hostname: s.Name, Type: s.Version.Name, Subdomain: s.Subdomain || s.subdomainOnDeploy, Git: s.buildFromGit, Mount: st.mountNames(s), Priority: s.priority}
		switch s.category() {
		case platform.CategoryStandard, platform.CategoryShared:
			e.Mode = s.Mode
		case platform.CategoryObject:
			// The policy by its name alone (custom for a document); the
			// size is left out: the export is assumed not to carry it.
			if s.storage != nil {
				e.Policy = s.storage.Policy
			}
		}
		for _, v := range s.Env {
			if v.Type == envSecret {
				if e.EnvSecrets == nil {
					e.EnvSecrets = map[string]string{}
				}
				e.EnvSecrets[v.Key] = v.Content
			}
		}
		doc.Services = append(doc.Services, e)
	}
	out, err := yaml.Marshal(doc)
	if err != nil {
		return apiErr(http.StatusInternalServerError, "internalServerError", err.Error(), nil)
	}
	return http.StatusOK, map[string]any{"yaml": string(out)}
}
