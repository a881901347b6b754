package ops

import (
	"context"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
)

// Metrics windows and thresholds.
const (
	DefaultMetricsWindow = time.Hour
	MaxMetricsWindow     = 7 * 24 * time.Hour
	hotCPU, hotRAM       = 90.0, 90.0 // % of the limit that needs a scale
	hotDisk              = 85.0
	bytesPerGB           = 1e9 // RAM and disk arrive in bytes (assumed; see README)
)

// MetricsVerdict is what Metrics concludes about a service's resource use,
// or the project's (the Metrics* values).
type MetricsVerdict string

// Metrics verdicts.
const (
	MetricsNearLimit MetricsVerdict = "near-limit" // a resource sits at its ceiling now
	MetricsPeaked    MetricsVerdict = "peaked"     // it reached one within the window, not now
	MetricsOK        MetricsVerdict = "ok"         // nothing near a limit
	MetricsNoData    MetricsVerdict = "no-data"    // no containers reported in the window
)

// Use is one resource over the window: percentages of its limit.
type Use struct {
	Current float64 `json:"nowPct"`
	Peak    float64 `json:"peakPct"`
	Average float64 `json:"avgPct"`
	Limit   float64 `json:"limit"` // cores for CPU, GB for RAM and disk
	// For is how long it has been at or above the hot threshold, up to now.
	For string `json:"hotFor,omitempty"`
	// peakUsed is the most used at once, in Limit's unit: against the
	// limit in force now it says what the peak would be at this size,
	// when a scale change moved the limit within the window.
	peakUsed float64
	// peakLimit is the limit in Limit's unit when the share peaked, and
	// peakAt when that bucket began.
	peakLimit float64
	peakAt    time.Time
}

// PeakNow is the peak use as a share of the limit in force now.
func (u *Use) PeakNow() float64 {
	if u.Limit <= 0 {
		return u.Peak
	}
	return round1(100 * u.peakUsed / u.Limit)
}

// ServiceMetrics is one service's resource use over the window; Use is
// keyed cpu, ram and disk.
type ServiceMetrics struct {
	Service    string         `json:"service"`
	Containers int            `json:"containers"`
	Use        map[string]Use `json:"use,omitempty"`
	Verdict    MetricsVerdict `json:"verdict"`
	Reason     string         `json:"reason"`
	Next       platform.Step  `json:"-"`
	cpu, ram   *Use
	disk       *Use
	hot        string // the resource at its limit (or, peaked, that was): RAM, CPU or disk
}

// MetricsResult is zerops_metrics' answer.
type MetricsResult struct {
	Window   string           `json:"window"` // from, till (UTC) and the bucket
	Services []ServiceMetrics `json:"services"`
	Verdict  MetricsVerdict   `json:"verdict"`
	Next     platform.Step    `json:"-"`
}

// ParseWindow reads a window such as 30m, 6h or 7d; empty is the default.
func ParseWindow(s string) (time.Duration, error) {
	bad := invalidParam(fmt.Sprintf("window %q is not a duration of at most 7d", platform.Clip(s, 20)), "Pass e.g. 30m, 6h or 2d (at most 7d); omit it for the last hour.")
	if s == "" {
		return DefaultMetricsWindow, nil
	}
	var d time.Duration
	if n, ok := strings.CutSuffix(s, "d"); ok {
		days, err := strconv.Atoi(n)
		if err != nil {
			return 0, bad
		}
		d = time.Duration(days) * 24 * time.Hour
	} else if v, err := time.ParseDuration(s); err == nil {
		d = v
	} else {
		return 0, bad
	}
	if d < time.Minute || d > MaxMetricsWindow {
		return 0, bad
	}
	return d, nil
}

// bucketFor keeps a window at about 60 buckets of whole minutes.
func bucketFor(window time.Duration) time.Duration {
	switch {
	case window <= time.Hour:
		return time.Minute
	case window <= 6*time.Hour:
		return 5 * time.Minute
	case window <= 24*time.Hour:
		return 15 * time.Minute
	}
	return time.Hour
}

