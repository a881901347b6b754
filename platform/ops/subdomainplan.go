package ops

// plannedSubdomain reports whether the import planned hostname with enableSubdomainAccess.
func plannedSubdomain(planned []PlannedService, hostname string) bool {
	for _, p := range planned {
		if p.Hostname == hostname {
			return p.Subdomain
		}
	}
	return false
}
