package ops

import (
	"cmp"
	"context"
	"crypto/sha256"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
)

// LogsParams selects log lines of one service, or of every service of the
// project when Hostname is empty.
type LogsParams struct {
	Hostname string
	Severity string // syslog name or number, e.g. "error" or "3"
	Since    string // a duration back from now ("30m", "2h", "1d") or an RFC 3339 time
	Limit    int    // 0 = 100; capped at 1000
	Search   string
	BuildID  string // app version id: only that build's lines
}

// LogsResult is the answer to a logs call, oldest line first. Fields that
// every line shares are given once, in Shared, and left out of the lines.
type LogsResult struct {
	Service string            `json:"serviceHostname,omitempty"` // empty: the whole project
	Shared  map[string]string `json:"shared,omitempty"`
	Entries []LogLine         `json:"entries"`
	Count   int               `json:"count"`
	HasMore bool              `json:"hasMore,omitempty"`
	// Clipped says what was folded, clipped or left out to keep the answer
	// under its cap; empty when every line is whole.
	Clipped string `json:"clipped,omitempty"`
	// Diagnoses are the failures the lines show, most likely first.
	Diagnoses []diagnose.Diagnosis `json:"diagnoses,omitempty"`
	// Replaced is how many of the entries were logged before their
	// service's latest start: by versions a deploy, rollback or restart
	// has since replaced.
	Replaced int `json:"-"`
	// otherPort is a line showing the app listening on none of the declared
	// ports; not a diagnosis, since only a probe tells whether one is dead.
	otherPort string
	// earlier names the services whose latest start every diagnosed line
	// predates: failures a deploy, rollback or restart has since replaced.
	earlier string
	// building is a newer app version of the service whose build or
	// deploy is under way: the lines are of the version before it.
	building *platform.AppVersion
	// managed says the lines are a managed service's (a database, cache,
	// queue): its own output, never its clients' requests or queries;
	// apps are then the project's runtimes, whose logs show those.
	managed bool
	apps    []string
	// quiet says why the service has logged nothing yet (its first code
	// still building, or none deployed); "" when that is not known.
	quiet   string
	clipped int // lines whose message was clipped
	// era numbers the run a line was logged in (its app version's, or
	// since a restart); repeats fold within an era only, so a failure of
	// two versions reads as two (walk 77: three incidents folded into
	// one line, "repeated": 7, read as one crash). nil: one era.
	era func(LogLine) int
}

// Managed reports whether the lines are one managed service's (a
// database, cache, queue): its own output, not its clients' queries; apps
// are the project's runtimes then, whose logs show those.
func (r *LogsResult) Managed() (apps []string, ok bool) { return r.apps, r.managed }

// runtimeNames is the project's runtimes but ZCP's own; nil when the
// list cannot be read.
func runtimeNames(ctx context.Context, proj Project) []string {
	all, err := listServices(ctx, proj)
	if err != nil {
		return nil
	}
	var names []string
	for _, s := range all {
		if s.Type.Category == platform.CategoryUser && !s.System {
			names = append(names, s.Name)
		}
	}
	return names
}

// Building is the app version of the service whose build or deploy is
// under way (its id and status), or "" ids when none is.
func (r *LogsResult) Building() (id string, status platform.AppVersionStatus) {
	if r.building == nil {
		return "", ""
	}
	return r.building.ID, r.building.Status
}

// Quiet says why an empty answer's service has logged nothing yet, as a
// next step: a deploy still under way, or no code deployed; "" else.
func (r *LogsResult) Quiet() string { return r.quiet }

// Earlier names the services (comma-separated) whose latest start every
// line a diagnosis rests on predates, or "" when some such line is newer
// or a start is unknown.
func (r *LogsResult) Earlier() string { return r.earlier }

// withEarlier counts the entries logged before their service's latest
// start (Replaced) and sets earlier when each diagnosis's evidence is
// logged only before the latest start of the service that logged it
// (start gives it; zero: unknown, and then nothing is called earlier).
func (r *LogsResult) withEarlier(start func(service string) time.Time) *LogsResult {
	for _, e := range r.Entries {
		if at := start(cmp.Or(e.Service, r.Shared["service"], r.Service)); !at.IsZero() && e.Time.Before(at) {
			r.Replaced++
		}
	}
	var names []string
	for _, d := range r.Diagnoses {
		found := false
		for _, e := range r.Entries {
			if d.Evidence == "" || !strings.Contains(e.Message, d.Evidence) {
				continue
			}
			found = true
			svc := cmp.Or(e.Service, r.Shared["service"], r.Service)
			if at := start(svc); at.IsZero() || !e.Time.Before(at) {
				return r
			}
			if !slices.Contains(names, svc) {
				names = append(names, svc)
			}
		}
		if !found {
			return r
		}
	}
	r.earlier = strings.Join(names, ", ")
	return r
}

