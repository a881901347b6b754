package fakeapi

import (
	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
)

// connectMounts connects the runtime svc, as its import spec asks, to the
// shared storages its mount lists that the project has. The import
// reference requires buildFromGit beside mount, and the docs' shared-storage
// guide says a runtime still waiting for code at import does not pick the
// mount up: without buildFromGit nothing is connected (the dry run warns).
// A hostname that is no shared storage connects nothing (warned too).
func (st *state) connectMounts(svc *service, spec importService) {
	svc.buildFromGit = spec.BuildFromGit
	if svc.category() != platform.CategoryUser || spec.BuildFromGit == "" || spec.Mount.Kind != yaml.SequenceNode {
		return
	}
	for _, item := range spec.Mount.Content {
		s := st.serviceByName(svc.ProjectID, item.Value)
		if item.Kind == yaml.ScalarNode && s != nil && s.category() == platform.CategoryShared {
			svc.mounts = append(svc.mounts, s.ID)
		}
	}
}

// connectedJSON is one entry of a service's connectedStacks.
type connectedJSON struct {
	ServiceStack connectedStackJSON `json:"serviceStack"`
	Status       string             `json:"status"`
}

// connectedStackJSON is the light view of a connected service.
type connectedStackJSON struct {
	ID        string       `json:"id"`
	Name      string       `json:"name"`
	Status    string       `json:"status"`
	TypeID    string       `json:"serviceStackTypeId"`
	VersionID string       `json:"serviceStackTypeVersionId"`
	TypeInfo  typeInfoJSON `json:"serviceStackTypeInfo"`
	IsSystem  bool         `json:"isSystem"`
}

// connectedView lists the storages connected to s that still exist.
func (st *state) connectedView(s *service) []connectedJSON {
	out := []connectedJSON{}
	for _, id := range s.mounts {
		if m := st.services[id]; m != nil {
			out = append(out, connectedJSON{Status: "ACTIVE", ServiceStack: connectedStackJSON{
				ID: m.ID, Name: m.Name, Status: string(m.Status), TypeID: m.Version.Type.ID, VersionID: m.Version.ID, TypeInfo: typeInfo(m.Version)}})
		}
	}
	return out
}

// mountNames are the hostnames of the storages connected to s.
func (st *state) mountNames(s *service) []string {
	var out []string
	for _, c := range st.connectedView(s) {
		out = append(out, c.ServiceStack.Name)
	}
	return out
}
