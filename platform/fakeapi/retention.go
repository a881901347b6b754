package fakeapi

// Retention bounds for a Server that runs for days (`zcp sandbox` left
// open): past them the oldest ended records are dropped, so memory and the
// per-request work of advance stay bounded. Processes and log lines are
// trimmed only once they have grown by a quarter of their bound since the
// last trim, so the cost is spread over many requests; tests and
// benchmarks stay far below those bounds. The app versions' bound is the
// platform's own, kept exactly: Zerops keeps the 10 most recent versions of
// an application and deletes older ones (zeropsio/docs features/pipeline
// and guides/deployment-lifecycle; knowledge/docs/config/zerops-yml-deploy).
const (
	keepEndedProcesses   = 2000  // settled processes, all projects
	keepFinalAppVersions = 10    // final app versions per service, as the platform keeps
	keepLogLines         = 50000 // log lines, all services
)

// prune applies the retention bounds. It runs after advance has settled
// what was due, so a dropped process has had its effect applied, and it
// keeps every record still in progress.
func (st *state) prune() {
	st.pruneProcesses()
	st.pruneAppVersions()
	if n := len(st.logs); n > keepLogLines+keepLogLines/4 {
		st.logs = append([]*logLine(nil), st.logs[n-keepLogLines:]...)
	}
}

// pruneProcesses drops the oldest settled processes beyond the bound.
func (st *state) pruneProcesses() {
	if len(st.procOrder) <= max(st.procTrimAt, keepEndedProcesses+keepEndedProcesses/4) {
		return
	}
	defer func() { st.procTrimAt = len(st.procOrder) + keepEndedProcesses/4 }()
	settled := 0
	for _, id := range st.procOrder {
		if st.processes[id].settled {
			settled++
		}
	}
	drop := settled - keepEndedProcesses
	kept := make([]string, 0, len(st.procOrder))
	for _, id := range st.procOrder {
		if drop > 0 && st.processes[id].settled {
			delete(st.processes, id)
			drop--
			continue
		}
		kept = append(kept, id)
	}
	st.procOrder = kept
}

// pruneAppVersions keeps the newest final app versions of each service up
// to the bound, and every one not final: exactly, as the platform deletes
// a service's older versions (the list stays short: no trim is deferred).
// The newest version of a service is always kept, so the next version's
// sequence number still follows it.
func (st *state) pruneAppVersions() {
	finals := map[string]int{} // service id → final versions kept, newest first
	drop := map[string]bool{}
	for i := len(st.avOrder) - 1; i >= 0; i-- {
		av := st.appVersions[st.avOrder[i]]
		if !av.final {
			continue
		}
		if finals[av.ServiceID]++; finals[av.ServiceID] > keepFinalAppVersions {
			drop[av.ID] = true
		}
	}
	if len(drop) == 0 {
		return
	}
	kept := make([]string, 0, len(st.avOrder)-len(drop))
	for _, id := range st.avOrder {
		if drop[id] {
			delete(st.appVersions, id)
			continue
		}
		kept = append(kept, id)
	}
	st.avOrder = kept
}
