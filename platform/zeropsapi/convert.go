package zeropsapi

import (
	"time"

	"github.com/zeropsio/zerops-go/dto/output"
	"github.com/zeropsio/zerops-go/types"
	"github.com/zeropsio/zerops-go/types/uuid"

	"github.com/zeropsio/zcp/platform"
)

// This file turns SDK output DTOs into domain types. SDK types never leave
// the package.

// NormalizeProcessStatus maps the API's process status spellings onto the
// Process* constants: DONE becomes FINISHED, CANCELLED becomes CANCELED, any
// other value is returned unchanged.
func NormalizeProcessStatus(s string) platform.ProcessStatus {
	switch s {
	case "DONE":
		return platform.ProcessFinished
	case "CANCELLED":
		return platform.ProcessCanceled
	}
	return platform.ProcessStatus(s)
}

func timePtr(v types.DateTimeNull) *time.Time {
	t, ok := v.Get()
	if !ok {
		return nil
	}
	n := t.Native()
	return &n
}

// failReason reads publicMeta.failReason when it is a non-empty string.
func failReason(meta types.MapNull) *string {
	m, ok := meta.Get()
	if !ok {
		return nil
	}
	s, ok := m["failReason"].(string)
	if !ok || s == "" {
		return nil
	}
	return &s
}

func serviceRefs(in []output.ServiceStackLightJsonObject) []platform.ServiceStackRef {
	if len(in) == 0 {
		return nil
	}
	out := make([]platform.ServiceStackRef, 0, len(in))
	for _, s := range in {
		out = append(out, platform.ServiceStackRef{ID: s.Id.Native(), Name: s.Name.Native()})
	}
	return out
}

func convertProcess(p output.Process) platform.Process {
	return platform.Process{
		ID:             p.Id.Native(),
		ProjectID:      p.ProjectId.Native(),
		ServiceStackID: nullServiceID(p.ServiceStackId),
		ActionName:     platform.ActionName(p.ActionName.Native()),
		Status:         NormalizeProcessStatus(p.Status.Native()),
		ServiceStacks:  serviceRefs(p.ServiceStacks),
		Created:        p.Created.Native(),
		Started:        timePtr(p.Started),
		Finished:       timePtr(p.Finished),
		FailReason:     failReason(p.PublicMeta),
	}
}

func convertEsProcess(p output.EsProcess) platform.Process {
	return platform.Process{
		ID:             p.Id.Native(),
		ProjectID:      p.ProjectId.Native(),
		ServiceStackID: nullServiceID(p.ServiceStackId),
		ActionName:     platform.ActionName(p.ActionName.Native()),
		Status:         NormalizeProcessStatus(p.Status.Native()),
		ServiceStacks:  serviceRefs(p.ServiceStacks),
		Created:        p.Created.Native(),
		Started:        timePtr(p.Started),
		Finished:       timePtr(p.Finished),
		FailReason:     failReason(p.PublicMeta),
	}
}

func processPtr(p output.Process) *platform.Process {
	out := convertProcess(p)
	return &out
}

func convertPorts(in []output.ServicePort) []platform.Port {
	if len(in) == 0 {
		return nil
	}
	out := make([]platform.Port, 0, len(in))
	for _, p := range in {
		routing, _ := p.HttpRouting.Get()
		out = append(out, platform.Port{
			Port:        p.Port.Native(),
			Protocol:    p.Protocol.Native(),
			HTTPRouting: routing.Native(),
			Scheme:      p.Scheme.Native(),
		})
	}
	return out
}

func convertTypeInfo(t output.ServiceStackInfoJsonObject) platform.ServiceTypeInfo {
	return platform.ServiceTypeInfo{
		Name:        t.ServiceStackTypeName.Native(),
		Category:    t.ServiceStackTypeCategory.Native(),
		VersionName: t.ServiceStackTypeVersionName.Native(),
	}
}

func intOf(v types.IntNull) int {
	i, _ := v.Get()
	return i.Native()
}

func floatOf(v types.FloatNull) float64 {
	f, _ := v.Get()
	return f.Native()
}