// latestFailure leads, when every failure the lines show predates the
// latest start (earlier), with the newest of them: a post-mortem asks what
// failed last, and a signal is read once, at its first line, so an older
// failure of the same kind (another variable unset) would stand for a
// newer one (walk 77). It finds the fewest newest lines, in steps of ten,
// that show a failure (classify reads them as an answer): a tail that
// shows one, a longer one shows too, so the steps are halved, a few
// classifications for a thousand lines, not one per step.
func (r *LogsResult) latestFailure(classify func(tail *LogsResult) []diagnose.Diagnosis) *LogsResult {
	if r.earlier == "" || len(r.Entries) <= 10 {
		return r
	}
	tail := func(k int) []diagnose.Diagnosis { // the newest 10·k lines
		return classify(&LogsResult{Service: r.Service, Shared: r.Shared, Entries: r.Entries[len(r.Entries)-10*k:]})
	}
	lo, hi := 1, (len(r.Entries)-1)/10 // the tails shorter than the whole
	d := tail(hi)
	if len(d) == 0 {
		return r
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if dm := tail(mid); len(dm) > 0 {
			hi, d = mid, dm
		} else {
			lo = mid + 1
		}
	}
	from := len(r.Entries) - 10*hi
	// A generic crash may be a specific failure whose own lines (a source
	// line above Node's error) lie just before the window: a few lines
	// more are read for it, not a whole older incident.
	lead := d[0]
	for more := 5; more <= 10 && diagnose.Generic(lead.Signal) && from-more >= 0; more += 5 {
		if d := classify(&LogsResult{Service: r.Service, Shared: r.Shared, Entries: r.Entries[from-more:]}); len(d) > 0 && !diagnose.Generic(d[0].Signal) {
			lead = d[0]
		}
	}
	if lead.Cause != r.Diagnoses[0].Cause {
		r.Diagnoses = append([]diagnose.Diagnosis{lead}, slices.DeleteFunc(r.Diagnoses, func(x diagnose.Diagnosis) bool { return x.Cause == lead.Cause })...)
	}
	return r
}

// withCurrentOnly keeps, when the lines logged since their service's latest
// start (start gives it; zero: unknown, every line counts) show a failure,
// only the failures those lines show (classify reads them, as an answer of
// their own): an earlier start's, which a deploy, rollback or restart has
// since replaced, would lead to a fix already made.
func (r *LogsResult) withCurrentOnly(start func(service string) time.Time, classify func(current *LogsResult) []diagnose.Diagnosis) *LogsResult {
	if len(r.Diagnoses) == 0 {
		return r
	}
	current := &LogsResult{Service: r.Service, Shared: r.Shared}
	for _, e := range r.Entries {
		if at := start(cmp.Or(e.Service, r.Shared["service"], r.Service)); at.IsZero() || !e.Time.Before(at) {
			current.Entries = append(current.Entries, e)
		}
	}
	if len(current.Entries) == 0 || len(current.Entries) == len(r.Entries) {
		return r
	}
	if d := classify(current); len(d) > 0 {
		r.Diagnoses = d
	}
	return r
}

// OtherPort is a line where the app says it listens on none of the
// service's declared HTTP ports ("" if none does).
func (r *LogsResult) OtherPort() string { return r.otherPort }

// withPortCheck notes a line showing the app listening on another port
// than the declared ones, when no diagnosis already names it.
// Only the lines since since (the app's latest start) are judged: an
// earlier version's listen line would hide the running one's.
func (r *LogsResult) withPortCheck(ports []int, since time.Time) *LogsResult {
	if len(ports) == 0 {
		return r
	}
	var lines []string
	for _, e := range r.Entries {
		if !e.Time.Before(since) {
			lines = append(lines, e.Message)
		}
	}
	for _, d := range diagnose.ClassifyWith(lines, diagnose.Runtime, diagnose.Options{Ports: ports}) {
		if d.Signal == "wrong-port" && !slices.ContainsFunc(r.Diagnoses, func(x diagnose.Diagnosis) bool { return x.Signal == d.Signal }) {
			r.otherPort = d.Evidence
		}
	}
	return r
}

