package fakeapi

import (
	"net/http"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// process is an asynchronous platform operation whose status is computed
// from the clock: PENDING until RunAt, RUNNING until EndAt, then FINISHED
// (or FAILED when FailReason is set). Its effect is applied once, by
// [state.advance], when it ends.
type process struct {
	ID         string
	ProjectID  string
	ServiceID  string
	Action     string
	Refs       []serviceRef
	Seq        int
	Created    time.Time
	RunAt      time.Time
	EndAt      time.Time
	FailReason string
	CanceledAt time.Time

	onFinish func(st *state, at time.Time) // success effect
	onUndo   func(st *state, at time.Time) // failure or cancel: restore what the start changed

	internal bool        // the platform's own (zL7Master.*, stack.updateAutoscaling): createdBySystem
	build    *appVersion // set for stack.build: the app version it builds
	envKey   string      // a project variable being created: its key
	settled  bool        // effect (or undo) applied
}

// serviceRef is the snapshot of a service a process names; it outlives the service.
type serviceRef struct {
	ID        string
	ProjectID string
	Name      string
	Version   *stackVersion
	Created   time.Time
}

func refOf(s *service) serviceRef {
	return serviceRef{ID: s.ID, ProjectID: s.ProjectID, Name: s.Name, Version: s.Version, Created: s.Created}
}

// newProcess creates a process of action on svc (nil for project-level ones)
// that ends after the configured ProcessDuration. A failure queued with
// FailNextProcess for action is taken here.
func (st *state) newProcess(projectID string, svc *service, action string, now time.Time) *process {
	d := st.opts.ProcessDuration
	p := &process{
		ID:         newID(),
		ProjectID:  projectID,
		Action:     action,
		Seq:        st.nextSeq(),
		Created:    now,
		RunAt:      now.Add(d / 3),
		EndAt:      now.Add(d),
		FailReason: takeFailure(st.failProc, action),
	}
	if svc != nil {
		p.ServiceID = svc.ID
		p.Refs = []serviceRef{refOf(svc)}
	}
	st.processes[p.ID] = p
	st.procOrder = append(st.procOrder, p.ID)
	return p
}

// Like the platform's, a canceled process is CANCELING for a moment before
// it is CANCELED, and a failing one ROLLBACKING for the last part of its run.
const (
	cancelingFor = 150 * time.Millisecond
	rollbackPart = 4 // the last 1/rollbackPart of a failing process's run
)

// internalProcess starts one of the platform's own follow-up processes
// (zL7Master.* on the balancer after routing changes, stack.updateAutoscaling
// after scaling), which process searches list among the user's.
func (st *state) internalProcess(projectID string, svc *service, action string, at time.Time) {
	if svc == nil {
		for _, id := range st.svcOrder {
			if s := st.services[id]; s.ProjectID == projectID && s.category() == platform.CategoryHTTPBalancer {
				svc = s
			}
		}
	}
	p := st.newProcess(projectID, svc, action, at)
	p.internal, p.FailReason = true, ""
}

// status computes the process status at now.
func (p *process) status(now time.Time) platform.ProcessStatus {
	switch {
	case !p.CanceledAt.IsZero() && now.Before(p.CanceledAt.Add(cancelingFor)):
		return platform.ProcessCanceling
	case !p.CanceledAt.IsZero():
		return platform.ProcessCanceled
	case now.Before(p.RunAt):
		return platform.ProcessPending
	case p.FailReason != "" && p.build == nil && now.Before(p.EndAt) && !now.Before(p.EndAt.Add(-p.EndAt.Sub(p.RunAt)/rollbackPart)):
		return platform.ProcessRollbacking
	case now.Before(p.EndAt):
		return platform.ProcessRunning
	case p.FailReason != "":
		return platform.ProcessFailed
	}
	return platform.ProcessFinished
}

// settle applies the process's effect, or undoes its start when it failed.
func (p *process) settle(st *state) {
	if p.settled {
		return
	}
	p.settled = true
	if p.FailReason != "" {
		if p.onUndo != nil {
			p.onUndo(st, p.EndAt)
		}
		return
	}
	if p.onFinish != nil {
		p.onFinish(st, p.EndAt)
	}
}

func (st *state) getProcess(rq *apiRequest) (int, any) {
	p := st.processes[rq.param]
	if p == nil {
		return errNotFound("processNotFound", "Process not found.")
	}
	return http.StatusOK, st.processView(p, rq.now)
}

func (st *state) cancelProcess(rq *apiRequest) (int, any) {
	p := st.processes[rq.param]
	if p == nil {
		return errNotFound("processNotFound", "Process not found.")
	}
	if p.settled || p.status(rq.now) != platform.ProcessPending && p.status(rq.now) != platform.ProcessRunning && p.status(rq.now) != platform.ProcessRollbacking {
		return apiErr(http.StatusBadRequest, "processAlreadyFinished", "Process has already finished.", nil)
	}
	if p.build != nil && pastTheBuild(p.build.statusAt(rq.now)) {
		return apiErr(http.StatusBadRequest, "processCanNoLongerBeCanceled", "Process can no longer be canceled.", nil)
	}
	p.cancel(st, rq.now)
	return http.StatusOK, st.processView(p, rq.now)
}

// cancel ends p CANCELED at at (its build's version CANCELLED) and undoes
// what its start changed.
func (p *process) cancel(st *state, at time.Time) {
	p.CanceledAt, p.EndAt, p.settled = at, at, true
	if p.build != nil {
		p.build.cancel(at)
	}
	if p.onUndo != nil {
		p.onUndo(st, at)
	}
}

// pastTheBuild reports whether an app version has reached the deploy stage,
// where its build can no longer be cancelled: the artefact is going onto the
// runtime containers (README: the sandbox's reading; the facts name the
// error, processCanNoLongerBeCanceled, not the stage).
func pastTheBuild(status platform.AppVersionStatus) bool {
	switch status {
	case platform.AppVersionWaitingToDeploy, platform.AppVersionDeploying, platform.AppVersionActive:
		return true
	}
	return false
}
