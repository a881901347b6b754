package ops

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
)

// restartForSetVars fits ds, svc's diagnoses, to a variable the app
// started without that a service or project variable sets now, changed
// after the app's latest start: the app started before it was set, so the
// fix is a restart, not setting it again.
func restartForSetVars(ctx context.Context, proj Project, svc platform.ServiceStack, ds []diagnose.Diagnosis) []diagnose.Diagnosis {
	var vars []heldVar
	read := false // vars: the start and the changes are looked up once
	for i := range ds {
		name := ds[i].UnsetVariable()
		if name == "" {
			continue
		}
		if !read {
			start := latestStart(ctx, proj, svc)
			if start.IsZero() || !envChangedSince(ctx, proj, svc.ID, start) {
				return ds
			}
			vars, read = appVars(ctx, proj, svc), true
		}
		for _, v := range vars { // the service's first, then the project's
			if v.key == name && !v.yml && strings.TrimSpace(v.value) != "" {
				ds[i].SetSince(svc.Name, v.where)
				break
			}
		}
	}
	return ds
}

// VarsPutBack is what Zerops' docs (Restore an archived version) say a
// rollback does to the variables: activating a version restores them as
// they stood when it was last active. The rollback's offer and its answer
// both say it (walk 81: the knowledge said the variables go back, ZCP's
// offer said they stay).
//
// Which moment "last active" is (its app's last start, or the end of its
// run) the docs leave open: what is undone is said of a change after it.
const VarsPutBack = "Zerops' docs say activating it also puts the variables back as they stood when that version was last active, undoing a change made after that"

// RollbackVarsNote is the rollback's note on the variables activating v
// puts back, for hostname (serviceID) whose variables or the project's
// changed after since (v's creation); "" when none did.
func RollbackVarsNote(ctx context.Context, proj Project, serviceID, hostname string, sequence int, since time.Time) string {
	if !envChangedSince(ctx, proj, serviceID, since) {
		return ""
	}
	return fmt.Sprintf("variables were changed since #%d was deployed: %s; after it, zerops_env action=get serviceHostname=%s lists them; set again what must stay.",
		sequence, VarsPutBack, hostname)
}

// envChangedSince reports whether a change of serviceID's variables or the
// project's was made after since (and did not fail).
func envChangedSince(ctx context.Context, proj Project, serviceID string, since time.Time) bool {
	return !envChangedAt(ctx, proj, serviceID, since).IsZero()
}

// envChangedAt is the latest change of serviceID's variables or the
// project's made after since (and not failed); zero when there is none.
func envChangedAt(ctx context.Context, proj Project, serviceID string, since time.Time) time.Time {
	procs, ok := envProcesses(ctx, proj, serviceID)
	if !ok {
		return time.Time{}
	}
	return lastEnvChange(procs, serviceID, since)
}

// envProcesses are serviceID's recent processes and the project's, with
// ZCP's own changes the search may not list yet (read by id); ok false
// when they cannot be read.
func envProcesses(ctx context.Context, proj Project, serviceID string) ([]platform.Process, bool) {
	procs, err := proj.Client.SearchProcesses(ctx, platform.ProcessFilter{ProjectID: proj.ID, ServiceID: serviceID, Limit: 20})
	if err != nil {
		return nil, false
	}
	return recentProcesses(ctx, proj, procs), true
}

// lastEnvChange is the latest of procs changing serviceID's variables or
// the project's made after since (and not failed); zero when none is.
func lastEnvChange(procs []platform.Process, serviceID string, since time.Time) time.Time {
	var last time.Time
	for _, p := range procs {
		failed := p.Status == platform.ProcessFailed || p.Status == platform.ProcessCanceled
		if changesEnvOf(p, serviceID) && !failed && p.Created.After(since) && p.Created.After(last) {
			last = p.Created
		}
	}
	return last
}

// changesEnvOf reports whether p changes the variables serviceID's app
// reads: its own (stack.updateUserData) or the project's.
func changesEnvOf(p platform.Process, serviceID string) bool {
	own := p.ActionName == platform.ActionUpdateUserData && (p.ServiceStackID == serviceID || refersTo(p, serviceID))
	return own || p.ActionName == platform.ActionUpdateProjectEnvs
}

// EnvStatus is what the processes say of a service's variables: a change
// still running, and one made after its app last started.
type EnvStatus struct {
	// Running is the id of a change of the variables (or the project's)
	// that has not ended: until it does, a read does not list what it sets.
	Running string
	// Pending: a change made after the app's latest start (Changed, Started)
	// that the running app does not have until a restart.
	Pending          bool
	Changed, Started time.Time
}

// EnvStatusOf reads hostname's EnvStatus with one search of its processes;
// the zero status when it cannot be read.
func EnvStatusOf(ctx context.Context, proj Project, hostname string) EnvStatus {
	svc, err := ResolveService(ctx, proj, hostname)
	if err != nil {
		return EnvStatus{}
	}
	procs, ok := envProcesses(ctx, proj, svc.ID)
	if !ok {
		return EnvStatus{}
	}
	var st EnvStatus
	for _, p := range procs {
		if changesEnvOf(p, svc.ID) && !p.IsTerminal() {
			st.Running = p.ID
			break
		}
	}
	if svc.Type.Category != platform.CategoryUser || svc.Status != platform.ServiceActive || neverDeployed(svc) {
		return st
	}
	if st.Started = latestStart(ctx, proj, *svc); !st.Started.IsZero() {
		st.Changed = lastEnvChange(procs, svc.ID, st.Started)
		st.Pending = !st.Changed.IsZero()
	}
	return st
}

// ProjectEnvChangeRunning is the id of a change of the project's
// variables that has not ended ("" when none is, or when the processes
// cannot be read): until it ends, a read does not list what it sets.
func ProjectEnvChangeRunning(ctx context.Context, proj Project) string {
	procs, ok := envProcesses(ctx, proj, "")
	if !ok {
		return ""
	}
	for _, p := range procs {
		if p.ActionName == platform.ActionUpdateProjectEnvs && !p.IsTerminal() {
			return p.ID
		}
	}
	return ""
}

// EnvPendingRestart reports, for hostname's running app, a change of its
// variables or the project's made after the app last started (EnvStatus'
// Pending): the app runs with the values it started with until a restart.
func EnvPendingRestart(ctx context.Context, proj Project, hostname string) (changed, started time.Time, ok bool) {
	st := EnvStatusOf(ctx, proj, hostname)
	return st.Changed, st.Started, st.Pending
}

// RestartPending restarts the services names (those EnvPendingRestart
// found running with values from before a change): the processes started
// and the names restarted, up to the first that fails.
func RestartPending(ctx context.Context, proj Project, names []string) ([]platform.Process, []string, error) {
	services := make([]platform.ServiceStack, 0, len(names))
	for _, n := range names {
		svc, err := ResolveService(ctx, proj, n)
		if err != nil {
			return nil, nil, err
		}
		services = append(services, *svc)
	}
	return restartEach(ctx, proj, services)
}