// messages are the answer's lines' messages.
func (r *LogsResult) messages() []string {
	msgs := make([]string, len(r.Entries))
	for i, e := range r.Entries {
		msgs[i] = e.Message
	}
	return msgs
}

// LogLine is one log line of an answer.
type LogLine struct {
	Time      time.Time `json:"time"`
	Service   string    `json:"service,omitempty"`
	Severity  string    `json:"severity,omitempty"`
	Facility  string    `json:"facility,omitempty"`
	Container string    `json:"container,omitempty"`
	Tag       string    `json:"tag,omitempty"`
	Message   string    `json:"message"`
	// Repeated is how many times this line (with the indented lines of its
	// stack trace after it) was logged, the first at FirstTime; 0: once.
	Repeated  int               `json:"repeated,omitempty"`
	FirstTime *time.Time        `json:"firstTime,omitempty"`
	sum       [sha256.Size]byte // of the whole message, before it was clipped
}

// newLogsResult builds the answer from lines, moving the fields every line
// shares into Shared.
func newLogsResult(service string, lines []LogLine, more bool) *LogsResult {
	res := &LogsResult{Service: service, Entries: lines, Count: len(lines), HasMore: more}
	res.clipped = clipLines(lines)
	if res.Entries == nil {
		res.Entries = []LogLine{}
	}
	if len(lines) < 2 {
		return res
	}
	fields := []struct {
		name string
		get  func(*LogLine) *string
	}{
		{"service", func(l *LogLine) *string { return &l.Service }},
		{"severity", func(l *LogLine) *string { return &l.Severity }},
		{"facility", func(l *LogLine) *string { return &l.Facility }},
		{"container", func(l *LogLine) *string { return &l.Container }},
		{"tag", func(l *LogLine) *string { return &l.Tag }},
	}
	for _, f := range fields {
		first := *f.get(&lines[0])
		same := first != ""
		for i := 1; same && i < len(lines); i++ {
			same = *f.get(&lines[i]) == first
		}
		if !same {
			continue
		}
		if res.Shared == nil {
			res.Shared = map[string]string{}
		}
		res.Shared[f.name] = first
		for i := range lines {
			*f.get(&lines[i]) = ""
		}
	}
	return res
}

// toLines converts log entries of one service into answer lines.
func toLines(entries []platform.LogEntry, service string) []LogLine {
	out := make([]LogLine, 0, len(entries))
	for _, e := range entries {
		out = append(out, LogLine{Time: e.Timestamp, Service: service, Severity: e.Severity, Facility: e.Facility,
			Container: cmp.Or(e.Hostname, e.ContainerID), Tag: e.Tag, Message: e.Message})
	}
	return out
}

// normalizeSeverity checks s against platform.ParseSeverity's one table and
// returns it as a syslog number string ("" = any).
func normalizeSeverity(s string) (string, error) {
	if strings.TrimSpace(s) == "" {
		return "", nil
	}
	n, err := platform.ParseSeverity(s)
	if err != nil {
		return "", err
	}
	return strconv.Itoa(n), nil
}

// ParseSince turns "30m", "2h", "1d" or an RFC 3339 time into an absolute time.
func ParseSince(s string, now time.Time) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if strings.HasSuffix(s, "d") {
		if n, err := strconv.Atoi(strings.TrimSuffix(s, "d")); err == nil && n > 0 && n <= 366 {
			return now.Add(-time.Duration(n) * 24 * time.Hour), nil
		}
	}
	if d, err := time.ParseDuration(s); err == nil && d > 0 {
		return now.Add(-d), nil
	}
	return time.Time{}, invalidParam(fmt.Sprintf("cannot read since %q", platform.Clip(s, 40)),
		`Use a duration back from now such as "30m", "2h", "1d", or an RFC 3339 time.`)
}

// Logs fetches log lines of the service named p.Hostname (of the project
// when empty), repeats folded and clipped to the answer's cap.
func Logs(ctx context.Context, proj Project, lf platform.LogFetcher, p LogsParams) (*LogsResult, error) {
	res, err := logs(ctx, proj, lf, p)
	if err != nil {
		return nil, err
	}
	return res.bounded(), nil
}

