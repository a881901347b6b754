package fakeapi

import (
	"fmt"
	"math"
	"net/http"
	"time"

	"github.com/zeropsio/zcp/platform"
)

type autoscalingRequest struct {
	Mode              *string          `json:"mode"`
	CustomAutoscaling *autoscalingJSON `json:"customAutoscaling"`
}

// cpuModeEvery is how often the platform lets a service's cpuMode change.
const cpuModeEvery = time.Hour

// setAutoscaling merges the change onto the service's custom and current
// settings when its process ends (the values are checked against the current
// ones as the request arrives). A cpuMode different from the one in force
// (or last asked for) within cpuModeEvery of the last accepted change is
// refused whole. The code is the SDK's lastCpuModeChangeTooRecent; its live
// HTTP status and meta are unconfirmed (400, no meta here).
func (st *state) setAutoscaling(rq *apiRequest) (int, any) {
	s := st.services[rq.param]
	if s == nil {
		return errServiceNotFound()
	}
	s.scalingSent = append(s.scalingSent, string(rq.body))
	var in autoscalingRequest
	if err := decodeBody(rq, &in); err != nil {
		return errInvalid(err.Error(), nil)
	}
	if in.Mode == nil {
		return errInvalid("mode is required", map[string]any{"parameter": "mode"})
	}
	if *in.Mode != "HA" && *in.Mode != "NON_HA" {
		return errInvalid("mode must be HA or NON_HA", map[string]any{"parameter": "mode"})
	}
	if *in.Mode != s.Mode {
		return apiErr(http.StatusBadRequest, "modeUpdateForbiddenForThisStackCategory",
			"The mode of a service stack cannot be changed.", nil)
	}
	current := mergeAutoscaling(s.Current, in.CustomAutoscaling)
	if err := validateAutoscaling(s, in.CustomAutoscaling, current); err != nil {
		return apiErr(http.StatusBadRequest, "invalidCustomAutoscalingValue", err.Error(), nil)
	}
	if to := requestedCPUMode(in.CustomAutoscaling); to != "" && to != s.cpuMode() {
		if next := s.cpuModeAt.Add(cpuModeEvery); rq.now.Before(next) {
			return apiErr(http.StatusBadRequest, "lastCpuModeChangeTooRecent",
				"The CPU mode can be changed once per hour; the next change is possible after "+ts(next)+".", nil)
		}
		s.cpuModeAt, s.cpuModeTo = rq.now, to
	}
	change := in.CustomAutoscaling
	p := st.newProcess(s.ProjectID, s, "stack.autoscaling", rq.now)
	p.onFinish = func(st *state, at time.Time) {
		if cur := st.services[s.ID]; cur != nil {
			cur.rememberScaling(at)
			cur.Custom, cur.Current = mergeAutoscaling(cur.Custom, change), mergeAutoscaling(cur.Current, change)
			cur.LastUpdate = at
			st.internalProcess(cur.ProjectID, cur, "stack.updateAutoscaling", at)
		}
	}
	return http.StatusOK, map[string]any{"process": st.processView(p, rq.now)}
}

// requestedCPUMode is the cpuMode a change asks for, or "".
func requestedCPUMode(change *autoscalingJSON) string {
	if change == nil || change.Vertical == nil || change.Vertical.CPUMode == nil {
		return ""
	}
	return *change.Vertical.CPUMode
}

// cpuMode is the cpuMode last asked for, else the one in force.
func (s *service) cpuMode() string {
	if s.cpuModeTo != "" {
		return s.cpuModeTo
	}
	if s.Current != nil && s.Current.Vertical != nil && s.Current.Vertical.CPUMode != nil {
		return *s.Current.Vertical.CPUMode
	}
	return ""
}

