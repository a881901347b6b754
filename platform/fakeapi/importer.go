package fakeapi

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
)

// maxImportYAML is the platform's limit on an import file.
const maxImportYAML = 100 << 10

// importFile is the part of import.yml the fake understands; other keys are
// accepted and ignored, as the platform ignores service-level envVariables.
type importFile struct {
	Project  *yaml.Node      `yaml:"project"`
	Services []importService `yaml:"services"`
}

type importService struct {
	Hostname              string            `yaml:"hostname"`
	Type                  string            `yaml:"type"`
	Mode                  string            `yaml:"mode"`
	StartWithoutCode      bool              `yaml:"startWithoutCode"`
	EnableSubdomainAccess bool              `yaml:"enableSubdomainAccess"`
	MinContainers         *int              `yaml:"minContainers"`
	MaxContainers         *int              `yaml:"maxContainers"`
	EnvSecrets            map[string]string `yaml:"envSecrets"`
}

// parseImportYAML parses an import file for a service import. It rejects an
// empty, oversized or unparsable file, one with a project section and one
// without services. It never panics.
func parseImportYAML(src string) (f *importFile, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("yaml: parser failure: %v", r)
		}
	}()
	if len(src) > maxImportYAML {
		return nil, fmt.Errorf("import file is larger than %d bytes", maxImportYAML)
	}
	var out importFile
	if err := yaml.Unmarshal([]byte(src), &out); err != nil {
		return nil, fmt.Errorf("invalid yaml: %s", clip(err.Error(), 200))
	}
	if out.Project != nil {
		return nil, errors.New("a service import must not contain a project section")
	}
	if len(out.Services) == 0 {
		return nil, errors.New("the import file has no services")
	}
	return &out, nil
}

// plannedService is a service an import will create, or the error it got.
type plannedService struct {
	spec    importService
	version *stackVersion
	mode    string
	err     *errorBody
}

// planImport checks every service of f against the catalog and the project;
// errors are per service, as the API reports them inside a 200.
func (st *state) planImport(projectID string, f *importFile) []plannedService {
	plans := make([]plannedService, 0, len(f.Services))
	seen := map[string]bool{}
	for _, svc := range f.Services {
		p := plannedService{spec: svc}
		p.err = st.checkImportService(projectID, svc, seen, &p)
		if svc.Hostname != "" {
			seen[svc.Hostname] = true
		}
		plans = append(plans, p)
	}
	return plans
}

func (st *state) checkImportService(projectID string, svc importService, seen map[string]bool, p *plannedService) *errorBody {
	name := svc.Hostname
	if !platform.ValidHostname(name) {
		return &errorBody{Code: "serviceStackNameInvalid",
			Message: fmt.Sprintf("Service stack name %q is invalid.", clip(name, 60)),
			Meta:    map[string]any{"hostname": clip(name, 60)}}
	}
	if seen[name] || st.serviceByName(projectID, name) != nil {
		return &errorBody{Code: "serviceStackNameUnavailable",
			Message: fmt.Sprintf("Service stack name %q is unavailable.", name), Meta: map[string]any{"hostname": name}}
	}
	typ, err := platform.ParseServiceType(svc.Type)
	var v *stackVersion
	if err == nil {
		v = st.cat.lookup(typ.VersionName())
	}
	if v == nil {
		return &errorBody{Code: "serviceStackTypeNotFound",
			Message: fmt.Sprintf("Service stack type %q not found.", clip(svc.Type, 60)),
			Meta:    map[string]any{"type": clip(svc.Type, 60)}}
	}
	mode := typ.HAMode()
	switch m := strings.ToUpper(svc.Mode); m {
	case "":
	case "HA", "NON_HA":
		if mode != "" && mode != m {
			return &errorBody{Code: "projectImportInvalidParameter",
				Message: fmt.Sprintf("mode %s contradicts type %q.", m, svc.Type)}
		}
		mode = m
	default:
		return &errorBody{Code: "projectImportInvalidParameter",
			Message: fmt.Sprintf("mode must be HA or NON_HA, not %q.", clip(svc.Mode, 20))}
	}
	if mode == "" {
		mode = "NON_HA"
	}
	if v.Type.Category != platform.CategoryUser && (svc.MinContainers != nil || svc.MaxContainers != nil) {
		return &errorBody{Code: "projectImportInvalidParameter",
			Message: "minContainers and maxContainers are for runtime services only."}
	}
	if err := checkImportContainers(svc.MinContainers, svc.MaxContainers); err != nil {
		return err
	}
	for k := range svc.EnvSecrets {
		if !envKeyRe.MatchString(k) {
			return &errorBody{Code: "userDataKeyInvalid", Message: fmt.Sprintf("Invalid env key %q.", clip(k, 40))}
		}
	}
	p.version, p.mode = v, mode
	return nil
}

