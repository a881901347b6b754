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
	set := func(verdict platform.Verdict, reason string, next platform.Step) {
		h.Verdict, h.Reason, h.Next = verdict, reason, next
	}
	host := "serviceHostname=" + name
	wait := platform.Say("wait for it (").Call("zerops_events", host).Say("), then ").Call("zerops_verify", host).Say(" again.")
	switch svc.Status {
	case platform.ServiceActive:
		set(platform.VerdictHealthy, name+" ("+kind+") is ACTIVE: a managed service is judged by its status; it takes no code",
			platform.Say("nothing to fix; runtimes reach it at hostname "+name+"."))
	case platform.ServiceStopped, platform.ServiceStopping:
		set(platform.VerdictFailing, name+" ("+kind+") is "+string(svc.Status)+": the services that use it cannot reach it",
			platform.Say("start it with ").Call("zerops_manage", "action=start", host).Say("."))
	case platform.ServiceNew, platform.ServiceCreating:
		h.starting = true
		set(platform.VerdictDegraded, name+" ("+kind+") is "+string(svc.Status)+": the platform is still creating it", wait)
	case platform.ServiceStarting, platform.ServiceRestarting, "RELOADING", "UPGRADING", "SCALING", "REPAIRING":
		h.starting = true
		set(platform.VerdictDegraded, name+" ("+kind+") is "+string(svc.Status)+": an action on it is under way", wait)
	case platform.ServiceDeleting:
		set(platform.VerdictFailing, name+" ("+kind+") is being deleted",
			platform.Say("if the project still needs it, re-create it with ").Call("zerops_import").Say(" once the delete ends."))
	default: // FAILED, ACTION_FAILED, CONTAINER_FAILED and any other
		set(platform.VerdictFailing, name+" ("+kind+") is "+string(svc.Status)+": its last action did not complete",
			platform.Say("read why in ").Call("zerops_events", host).Say(" and ").Call("zerops_logs", host).Say("; ").
				Call("zerops_manage", "action=restart", host).Say(" tries it again."))
	}
}
