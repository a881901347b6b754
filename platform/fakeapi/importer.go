package fakeapi

import (
	"errors"
	"fmt"
	"math"
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
	VerticalAutoscaling   *importVertical   `yaml:"verticalAutoscaling"`
	EnvSecrets            map[string]string `yaml:"envSecrets"`
	BuildFromGit          string            `yaml:"buildFromGit"`
	Priority              *int              `yaml:"priority"`
	Override              bool              `yaml:"override"`
	Mount                 yaml.Node         `yaml:"mount"` // any shape: only a list of hostnames mounts
	storageSpec           `yaml:",inline"`
}

// singleOnly are the managed types that run in one container only.
var singleOnly = map[string]bool{"meilisearch": true}

// importVertical is the part of verticalAutoscaling the import checks and
// sets.
type importVertical struct {
	CPUMode *string  `yaml:"cpuMode"`
	MinCPU  *float64 `yaml:"minCpu"`
	MaxCPU  *float64 `yaml:"maxCpu"`
	MinRAM  *float64 `yaml:"minRam"`
	MaxRAM  *float64 `yaml:"maxRam"`
	MinDisk *float64 `yaml:"minDisk"`
	MaxDisk *float64 `yaml:"maxDisk"`

	StartCPUCoreCount *float64 `yaml:"startCpuCoreCount"`
	MinFreeRAMGB      *float64 `yaml:"minFreeRamGB"`
	MinFreeRAMPercent *float64 `yaml:"minFreeRamPercent"`
	MinFreeCPUCores   *float64 `yaml:"minFreeCpuCores"`
	MinFreeCPUPercent *float64 `yaml:"minFreeCpuPercent"`
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
// existing is the runtime an override: true keeps in place of a new one.
type plannedService struct {
	spec     importService
	version  *stackVersion
	mode     string
	err      *errorBody
	existing *service
}

// planImport checks every service of f against the catalog and the project.
// Hostname errors are per service, as the API reports them inside a 200;
// every other problem of every service is in whole, which refuses the request.
func (st *state) planImport(projectID string, f *importFile) (plans []plannedService, whole []metaItem) {
	plans = make([]plannedService, 0, len(f.Services))
	seen := map[string]bool{}
	for _, svc := range f.Services {
		p := plannedService{spec: svc}
		var w []metaItem
		p.err, w = st.checkImportService(projectID, svc, seen, &p)
		whole = append(whole, w...)
		if svc.Hostname != "" {
			seen[svc.Hostname] = true
		}
		plans = append(plans, p)
	}
	return plans, whole
}

// metaItem is one problem of an import refusal, in the array shape of the
// live API's error.meta: {code, error, metadata: {<field path>: [reasons]}}.
type metaItem struct {
	Code     string              `json:"code"`
	Error    string              `json:"error"`
	Metadata map[string][]string `json:"metadata"`
}

func problem(code, text, key, reason string) metaItem {
	return metaItem{Code: code, Error: text, Metadata: map[string][]string{key: {reason}}}
}

// checkImportService checks one service. A bad or taken hostname fails only
// that service (perService, reported inside the 200); any other problem
// (type, mode, scaling, keys) makes the API refuse the whole request, so
// those are collected in whole.
func (st *state) checkImportService(projectID string, svc importService, seen map[string]bool, p *plannedService) (perService *errorBody, whole []metaItem) {
	name := svc.Hostname
	if !platform.ValidHostname(name) {
		return &errorBody{Code: "serviceStackNameInvalid",
			Message: fmt.Sprintf("Service stack name %q is invalid.", clip(name, 60)),
			Meta:    []metaItem{problem("serviceStackNameInvalid", "Invalid hostname.", clip(name, 60)+".hostname", "must match "+platform.HostnamePattern)}}, nil
	}
	old := st.serviceByName(projectID, name)
	if seen[name] || old != nil && !overrides(svc, old) {
		return &errorBody{Code: "serviceStackNameUnavailable",
			Message: fmt.Sprintf("Service stack name %q is unavailable.", name),
			Meta:    []metaItem{problem("serviceStackNameUnavailable", "Hostname is already used.", name+".hostname", "taken in this project")}}, nil
	}
	p.existing = old
	typ, err := platform.ParseServiceType(svc.Type)
	var v *stackVersion
	if err == nil {
		v = st.cat.lookup(typ.VersionName())
	}
	if v == nil {
		return nil, []metaItem{problem("serviceStackTypeNotFound", "Service stack type version not found.", "serviceStackTypeVersion", clip(svc.Type, 60))}
	}
	mode := typ.HAMode()
	cat := v.Type.Category
	switch m := strings.ToUpper(svc.Mode); {
	case m == "": // neither :single/:ha nor mode: NON_HA (facts: the 2026 docs)
	case cat == platform.CategoryObject:
		whole = append(whole, problem("projectImportInvalidParameter", "Invalid parameter value.", name+".mode", "object storage takes no mode"))
	case m != "HA" && m != "NON_HA":
		whole = append(whole, problem("projectImportInvalidParameter", "Invalid parameter value.", name+".mode", fmt.Sprintf("must be HA or NON_HA, not %q", clip(svc.Mode, 20))))
	case mode != "" && mode != m:
		whole = append(whole, problem("projectImportInvalidParameter", "Invalid parameter value.", name+".mode", fmt.Sprintf("mode %s contradicts type %q", m, clip(svc.Type, 60))))
	default:
		mode = m
	}
	if mode == "" {
		mode = "NON_HA"
	}
	if mode == "HA" && singleOnly[typ.Name] {
		key := ".mode"
		if typ.Mode != "" {
			key = ".type"
		}
		whole = append(whole, problem("projectImportInvalidParameter", "Invalid parameter value.", name+key,
			fmt.Sprintf("%s runs single only: it has no HA mode", typ.Name)))
	}
	whole = append(whole, importContainers(name, cat, svc.MinContainers, svc.MaxContainers)...)
	whole = append(whole, importVerticalLimits(name, cat, typ.Name, svc.VerticalAutoscaling)...)
	whole = append(whole, checkStorage(name, cat, svc.storageSpec)...)
	for k := range svc.EnvSecrets {
		if !envKeyRe.MatchString(k) {
			whole = append(whole, problem("userDataKeyInvalid", "Invalid env key.", name+".envSecrets", fmt.Sprintf("invalid key %q", clip(k, 40))))
		}
	}
	p.version, p.mode = v, mode
	return nil, whole
}

// overrides reports whether svc's override: true takes the hostname of old:
// the import reference says override works for runtime services only. One
// being deleted stays unavailable, as without override.
func overrides(svc importService, old *service) bool {
	return svc.Override && old.category() == platform.CategoryUser && old.Status != platform.ServiceDeleting
}

// importContainers applies the platform's horizontal scaling rules to an
// import, each problem at its own key: managed services (storage included)
// take no container counts, their count being fixed; a runtime's are 1–10,
// the maximum not below the minimum.
func importContainers(name, category string, minC, maxC *int) []metaItem {
	var out []metaItem
	bad := func(key, reason string) {
		out = append(out, problem("projectImportInvalidParameter", "Invalid parameter value.", name+"."+key, reason))
	}
	for _, k := range []struct {
		key string
		n   *int
	}{{"minContainers", minC}, {"maxContainers", maxC}} {
		switch {
		case k.n == nil:
		case category != platform.CategoryUser:
			bad(k.key, fmt.Sprintf("managed services take no %s: their container count is fixed (1 single, 3 HA)", k.key))
		case *k.n < 1 || *k.n > 10:
			bad(k.key, fmt.Sprintf("%d is outside 1–10", *k.n))
		}
	}
	if len(out) == 0 && minC != nil && maxC != nil && *maxC < *minC {
		bad("maxContainers", fmt.Sprintf("%d is below minContainers %d", *maxC, *minC))
	}
	return out
}

// importVerticalLimits applies the platform's per-container limits to an
// import's verticalAutoscaling, each problem at its own key: CPU 1–8 whole
// cores, RAM 0.125–48 GB (0.25 for the types platform.MinRAM names, as a
// scaling change of one answers), disk 1–250 GB, no maximum below its minimum;
// startCpuCoreCount as CPU, minFreeRamPercent 0–100, minFreeRamGB 0–48 GB
// and not above a valid maxRam. Object
// storage's settings are ignored: it has no such resources.
func importVerticalLimits(name, category, typeName string, va *importVertical) []metaItem {
	if va == nil || category == platform.CategoryObject {
		return nil
	}
	var out []metaItem
	bad := func(key, reason string) {
		out = append(out, problem("projectImportInvalidParameter", "Invalid parameter value.", name+".verticalAutoscaling."+key, reason))
	}
	minRAM := platform.MinRAM(typeName)
	for _, r := range []struct {
		res, unit  string
		lo, hi     float64
		whole      bool
		minV, maxV *float64
	}{
		{"Cpu", " cores", 1, 8, true, va.MinCPU, va.MaxCPU},
		{"Ram", " GB", minRAM, 48, false, va.MinRAM, va.MaxRAM},
		{"Disk", " GB", 1, 250, false, va.MinDisk, va.MaxDisk},
	} {
		ok := 0
		for _, b := range []struct {
			key string
			v   *float64
		}{{"min" + r.res, r.minV}, {"max" + r.res, r.maxV}} {
			switch {
			case b.v == nil:
			case r.whole && *b.v != math.Trunc(*b.v):
				bad(b.key, fmt.Sprintf("%g is not a whole number of cores (1–8)", *b.v))
			case math.IsNaN(*b.v) || *b.v < r.lo || *b.v > r.hi:
				bad(b.key, fmt.Sprintf("%g%s is outside %g–%g%s", *b.v, r.unit, r.lo, r.hi, r.unit))
			default:
				ok++
			}
		}
		if ok == 2 && *r.maxV < *r.minV {
			bad("max"+r.res, fmt.Sprintf("%g is below min%s %g", *r.maxV, r.res, *r.minV))
		}
	}
	if v := va.StartCPUCoreCount; v != nil {
		switch {
		case *v != math.Trunc(*v):
			bad("startCpuCoreCount", fmt.Sprintf("%g is not a whole number of cores (1–8)", *v))
		case *v < 1 || *v > 8:
			bad("startCpuCoreCount", fmt.Sprintf("%g cores is outside 1–8 cores", *v))
		}
	}
	if v := va.MinFreeRAMPercent; v != nil && (math.IsNaN(*v) || *v < 0 || *v > 100) {
		bad("minFreeRamPercent", fmt.Sprintf("%g%% is outside 0–100%%", *v))
	}
	if v := va.MinFreeRAMGB; v != nil {
		maxOK := va.MaxRAM != nil && *va.MaxRAM >= minRAM && *va.MaxRAM <= 48
		switch {
		case math.IsNaN(*v) || *v < 0 || *v > 48:
			bad("minFreeRamGB", fmt.Sprintf("%g GB is outside 0–48 GB", *v))
		case maxOK && *v > *va.MaxRAM:
			bad("minFreeRamGB", fmt.Sprintf("%g GB is above maxRam %g GB", *v, *va.MaxRAM))
		}
	}
	return out
}

// vertical is the scaling va sets, as a scaling change sends it, or nil
// when it sets none (the import has checked the values).
func (va *importVertical) vertical() *verticalJSON {
	if va == nil {
		return nil
	}
	cores := func(f *float64) *int {
		if f == nil {
			return nil
		}
		n := int(*f)
		return &n
	}
	resource := func(cpu, ram, disk *float64) *scalingResourceJSON {
		if cpu == nil && ram == nil && disk == nil {
			return nil
		}
		return &scalingResourceJSON{CPUCoreCount: cores(cpu), MemoryGBytes: ram, DiskGBytes: disk}
	}
	v := &verticalJSON{MinResource: resource(va.MinCPU, va.MinRAM, va.MinDisk), MaxResource: resource(va.MaxCPU, va.MaxRAM, va.MaxDisk),
		StartCPUCoreCount: cores(va.StartCPUCoreCount)}
	if va.CPUMode != nil && (*va.CPUMode == "SHARED" || *va.CPUMode == "DEDICATED") {
		v.CPUMode = va.CPUMode
	}
	if va.MinFreeRAMGB != nil || va.MinFreeRAMPercent != nil || va.MinFreeCPUCores != nil || va.MinFreeCPUPercent != nil {
		v.MinFreeResource = &minFreeResourceJSON{MemoryGBytes: va.MinFreeRAMGB, MemoryPercent: va.MinFreeRAMPercent,
			CPUCoreCount: va.MinFreeCPUCores, CPUCorePercent: va.MinFreeCPUPercent}
	}
	if *v == (verticalJSON{}) {
		return nil
	}
	return v
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
// stack.create process finishes) and reports the invalid ones per service.
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
	f, err := parseImportYAML(preprocess(*in.YAML))
	if err != nil {
		return apiErr(http.StatusBadRequest, "projectImportInvalidYaml", err.Error(),
			[]metaItem{problem("yamlValidationInvalidYaml", "Invalid YAML.", "reason", err.Error())})
	}
	plans, whole := st.planImport(pr.ID, f)
	if len(whole) > 0 {
		return apiErr(http.StatusBadRequest, whole[0].Code, "The import is invalid; meta lists every problem.", whole)
	}
	out := make([]importedJSON, 0, len(f.Services))
	for _, plan := range plans {
		if plan.err != nil {
			out = append(out, importedJSON{Name: clip(plan.spec.Hostname, 60), Error: plan.err, Processes: []processJSON{}})
			continue
		}
		if old := plan.existing; old != nil {
			// The reference says the existing runtime is redeployed; what
			// that changes, and which process it answers, the facts do not
			// say: the service stays as it is and no process is invented.
			out = append(out, importedJSON{ID: old.ID, Name: old.Name, Processes: []processJSON{}})
			continue
		}
		svc := st.createImported(pr.ID, plan, rq.now)
		p := st.newProcess(pr.ID, svc, "stack.create", rq.now)
		spec := plan.spec
		p.onFinish = func(st *state, at time.Time) { st.finishImport(svc.ID, spec, at) }
		p.onUndo = func(st *state, at time.Time) { st.setStatus(svc.ID, platform.ServiceFailed, at) }
		out = append(out, importedJSON{ID: svc.ID, Name: svc.Name, Processes: []processJSON{st.processView(p, rq.now)}})
	}
	return http.StatusOK, map[string]any{"projectId": pr.ID, "projectName": pr.Name, "serviceStacks": out}
}

func (st *state) createImported(projectID string, plan plannedService, now time.Time) *service {
	svc := st.newService(projectID, plan.spec.Hostname, plan.version, plan.mode, platform.ServiceCreating, now)
	set := &autoscalingJSON{}
	if h := (&horizontalJSON{MinContainerCount: plan.spec.MinContainers, MaxContainerCount: plan.spec.MaxContainers}); svc.Current != nil &&
		svc.Current.Horizontal != nil && (h.MinContainerCount != nil || h.MaxContainerCount != nil) {
		set.Horizontal = h
	}
	if svc.Current != nil && svc.Current.Vertical != nil {
		set.Vertical = plan.spec.VerticalAutoscaling.vertical()
	}
	if set.Horizontal != nil || set.Vertical != nil {
		// The scaling the import file set is the user's own (customAutoscaling).
		svc.Custom, svc.Current = mergeAutoscaling(nil, set), mergeAutoscaling(svc.Current, set)
	}
	if s := plan.spec.storageSpec; svc.category() == platform.CategoryObject && s.Size != nil {
		o := objectStorage{SizeGB: *s.Size, Policy: s.Policy}
		if s.RawPolicy != nil {
			o.RawPolicy = *s.RawPolicy
		}
		svc.setStorage(o)
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
			av.keepUserEnv(svc)
		} else {
			svc.Status = platform.ServiceReadyToDeploy
		}
	}
	svc.subdomainOnDeploy = spec.EnableSubdomainAccess // takes effect with the first deploy
	svc.priority = spec.Priority
	st.connectMounts(svc, spec)
	if svc.category() != platform.CategoryUser {
		// A managed service logs from its start; a runtime only once code is
		// deployed, and never from before it existed.
		st.generateLogs(svc, at, at.Add(7*time.Second))
	}
}