// mergeAutoscaling overlays the non-null fields of change on cur.
func mergeAutoscaling(cur, change *autoscalingJSON) *autoscalingJSON {
	out := &autoscalingJSON{}
	if cur != nil {
		out = cloneAutoscaling(cur)
	}
	if change == nil {
		return out
	}
	if v := change.Vertical; v != nil {
		if out.Vertical == nil {
			out.Vertical = &verticalJSON{}
		}
		ov := out.Vertical
		ov.MinResource = mergeResource(ov.MinResource, v.MinResource)
		ov.MaxResource = mergeResource(ov.MaxResource, v.MaxResource)
		ov.MinFreeResource = mergeMinFree(ov.MinFreeResource, v.MinFreeResource)
		setIf(&ov.CPUMode, v.CPUMode)
		setIf(&ov.StartCPUCoreCount, v.StartCPUCoreCount)
		setIf(&ov.SwapEnabled, v.SwapEnabled)
	}
	if h := change.Horizontal; h != nil {
		if out.Horizontal == nil {
			out.Horizontal = &horizontalJSON{}
		}
		setIf(&out.Horizontal.MinContainerCount, h.MinContainerCount)
		setIf(&out.Horizontal.MaxContainerCount, h.MaxContainerCount)
	}
	return out
}

func setIf[T any](dst **T, src *T) {
	if src != nil {
		v := *src
		*dst = &v
	}
}

func mergeResource(cur, change *scalingResourceJSON) *scalingResourceJSON {
	out := &scalingResourceJSON{}
	if cur != nil {
		c := *cur
		out = &c
	}
	if change != nil {
		setIf(&out.CPUCoreCount, change.CPUCoreCount)
		setIf(&out.MemoryGBytes, change.MemoryGBytes)
		setIf(&out.DiskGBytes, change.DiskGBytes)
	}
	return out
}

// mergeMinFree overlays the non-null fields of change on cur (nil: none),
// as the resource bounds are merged.
func mergeMinFree(cur, change *minFreeResourceJSON) *minFreeResourceJSON {
	if change == nil {
		if cur == nil {
			return nil
		}
		c := *cur
		return &c
	}
	out := &minFreeResourceJSON{}
	if cur != nil {
		c := *cur
		out = &c
	}
	setIf(&out.CPUCoreCount, change.CPUCoreCount)
	setIf(&out.CPUCorePercent, change.CPUCorePercent)
	setIf(&out.MemoryGBytes, change.MemoryGBytes)
	setIf(&out.MemoryPercent, change.MemoryPercent)
	return out
}

func cloneAutoscaling(a *autoscalingJSON) *autoscalingJSON {
	out := &autoscalingJSON{}
	if a.Vertical != nil {
		v := *a.Vertical
		v.MinResource = mergeResource(nil, a.Vertical.MinResource)
		v.MaxResource = mergeResource(nil, a.Vertical.MaxResource)
		v.MinFreeResource = mergeMinFree(a.Vertical.MinFreeResource, nil)
		out.Vertical = &v
	}
	if a.Horizontal != nil {
		h := *a.Horizontal
		out.Horizontal = &h
	}
	return out
}

// validateAutoscaling checks the platform's limits: CPU 1–8 cores, RAM
// 0.125–48 GB (platform.MinRAM), disk 1–250 GB, 1–10 containers for
// runtimes only, min ≤ max, cpuMode SHARED or DEDICATED, free RAM 0–100%
// and 0–48 GB, not above maxRam (the import's bounds).
func validateAutoscaling(s *service, change, merged *autoscalingJSON) error {
	cat := s.category()
	if err := scalingAvailable(cat, change); err != nil {
		return err
	}
	if err := validateVertical(s.Version.Type.Name, merged.Vertical); err != nil {
		return err
	}
	return validateHorizontal(merged.Horizontal)
}

// scalingAvailable refuses a change of the autoscaling a category lacks:
// horizontal for all but runtimes, vertical for object storage (shared
// storage has a range the docs let one change after creation).
func scalingAvailable(cat string, change *autoscalingJSON) error {
	if change == nil {
		return nil
	}
	if h := change.Horizontal; h != nil && cat != platform.CategoryUser && (h.MinContainerCount != nil || h.MaxContainerCount != nil) {
		return fmt.Errorf("horizontal autoscaling is not available for %s services", cat)
	}
	if change.Vertical != nil && cat == platform.CategoryObject {
		return fmt.Errorf("vertical autoscaling is not available for %s services", cat)
	}
	return nil
}

