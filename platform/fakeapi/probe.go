package fakeapi

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/appsim"
)

// ProbePrefix is where the fake answers HTTP requests to a runtime service's
// ports, as the project's network would: GET ProbePrefix+"{hostname}/{port}{path}".
// Port 0 asks for the process of a service with no HTTP port: 204 while it
// runs, with what the sandbox could not check of it in
// [platform.SandboxUnverifiedHeader].
const ProbePrefix = "/_sandbox/http/"

// ProbeURL is the URL at base (the fake's URL) that stands for
// http://hostname:port/path inside the simulated project, and for the
// service's subdomain URL of that port.
func ProbeURL(base, hostname string, port int, path string) string {
	if !strings.HasPrefix(path, "/") {
		path = "/" + path
	}
	return strings.TrimRight(base, "/") + ProbePrefix + hostname + "/" + strconv.Itoa(port) + path
}

// The balancer's answers when no app answers: nginx's own error pages.
const (
	badGatewayBody = "<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n" +
		"<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
	notFoundBody = "<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n" +
		"<center><h1>404 Not Found</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
	unavailableBody = "<html>\r\n<head><title>503 Service Temporarily Unavailable</title></head>\r\n<body>\r\n" +
		"<center><h1>503 Service Temporarily Unavailable</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
)

// serveProbe answers a GET to a runtime service's port (see [ProbePrefix]).
// It needs no token: it is the app's HTTP, not the API.
func (s *Server) serveProbe(w http.ResponseWriter, r *http.Request) {
	rest := strings.TrimPrefix(r.URL.Path, ProbePrefix)
	host, rest, _ := strings.Cut(rest, "/")
	portStr, path, _ := strings.Cut(rest, "/")
	port, err := strconv.Atoi(portStr)
	if host == "" || err != nil || port < 0 || port > 65535 { // 0: the process of a service with no port
		http.Error(w, "sandbox probe: want "+ProbePrefix+"{hostname}/{port}{path}", http.StatusBadRequest)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(w, "sandbox probe: GET or HEAD only", http.StatusMethodNotAllowed)
		return
	}
	now := time.Now()
	s.mu.Lock()
	s.st.advance(now)
	if r.URL.RawQuery != "" {
		path += "?" + r.URL.RawQuery
	}
	status, body, unchecked := s.st.probe(host, port, "/"+path, r.UserAgent(), now)
	s.mu.Unlock()
	if unchecked != "" {
		w.Header().Set(platform.SandboxUnverifiedHeader, unchecked)
	}
	if status == http.StatusNotFound {
		http.Error(w, body, status)
		return
	}
	if status == http.StatusOK {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	} else {
		w.Header().Set("Content-Type", "text/html")
		w.Header().Set("Server", "nginx")
	}
	w.WriteHeader(status)
	if r.Method == http.MethodGet {
		_, _ = w.Write([]byte(body))
	}
}