func logs(ctx context.Context, proj Project, lf platform.LogFetcher, p LogsParams) (*LogsResult, error) {
	c, projectID := proj.Client, proj.ID
	sev, err := normalizeSeverity(p.Severity)
	if err != nil {
		return nil, err
	}
	since, err := ParseSince(p.Since, time.Now())
	if err != nil {
		return nil, err
	}
	if p.Limit < 0 || p.Limit > 1000 {
		return nil, invalidParam(fmt.Sprintf("limit %d is outside 1–1000", p.Limit), "Pass a limit between 1 and 1000 (default 100).")
	}
	limit := p.Limit
	if limit == 0 {
		limit = 100
	}
	if strings.TrimSpace(p.Hostname) == "" {
		if p.BuildID != "" {
			return nil, invalidParam("buildId needs serviceHostname", "Pass the serviceHostname the build deployed to (zerops_events names it).")
		}
		return projectLogs(ctx, proj, lf, platform.LogFetchParams{Severity: sev, Since: since, Limit: limit, Search: p.Search})
	}
	svc, err := ResolveService(ctx, proj, p.Hostname)
	if err != nil {
		return nil, err
	}
	if p.BuildID != "" {
		return buildLogs(ctx, proj, lf, svc, p, limit)
	}
	if lf == nil {
		return nil, platform.NewError(platform.ErrInternal, "log fetching is not configured", "Logs are unavailable in this setup.")
	}
	access, err := c.GetProjectLog(ctx, projectID)
	if err != nil {
		return nil, asPlatformError(err, "getting log access")
	}
	entries, err := lf.FetchLogs(ctx, access, platform.LogFetchParams{
		ServiceID: svc.ID,
		Severity:  sev,
		Since:     since,
		Limit:     limit,
		Search:    p.Search,
	})
	if err != nil {
		return nil, asPlatformError(err, "fetching logs")
	}
	res := newLogsResult(svc.Name, toLines(entries, ""), len(entries) >= limit)
	if res.managed = svc.Type.Category == platform.CategoryStandard; res.managed {
		res.apps = runtimeNames(ctx, proj)
	}
	versions, _ := c.SearchAppVersions(ctx, platform.AppVersionFilter{ServiceID: svc.ID, Limit: 5})
	versions = judgedVersions(versions, time.Now())
	if len(versions) > 0 && !versions[0].Final() {
		res.building = &versions[0]
	}
	if len(entries) == 0 {
		res.quiet = quietWhy(*svc, res.building)
		if len(versions) > 0 && versions[0].Failed() {
			// A walk: severity=error after a failed init found nothing;
			// its lines are in that deploy's log.
			v := versions[0]
			res.quiet = fmt.Sprintf("no lines matched here; %s's newest deploy (app version %s) ended %s, and what it printed (build, prepare and init commands) is in its own log: zerops_logs serviceHostname=%s buildId=%s.",
				svc.Name, v.ID, v.Status, svc.Name, v.ID)
		}
	}
	res.Diagnoses = classifyRuntime(ctx, proj, *svc, res.messages(), diagnose.Options{})
	start := startAmong(ctx, proj, *svc, versions) // the versions read above: no second search
	classify := func(cur *LogsResult) []diagnose.Diagnosis {
		return classifyRuntime(ctx, proj, *svc, cur.messages(), diagnose.Options{})
	}
	res.withCurrentOnly(func(string) time.Time { return start }, classify).withEarlier(func(string) time.Time { return start }).latestFailure(classify)
	bounds := []time.Time{start}
	for _, v := range versions {
		bounds = append(bounds, v.Created)
	}
	res.era = func(l LogLine) int { return eraAt(bounds, l.Time) }
	ports := httpPorts(*svc)
	if len(ports) == 0 {
		return res, nil
	}
	return res.withPortCheck(ports, start), nil
}

// quietWhy is why svc, whose log is empty, may have logged nothing:
// building, its newest deploy, is still under way (no app of it has
// started to log), or no code was ever deployed; "" when neither.
func quietWhy(svc platform.ServiceStack, building *platform.AppVersion) string {
	switch {
	case building != nil:
		return fmt.Sprintf("%s's deploy (app version %s) is %s: nothing of it has started to log yet; zerops_deploy follow=%s waits for its verdict (or zerops_events serviceHostname=%s shows where it is).",
			svc.Name, building.ID, building.Status, building.ID, svc.Name)
	case svc.Status == platform.ServiceReadyToDeploy:
		return svc.Name + " has no code deployed yet, so nothing of yours has run there to log: deploy to it with zerops_deploy."
	}
	return ""
}