// validateVertical checks cpuMode, each resource's range (RAM from
// platform.MinRAM of the type) and that no maximum is below its minimum.
func validateVertical(typeName string, v *verticalJSON) error {
	if v == nil {
		return nil
	}
	if v.CPUMode != nil && *v.CPUMode != "SHARED" && *v.CPUMode != "DEDICATED" {
		return fmt.Errorf("cpuMode must be SHARED or DEDICATED")
	}
	minRAM := platform.MinRAM(typeName)
	for _, r := range []*scalingResourceJSON{v.MinResource, v.MaxResource} {
		if err := resourceInRange(r, minRAM); err != nil {
			return err
		}
	}
	if mn, mx := v.MinResource, v.MaxResource; mn != nil && mx != nil {
		if lessPtr(mx.CPUCoreCount, mn.CPUCoreCount) || lessPtr(mx.MemoryGBytes, mn.MemoryGBytes) ||
			lessPtr(mx.DiskGBytes, mn.DiskGBytes) {
			return fmt.Errorf("a maximum resource is below its minimum")
		}
	}
	return minFreeInRange(v.MinFreeResource, v.MaxResource)
}

// minFreeInRange checks the free RAM kept against the import's bounds:
// memoryPercent 0–100, memoryGBytes 0–48 and not above the maximum RAM,
// and not both 0 (the knowledge's scaling page: refused).
func minFreeInRange(f *minFreeResourceJSON, maxRes *scalingResourceJSON) error {
	switch {
	case f == nil:
	case f.MemoryPercent != nil && (math.IsNaN(*f.MemoryPercent) || *f.MemoryPercent < 0 || *f.MemoryPercent > 100):
		return fmt.Errorf("minFreeResource.memoryPercent %g is outside 0–100", *f.MemoryPercent)
	case f.MemoryGBytes != nil && (math.IsNaN(*f.MemoryGBytes) || *f.MemoryGBytes < 0 || *f.MemoryGBytes > 48):
		return fmt.Errorf("minFreeResource.memoryGBytes %g is outside 0–48", *f.MemoryGBytes)
	case f.MemoryGBytes != nil && *f.MemoryGBytes == 0 && (f.MemoryPercent == nil || *f.MemoryPercent == 0):
		return fmt.Errorf("minFreeResource keeps no memory free: memoryGBytes and memoryPercent are both 0")
	case f.MemoryGBytes != nil && maxRes != nil && maxRes.MemoryGBytes != nil && *f.MemoryGBytes > *maxRes.MemoryGBytes:
		return fmt.Errorf("minFreeResource.memoryGBytes %g is above the maximum memoryGBytes %g", *f.MemoryGBytes, *maxRes.MemoryGBytes)
	}
	return nil
}

// resourceInRange checks one resource bound (nil: none) against the limits.
func resourceInRange(r *scalingResourceJSON, minRAM float64) error {
	switch {
	case r == nil:
	case r.CPUCoreCount != nil && (*r.CPUCoreCount < 1 || *r.CPUCoreCount > 8):
		return fmt.Errorf("cpuCoreCount %d is outside 1–8", *r.CPUCoreCount)
	case r.MemoryGBytes != nil && (*r.MemoryGBytes < minRAM || *r.MemoryGBytes > 48):
		return fmt.Errorf("memoryGBytes %g is outside %g–48", *r.MemoryGBytes, minRAM)
	case r.DiskGBytes != nil && (*r.DiskGBytes < 1 || *r.DiskGBytes > 250):
		return fmt.Errorf("diskGBytes %g is outside 1–250", *r.DiskGBytes)
	}
	return nil
}

// validateHorizontal checks the container counts: 1–10, max ≥ min.
func validateHorizontal(h *horizontalJSON) error {
	if h == nil {
		return nil
	}
	for _, n := range []*int{h.MinContainerCount, h.MaxContainerCount} {
		if n != nil && (*n < 1 || *n > 10) {
			return fmt.Errorf("container count %d is outside 1–10", *n)
		}
	}
	if lessPtr(h.MaxContainerCount, h.MinContainerCount) {
		return fmt.Errorf("maxContainerCount is below minContainerCount")
	}
	return nil
}

func lessPtr[T int | float64](a, b *T) bool { return a != nil && b != nil && *a < *b }
