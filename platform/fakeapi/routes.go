package fakeapi

import (
	"github.com/zeropsio/zcp/platform/appsim"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// apiRequest is what a route handler sees: parsed before the state lock is
// taken, so handlers never do I/O.
type apiRequest struct {
	param   string // the {id} path segment
	body    []byte
	query   url.Values
	now     time.Time
	baseURL string        // scheme://host the client reached, for URLs the API hands out
	files   *appsim.Files // an upload's files (archive.go); nil when unknown
}

// handlerFunc runs with Server.mu held and returns the status and the value
// to encode as JSON.
type handlerFunc func(st *state, rq *apiRequest) (int, any)

type route struct {
	method  string
	pattern []string // path segments after /api/rest/public; "{id}" matches one segment
	h       handlerFunc
	rawBody bool // the body is an upload: read as an archive, never decoded
}

func (s *Server) routeTable() []route {
	r := func(method, pattern string, h handlerFunc) route {
		return route{method: method, pattern: strings.Split(strings.Trim(pattern, "/"), "/"), h: h}
	}
	upload := r(http.MethodPut, "app-version/{id}/upload", (*state).uploadAppVersion)
	upload.rawBody = true
	return []route{
		r(http.MethodGet, "user/info", (*state).userInfo),
		r(http.MethodPost, "project/search", (*state).searchProjects),
		r(http.MethodGet, "project/{id}", (*state).getProject),
		r(http.MethodGet, "project/{id}/log", (*state).projectLog),
		r(http.MethodGet, "project/{id}/export", (*state).exportProject),
		r(http.MethodGet, "service-stack/{id}/export", (*state).exportServiceStack),
		r(http.MethodPost, "service-stack/{id}/backup", (*state).createBackup),
		r(http.MethodGet, "service-stack/{id}/backup", (*state).listBackups),
		r(http.MethodGet, "service-stack/{id}/object-storage-size", (*state).objectStorageSize),
		r(http.MethodPost, "project/{id}/env", (*state).createProjectEnv),
		r(http.MethodPost, "project/{id}/service-stack/import", (*state).importServices),
		r(http.MethodDelete, "project-env/{id}", (*state).deleteProjectEnv),
		r(http.MethodPost, "service-stack/search", (*state).searchServices),
		r(http.MethodGet, "service-stack/{id}", (*state).getService),
		r(http.MethodDelete, "service-stack/{id}", (*state).deleteService),
		r(http.MethodPut, "service-stack/{id}/start", (*state).startService),
		r(http.MethodPut, "service-stack/{id}/stop", (*state).stopService),
		r(http.MethodPut, "service-stack/{id}/restart", (*state).restartService),
		r(http.MethodPut, "service-stack/{id}/autoscaling", (*state).setAutoscaling),
		r(http.MethodPut, "service-stack/{id}/enable-subdomain-access", (*state).enableSubdomain),
		r(http.MethodPut, "service-stack/{id}/disable-subdomain-access", (*state).disableSubdomain),
		r(http.MethodGet, "service-stack/{id}/env", (*state).getServiceEnv),
		r(http.MethodPut, "service-stack/{id}/user-data/env-file", (*state).putEnvFile),
		r(http.MethodPost, "service-stack/{id}/app-version", (*state).createAppVersion),
		r(http.MethodDelete, "user-data/{id}", (*state).deleteUserData),
		r(http.MethodPut, "user-data/{id}", (*state).putUserData),
		r(http.MethodPost, "process/search", (*state).searchProcesses),
		r(http.MethodGet, "process/{id}", (*state).getProcess),
		r(http.MethodPut, "process/{id}/cancel", (*state).cancelProcess),
		r(http.MethodPost, "app-version/search", (*state).searchAppVersions),
		upload,
		r(http.MethodPut, "app-version/{id}/build-and-deploy", (*state).buildAndDeploy),
		r(http.MethodPut, "app-version/{id}/deploy", (*state).deployAppVersion),
		r(http.MethodPost, "service-stack-type/search", (*state).searchStackTypes),
		r(http.MethodPost, "stats-history/group-by-search", (*state).statsHistory),
	}
}

// match finds the route for method and the path after /api/rest/public.
func match(routes []route, method, path string) (route, string, bool) {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for _, rt := range routes {
		if rt.method != method || len(rt.pattern) != len(segs) {
			continue
		}
		param, ok := "", true
		for i, p := range rt.pattern {
			switch {
			case p == "{id}" && segs[i] != "":
				param = segs[i]
			case p != segs[i]:
				ok = false
			}
			if !ok {
				break
			}
		}
		if ok {
			return rt, param, true
		}
	}
	return route{}, "", false
}

// hasPathPrefix reports whether a logged or requested path begins with
// prefix, which may be given with or without /api/rest/public.
func hasPathPrefix(path, prefix string) bool {
	if strings.HasPrefix(path, prefix) {
		return true
	}
	rest, ok := strings.CutPrefix(path, apiPrefix)
	return ok && strings.HasPrefix(rest, prefix)
}