// Metrics summarises the resource use of one service (hostname) or every
// service of the project over the window ending now, with a verdict.
func Metrics(ctx context.Context, proj Project, hostname string, window time.Duration) (*MetricsResult, error) {
	c, projectID := proj.Client, proj.ID
	services, err := measuredServices(ctx, proj, hostname)
	if err != nil {
		return nil, err
	}
	till := time.Now().UTC().Truncate(time.Minute).Add(time.Minute)
	bucket := bucketFor(window)
	f := platform.StatsFilter{ProjectID: projectID, From: till.Add(-window), Till: till, Bucket: bucket}
	if hostname != "" {
		f.ServiceID = services[0].ID
	}
	points, err := c.ServiceStats(ctx, f)
	if err != nil {
		return nil, asPlatformError(err, "reading resource use")
	}
	byService := map[string][]platform.StatsPoint{}
	for _, p := range points {
		byService[p.ServiceID] = append(byService[p.ServiceID], p)
	}
	out := &MetricsResult{Window: fmt.Sprintf("%s to %s by %s", f.From.Format(time.RFC3339), till.Format(time.RFC3339), bucketName(bucket)),
		Services: []ServiceMetrics{}, Verdict: MetricsNoData}
	rank := map[MetricsVerdict]int{MetricsNoData: 0, MetricsOK: 1, MetricsPeaked: 2, MetricsNearLimit: 3}
	var busiest *platform.ServiceStack // the one to scale for more load: a runtime first, then the higher peak
	var busiestUse ServiceMetrics
	busiestPeak := -1.0
	var stopped []string // said beside an ok: a stopped service is measured as nothing
	for _, s := range services {
		m := summarise(s.Name, byService[s.ID], bucket)
		if m.Verdict != MetricsNoData {
			peak := max(m.cpu.Peak, m.ram.Peak)
			if s.Type.Category == platform.CategoryUser {
				peak += 1000
				if strings.HasSuffix(s.Name, "dev") {
					peak -= 500 // a dev service of the dev/stage pattern takes no traffic (walk 75c: launch advice for appdev)
				}
			}
			if peak > busiestPeak {
				busiest, busiestUse, busiestPeak = &s, m, peak
			}
		}
		if s.Type.Category == platform.CategoryObject && m.Verdict == MetricsNoData {
			m.Reason = s.Name + " is object storage: it has no containers, so no CPU, RAM or disk use to report; its size is the objectStorageSize set for it"
		}
		if m.Verdict == MetricsNoData { // the status says which of the reasons it is
			switch s.Status {
			case platform.ServiceReadyToDeploy:
				m.Reason = s.Name + " has no code deployed yet, so nothing runs there to measure"
			case platform.ServiceStopped, platform.ServiceStopping:
				m.Reason = s.Name + " is stopped, so nothing runs there to measure"
				stopped = append(stopped, s.Name)
			}
		}
		switch m.Verdict {
		case MetricsNearLimit:
			m.Next = hotNext(ctx, proj, s, m.hot, m)
		case MetricsPeaked:
			m.Next = peakedNext(ctx, c, s, m.hot)
			m.raisedSince(proj, s, scalingOf(ctx, c, s))
		}
		out.Services = append(out.Services, m)
		if rank[m.Verdict] > rank[out.Verdict] {
			out.Verdict, out.Next = m.Verdict, m.Next
		}
	}
	var down []string
	if out.Verdict == MetricsOK {
		down = notAnswering(ctx, proj, services)
	}
	switch {
	case len(down) > 0:
		out.Next = platform.Say("nothing near a limit, but "+strings.Join(down, ", ")+" did not answer after "+itsTheir(len(down))+
			" last deploy: "+itsTheir(len(down))+" figures are of containers whose app serves nothing, not of load; ").
			Call("zerops_verify", "serviceHostname="+down[0]).Say(" says why.")
	case out.Verdict == MetricsOK:
		// No verdict on why anything is slow, and no scaling: the user may be
		// planning for load, which only they know; the numbers' meaning is said.
		// Slowness felt now first, then planning (walk 86: the question
		// asked came after the planning no one asked for).
		out.Next = platform.Say("nothing near a limit, so nothing needs scaling for the load measured. ").
			Then(slowNow(ctx, proj, busiest, bucket)).Say(" To plan for more load: ").
			Then(loadHeadroom(ctx, c, busiest, busiestUse, localUploads(ctx, proj, busiest))).Say(".")
		out.Next = withSpikeAndStopped(out.Next, busiest, stopped, scalingOf(ctx, c, *busiest).MaxContainers)
		if hostname != "" { // walk 84: "is everything OK" asked of one service left db and cache unread
			out.Next = out.Next.Say(" Only " + hostname + " was measured; every service: ").Call("zerops_metrics").Say(" without serviceHostname.")
		}
	case out.Verdict == MetricsNoData:
		out.Next = platform.Say("no container reported in the window: start the service with ").Call("zerops_manage").Say(", or widen window.")
		if len(services) == 1 && services[0].Status == platform.ServiceReadyToDeploy {
			out.Next = platform.Say(services[0].Name+" has no code deployed yet, so nothing runs there to measure: deploy it first (").
				Call("zerops_workflow", "workflow=deploy").Say(").")
		}
		if len(services) == 1 && services[0].Type.Category == platform.CategoryObject {
			out.Next = platform.Say("nothing to measure here; object storage has no CPU, RAM or disk metrics. Metrics of the services that use it: ").
				Call("zerops_metrics").Say(" without serviceHostname.")
		}
	}
	return out, nil
}

