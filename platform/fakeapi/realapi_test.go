package fakeapi_test

import (
	"context"
	"testing"

	"github.com/zeropsio/zerops-go/dto/input/body"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

// These tests pin the behaviours the live API shows and the fake reproduces
// by default (facts: "Real-API behaviours the fake must reproduce").

func TestRealAPI_SystemServicesInSearch(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fastOpts)
	ctx := context.Background()
	for _, projectID := range []string{srv.ProjectID(), srv.AddProject("other")} {
		ss, err := h.PostServiceStackSearch(ctx, filter([2]string{"projectId", projectID}))
		got := map[string]bool{}
		for _, s := range out(t, ss.Output, err).Items {
			cat := string(s.ServiceStackTypeInfo.ServiceStackTypeCategory)
			if platform.SystemCategory(cat) {
				if !s.IsSystem.Native() {
					t.Errorf("%s (%s) is not marked isSystem", s.Name, cat)
				}
				got[cat] = true
			} else if s.IsSystem.Native() {
				t.Errorf("%s (%s) is marked isSystem", s.Name, cat)
			}
		}
		for _, cat := range []string{platform.CategoryCore, platform.CategoryBuild, platform.CategoryInternal,
			platform.CategoryPrepareRuntime, platform.CategoryHTTPBalancer} {
			if !got[cat] {
				t.Errorf("project %s has no %s service", projectID, cat)
			}
		}
	}
	tr, err := h.PostServiceStackTypeSearch(ctx, body.EsFilter{})
	for _, typ := range out(t, tr.Output, err).Items {
		if platform.SystemCategory(string(typ.Category)) && string(typ.Category) != platform.CategoryBuild {
			t.Errorf("the public catalog lists the system type %s", typ.Name)
		}
	}
}

func TestRealAPI_SearchNeedsClientID(t *testing.T) {
	t.Parallel()
	srv, h := newSDK(t, fakeapi.Options{})
	ctx := context.Background()
	unscoped := body.EsFilter{Search: body.EsFilterSearch{{Name: "projectId", Operator: "eq", Value: "x"}}}
	ss, err := h.PostServiceStackSearch(ctx, unscoped)
	if code := apiCode(outErr(t, ss.Output, err)); code != "invalidUserInput" {
		t.Errorf("service search without clientId: code %q", code)
	}
	ps, err := h.PostProcessSearch(ctx, unscoped)
	if code := apiCode(outErr(t, ps.Output, err)); code != "invalidUserInput" {
		t.Errorf("process search without clientId: code %q", code)
	}
	as, err := h.PostAppVersionSearch(ctx, unscoped)
	if code := apiCode(outErr(t, as.Output, err)); code != "invalidUserInput" {
		t.Errorf("app-version search without clientId: code %q", code)
	}
	pr, err := h.PostProjectSearch(ctx, body.EsFilter{})
	if code := apiCode(outErr(t, pr.Output, err)); code != "invalidUserInput" {
		t.Errorf("project search without clientId: code %q", code)
	}
	pr, err = h.PostProjectSearch(ctx, filter())
	if got := out(t, pr.Output, err); got.TotalHits != 1 || string(got.Items[0].Id) != srv.ProjectID() {
		t.Errorf("scoped project search = %d hits", got.TotalHits)
	}
}