// convertAutoscaling flattens the API's nested, nullable scaling settings.
func convertAutoscaling(a *output.CustomAutoscaling) *platform.Autoscaling {
	if a == nil {
		return nil
	}
	out := &platform.Autoscaling{}
	if v := a.VerticalAutoscaling; v != nil {
		if v.CpuMode != nil {
			out.CPUMode = v.CpuMode.Native()
		}
		if r := v.MinResource; r != nil {
			out.MinCPU, out.MinRAM, out.MinDisk = intOf(r.CpuCoreCount), floatOf(r.MemoryGBytes), floatOf(r.DiskGBytes)
		}
		if r := v.MaxResource; r != nil {
			out.MaxCPU, out.MaxRAM, out.MaxDisk = intOf(r.CpuCoreCount), floatOf(r.MemoryGBytes), floatOf(r.DiskGBytes)
		}
		if r := v.MinFreeResource; r != nil {
			out.MinFreeRAMGB, out.MinFreeRAMPercent = floatOf(r.MemoryGBytes), floatOf(r.MemoryPercent)
			out.MinFreeCPUCores, out.MinFreeCPUPercent = floatOf(r.CpuCoreCount), floatOf(r.CpuCorePercent)
		}
		out.StartCPU = intOf(v.StartCpuCoreCount)
	}
	if h := a.HorizontalAutoscaling; h != nil {
		out.MinContainers, out.MaxContainers = intOf(h.MinContainerCount), intOf(h.MaxContainerCount)
	}
	return out
}

func convertEsService(s output.EsServiceStack) platform.ServiceStack {
	out := platform.ServiceStack{
		ID:                s.Id.Native(),
		ClientID:          s.ClientId.Native(),
		ProjectID:         s.ProjectId.Native(),
		Name:              s.Name.Native(),
		Status:            platform.ServiceStatus(s.Status.Native()),
		Type:              convertTypeInfo(s.ServiceStackTypeInfo),
		SubdomainAccess:   s.SubdomainAccess.Native(),
		Ports:             convertPorts(s.Ports),
		CustomAutoscaling: convertAutoscaling(s.CustomAutoscaling),
		Created:           s.Created.Native(),
		LastUpdate:        s.LastUpdate.Native(),
	}
	out.System = s.IsSystem.Native() || platform.SystemCategory(out.Type.Category)
	out.Mounts = mounts(s.ConnectedStacks)
	if s.Mode != nil {
		out.Mode = s.Mode.Native()
	}
	return out
}

func convertService(s output.ServiceStack) platform.ServiceStack {
	out := platform.ServiceStack{
		ID:                 s.Id.Native(),
		ProjectID:          s.ProjectId.Native(),
		Name:               s.Name.Native(),
		Status:             platform.ServiceStatus(s.Status.Native()),
		Type:               convertTypeInfo(s.ServiceStackTypeInfo),
		Mode:               s.Mode.Native(),
		SubdomainAccess:    s.SubdomainAccess.Native(),
		Ports:              convertPorts(s.Ports),
		CustomAutoscaling:  convertAutoscaling(s.CustomAutoscaling),
		CurrentAutoscaling: convertAutoscaling(s.CurrentAutoscaling),
		Created:            s.Created.Native(),
		LastUpdate:         s.LastUpdate.Native(),
	}
	out.System = s.IsSystem.Native() || platform.SystemCategory(out.Type.Category)
	out.Mounts = mounts(s.ConnectedStacks)
	return out
}

// mounts are the hostnames of the shared storages among a service's
// connected stacks, but those being disconnected.
func mounts(connected []output.ServiceStackConnectedServiceStack) []string {
	var out []string
	for _, c := range connected {
		if convertTypeInfo(c.ServiceStack.ServiceStackTypeInfo).Category == platform.CategoryShared && c.Status.Native() != "DELETING" {
			out = append(out, c.ServiceStack.Name.Native())
		}
	}
	return out
}

func convertBuild(b *output.AppVersionBuild) *platform.BuildInfo {
	if b == nil {
		return nil
	}
	return &platform.BuildInfo{
		ServiceStackID: nullServiceID(b.ServiceStackId),
		PipelineStart:  timePtr(b.PipelineStart),
		PipelineFinish: timePtr(b.PipelineFinish),
		PipelineFailed: timePtr(b.PipelineFailed),
	}
}

func convertEsAppVersion(v output.EsAppVersion) platform.AppVersion {
	return platform.AppVersion{
		ID:             v.Id.Native(),
		ProjectID:      v.ProjectId.Native(),
		ServiceStackID: v.ServiceStackId.Native(),
		Source:         v.Source.Native(),
		Sequence:       v.Sequence.Native(),
		Status:         platform.AppVersionStatus(v.Status.Native()),
		Build:          convertBuild(v.Build),
		Created:        v.Created.Native(),
		LastUpdate:     v.LastUpdate.Native(),
	}
}

func convertEsProject(p output.EsProject) platform.Project {
	return platform.Project{
		ID:       p.Id.Native(),
		ClientID: p.ClientId.Native(),
		Name:     p.Name.Native(),
		Status:   p.Status.Native(),
		Created:  p.Created.Native(),
	}
}

func nullServiceID(v uuid.ServiceStackIdNull) string {
	id, ok := v.Get()
	if !ok {
		return ""
	}
	return id.Native()
}
