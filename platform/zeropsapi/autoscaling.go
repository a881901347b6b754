package zeropsapi

import (
	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/types"
	"github.com/zeropsio/zerops-go/types/enum"

	"github.com/zeropsio/zcp/platform"
)

// autoscalingBody maps a sparse AutoscalingParams onto the API's nested,
// nullable request. Unset parameters stay null so the API keeps their current
// value; a whole vertical or horizontal block is sent only when one of its
// fields is set. mode is the service's current mode (the API refuses null).
func autoscalingBody(mode string, p platform.AutoscalingParams) body.Autoscaling {
	in := body.Autoscaling{CustomAutoscaling: &body.CustomAutoscaling{}}
	if mode != "" {
		m := enum.ServiceStackModeEnum(mode)
		in.Mode = &m
	}

	v := &body.VerticalAutoscalingNullable{}
	vertical := false
	if p.CPUMode != nil {
		m := enum.VerticalAutoscalingCpuModeEnum(*p.CPUMode)
		v.CpuMode, vertical = &m, true
	}
	if p.StartCPUCoreCount != nil {
		v.StartCpuCoreCount, vertical = types.NewIntNull(*p.StartCPUCoreCount), true
	}
	if r, ok := scalingResource(p.VerticalMinCPU, p.VerticalMinRAM, p.VerticalMinDisk); ok {
		v.MinResource, vertical = r, true
	}
	if r, ok := scalingResource(p.VerticalMaxCPU, p.VerticalMaxRAM, p.VerticalMaxDisk); ok {
		v.MaxResource, vertical = r, true
	}
	if p.MinFreeRAMGB != nil || p.MinFreeRAMPercent != nil {
		// Null keeps the value in force, as in the resource bounds.
		f := &body.ScalingMinFreeResourceNullable{}
		if p.MinFreeRAMGB != nil {
			f.MemoryGBytes = types.NewFloatNull(*p.MinFreeRAMGB)
		}
		if p.MinFreeRAMPercent != nil {
			f.MemoryPercent = types.NewFloatNull(*p.MinFreeRAMPercent)
		}
		v.MinFreeResource, vertical = f, true
	}
	if vertical {
		in.CustomAutoscaling.VerticalAutoscaling = v
	}

	if p.HorizontalMinCount != nil || p.HorizontalMaxCount != nil {
		h := &body.HorizontalAutoscalingNullable{}
		if p.HorizontalMinCount != nil {
			h.MinContainerCount = types.NewIntNull(*p.HorizontalMinCount)
		}
		if p.HorizontalMaxCount != nil {
			h.MaxContainerCount = types.NewIntNull(*p.HorizontalMaxCount)
		}
		in.CustomAutoscaling.HorizontalAutoscaling = h
	}
	return in
}

// scalingResource builds one resource bound; ok is false when nothing is set.
func scalingResource(cpu *int, ram, disk *float64) (*body.ScalingResourceNullable, bool) {
	if cpu == nil && ram == nil && disk == nil {
		return nil, false
	}
	r := &body.ScalingResourceNullable{}
	if cpu != nil {
		r.CpuCoreCount = types.NewIntNull(*cpu)
	}
	if ram != nil {
		r.MemoryGBytes = types.NewFloatNull(*ram)
	}
	if disk != nil {
		r.DiskGBytes = types.NewFloatNull(*disk)
	}
	return r, true
}