// slowNow is an ok answer's word on slowness felt now (walk 86): what
// the figures cannot rule out (bursts shorter than a bucket, a shared
// core's neighbours), and whose log shows slow requests: svc's own for a
// runtime; for a managed service, which logs only its own output, the
// log of an app that calls it.
func slowNow(ctx context.Context, proj Project, svc *platform.ServiceStack, bucket time.Duration) platform.Step {
	hidden := "If it is slow now: these figures are averages per " + bucketName(bucket) + ", so bursts shorter than that do not show"
	if svc == nil {
		return platform.Say(hidden + ".")
	}
	if svc.Type.Category == platform.CategoryUser && scalingOf(ctx, proj.Client, *svc).CPUMode == "SHARED" {
		hidden += ", and a SHARED core gives more or less power as its neighbours are busy, which no percentage here shows"
	}
	if svc.Type.Category != platform.CategoryUser {
		st := platform.Say(hidden + "; " + svc.Name + "'s log is its own output, not the queries or requests its clients send: which of those are slow or time out shows in the log of the app that sends them")
		if apps := runtimeNames(ctx, proj); len(apps) > 0 {
			st = st.Say(" (").Call("zerops_logs", "serviceHostname="+apps[0]).Say(")")
		}
		return st.Say(".")
	}
	return platform.Say(hidden+"; slow or failing requests, timeouts and the calls they wait on show in its log (").
		Call("zerops_logs", "serviceHostname="+svc.Name).Say(").")
}

// measuredServices is the service hostname names, or with none every
// service of the project but ZCP's own.
func measuredServices(ctx context.Context, proj Project, hostname string) ([]platform.ServiceStack, error) {
	if hostname != "" {
		svc, err := ResolveService(ctx, proj, hostname)
		if err != nil {
			return nil, err
		}
		return []platform.ServiceStack{*svc}, nil
	}
	all, err := listServices(ctx, proj)
	if err != nil {
		return nil, err
	}
	var services []platform.ServiceStack // a new slice: a cached list is shared
	for _, s := range all {
		if !s.System {
			services = append(services, s)
		}
	}
	return services, nil
}

// withSpikeAndStopped is an ok answer's next, for more load: how to meet
// a spike known ahead on busiest, a runtime (walk 75: only "nothing to
// raise" for a planned spike); first the stopped services, which nothing
// reaches meanwhile and none measured.
//
// maxContainers is busiest's maximum in force: minContainers cannot pass
// it (walk 88: "raise minContainers" at a maximum of 1 was refused).
func withSpikeAndStopped(next platform.Step, busiest *platform.ServiceStack, stopped []string, maxContainers int) platform.Step {
	if busiest != nil && busiest.Type.Category == platform.CategoryUser {
		raise := "raise minContainers of " + busiest.Name
		if maxContainers > 0 && maxContainers < platformMaxContainers {
			raise = fmt.Sprintf("raise minContainers of %s (and maxContainers, %d now, at least as high)", busiest.Name, maxContainers)
		}
		next = next.Say(" For a spike you know is coming: autoscaling reacts as the load arrives (scale-up within seconds); to have more containers running before it, "+
			raise+" for that time with ").Call("zerops_manage", "action=scale", "serviceHostname="+busiest.Name).Say(" and lower it after.")
	}
	if len(stopped) > 0 {
		next = platform.Say(listSome(stopped, ", ")+" "+isAre(len(stopped))+" stopped, so not measured, and nothing reaches "+itThem(len(stopped))+" meanwhile; to start "+itThem(len(stopped))+": ").
			Call("zerops_manage", "action=start", "serviceHostname="+stopped[0]).Say(". Of the others: ").Then(next)
	}
	return next
}

// platformMaxContainers is the most containers a runtime scales to (facts:
// horizontal 1–10, runtimes only).
const platformMaxContainers = 10