// latestStart is when svc's app last started, as verify reads it: its
// live version's deploy, or a restart after it; zero when unknown.
func latestStart(ctx context.Context, proj Project, svc platform.ServiceStack) time.Time {
	versions, err := proj.Client.SearchAppVersions(ctx, platform.AppVersionFilter{ServiceID: svc.ID, Limit: 5})
	if err != nil {
		return time.Time{}
	}
	return startAmong(ctx, proj, svc, judgedVersions(versions, time.Now()))
}

// startAmong is latestStart given svc's newest versions, already judged
// (judgedVersions).
func startAmong(ctx context.Context, proj Project, svc platform.ServiceStack, versions []platform.AppVersion) time.Time {
	if len(versions) == 0 {
		return time.Time{}
	}
	since := logsSince(liveVersion(versions))
	if at, ok := restartedAfter(ctx, proj, svc.ID, since); ok {
		since = at
	}
	return since
}

// eraAt is how many of bounds (the times app versions were created or the
// service started; zero: unknown) at is at or after: lines of one version's
// run share it.
func eraAt(bounds []time.Time, at time.Time) int {
	n := 0
	for _, b := range bounds {
		if !b.IsZero() && !at.Before(b) {
			n++
		}
	}
	return n
}

// projectLogs answers a logs call without a service: the newest lines of
// every service of the project, merged by time, each naming its service.
func projectLogs(ctx context.Context, proj Project, lf platform.LogFetcher, params platform.LogFetchParams) (*LogsResult, error) {
	c, projectID := proj.Client, proj.ID
	if lf == nil {
		return nil, platform.NewError(platform.ErrInternal, "log fetching is not configured", "Logs are unavailable in this setup.")
	}
	services, err := listServices(ctx, proj)
	if err != nil {
		return nil, err
	}
	access, err := c.GetProjectLog(ctx, projectID)
	if err != nil {
		return nil, asPlatformError(err, "getting log access")
	}
	var lines []LogLine
	more := false
	for _, svc := range services {
		if svc.System {
			continue
		}
		params.ServiceID = svc.ID
		entries, err := lf.FetchLogs(ctx, access, params)
		if err != nil {
			return nil, asPlatformError(err, "fetching logs of "+svc.Name)
		}
		more = more || len(entries) >= params.Limit
		lines = append(lines, toLines(entries, svc.Name)...)
	}
	sort.SliceStable(lines, func(i, j int) bool { return lines[i].Time.Before(lines[j].Time) })
	if len(lines) > params.Limit {
		lines, more = lines[len(lines)-params.Limit:], true
	}
	starts := map[string]time.Time{}
	start := func(name string) time.Time {
		if at, ok := starts[name]; ok {
			return at
		}
		for _, svc := range services {
			if svc.Name == name && !svc.System {
				starts[name] = latestStart(ctx, proj, svc)
			}
		}
		return starts[name]
	}
	classify := func(cur *LogsResult) []diagnose.Diagnosis { return cur.byService(ctx, proj, services).Diagnoses }
	res := newLogsResult("", lines, more).byService(ctx, proj, services).
		withCurrentOnly(start, classify).withEarlier(start).latestFailure(classify)
	res.era = func(l LogLine) int { return eraAt([]time.Time{start(l.Service)}, l.Time) }
	return res, nil
}

// byService classifies the answer's lines service by service, each knowing
// its service (type, code, variables, ports), most likely cause first.
func (r *LogsResult) byService(ctx context.Context, proj Project, services []platform.ServiceStack) *LogsResult {
	lines := map[string][]string{}
	for _, e := range r.Entries {
		name := cmp.Or(e.Service, r.Shared["service"])
		lines[name] = append(lines[name], e.Message)
	}
	r.Diagnoses = nil
	for _, svc := range services {
		if l := lines[svc.Name]; len(l) > 0 && !svc.System {
			r.Diagnoses = append(r.Diagnoses, classifyRuntime(ctx, proj, svc, l, diagnose.Options{})...)
		}
	}
	diagnose.SortByLikelihood(r.Diagnoses)
	return r
}

