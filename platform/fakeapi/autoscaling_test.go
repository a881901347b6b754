package fakeapi_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/zeropsio/zerops-go/dto/input/body"
	"github.com/zeropsio/zerops-go/dto/output"
	"github.com/zeropsio/zerops-go/sdk"
	"github.com/zeropsio/zerops-go/types"
	"github.com/zeropsio/zerops-go/types/enum"
)

// scale sends one autoscaling change to the service in its current mode.
func scale(h sdk.Handler, id string, v *body.VerticalAutoscalingNullable, hz *body.HorizontalAutoscalingNullable) (output.ProcessNil, error) {
	mode := enum.ServiceStackModeEnum("NON_HA")
	r, err := h.PutServiceStackAutoscaling(context.Background(), sid(id), body.Autoscaling{Mode: &mode,
		CustomAutoscaling: &body.CustomAutoscaling{VerticalAutoscaling: v, HorizontalAutoscaling: hz}})
	if err != nil {
		return output.ProcessNil{}, err
	}
	return r.Output()
}

func cpuMode(m string) *body.VerticalAutoscalingNullable {
	e := enum.VerticalAutoscalingCpuModeEnum(m)
	return &body.VerticalAutoscalingNullable{CpuMode: &e}
}

func maxCPU(n int) *body.VerticalAutoscalingNullable {
	return &body.VerticalAutoscalingNullable{MaxResource: &body.ScalingResourceNullable{CpuCoreCount: types.NewIntNull(n)}}
}

// searchItem returns the service as the service search lists it.
func searchItem(t *testing.T, h sdk.Handler, id string) output.EsServiceStack {
	t.Helper()
	r, err := h.PostServiceStackSearch(context.Background(), filter([2]string{"id", id}))
	items := out(t, r.Output, err).Items
	if len(items) != 1 {
		t.Fatalf("search for %s found %d services", id, len(items))
	}
	return items[0]
}

func TestRealAPI_AutoscalingCustomApartFromCurrent(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	id := srv.ServiceID("db") // the demo's runtimes were imported pinned to one container
	if ca := searchItem(t, h, id).CustomAutoscaling; ca != nil {
		t.Errorf("search: customAutoscaling of a service at its defaults = %+v, want null", ca)
	}
	s := getService(t, h, id)
	if s.CustomAutoscaling != nil {
		t.Errorf("get: customAutoscaling at the defaults = %+v, want null", s.CustomAutoscaling)
	}
	if cur := s.CurrentAutoscaling; cur == nil || cur.VerticalAutoscaling == nil || cur.VerticalAutoscaling.CpuMode == nil ||
		*cur.VerticalAutoscaling.CpuMode != "SHARED" {
		t.Fatalf("get: currentAutoscaling = %+v, want the defaults", cur)
	}

	pn, err := scale(h, id, maxCPU(4), nil)
	if err != nil || pn.Process == nil {
		t.Fatalf("scale maxCpu 4: %+v, %v", pn, err)
	}
	waitProcess(t, h, string(pn.Process.Id))
	ca := searchItem(t, h, id).CustomAutoscaling
	if ca == nil || ca.VerticalAutoscaling == nil || ca.VerticalAutoscaling.MaxResource == nil {
		t.Fatalf("search: customAutoscaling after maxCpu 4 = %+v", ca)
	}
	if n, _ := ca.VerticalAutoscaling.MaxResource.CpuCoreCount.Get(); n != 4 {
		t.Errorf("custom maxCpu = %v, want 4", n)
	}
	if _, set := ca.VerticalAutoscaling.MinResource.CpuCoreCount.Get(); set || ca.HorizontalAutoscaling != nil {
		t.Errorf("custom holds what the user never set: %+v", ca)
	}
	cur := getService(t, h, id).CurrentAutoscaling.VerticalAutoscaling
	if n, _ := cur.MaxResource.CpuCoreCount.Get(); n != 4 {
		t.Errorf("current maxCpu = %v, want 4", n)
	}
	if n, _ := cur.MinResource.CpuCoreCount.Get(); n != 1 {
		t.Errorf("current minCpu = %v, want the default 1", n)
	}
	if sent := srv.AutoscalingSent(id); len(sent) != 1 || !strings.Contains(sent[0], `"cpuCoreCount":4`) {
		t.Errorf("recorded bodies = %q", sent)
	}
}

func TestRealAPI_CPUModeOncePerHour(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	id := srv.ServiceID("appdev")
	pn, err := scale(h, id, cpuMode("DEDICATED"), nil)
	if err != nil || pn.Process == nil {
		t.Fatalf("first cpuMode change: %+v, %v", pn, err)
	}
	waitProcess(t, h, string(pn.Process.Id))

	// A second change within the hour is refused whole: maxCpu is not applied either.
	both := cpuMode("SHARED")
	both.MaxResource = maxCPU(3).MaxResource
	_, err = scale(h, id, both, nil)
	if code := apiCode(err); code != "lastCpuModeChangeTooRecent" {
		t.Fatalf("second cpuMode change: %v (code %q), want lastCpuModeChangeTooRecent", err, code)
	}
	cur := getService(t, h, id).CurrentAutoscaling.VerticalAutoscaling
	if n, _ := cur.MaxResource.CpuCoreCount.Get(); *cur.CpuMode != "DEDICATED" || n != 8 {
		t.Errorf("after the refusal: cpuMode %s, maxCpu %v; want DEDICATED, 8", *cur.CpuMode, n)
	}

	// The cpuMode in force is no change; other fields apply.
	same := cpuMode("DEDICATED")
	same.MaxResource = maxCPU(3).MaxResource
	pn, err = scale(h, id, same, nil)
	if err != nil || pn.Process == nil {
		t.Fatalf("same cpuMode with maxCpu 3: %+v, %v", pn, err)
	}
	waitProcess(t, h, string(pn.Process.Id))
	if n, _ := getService(t, h, id).CurrentAutoscaling.VerticalAutoscaling.MaxResource.CpuCoreCount.Get(); n != 3 {
		t.Errorf("maxCpu = %v, want 3", n)
	}
	// Another service keeps its own hour.
	if _, err := scale(h, srv.ServiceID("db"), cpuMode("DEDICATED"), nil); err != nil {
		t.Errorf("db's first cpuMode change: %v", err)
	}
	var env struct {
		Mode string `json:"mode"`
	}
	if sent := srv.AutoscalingSent(id); len(sent) != 3 || json.Unmarshal([]byte(sent[1]), &env) != nil || env.Mode != "NON_HA" {
		t.Errorf("recorded bodies = %q", sent)
	}
}