// loadHeadroom says what svc's use m means for more load: how much more
// of the measured load fits in its limits as they are, how far it grows on
// its own, and which maximum to raise only if the load the user expects is
// larger. It proposes no value: only that expected load can tell one, and
// following it again and again must not double a maximum each time. A
// scaling the read does not answer is described, never guessed.
//
// local (localUploads) says where svc keeps uploaded files on its own
// disk: the more containers planned are then preceded by it.
func loadHeadroom(ctx context.Context, c platform.Client, svc *platform.ServiceStack, m ServiceMetrics, local string) platform.Step {
	set := scalingOf(ctx, c, *svc)
	host := "serviceHostname=" + svc.Name
	// The peak is weighed against the size the service has now (a scale
	// change within the window moved the limit); vertical autoscaling
	// grows it up to the maxima in force, so what fits at this size is not
	// all that fits.
	what, peak, now := "CPU", m.cpu.PeakNow(), limitText("CPU", m.cpu.Limit)
	if p := m.ram.PeakNow(); p > peak {
		what, peak, now = "RAM", p, limitText("RAM", m.ram.Limit)
	}
	fits := fitsAtSize(svc.Name, what, now, peak, m.cpu.PeakNow() != m.cpu.Peak || m.ram.PeakNow() != m.ram.Peak)
	up := verticalRoom(set, m)
	if up != "" {
		fits += "; past that, " + up // walk 82 read "fits at this size; … grows it" as two capacities
	}
	runtime := svc.Type.Category == platform.CategoryUser
	ceil, _ := ramCeiling(*svc)
	var grows, raise, caveat string
	finish := func(st platform.Step) platform.Step {
		if caveat != "" {
			return st.Say(caveat)
		}
		return st
	}
	switch {
	case runtime && m.Containers > 0 && m.Containers < set.MaxContainers:
		grows = fmt.Sprintf(", and it scales out on its own to %d containers (%d running now)", set.MaxContainers, m.Containers)
		if maxUnset(*svc, set.MaxContainers) {
			grows = fmt.Sprintf(", and it scales out on its own to %d containers (%d running now; a maximum read from the platform, not one you set)",
				set.MaxContainers, m.Containers)
		}
		if local != "" { // it may scale out now: said last, after what it grows to
			caveat = fmt.Sprintf("; but %s (or keep it on one container until then: maxContainers=1)", local)
		}
		// What to raise is a maximum below the platform's: maxContainers
		// already at 10 is not (walk 10 was told to raise it to 10).
		switch {
		case set.MaxContainers < platformMaxContainers:
			raise = fmt.Sprintf("maxContainers (up to %d)", platformMaxContainers)
		case set.MaxRAM > 0 && set.MaxRAM < platformMaxRAM:
			raise = fmt.Sprintf("maxRam (up to %g)", platformMaxRAM)
		case set.MaxCPU > 0 && set.MaxCPU < platformMaxCPU:
			raise = fmt.Sprintf("maxCpu (up to %d)", platformMaxCPU)
		case set.MaxRAM >= platformMaxRAM:
			return finish(platform.Say(fits + grows + atMaxima(up)))
		default:
			return finish(platform.Say(fits+grows+"; only if the load you expect is larger, raise its maxima (").Call("zerops_discover", host).
				Say(" shows them) with ").Call("zerops_manage", "action=scale", host))
		}
	case runtime && set.MaxContainers > 0 && set.MaxContainers < platformMaxContainers:
		grows = fmt.Sprintf("; it runs at its maximum of %d container%s", set.MaxContainers, plural(set.MaxContainers))
		raise = fmt.Sprintf("maxContainers (up to %d)", platformMaxContainers)
		if local != "" {
			return finish(platform.Say(fits+grows+"; only if the load you expect is larger than that: first, "+local+"; then raise "+raise+" with ").Call("zerops_manage", "action=scale", host))
		}
	case set.MaxRAM > 0 && set.MaxRAM < ceil:
		raise = fmt.Sprintf("maxRam (up to %g)", ceil)
	case set.MaxCPU > 0 && set.MaxCPU < platformMaxCPU:
		raise = fmt.Sprintf("maxCpu (up to %d)", platformMaxCPU)
	case set.MaxRAM >= ceil && ceil < platformMaxRAM:
		return finish(platform.Say(fits + fmt.Sprintf("; %g GB RAM a container is the most its docs page gives %s, and %d cores the platform's: nothing to raise", ceil, svc.Type.Name, platformMaxCPU)))
	case set.MaxRAM >= platformMaxRAM && up != "":
		return finish(platform.Say(fits + ", the platform's maxima: nothing to raise"))
	case set.MaxRAM >= platformMaxRAM:
		return finish(platform.Say(fits + fmt.Sprintf("; it is at the platform's maxima (%d cores, %g GB RAM a container): nothing to raise", platformMaxCPU, platformMaxRAM)))
	default:
		return finish(platform.Say(fits+"; only if the load you expect is larger, raise its maxima (").Call("zerops_discover", host).
			Say(" shows them) with ").Call("zerops_manage", "action=scale", host))
	}
	return finish(platform.Say(fits+grows+"; only if the load you expect is larger than that, raise "+raise+" with ").Call("zerops_manage", "action=scale", host))
}

// fitsAtSize says how much of the load measured fits at the size the
// service name has now (what, the resource it used most, now its limit):
// peak is its peak use in percent, shifted that the window began at another
// size. A peak that rounds to 0% gives no load to project from: no
// multiple of it is said.
func fitsAtSize(name, what, now string, peak float64, shifted bool) string {
	if peak < 0.5 {
		return fmt.Sprintf("%s used under 1%% of its %s (%s now) in the window: there is no load to project from, so what more fits at this size is not known from these numbers", name, what, now)
	}
	if shifted {
		return fmt.Sprintf("%s's peak use, weighed against the %s it has now (%s; the window began at another size), is %.0f%%, so about %.1f× that load fits at this size", name, what, now, peak, 100/max(peak, 1))
	}
	return fmt.Sprintf("%s peaked at %.0f%% of its %s (%s now), so about %.1f× that load fits at this size", name, peak, what, now, 100/max(peak, 1))
}

