package fakeapi

import (
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// The simulated resource use, as fractions of each limit: an idle app, and
// an app that exhausts its heap (RAM at the ceiling, the CPU busy in GC).
const (
	idleCPU, idleRAM, idleDisk = 0.03, 0.35, 0.10
	oomCPU, oomRAM             = 0.60, 0.97
	gb                         = 1e9 // the fake's unit for RAM and disk is bytes (unconfirmed live)
	maxStatsWindow             = 7*24*time.Hour + time.Minute
	maxStatsBuckets            = 10_000
)

var timeGroupBy = regexp.MustCompile(`^([1-9][0-9]{0,3})([mh])$`)

type statsRequest struct {
	searchRequest
	From        *string `json:"from"`
	Till        *string `json:"till"`
	GroupBy     string  `json:"groupBy"`
	TimeGroupBy string  `json:"timeGroupBy"`
}

type statsJSON struct {
	From           string  `json:"from"`
	Till           string  `json:"till"`
	ProjectID      string  `json:"projectId"`
	ServiceStackID string  `json:"serviceStackId"`
	ServiceID      *string `json:"serviceId"`
	ContainerID    *string `json:"containerId"`
	ContainerCount int     `json:"containerCount"`
	CPULimit       float64 `json:"cpuLimit"`
	CPUUsed        float64 `json:"cpuUsed"`
	VCPULimit      float64 `json:"vCpuLimit"`
	VCPUUsed       float64 `json:"vCpuUsed"`
	RAMLimit       float64 `json:"ramLimit"`
	RAMUsed        float64 `json:"ramUsed"`
	DiskLimit      float64 `json:"diskLimit"`
	DiskUsed       float64 `json:"diskUsed"`
}

// statsHistory answers POST /stats-history/group-by-search: per service and
// time bucket, resource use consistent with what happened to it (none while
// stopped or before it existed, idle after a start, RAM at the ceiling while
// its app runs out of memory).
func (st *state) statsHistory(rq *apiRequest) (int, any) {
	var in statsRequest
	if err := decodeBody(rq, &in); err != nil {
		return errInvalid(err.Error(), nil)
	}
	var projectID, serviceID string
	for _, c := range in.Search {
		if c.Operator != "eq" {
			continue
		}
		switch c.Name {
		case "projectId":
			projectID = scalarString(c.Value)
		case "serviceStackId":
			serviceID = scalarString(c.Value)
		}
	}
	if st.projects[projectID] == nil {
		return apiErr(http.StatusBadRequest, "invalidUserInput", "Stats must be scoped by project: add {\"name\":\"projectId\",\"operator\":\"eq\",…}.",
			map[string]any{"parameter": "search.projectId"})
	}
	from, till, ok := statsWindow(in.From, in.Till)
	if !ok {
		return errInvalid("from and till must be RFC 3339 dates, from before till, at most 7 days apart", map[string]any{"parameter": "from"})
	}
	m := timeGroupBy.FindStringSubmatch(in.TimeGroupBy)
	if m == nil || in.GroupBy != "serviceStackId" {
		return errInvalid("groupBy must be serviceStackId and timeGroupBy a duration such as 1m or 1h", map[string]any{"parameter": "timeGroupBy"})
	}
	n, _ := strconv.Atoi(m[1])
	step := time.Duration(n) * map[string]time.Duration{"m": time.Minute, "h": time.Hour}[m[2]]
	if till.Sub(from)/step > maxStatsBuckets {
		return errInvalid("too many time buckets: widen timeGroupBy", map[string]any{"parameter": "timeGroupBy"})
	}
	items := []statsJSON{}
	for _, id := range st.svcOrder {
		s := st.services[id]
		if s == nil || s.ProjectID != projectID || s.system() || (serviceID != "" && s.ID != serviceID) {
			continue
		}
		for t := from.Truncate(step); t.Before(till); t = t.Add(step) {
			if p, ok := st.statsAt(s, t, t.Add(step), rq.now); ok {
				items = append(items, p)
			}
		}
	}
	return http.StatusOK, map[string]any{"items": items, "totalHits": len(items), "limit": nil,
		"from": ts(from), "till": ts(till), "groupBy": in.GroupBy, "timeGroupBy": in.TimeGroupBy}
}

func statsWindow(fromS, tillS *string) (time.Time, time.Time, bool) {
	if fromS == nil || tillS == nil {
		return time.Time{}, time.Time{}, false
	}
	from, err1 := time.Parse(time.RFC3339Nano, *fromS)
	till, err2 := time.Parse(time.RFC3339Nano, *tillS)
	if err1 != nil || err2 != nil || !from.Before(till) || till.Sub(from) > maxStatsWindow {
		return time.Time{}, time.Time{}, false
	}
	return from, till, true
}

// statsAt is s's bucket [from, till): ok false when it had no containers.
func (st *state) statsAt(s *service, from, till, now time.Time) (statsJSON, bool) {
	// Object storage runs in no container of the project: no CPU, RAM or disk use.
	if till.Before(s.Created) || from.After(now) || len(s.Containers) == 0 || s.category() == platform.CategoryObject {
		return statsJSON{}, false
	}
	switch s.Status {
	// A runtime created without code runs nothing until its first deploy.
	case platform.ServiceStopped, platform.ServiceStopping, platform.ServiceDeleting, platform.ServiceReadyToDeploy:
		return statsJSON{}, false
	}
	// Each bucket has the scaling in force at its time: the one at its end
	// (now for the bucket under way), or, when the app ran out of memory in
	// it, the one it ran out under, so a later raise of maxRam never
	// rewrites the ceiling a past crash hit.
	at := till.Add(-time.Nanosecond)
	if till.After(now) {
		at = now
	}
	oomAt, oom := s.outOfMemoryIn(from, till, now)
	if oom {
		at = oomAt
	}
	sc := s.scalingAt(at)
	cpus, minRAM, maxRAM, disk := limitsOf(sc)
	// An idle app holds the same memory whatever its limit, and its load is
	// shared by its containers: a scale-up shows in the shares, as it would.
	containers := max(len(s.Containers), minContainersOf(sc))
	cpu, ram, ramLimit := idleCPU/float64(containers), idleRAM*min(1, defaultMinRAM/minRAM), minRAM
	if oom {
		cpu, ram, ramLimit = oomCPU, oomRAM, maxRAM
	}
	// The variation shrinks with a share below the idle one (a large limit,
	// many containers), so a share is never below zero.
	w := wiggle(s.ID, from)
	cpu += w / 4 * min(1, cpu/idleCPU)
	ram = min(ram+w*min(1, ram/idleRAM), 0.995)
	p := statsJSON{From: ts(from), Till: ts(till), ProjectID: s.ProjectID, ServiceStackID: s.ID, ContainerCount: containers,
		CPULimit: cpus, CPUUsed: cpus * cpu, VCPULimit: cpus, VCPUUsed: cpus * cpu,
		RAMLimit: ramLimit * gb, RAMUsed: ramLimit * gb * ram, DiskLimit: disk * gb, DiskUsed: disk * gb * idleDisk}
	return p, true
}

// appRun is one start of a service's app: from At until the next start,
// it ran out of memory or not. The history is the service's, so a deploy
// adds to it and hides nothing before it.
type appRun struct {
	At          time.Time
	OutOfMemory bool
}

// outOfMemoryIn reports whether s's app was out of memory in the bucket
// [from, till) at now, and the latest time in it that it was. A finished
// bucket reports the most it reached, so the RAM ceiling that explains a
// crash stays in the history after a later deploy or restart; the bucket
// under way reports what runs now (the live platform's aggregation is
// unconfirmed).
func (s *service) outOfMemoryIn(from, till, now time.Time) (time.Time, bool) {
	if till.After(now) {
		i := len(s.runs) - 1
		for i >= 0 && s.runs[i].At.After(now) {
			i--
		}
		if i >= 0 && s.runs[i].OutOfMemory {
			return now.Add(-time.Nanosecond), true
		}
		return time.Time{}, false
	}
	var at time.Time
	oom := false
	for i, r := range s.runs {
		ended := i+1 < len(s.runs) && !s.runs[i+1].At.After(from)
		if r.OutOfMemory && r.At.Before(till) && !ended {
			last := till.Add(-time.Nanosecond)
			if i+1 < len(s.runs) && s.runs[i+1].At.Before(till) {
				last = s.runs[i+1].At.Add(-time.Nanosecond)
			}
			at, oom = last, true
		}
	}
	return at, oom
}

// scalingUntil is a scaling s had in force until a change replaced it.
type scalingUntil struct {
	Until   time.Time
	Current *autoscalingJSON
}

// maxPastScaling bounds the scaling changes a service remembers: a sandbox
// scaled every few minutes for days keeps a fixed amount, and a bucket
// older than the oldest remembered change reads that change's scaling.
const maxPastScaling = 256

// rememberScaling records that s's current scaling was in force until at,
// forgetting the oldest record beyond maxPastScaling.
func (s *service) rememberScaling(at time.Time) {
	s.pastScaling = append(s.pastScaling, scalingUntil{Until: at, Current: s.Current})
	if n := len(s.pastScaling) - maxPastScaling; n > 0 {
		s.pastScaling = slices.Delete(s.pastScaling, 0, n)
	}
}

// scalingAt is the scaling s had in force at t: the one a later change
// replaced, else the one in force now.
func (s *service) scalingAt(t time.Time) *autoscalingJSON {
	for _, p := range s.pastScaling {
		if t.Before(p.Until) {
			return p.Current
		}
	}
	return s.Current
}

// defaultMinRAM is the minimum RAM, in GB, limitsOf assumes when none is set.
const defaultMinRAM = 0.25

// minContainersOf is the minimum container count of the scaling sc (1 when unset).
func minContainersOf(sc *autoscalingJSON) int {
	if sc == nil || sc.Horizontal == nil || sc.Horizontal.MinContainerCount == nil {
		return 1
	}
	return max(*sc.Horizontal.MinContainerCount, 1)
}

// limitsOf is the CPU cores, minimum and maximum RAM and disk of the scaling sc.
func limitsOf(sc *autoscalingJSON) (cpus, minRAM, maxRAM, disk float64) {
	cpus, minRAM, maxRAM, disk = 1, defaultMinRAM, 1, 1
	if sc == nil || sc.Vertical == nil {
		return
	}
	if r := sc.Vertical.MinResource; r != nil {
		if r.CPUCoreCount != nil {
			cpus = float64(*r.CPUCoreCount)
		}
		if r.MemoryGBytes != nil {
			minRAM = *r.MemoryGBytes
		}
		if r.DiskGBytes != nil {
			disk = *r.DiskGBytes
		}
	}
	if r := sc.Vertical.MaxResource; r != nil && r.MemoryGBytes != nil {
		maxRAM = *r.MemoryGBytes
	}
	return
}

// wiggle is a small, stable variation (±1.5%) of a bucket's use.
func wiggle(id string, at time.Time) float64 {
	h := uint32(2166136261)
	for _, b := range []byte(id + at.UTC().Format(time.RFC3339)) {
		h = (h ^ uint32(b)) * 16777619
	}
	return (float64(h%31) - 15) / 1000
}
