package fakeapi

import (
	"fmt"
	"net/http"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// deployAppVersion redeploys a version that built before (PUT
// /app-version/{id}/deploy): its process ends with the version ACTIVE
// again and its app started anew. A version without a finished build has
// nothing to deploy and is refused, like a version of a deleted service.
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