// cores is n CPU cores in words: "1 core", "2 cores", "0.5 cores".
func cores(n float64) string { return fmt.Sprintf("%g%s", n, one(n, " cores")) }

// atMaxima ends a runtime's headroom at the platform's maxima: up, the
// room its autoscaling grows to, already names them (walk 79: said twice).
func atMaxima(up string) string {
	if up != "" {
		return "; those are the platform's maxima: nothing to raise"
	}
	return fmt.Sprintf("; with %d cores and %g GB RAM a container, the platform's maxima: nothing to raise", platformMaxCPU, platformMaxRAM)
}

// verticalRoom says how far the service of use m grows on its own above
// the size measured (disk: the size allocated now), by the maxima in force
// of set ("" when it cannot grow,
// or the maxima are unknown).
func verticalRoom(set platform.Autoscaling, m ServiceMetrics) string {
	var up []string
	if set.MaxCPU > 0 && float64(set.MaxCPU) > m.cpu.Limit {
		up = append(up, cores(float64(set.MaxCPU)))
	}
	if set.MaxRAM > 0 && set.MaxRAM > m.ram.Limit {
		up = append(up, fmt.Sprintf("%g GB RAM", set.MaxRAM))
	}
	if set.MaxDisk > 0 && set.MaxDisk > m.disk.Limit { // walk 77: disk's limit read as its ceiling
		up = append(up, fmt.Sprintf("%g GB disk", set.MaxDisk))
	}
	if len(up) == 0 {
		return ""
	}
	if len(up) > 1 {
		up = []string{strings.Join(up[:len(up)-1], ", ") + " and " + up[len(up)-1]}
	}
	return "its vertical autoscaling grows it on its own up to " + up[0] + " a container"
}

// scalingOf is s's scaling in force; zero where the read fails.
func scalingOf(ctx context.Context, c platform.Client, s platform.ServiceStack) platform.Autoscaling {
	if full, err := c.GetService(ctx, s.ID); err == nil && full.CurrentAutoscaling != nil {
		return *full.CurrentAutoscaling
	}
	return platform.Autoscaling{}
}

// summarise judges one service's points.
func summarise(name string, ps []platform.StatsPoint, bucket time.Duration) ServiceMetrics {
	m := ServiceMetrics{Service: name}
	if len(ps) == 0 {
		m.Verdict, m.Reason = MetricsNoData, name+" reported no resource use in the window (stopped, not yet created, or no stats yet)"
		return m
	}
	m.Containers = ps[len(ps)-1].Containers
	m.cpu = use(ps, func(p platform.StatsPoint) (float64, float64) { return p.CPUUsed, p.CPULimit }, 1, hotCPU, bucket)
	m.ram = use(ps, func(p platform.StatsPoint) (float64, float64) { return p.RAMUsed, p.RAMLimit }, bytesPerGB, hotRAM, bucket)
	m.disk = use(ps, func(p platform.StatsPoint) (float64, float64) { return p.DiskUsed, p.DiskLimit }, bytesPerGB, hotDisk, bucket)
	m.Use = map[string]Use{"cpu": *m.cpu, "ram": *m.ram, "disk": *m.disk}
	type hot struct {
		what  string
		u     *Use
		limit float64
	}
	for _, h := range []hot{{"RAM", m.ram, hotRAM}, {"CPU", m.cpu, hotCPU}, {"disk", m.disk, hotDisk}} {
		if h.u.Current >= h.limit {
			m.Verdict = MetricsNearLimit
			m.Reason = fmt.Sprintf("%s at %.0f%% of its limit (%s) for %s", h.what, h.u.Current, limitText(h.what, h.u.Limit), h.u.For)
			m.hot = h.what
			return m
		}
	}
	for _, h := range []hot{{"RAM", m.ram, hotRAM}, {"CPU", m.cpu, hotCPU}, {"disk", m.disk, hotDisk}} {
		if h.u.Peak >= h.limit {
			m.Verdict, m.Reason = MetricsPeaked, fmt.Sprintf("%s peaked at %.0f%% of its limit; now %.0f%%", h.what, h.u.Peak, h.u.Current)
			m.hot = h.what
			return m
		}
	}
	m.Verdict = MetricsOK
	m.Reason = "nothing near a limit at peak: " + peakShare("CPU", m.cpu) + ", " + peakShare("RAM", m.ram) + ", " + peakShare("disk", m.disk)
	return m
}