// buildLogs answers a logs call for one build of svc, filtered like any other.
func buildLogs(ctx context.Context, proj Project, lf platform.LogFetcher, svc *platform.ServiceStack, p LogsParams, limit int) (*LogsResult, error) {
	v, err := findBuild(ctx, proj, p.BuildID)
	if err != nil {
		return nil, err
	}
	if v.ServiceStackID != svc.ID {
		return nil, invalidParam(fmt.Sprintf("build %s belongs to another service, not %s", v.ID, svc.Name),
			"Pass the serviceHostname of the service the build deployed to (zerops_events names it).")
	}
	entries, err := BuildLog(ctx, proj, lf, *v, 1000)
	if err != nil {
		return nil, err
	}
	sev, _ := normalizeSeverity(p.Severity)
	minSev := 7
	if sev != "" {
		minSev, _ = strconv.Atoi(sev)
	}
	since, _ := ParseSince(p.Since, time.Now())
	kept := entries[:0]
	for _, e := range entries {
		if n, err := platform.ParseSeverity(e.Severity); err == nil && n > minSev {
			continue
		}
		if (!since.IsZero() && e.Timestamp.Before(since)) || (p.Search != "" && !strings.Contains(strings.ToLower(e.Message), strings.ToLower(p.Search))) {
			continue
		}
		kept = append(kept, e)
	}
	more := len(kept) > limit
	if more {
		kept = kept[len(kept)-limit:]
	}
	res := newLogsResult(svc.Name, toLines(kept, ""), more)
	_, code := proj.Memory.VersionPushed(proj.ID, v.ID)
	res.Diagnoses = ClassifyVersionLog(ctx, proj.Client, svc, *v, res.messages(), code)
	return res, nil
}

// BuildLogStage is how the build log of an app version ending status reads:
// a DEPLOY_FAILED version's ends in its new containers' start, which read
// as a runtime's; every other's as a build's.
func BuildLogStage(status platform.AppVersionStatus) diagnose.Stage {
	if status == platform.AppVersionDeployFailed {
		return diagnose.Runtime
	}
	return diagnose.Build
}

// BuildLog returns the last limit log lines of the build of app version v.
// They live on the build service the version names (build.serviceStackId),
// tagged with the version's id, not on the runtime it deploys to.
func BuildLog(ctx context.Context, proj Project, lf platform.LogFetcher, v platform.AppVersion, limit int) ([]platform.LogEntry, error) {
	c, projectID := proj.Client, proj.ID
	if lf == nil {
		return nil, platform.NewError(platform.ErrInternal, "log fetching is not configured", "Logs are unavailable in this setup.")
	}
	serviceID := v.ServiceStackID
	if v.Build != nil && v.Build.ServiceStackID != "" {
		serviceID = v.Build.ServiceStackID
	}
	access, err := c.GetProjectLog(ctx, projectID)
	if err != nil {
		return nil, asPlatformError(err, "getting log access")
	}
	entries, err := lf.FetchLogs(ctx, access, platform.LogFetchParams{ServiceID: serviceID, BuildID: v.ID, Limit: limit})
	if err != nil {
		return nil, asPlatformError(err, "fetching the build log")
	}
	if entries == nil {
		entries = []platform.LogEntry{}
	}
	return entries, nil
}

// findBuild reads the app version with that id, retrying briefly while the
// search index may not list a build ZCP just started.
func findBuild(ctx context.Context, proj Project, id string) (*platform.AppVersion, error) {
	c, projectID := proj.Client, proj.ID
	for {
		versions, err := c.SearchAppVersions(ctx, platform.AppVersionFilter{ProjectID: projectID, ID: id, Limit: 1})
		if err != nil {
			return nil, asPlatformError(err, "reading build "+platform.Clip(id, 40))
		}
		if len(versions) > 0 {
			return &versions[0], nil
		}
		wait := proj.justChanged()
		if wait <= 0 {
			return nil, platform.NewError(platform.ErrNotFound, fmt.Sprintf("no build with id %q in this project", platform.Clip(id, 40)),
				"Pass an app version id as zerops_events lists it (kind build) or as a failed zerops_deploy reported it (appVersionId).")
		}
		t := time.NewTimer(min(wait, retryEvery))
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
	}
}
