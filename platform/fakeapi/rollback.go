package fakeapi

import (
	"fmt"
	"net/http"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// deployAppVersion redeploys a version that built before (PUT
// /app-version/{id}/deploy): its process ends with the version ACTIVE
// again, the service's own variables as they stood when it was last
// active (restoreUserEnv) and its app started anew with them. A version
// without a finished build has nothing to deploy and is refused, like a
// version of a deleted service.
// Whether the platform redeploys a version whose deploy failed is not
// established: the fake accepts it (as strict as the platform, no
// stricter), and as the same code and zerops.yml fail the same way in the
// simulation, the process fails for the version's own reason.
func (st *state) deployAppVersion(rq *apiRequest) (int, any) {
	av := st.appVersions[rq.param]
	if av == nil {
		return errNotFound("appVersionNotFound", "App version not found.")
	}
	var in map[string]any
	if err := decodeBody(rq, &in); err != nil {
		return errInvalid(err.Error(), nil)
	}
	s := st.services[av.ServiceID]
	if s == nil {
		return errServiceNotFound()
	}
	if code, v := refuseDeleting(s); code != 0 {
		return code, v
	}
	status := av.statusAt(rq.now)
	switch status {
	case platform.AppVersionActive, platform.AppVersionBackup, platform.AppVersionDeployFailed:
	default:
		return apiErr(http.StatusBadRequest, "appVersionInvalidStatus",
			fmt.Sprintf("App version is %s: only a version whose build finished can be deployed.", status), nil)
	}
	p := st.newProcess(s.ProjectID, s, rollbackAction, rq.now)
	if status == platform.AppVersionDeployFailed {
		p.FailReason = orStr(av.failReason, "the app version's deploy failed")
		return http.StatusOK, st.processView(p, rq.now)
	}
	p.onFinish = func(st *state, at time.Time) {
		if cur := st.services[s.ID]; cur != nil {
			cur.restoreUserEnv(av, at) // before activate keeps a copy of them anew
		}
		st.activate(av, at)
		if cur := st.services[s.ID]; cur != nil && av.deployed != nil {
			cur.pendingPorts, cur.portsAt = portsJSON(av.deployed.Ports), at.Add(st.lag())
			st.startIfRunning(cur, av, at)
		}
	}
	return http.StatusOK, st.processView(p, rq.now)
}

// rollbackAction is the fake's name for a redeploy's process: no live
// capture shows the platform's own (the README's table says so).
const rollbackAction = "stack.deploy"

// ownEnv reports whether e is one of the service's own variables, those
// a version's activation puts back: the user's (SECRET) and the generated
// ones the user may edit (EDITABLE). Those of zerops.yml (ENV) come with
// the version itself (setYmlEnv); the other generated ones are the
// platform's.
func ownEnv(e *envVar) bool { return e.Type == envSecret || e.Type == envEditable }

// keepUserEnv keeps with av a copy of s's own variables: av runs on s from
// now with them. Zerops' docs (Restore an archived version) say activating
// an earlier version restores the variables "to their state from the last
// moment when the selected version was active"; the fake reads that as
// the variables the version's app last started with, so it keeps them at
// each activation and each start or restart of the app, not at every
// change of them while it runs.
func (av *appVersion) keepUserEnv(s *service) {
	av.userEnv, av.envKept = av.userEnv[:0], true
	for _, e := range s.Env {
		if ownEnv(e) {
			av.userEnv = append(av.userEnv, *e)
		}
	}
}

// restoreUserEnv puts s's own variables back as av kept them (nothing
// when av kept none), as the writes of them would: a variable changed
// since takes the kept content and keeps its id, a user's variable set
// since goes and one deleted since comes back (a new id), a generated one
// is never added or removed; what changes is updated at at.
func (s *service) restoreUserEnv(av *appVersion, at time.Time) {
	if !av.envKept {
		return
	}
	kept := func(key, typ string) *envVar {
		for i := range av.userEnv {
			if e := &av.userEnv[i]; e.Key == key && e.Type == typ {
				return e
			}
		}
		return nil
	}
	changed := false
	out := make([]*envVar, 0, len(s.Env)+len(av.userEnv))
	for _, e := range s.Env {
		k := kept(e.Key, e.Type)
		switch {
		case !ownEnv(e):
		case k == nil && e.Type == envSecret: // set since
			changed = true
			continue
		case k != nil && k.Content != e.Content:
			e.Content, e.LastUpdate, changed = k.Content, at, true
		}
		out = append(out, e)
	}
	for _, k := range av.userEnv {
		if k.Type == envSecret && findEnvOfType(out, k.Key, envSecret) == nil { // deleted since
			out = append(out, &envVar{ID: newID(), Key: k.Key, Content: k.Content, Sensitive: k.Sensitive,
				Type: envSecret, Created: at, LastUpdate: at})
			changed = true
		}
	}
	if changed {
		s.Env, s.LastUpdate = out, at
	}
}