// peakShare is u's peak share of its limit, what it is; when the limit
// moved within the window (a scale change), of which limit, and the same
// use's share of the limit now, the one the headroom is weighed against.
func peakShare(what string, u *Use) string {
	s := fmt.Sprintf("%s %.0f%%", what, u.Peak)
	if u.peakLimit <= 0 || u.Limit <= 0 || u.peakLimit == u.Limit {
		return s
	}
	if atPeak := u.Peak * u.peakLimit / 100; math.Abs(atPeak-u.peakUsed) <= 0.01*u.peakLimit {
		// The most used at once is the use at the peak share: the same use
		// against the limit now.
		return s + fmt.Sprintf(" (of the %s it had then: %.0f%% of the %s it has now)", limitText(what, u.peakLimit), u.PeakNow(), limitText(what, u.Limit))
	}
	// The most used at once came at another time (after a raise, the app
	// grew into it): said as what it is, not as the peak share converted.
	return s + fmt.Sprintf(" (of the %s it had then; the most it used at once, %s, is %.0f%% of the %s it has now)",
		limitText(what, u.peakLimit), usedText(what, u.peakUsed), u.PeakNow(), limitText(what, u.Limit))
}

// use is one resource's current, peak and average share of its limit.
func use(ps []platform.StatsPoint, get func(platform.StatsPoint) (used, limit float64), unit, hotPct float64, bucket time.Duration) *Use {
	u := &Use{}
	var sum float64
	n := 0
	for _, p := range ps {
		used, limit := get(p)
		if limit <= 0 {
			continue
		}
		pct := 100 * used / limit
		if pct > u.Peak {
			u.peakLimit, u.peakAt = limit/unit, p.From
		}
		u.Peak = max(u.Peak, pct)
		u.peakUsed = max(u.peakUsed, used/unit)
		sum += pct
		n++
		u.Current, u.Limit = pct, limit/unit
	}
	if n == 0 {
		return u
	}
	u.Average = sum / float64(n)
	hotN := 0
	for i := len(ps) - 1; i >= 0; i-- {
		used, limit := get(ps[i])
		if limit <= 0 || 100*used/limit < hotPct {
			break
		}
		hotN++
	}
	if hotN > 0 {
		u.For = (time.Duration(hotN) * bucket).String()
	}
	u.Current, u.Peak, u.Average = round1(u.Current), round1(u.Peak), round1(u.Average)
	u.Limit, u.peakLimit = math.Round(u.Limit*1000)/1000, math.Round(u.peakLimit*1000)/1000
	return u
}

// Platform maxima per container (facts: CPU 1–8 cores, RAM 48 GB, disk 250 GB).
const platformMaxCPU, platformMaxRAM, platformMaxDisk = 8, 48.0, 250.0

// ramCeiling is the most RAM in GB a container of svc is given and what
// gives it: the platform's maximum, or less where its type's docs page
// says so (Kafka: 40 GB).
func ramCeiling(svc platform.ServiceStack) (float64, string) {
	if gb := platform.PageMaxRAM(svc.Type.Name); gb > 0 && gb < platformMaxRAM {
		return gb, "the most its docs page gives " + svc.Type.Name
	}
	return platformMaxRAM, "the platform maximum"
}

