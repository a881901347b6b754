package ops

import (
	"cmp"

	"github.com/zeropsio/zcp/platform"
)

// managed reports whether svc is a managed service (database, cache,
// storage…): it takes no code, so only its status is judged.
func managed(svc platform.ServiceStack) bool {
	return svc.Type.Category != "" && svc.Type.Category != platform.CategoryUser
}

// judgeManaged sets a managed service's verdict from its status alone.
func judgeManaged(h *ServiceHealth, svc platform.ServiceStack) {
	name, kind := svc.Name, cmp.Or(svc.Type.VersionName, svc.Type.Name, "managed")
	set := func(verdict, reason, next string) { h.Verdict, h.Reason, h.Next = verdict, reason, next }
	wait := "Next: wait for it (zerops_events serviceHostname=" + name + "), then zerops_verify serviceHostname=" + name + " again."
	switch svc.Status {
	case platform.ServiceActive:
		set(VerdictHealthy, name+" ("+kind+") is ACTIVE: a managed service is judged by its status; it takes no code",
			"Next: nothing to fix; runtimes reach it at hostname "+name+".")
	case platform.ServiceStopped, platform.ServiceStopping:
		set(VerdictFailing, name+" ("+kind+") is "+svc.Status+": the services that use it cannot reach it",
			"Next: start it with zerops_manage action=start serviceHostname="+name+".")
	case platform.ServiceNew, platform.ServiceCreating:
		h.starting = true
		set(VerdictDegraded, name+" ("+kind+") is "+svc.Status+": the platform is still creating it", wait)
	case platform.ServiceStarting, platform.ServiceRestarting, "RELOADING", "UPGRADING", "SCALING", "REPAIRING":
		h.starting = true
		set(VerdictDegraded, name+" ("+kind+") is "+svc.Status+": an action on it is under way", wait)
	case platform.ServiceDeleting:
		set(VerdictFailing, name+" ("+kind+") is being deleted",
			"Next: if the project still needs it, re-create it with zerops_import once the delete ends.")
	default: // FAILED, ACTION_FAILED, CONTAINER_FAILED and any other
		set(VerdictFailing, name+" ("+kind+") is "+svc.Status+": its last action did not complete",
			"Next: read why in zerops_events serviceHostname="+name+" and zerops_logs serviceHostname="+name+"; zerops_manage action=restart serviceHostname="+name+" tries it again.")
	}
}