// checkImportContainers applies the platform's horizontal scaling limits to
// an import: each count 1–10, the minimum not above the maximum.
func checkImportContainers(minC, maxC *int) *errorBody {
	for _, n := range []*int{minC, maxC} {
		if n != nil && (*n < 1 || *n > 10) {
			return &errorBody{Code: "projectImportInvalidParameter",
				Message: fmt.Sprintf("Container count %d is outside 1–10.", *n)}
		}
	}
	if minC != nil && maxC != nil && *maxC < *minC {
		return &errorBody{Code: "projectImportInvalidParameter", Message: "maxContainers is below minContainers."}
	}
	return nil
}

type importRequest struct {
	YAML *string `json:"yaml"`
}

type importedJSON struct {
	ID        string        `json:"id"`
	Name      string        `json:"name"`
	Error     *errorBody    `json:"error"`
	Processes []processJSON `json:"processes"`
}

// importServices creates the file's valid services (CREATING until their
// stack.import process finishes) and reports the invalid ones per service.
func (st *state) importServices(rq *apiRequest) (int, any) {
	pr := st.projects[rq.param]
	if pr == nil {
		return errNotFound("projectNotFound", "Project not found.")
	}
	var in importRequest
	if err := decodeBody(rq, &in); err != nil {
		return errInvalid(err.Error(), nil)
	}
	if in.YAML == nil {
		return errInvalid("yaml is required", map[string]any{"parameter": "yaml"})
	}
	f, err := parseImportYAML(*in.YAML)
	if err != nil {
		return apiErr(http.StatusBadRequest, "projectImportInvalidYaml", err.Error(), nil)
	}
	out := make([]importedJSON, 0, len(f.Services))
	for _, plan := range st.planImport(pr.ID, f) {
		if plan.err != nil {
			out = append(out, importedJSON{Name: clip(plan.spec.Hostname, 60), Error: plan.err, Processes: []processJSON{}})
			continue
		}
		svc := st.createImported(pr.ID, plan, rq.now)
		p := st.newProcess(pr.ID, svc, "stack.import", rq.now)
		spec := plan.spec
		p.onFinish = func(st *state, at time.Time) { st.finishImport(svc.ID, spec, at) }
		p.onUndo = func(st *state, at time.Time) { st.setStatus(svc.ID, platform.ServiceFailed, at) }
		out = append(out, importedJSON{ID: svc.ID, Name: svc.Name, Processes: []processJSON{st.processView(p, rq.now)}})
	}
	return http.StatusOK, map[string]any{"projectId": pr.ID, "projectName": pr.Name, "serviceStacks": out}
}

func (st *state) createImported(projectID string, plan plannedService, now time.Time) *service {
	svc := st.newService(projectID, plan.spec.Hostname, plan.version, plan.mode, platform.ServiceCreating, now)
	if a := svc.Autoscaling; a != nil && a.Horizontal != nil {
		if plan.spec.MinContainers != nil {
			n := *plan.spec.MinContainers
			a.Horizontal.MinContainerCount = &n
		}
		if plan.spec.MaxContainers != nil {
			n := *plan.spec.MaxContainers
			a.Horizontal.MaxContainerCount = &n
		}
	}
	for k, v := range plan.spec.EnvSecrets {
		svc.Env = append(svc.Env, &envVar{ID: newID(), Key: k, Content: v, Type: envSecret, Created: now, LastUpdate: now})
	}
	return svc
}

// finishImport settles a created service: managed ones become ACTIVE,
// runtimes READY_TO_DEPLOY, or ACTIVE with a NONE-source app version (no
// build) when started without code.
func (st *state) finishImport(id string, spec importService, at time.Time) {
	svc := st.services[id]
	if svc == nil || svc.Status != platform.ServiceCreating {
		return
	}
	svc.Status, svc.LastUpdate = platform.ServiceActive, at
	if svc.category() == platform.CategoryUser {
		if spec.StartWithoutCode {
			av := st.newAppVersion(svc, platform.SourceNone, "", at)
			av.finalize(platform.AppVersionActive, at)
		} else {
			svc.Status = platform.ServiceReadyToDeploy
		}
	}
	svc.subdomainOnDeploy = spec.EnableSubdomainAccess // takes effect with the first deploy
	st.generateLogs(svc, at.Add(-time.Duration(len(runtimeLogs))*time.Second), at)
}