// hotNext names what helps a service at its CPU, RAM or disk ceiling (its
// use m): the scale call raising the maximum in force, or, at the
// platform's maximum, what to look at instead; never a call that changes
// nothing. A maximum the service read does not answer is described.
func hotNext(ctx context.Context, proj Project, s platform.ServiceStack, what string, m ServiceMetrics) platform.Step {
	set := scalingOf(ctx, proj.Client, s)
	u := s.Name
	host := "serviceHostname=" + u
	switch what {
	case "CPU":
		if set.MaxCPU >= platformMaxCPU {
			step := platform.Say(fmt.Sprintf("CPU is at the platform maximum (%d cores), scaling up will not help: find the hot path in ", platformMaxCPU)).
				Call("zerops_logs", host)
			if cur := max(set.MaxContainers, m.Containers, 1); s.Type.Category == platform.CategoryUser && cur < platformMaxContainers {
				spread := fmt.Sprintf(", or spread the load over more containers (%d now): ", cur)
				if local := localUploads(ctx, proj, &s); local != "" {
					spread = fmt.Sprintf(", or spread the load over more containers (%d now); first, %s; then ", cur, local)
				}
				step = step.Say(spread).
					Call("zerops_manage", "action=scale", host, fmt.Sprintf("maxContainers=%d", min(platformMaxContainers, cur*2)))
			}
			return step.Say(".")
		}
		if set.MaxCPU == 0 {
			return platform.Say(fmt.Sprintf("raise maxCpu above the current (whole cores, at most %d): ", platformMaxCPU)).Call("zerops_manage", "action=scale", host).Say(" with maxCpu set to it.")
		}
		return platform.Say(fmt.Sprintf("raise maxCpu (now %d): ", set.MaxCPU)).Call("zerops_manage", "action=scale", host, fmt.Sprintf("maxCpu=%d", min(platformMaxCPU, set.MaxCPU*2))).Say(".")
	case "disk":
		if set.MaxDisk >= platformMaxDisk {
			return platform.Say(fmt.Sprintf("disk is at the platform maximum (%g GB), scaling will not help: delete what fills it (logs, uploads, caches) or keep files in object storage.", platformMaxDisk))
		}
		if set.MaxDisk == 0 {
			return platform.Say(fmt.Sprintf("raise maxDisk above the current (GB, at most %g): ", platformMaxDisk)).Call("zerops_manage", "action=scale", host).Say(" with maxDisk set to it.")
		}
		return platform.Say(fmt.Sprintf("raise maxDisk (now %g GB): ", set.MaxDisk)).
			Call("zerops_manage", "action=scale", host, fmt.Sprintf("maxDisk=%g", min(platformMaxDisk, math.Ceil(set.MaxDisk*2)))).Say(".")
	}
	ceil, ceilWords := ramCeiling(s)
	if set.MaxRAM >= ceil {
		// The container's RAM is full: a higher heap cap has nothing to
		// grow into, so the fix is the leak or holding less.
		return platform.Say(fmt.Sprintf("RAM is at %s (%g GB), so neither scaling nor a higher runtime memory limit will help; ", ceilWords, ceil)).
			Call("zerops_verify", host).Say(" shows whether the app dies out of memory. " + diagnose.OOMLeak +
			" If it holds steady without crashing, make the app hold less (smaller caches and batches, stream large data).")
	}
	// RAM at its ceiling may as well be a leak, which more RAM only delays.
	leak := platform.Say(" "+diagnose.OOMLeak+" ").Call("zerops_logs", host).
		Say(" shows the out-of-memory crash and ").Call("zerops_verify", host).Say(" diagnoses it.")
	if r, ok := proj.Memory.lastRAMRaise(proj.ID, s.ID, time.Now()); ok && set.MaxRAM == r.to {
		if m.ram != nil && m.ram.Limit < r.to*grownShare {
			// The raise is in force but the container has not grown into
			// it: full at its old size says nothing of a leak yet.
			return platform.Say(fmt.Sprintf("RAM fills the %g GB the container has now; ZCP raised maxRam to %g GB at %s UTC and vertical autoscaling has not grown it there yet, so raise nothing now.",
				m.ram.Limit, r.to, r.at.UTC().Format("15:04"))).Then(leak)
		}
		// It filled the memory ZCP raised it to as well: doubling again
		// and again is the loop a leak leads into; no value is proposed.
		return platform.Say(fmt.Sprintf("RAM fills the %g GB maxRam ZCP raised it to from %g GB at %s UTC as well. Use that grows into whatever memory it is given until the app dies is a leak, and raising maxRam again only delays it: fix the code (",
			set.MaxRAM, r.from, r.at.UTC().Format("15:04"))).Call("zerops_logs", host).Say(" shows the out-of-memory crash, ").Call("zerops_verify", host).
			Say(fmt.Sprintf(" diagnoses it). Only for a steady need above %g GB, raise maxRam further (at most %g) with ", set.MaxRAM, ceil)).
			Call("zerops_manage", "action=scale", host).Say(".")
	}
	if set.MaxRAM == 0 {
		return platform.Say(fmt.Sprintf("raise maxRam above the current (GB, at most %g): ", ceil)).Call("zerops_manage", "action=scale", host).Say(" with maxRam set to it.").Then(leak)
	}
	return platform.Say(fmt.Sprintf("raise maxRam (now %g GB): ", set.MaxRAM)).
		Call("zerops_manage", "action=scale", host, fmt.Sprintf("maxRam=%g", min(ceil, set.MaxRAM*2))).Say(".").Then(leak)
}

// raisedSince fits m, s's use whose RAM peaked at its ceiling earlier,
// to a maxRam ZCP raised after that peak and in force now (set): the peak
// is weighed against the new maxRam as well, said to be measured before
// the change, and no scale is proposed for it: whether the load reaches
// the new size is not measured yet.
func (m *ServiceMetrics) raisedSince(proj Project, s platform.ServiceStack, set platform.Autoscaling) {
	r, ok := proj.Memory.lastRAMRaise(proj.ID, s.ID, time.Now())
	u := m.ram
	if m.hot != "RAM" || u == nil || !ok || set.MaxRAM != r.to || u.peakAt.IsZero() || !u.peakAt.Before(r.at) || r.to <= u.peakLimit {
		return
	}
	share := round1(100 * u.peakUsed / r.to)
	m.Reason = fmt.Sprintf("RAM peaked at %.0f%% of the %g GB it had at %s UTC, before the change of maxRam to %g GB at %s UTC (%.0f%% of that); now %.0f%%",
		u.Peak, u.peakLimit, u.peakAt.UTC().Format("15:04"), r.to, r.at.UTC().Format("15:04"), share, u.Current)
	m.Next = platform.Say(fmt.Sprintf("%s's RAM peak was measured before maxRam went from %g GB to %g GB and is %.0f%% of the new maximum: nothing to scale for it now; whether the load reaches the new size is unverified until ",
		s.Name, r.from, r.to, share)).Call("zerops_metrics", "serviceHostname="+s.Name).Say(" measures it there.")
}

