package fakeapi

// appRun is what a deployed app version does once its containers start.
type appRun struct {
	listens []listenAddr // where the app listens
	crash   []string     // non-nil: the app exits at start with these lines, and is started again
}

// listenAddr is an address the app listens on.
type listenAddr struct {
	host string
	port int
}

// answers reports whether the app accepts connections from the project's
// network on port: it listens there on every interface.
func (r appRun) answers(port int) bool {
	for _, l := range r.listens {
		if l.port == port && l.host == "0.0.0.0" {
			return true
		}
	}
	return false
}

// run is what av does once deployed; a version without a deployed setup
// (started without code) runs nothing.
func (av *appVersion) run() appRun {
	if av.deployed == nil {
		return appRun{}
	}
	if av.sim != nil {
		return *av.sim
	}
	r := appRun{}
	for _, p := range av.deployed.ports {
		r.listens = append(r.listens, listenAddr{host: "0.0.0.0", port: p.Port})
	}
	return r
}
