package fakeapi

import (
	"net/http"
	"time"

	"github.com/zeropsio/zcp/platform"
)

func (st *state) userInfo(rq *apiRequest) (int, any) {
	created := ts(st.created.Add(-90 * 24 * time.Hour))
	return http.StatusOK, map[string]any{
		"id": st.userID, "email": demoEmail, "fullName": demoFullName, "firstName": "Demo", "lastName": "User",
		"status": "ACTIVE", "created": created, "lastUpdate": created,
		"language": map[string]any{"id": "en", "name": "English"},
		"clientUserList": []map[string]any{{
			"id": stableID("clientUser:" + st.clientID), "clientId": st.clientID, "userId": st.userID,
			"status": "ACTIVE", "roleCode": "OWNER",
			"client": map[string]any{"id": st.clientID, "accountName": "Demo Org"},
		}},
	}
}

func (st *state) getProject(rq *apiRequest) (int, any) {
	p := st.projects[rq.param]
	if p == nil {
		return errNotFound("projectNotFound", "Project not found.")
	}
	return http.StatusOK, st.projectView(p, false)
}

func (st *state) getService(rq *apiRequest) (int, any) {
	s := st.services[rq.param]
	if s == nil {
		return errServiceNotFound()
	}
	return http.StatusOK, st.serviceView(s, true)
}

func errServiceNotFound() (int, any) {
	return errNotFound("serviceStackNotFound", "Service stack not found.")
}

// lifecycle starts a process that moves svc through transient to final,
// restoring its status when the process fails or is canceled.
func (st *state) lifecycle(rq *apiRequest, action string, transient, final platform.ServiceStatus) (int, any) {
	s := st.services[rq.param]
	if s == nil {
		return errServiceNotFound()
	}
	if s.Status == platform.ServiceDeleting {
		return apiErr(http.StatusBadRequest, "serviceStackStatusNotSupported", "Service stack is being deleted.", nil)
	}
	prev := s.Status
	p := st.newProcess(s.ProjectID, s, action, rq.now)
	s.Status, s.LastUpdate = transient, rq.now
	p.onFinish = func(st *state, at time.Time) {
		st.setStatus(s.ID, final, at)
		if cur := st.services[s.ID]; cur != nil && final == platform.ServiceActive && cur.category() == platform.CategoryUser {
			if av := st.activeVersion(cur.ID, at); av != nil {
				st.appStarted(cur, av, at) // its app starts again
			}
		}
	}
	p.onUndo = func(st *state, at time.Time) { st.setStatus(s.ID, prev, at) }
	return http.StatusOK, st.processView(p, rq.now)
}

// setStatus sets a live service's status; a deleted service is left alone.
func (st *state) setStatus(id string, status platform.ServiceStatus, at time.Time) {
	if s := st.services[id]; s != nil && s.Status != platform.ServiceDeleting {
		s.Status, s.LastUpdate = status, at
	}
}

func (st *state) startService(rq *apiRequest) (int, any) {
	return st.lifecycle(rq, "stack.start", platform.ServiceStarting, platform.ServiceActive)
}

func (st *state) stopService(rq *apiRequest) (int, any) {
	return st.lifecycle(rq, "stack.stop", platform.ServiceStopping, platform.ServiceStopped)
}

func (st *state) restartService(rq *apiRequest) (int, any) {
	return st.lifecycle(rq, "stack.restart", platform.ServiceRestarting, platform.ServiceActive)
}

func (st *state) deleteService(rq *apiRequest) (int, any) {
	s := st.services[rq.param]
	if s == nil {
		return errServiceNotFound()
	}
	if s.Status == platform.ServiceDeleting {
		return apiErr(http.StatusBadRequest, "stackOfProjectWillBeDeleted", "Service stack is already being deleted.", nil)
	}
	prev := s.Status
	p := st.newProcess(s.ProjectID, s, "stack.delete", rq.now)
	s.Status, s.LastUpdate = platform.ServiceDeleting, rq.now
	st.cancelCodeOf(s.ID, rq.now)
	p.onFinish = func(st *state, at time.Time) { st.removeService(s.ID) }
	p.onUndo = func(st *state, at time.Time) {
		if cur := st.services[s.ID]; cur != nil {
			cur.Status, cur.LastUpdate = prev, at
		}
	}
	return http.StatusOK, st.processView(p, rq.now)
}

// cancelCodeOf ends the builds and redeploys under way on a service whose
// deletion starts, CANCELED (a build's version CANCELLED), whatever their
// stage: a DELETING service takes no code (refuseDeleting), and none that
// was on its way goes ACTIVE on it. Nothing in them failed, so not FAILED;
// a delete that fails later does not bring them back.
func (st *state) cancelCodeOf(serviceID string, at time.Time) {
	for _, id := range st.procOrder {
		p := st.processes[id]
		if p.ServiceID != serviceID || p.settled || p.internal || p.build == nil && p.Action != rollbackAction {
			continue
		}
		p.cancel(st, at)
	}
}

// subdomain starts a subdomain enable/disable process. Asking for the state
// the service is already in yields a process that ends FAILED, as on the
// real platform.
func (st *state) subdomain(rq *apiRequest, enable bool) (int, any) {
	s := st.services[rq.param]
	if s == nil {
		return errServiceNotFound()
	}
	action, already := "stack.enableSubdomainAccess", "subdomain access is already enabled"
	if !enable {
		action, already = "stack.disableSubdomainAccess", "subdomain access is already disabled"
	}
	if enable && s.Subdomain != enable && s.httpPort() == 0 {
		return noSubdomainPorts()
	}
	p := st.newProcess(s.ProjectID, s, action, rq.now)
	if s.Subdomain == enable && p.FailReason == "" {
		p.FailReason = already
	}
	p.onFinish = func(st *state, at time.Time) {
		if cur := st.services[s.ID]; cur != nil {
			st.setSubdomain(cur, enable, at)
			st.internalProcess(cur.ProjectID, nil, "zL7Master.instanceL7BalancerConfigUpdate", at)
		}
	}
	return http.StatusOK, st.processView(p, rq.now)
}

func (st *state) enableSubdomain(rq *apiRequest) (int, any)  { return st.subdomain(rq, true) }
func (st *state) disableSubdomain(rq *apiRequest) (int, any) { return st.subdomain(rq, false) }