// peakedNext names what to do about s, whose use of what (RAM, CPU or disk)
// reached its ceiling earlier but not now: scale should it recur, except
// for RAM whose maxRam is already the platform's, where no scale helps and
// the out-of-memory answers' own test tells a leak from a steady need.
func peakedNext(ctx context.Context, c platform.Client, s platform.ServiceStack, what string) platform.Step {
	if ceil, ceilWords := ramCeiling(s); what == "RAM" && scalingOf(ctx, c, s).MaxRAM >= ceil {
		return platform.Say(fmt.Sprintf("%s's RAM reached its ceiling earlier, not now; its maxRam is already %s (%g GB), so scaling will not help should it recur. %s",
			s.Name, ceilWords, ceil, diagnose.OOMLeak))
	}
	return platform.Say("a resource reached its limit earlier but not now; if it recurs, scale it with ").Call("zerops_manage").Say(".")
}

func limitText(what string, limit float64) string {
	if what == "CPU" {
		return cores(limit)
	}
	return fmt.Sprintf("%g GB", limit)
}

// usedText is an amount of what used, rounded for reading.
func usedText(what string, used float64) string {
	if what == "CPU" {
		return cores(math.Round(used*100) / 100)
	}
	return fmt.Sprintf("%g GB", math.Round(used*1000)/1000)
}

func round1(f float64) float64 { return math.Round(f*10) / 10 }

func bucketName(d time.Duration) string {
	if d >= time.Hour {
		return fmt.Sprintf("%dh", d/time.Hour)
	}
	return fmt.Sprintf("%dm", d/time.Minute)
}

// grownShare: a container whose RAM limit reaches this share of maxRam has
// grown into it (the limit is measured, maxRam is set).
const grownShare = 0.95

// localUploads says, for a runtime whose deployed code is a CMS writing
// uploads to its own disk (diagnose.LocalUploads), that other containers
// do not see those files and which storage keeps them shared first: the
// project's shared or object storage by name, else the kind to add; ""
// for any other service, or one whose code ZCP did not push.
func localUploads(ctx context.Context, proj Project, svc *platform.ServiceStack) string {
	if svc == nil || svc.Type.Category != platform.CategoryUser {
		return ""
	}
	code := proj.Memory.deployedCode(proj.ID, svc.ID)
	if code == nil || code.Uploads == "" {
		return ""
	}
	shared, object := "a shared-storage service", "an object-storage service"
	if all, err := listServices(ctx, proj); err == nil {
		var sh, ob []string
		for _, o := range all {
			switch {
			case o.System:
			case o.Type.Category == platform.CategoryObject:
				ob = append(ob, o.Name)
			case strings.HasPrefix(o.Type.VersionName, "shared-storage"):
				sh = append(sh, o.Name)
			}
		}
		if len(sh) > 0 {
			shared = "the project's " + listSome(sh, ", ")
		}
		if len(ob) > 0 {
			object = "the project's " + listSome(ob, ", ")
		}
	}
	return fmt.Sprintf("%s writes uploads to %s on the container's own disk, and files one container writes there are not seen by the other containers (a deploy replaces that disk too): "+
		"move %s to shared storage (%s, mounted into %s) or object storage (%s, through an S3 offload plugin) before %s runs more than one container",
		code.CMS, code.Uploads, code.Uploads, shared, svc.Name, object, svc.Name)
}

// notAnswering are the runtimes of services whose running version was
// seen not answering after its deploy: their figures are of containers
// whose app serves nothing, so they say nothing of the load it can take.
func notAnswering(ctx context.Context, proj Project, services []platform.ServiceStack) []string {
	var down []string
	for _, s := range services {
		if s.Type.Category != platform.CategoryUser || s.Status != platform.ServiceActive {
			continue
		}
		if v := newestVersion(ctx, proj, s.ID); v != nil && v.Status == platform.AppVersionActive && proj.Memory.SeenNotAnswering(proj.ID, v.ID) {
			down = append(down, s.Name)
		}
	}
	return down
}

func itsTheir(n int) string {
	if n == 1 {
		return "its"
	}
	return "their"
}