// probe decides the answer to GET path on hostname's port: 200 from an app
// listening on 0.0.0.0 at that port, 503 while the service or its first
// deploy is starting, the balancer's 502 when nothing listens there (no code,
// stopped, crash-looping, bound to another port or to localhost, failing its
// run.healthCheck), 404 when
// the project has no such runtime service.
func (st *state) probe(hostname string, port int, path, agent string, now time.Time) (status int, body, unchecked string) {
	s := st.probeTarget(hostname)
	if s == nil {
		return http.StatusNotFound, fmt.Sprintf("sandbox probe: no runtime service %q in the simulated project", clip(hostname, 40)), ""
	}
	switch s.Status {
	case platform.ServiceStarting, platform.ServiceRestarting:
		return http.StatusServiceUnavailable, unavailableBody, ""
	case platform.ServiceActive, platform.ServiceReadyToDeploy:
	default:
		return http.StatusBadGateway, badGatewayBody, ""
	}
	av := st.activeVersion(s.ID, now)
	if av == nil {
		if st.deploying(s.ID, now) {
			return http.StatusServiceUnavailable, unavailableBody, ""
		}
		return http.StatusBadGateway, badGatewayBody, ""
	}
	run := av.run()
	if port == 0 { // no port to ask: whether the process runs, and what of it was not checked
		if run.Crash != nil || run.HealthFail != "" {
			return http.StatusBadGateway, badGatewayBody, ""
		}
		return http.StatusNoContent, "", strings.Join(append(nonEmpty(st.goneRefs(s, av.startRefs)), run.Unchecked...), "; ")
	}
	if !run.Answers(port) || run.HealthFail != "" { // a crash-looping process listens nowhere; a failing health check disconnects it
		return http.StatusBadGateway, badGatewayBody, ""
	}
	// A service the app's variables referenced at its start may be gone
	// since: said first, as the clipped reason keeps its start.
	unchecked = strings.Join(append(nonEmpty(st.goneRefs(s, av.startRefs)), run.Unchecked...), "; ")
	base := orStr(av.deployed.RunBase, s.Version.Name)
	status, body = http.StatusOK, fmt.Sprintf("%s: app version %s (%s) answered GET %s on port %d\n", s.Name, av.ID, base, clip(path, 200), port)
	serves, unread := true, ""
	if run.Web != nil {
		serves, unread = run.Web.Answer(path)
	}
	if unread != "" { // a file only a build command the sandbox does not follow may make
		unchecked = strings.Join(append(nonEmpty(unchecked), unread), "; ")
	}
	if !serves {
		status, body = http.StatusNotFound, notFoundBody
	} else if fatal := run.Web.FatalAt(path); run.Web != nil && fatal != nil {
		// The front controller dies on a file it requires, or the page's
		// view on the asset manifest: each such request logs the error and
		// answers 500 (simdeps.go, laravelvite.go).
		status, body = http.StatusInternalServerError, ""
		for _, l := range fatal {
			st.addLog(s, now, l.Sev, 16, s.Name, s.Containers[0], l.Msg)
		}
	}
	if appsim.WebServer(appsim.RuntimeName(base)) {
		// A web server logs each request it serves (facility webserver).
		st.addLog(s, now, 6, 17, s.Name, s.Containers[0], fmt.Sprintf("%s - - [%s] \"GET %s HTTP/1.1\" %d %d \"-\" %q",
			balancerAddr, now.UTC().Format("02/Jan/2006:15:04:05 -0700"), clip(path, 200), status, len(body), clip(agent, 100)))
	}
	return status, body, unchecked
}

// balancerAddr is the project balancer's address, the client of every
// request that reaches an app through it.
const balancerAddr = "10.0.0.2"

// probeTarget is the runtime service with that hostname, looked up in the
// seeded project first, then in the others in order of creation.
func (st *state) probeTarget(hostname string) *service {
	ids := append([]string{st.demoID}, st.projOrder...)
	for _, pid := range ids {
		if s := st.serviceByName(pid, hostname); s != nil && s.category() == platform.CategoryUser {
			return s
		}
	}
	return nil
}

// activeVersion is the service's ACTIVE app version at now, or nil.
func (st *state) activeVersion(serviceID string, now time.Time) *appVersion {
	for i := len(st.avOrder) - 1; i >= 0; i-- {
		if av := st.appVersions[st.avOrder[i]]; av.ServiceID == serviceID && av.statusAt(now) == platform.AppVersionActive {
			return av
		}
	}
	return nil
}

// deploying reports whether one of the service's builds is under way at now.
func (st *state) deploying(serviceID string, now time.Time) bool {
	for _, id := range st.avOrder {
		av := st.appVersions[id]
		if av.ServiceID != serviceID || av.buildStart.IsZero() {
			continue
		}
		switch av.statusAt(now) {
		case platform.AppVersionWaitingToBuild, platform.AppVersionBuilding,
			platform.AppVersionPreparingRuntime, platform.AppVersionDeploying:
			return true
		}
	}
	return false
}
