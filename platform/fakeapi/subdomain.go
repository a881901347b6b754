package fakeapi

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Subdomains as the platform has them: a project carries zeropsSubdomainHost
// ("<prefix>.<domain>"); a runtime's HTTP ports are registered by its first
// deploy (from zerops.yml's run.ports with httpSupport), a moment after the
// deploy ends; enabling before that answers noSubdomainPorts. Once enabled,
// the service gets a generated zeropsSubdomain variable holding its URL. An
// import's enableSubdomainAccess takes effect with the first deploy, whose
// containers start with the variable (importedSubdomain).

// subdomainVar is the variable an enabled subdomain gives its service.
const subdomainVar = "zeropsSubdomain"

// subdomainDomain is the region's domain of every fake project.
const subdomainDomain = "prg1.zerops.app"

// subdomainHost is the project's zeropsSubdomainHost: a stable prefix of
// four hex digits and the region's domain.
func subdomainHost(projectID string) string {
	sum := sha256.Sum256([]byte("subdomain:" + projectID))
	return hex.EncodeToString(sum[:2]) + "." + subdomainDomain
}

// subdomainURL is the URL of a service's HTTP port: port 80 has no port part.
func subdomainURL(projectID, hostname string, port int) string {
	prefix, domain, _ := strings.Cut(subdomainHost(projectID), ".")
	if port == 80 {
		return fmt.Sprintf("https://%s-%s.%s", hostname, prefix, domain)
	}
	return fmt.Sprintf("https://%s-%s-%d.%s", hostname, prefix, port, domain)
}

// httpPort is the service's first port with HTTP routing, or 0.
func (s *service) httpPort() int {
	for _, p := range s.Ports {
		if p.HTTPRouting {
			return p.Port
		}
	}
	return 0
}

// setSubdomain turns subdomain access on or off with its generated variable.
func (st *state) setSubdomain(s *service, on bool, at time.Time) {
	s.Subdomain, s.LastUpdate = on, at
	s.Env = removeEnvKey(s.Env, subdomainVar)
	if port := s.httpPort(); on && port != 0 {
		s.Env = append(s.Env, &envVar{ID: newID(), Key: subdomainVar, Content: subdomainURL(s.ProjectID, s.Name, port),
			Type: envReadOnly, Created: at, LastUpdate: at})
	}
}

func removeEnvKey(list []*envVar, key string) []*envVar {
	out := list[:0:0]
	for _, e := range list {
		if e.Key != key {
			out = append(out, e)
		}
	}
	return out
}

// noSubdomainPorts is the answer to enabling a service with no HTTP port yet.
func noSubdomainPorts() (int, any) {
	return apiErr(http.StatusBadRequest, "noSubdomainPorts",
		"Service stack has no HTTP ports registered for subdomain access; deploy it with an httpSupport port first.", nil)
}

// registerPorts is the deploy's registration of the service's ports, applied
// by advance at s.portsAt; an import's enableSubdomainAccess then takes effect.
func (st *state) registerPorts(now time.Time) {
	for _, id := range st.svcOrder {
		s := st.services[id]
		if s.pendingPorts == nil || now.Before(s.portsAt) {
			continue
		}
		s.Ports, s.pendingPorts, s.LastUpdate = s.pendingPorts, nil, s.portsAt
		if s.subdomainOnDeploy && s.httpPort() != 0 {
			s.subdomainOnDeploy = false
			st.setSubdomain(s, true, s.portsAt)
		} else if s.Subdomain {
			st.setSubdomain(s, true, s.portsAt)
		}
	}
}
