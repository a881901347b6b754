package ops

import "sync"

// subdomainPlans remembers the services an import asked to open over their
// subdomain (enableSubdomainAccess takes effect with the first deploy, so
// the API does not show it before), keyed "projectID/hostname": Validate
// checks their HTTP ports before that deploy. Safe for concurrent use; one
// entry per imported service, so it stays small.
var subdomainPlans sync.Map

func planSubdomain(projectID, hostname string) {
	subdomainPlans.Store(projectID+"/"+hostname, struct{}{})
}

func subdomainPlanned(projectID, hostname string) bool {
	_, ok := subdomainPlans.Load(projectID + "/" + hostname)
	return ok
}

// plannedSubdomain reports whether the import planned hostname with enableSubdomainAccess.
func plannedSubdomain(planned []PlannedService, hostname string) bool {
	for _, p := range planned {
		if p.Hostname == hostname {
			return p.Subdomain
		}
	}
	return false
}
