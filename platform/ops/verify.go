package ops

import (
	"cmp"
	"context"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
)

// VerifyParams selects what a verify checks.
type VerifyParams struct {
	Hostname string // "" = every runtime service
	Path     string // the path GET requests; "" = "/"
}

// VerifyEnv is what a verify runs with; a nil Prober probes the real URLs.
type VerifyEnv struct {
	Client    platform.Client
	Logs      platform.LogFetcher
	ProjectID string
	Memory    *Memory // what ZCP remembers of the project; nil: nothing
	Prober    *Prober
	// peers is the project's services as one verify of them all read
	// them: each service's check reads its peers' states from that one
	// list, so one answer gives a service one state (walk 75b: STOPPING
	// for one, STOPPED for another). nil: read where needed.
	peers []platform.ServiceStack
}

// project is the project env verifies.
func (env VerifyEnv) project() Project {
	return Project{Client: env.Client, ID: env.ProjectID, Memory: env.Memory}
}

// VerifyResult is the answer to a verify: the worst verdict of the
// services, each service's findings and the one next step.
type VerifyResult struct {
	Verdict  platform.Verdict `json:"verdict"`
	Services []ServiceHealth  `json:"services"`
	Next     platform.Step    `json:"-"`
}

// ServiceHealth is what a verify found out about one service.
type ServiceHealth struct {
	Service    string                 `json:"serviceHostname"`
	Status     platform.ServiceStatus `json:"status"`
	AppVersion *VersionState          `json:"appVersion,omitempty"`
	Probes     []Probe                `json:"probes"`
	Network    string                 `json:"network,omitempty"`
	ErrorLines []string               `json:"errorLines,omitempty"`
	Diagnoses  []diagnose.Diagnosis   `json:"diagnoses,omitempty"`
	Verdict    platform.Verdict       `json:"verdict"`
	Reason     string                 `json:"reason"`
	Next       platform.Step          `json:"-"` // in a verify answer, zero for the service whose next step the answer's is
	// ReplacedBy is set when the version a deploy's check named was replaced
	// by a later deploy before it was checked: the version that runs now
	// (its ID empty when unknown).
	ReplacedBy *VersionState `json:"-"`

	starting bool  // the app is starting: asking again soon may change the verdict
	idle     bool  // run.start only keeps the container up (`zsc noop`, `sleep infinity`) and nothing else of the setup starts a server: asking again changes nothing
	exits    int   // start attempts its log shows ending in an exit and a restart
	quits    int   // of those, ones whose start command ended with status 0
	listens  []int // the ports its log since the latest start announces a listener on
	// unchecked (zcp sandbox only) is what the sandbox could not check of
	// the process of a service with no HTTP port to probe.
	unchecked string
}

// exitRestart finds the line the platform logs when an app exits and is
// started again: each one is a failed start.
var exitRestart = regexp.MustCompile(`(?i)\bexited with (code|status) [1-9]\d*\b.*\brestarting\b`)

// quitRestart is that line for a start command that ended with status 0:
// nothing failed, but nothing stayed in the foreground either.
var quitRestart = regexp.MustCompile(`(?i)\bexited with (code|status) 0\b.*\brestarting\b`)

// exitCount counts the failed starts lines show.
func exitCount(lines []string) int {
	n := 0
	for _, l := range lines {
		if exitRestart.MatchString(l) {
			n++
		}
	}
	return n
}

// VersionState is the newest app version of a service.
type VersionState struct {
	ID      string                    `json:"id"`
	Status  platform.AppVersionStatus `json:"status"`
	Created time.Time                 `json:"created"`
}

// Bounds of what a verify reads and shows.
const (
	verifyLogLines  = 200 // runtime log lines read since the last deploy
	verifyShowLines = 10  // error lines shown per service
	verifyDiagnoses = 3   // diagnoses shown per service
	verifyParallel  = 4   // services checked at once

	abandonedUpload = 10 * time.Minute // an UPLOADING version older than this is no push under way
)

// Verify checks the named service, or every runtime service of the project:
// status, newest app version, an HTTP GET of each HTTP port (and of the
// subdomain URL when enabled), the runtime log since the last deploy, and a
// verdict with its diagnosis and next step.
func Verify(ctx context.Context, env VerifyEnv, p VerifyParams) (*VerifyResult, error) {
	path, err := probePath(p.Path)
	if err != nil {
		return nil, err
	}
	var services []platform.ServiceStack
	if strings.TrimSpace(p.Hostname) != "" {
		svc, err := ResolveService(ctx, env.project(), p.Hostname)
		if err != nil {
			return nil, err
		}
		services = []platform.ServiceStack{*svc}
	} else {
		all, err := listServices(ctx, env.project())
		if err != nil {
			return nil, err
		}
		env.peers = all
		for _, s := range all {
			if !s.System && s.Type.Category == platform.CategoryUser {
				services = append(services, s)
			}
		}
		if len(services) == 0 {
			return nil, platform.NewError(platform.ErrServiceNotFound, "the project has no runtime services to verify",
				"Create one with zerops_import, then deploy code to it with zerops_deploy: targetService set to its hostname, and sourceService to the container holding the code"+
					" (or, from where ZCP runs, workingDir to the directory with zerops.yml).")
		}
	}
	host := subdomainHost(ctx, env)
	out := &VerifyResult{Services: make([]ServiceHealth, len(services))}
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(verifyParallel)
	for i := range services {
		g.Go(func() error {
			h, err := checkService(gctx, env, services[i], host, path, "")
			if err != nil {
				return err
			}
			out.Services[i] = *h
			return nil
		})
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	for j := range out.Services {
		// This is the verify an unverified deploy sends to: here it would
		// answer the same, so its next step is not that call again.
		if h := &out.Services[j]; h.Verdict == platform.VerdictUnverified && callsOnly(h.Next, "zerops_verify") {
			h.Next = platform.Say("act on what the reason names if it is wrong (the sandbox could not check it); only on Zerops does the HTTP probe tell whether it is live.")
		}
	}
	for _, h := range out.Services {
		// A version once seen not answering (say, until a variable was
		// fixed) that answers now is a way back for a default rollback again.
		if h.Verdict == platform.VerdictHealthy && h.AppVersion != nil && h.AppVersion.Status == platform.AppVersionActive {
			env.Memory.NoteAnswering(env.ProjectID, h.AppVersion.ID, true)
		}
	}
	// The first of the worst, one with a diagnosed failure before one
	// without (a service never deployed waits; a broken one is the task).
	worst := slices.MaxFunc(out.Services, func(a, b ServiceHealth) int {
		return cmp.Or(cmp.Compare(verdictRank(a.Verdict), verdictRank(b.Verdict)),
			cmp.Compare(min(len(a.Diagnoses), 1), min(len(b.Diagnoses), 1)))
	})
	// The next step once: the answer's, not also the worst service's, and
	// no diagnosis's fix that the service's next step states.
	i := slices.IndexFunc(out.Services, func(h ServiceHealth) bool { return h.Service == worst.Service })
	out.Verdict, out.Next = worst.Verdict, worst.Next
	if (worst.Verdict == platform.VerdictHealthy || worst.Verdict == platform.VerdictNotDeployed) && len(out.Services) > 1 {
		allAnswerNext(out, worst)
	}
	for j := range out.Services {
		out.Services[j].Diagnoses = diagnose.WithoutStated(out.Services[j].Diagnoses, out.Services[j].Next.Prose())
	}
	out.Services[i].Next = platform.Step{}
	// One next step is the worst service's: the others needing one are
	// named, so an agent acting on next alone misses none (walk 75: a
	// stopped cache behind a degraded app went unsaid beside a failing one).
	out.Next = withOthersSteps(out.Next, out.Services, worst)
	sameStepOnce(out.Services, worst)
	return out, nil
}

// allAnswerNext sets out's step when worst, the worst of several services,
// is healthy or has no code yet: every deployed one answers, so the step
// names them all, not the first, and a runtime no code has reached yet is
// no task (the code meant for it is not known).
func allAnswerNext(out *VerifyResult, worst ServiceHealth) {
	var healthy, waiting []string
	for _, h := range out.Services {
		if h.Verdict == platform.VerdictHealthy {
			healthy = append(healthy, h.Service)
		} else {
			waiting = append(waiting, h.Service)
		}
	}
	simulated := slices.ContainsFunc(out.Services, func(h ServiceHealth) bool { return firstOK(h.Probes).Simulated })
	switch {
	case len(waiting) == 0 && simulated:
		out.Next = platform.Say("all " + strconv.Itoa(len(healthy)) + " runtimes are healthy: " + listSome(healthy, ", ") + "; ").
			Then(simulatedLiveNext("their", "serviceHostname="+healthy[0]))
		for j := range out.Services { // the answer's step says it for each
			out.Services[j].Next = platform.Step{}
		}
	case len(waiting) == 0:
		out.Next = platform.Say("nothing to fix; all " + strconv.Itoa(len(healthy)) + " runtimes are healthy: " + listSome(healthy, ", ") + ".")
	case len(healthy) > 0:
		out.Verdict = platform.VerdictHealthy
		// The sandbox's stand-in runs no request: a healthy one there is
		// said as the all-healthy case says it (session 78's review).
		step := platform.Say("nothing to fix; the deployed runtimes are healthy (" + listSome(healthy, ", ") + "); ")
		if simulated {
			step = platform.Say("the deployed runtimes are healthy (" + listSome(healthy, ", ") + "): ").
				Then(simulatedLiveNext("their", "serviceHostname="+healthy[0])).Say(" Besides, ")
			for j := range out.Services {
				out.Services[j].Next = platform.Step{}
			}
		}
		step = step.Say(listSome(waiting, ", ") + " had no code deployed yet: when the code meant for it is ready, ")
		for k, w := range waiting[:min(len(waiting), maxDeployCalls)] {
			if k > 0 {
				step = step.Say(", ")
			}
			step = step.Call("zerops_deploy", "targetService="+w)
		}
		out.Next = step.Say(" with its source (sourceService, or workingDir).")
	}
}

// withOthersSteps is next, worst's step, naming each other service that
// needs one: the same step's, or the one under it.
func withOthersSteps(next platform.Step, services []ServiceHealth, worst ServiceHealth) platform.Step {
	also, same := othersNeedingAStep(services, worst)
	if len(same) > 0 {
		needs := " needs"
		if len(same) > 1 {
			needs = " need"
		}
		next = next.Say(" " + listSome(same, ", ") + needs + " the same step.")
	}
	if len(also) > 0 {
		next = next.Say(" Then the next step under " + listSome(also, ", ") + ".")
	}
	return next
}

// sameStepOnce leaves a step that one said before covers (coveredBy: the
// answer's, worst's; or another service's above) said there only
// (walk 75c: start db under appstage and again under pyapp).
func sameStepOnce(services []ServiceHealth, worst ServiceHealth) {
	var said []ServiceHealth // the services whose step is stated, in order
	for i := range services {
		h := &services[i]
		if h.Service == worst.Service || len(stepCalls(h.Next)) == 0 {
			continue
		}
		if coveredBy(h.Next, worst.Next) {
			h.Next = platform.Say("the answer's next step is this one's too.")
			continue
		}
		if j := slices.IndexFunc(said, func(e ServiceHealth) bool { return coveredBy(h.Next, e.Next) }); j >= 0 {
			h.Next = platform.Say("the same step as " + said[j].Service + "'s.")
			continue
		}
		said = append(said, *h)
	}
}

// coveredBy reports whether step makes calls (its own verify aside) and by
// makes each of them: taking by's step takes step's too. The one notion
// of "the same step" verify's answers use.
func coveredBy(step, by platform.Step) bool {
	calls, byCalls := stepCalls(step), stepCalls(by)
	return len(calls) > 0 && !slices.ContainsFunc(calls, func(c string) bool { return !slices.Contains(byCalls, c) })
}

// othersNeedingAStep are the services but worst with a next step of their
// own, neither healthy nor waiting for a first deploy: "api (degraded)";
// same are those whose step makes the calls worst's does (a stopped db
// under two apps: start db), which need no step of their own.
func othersNeedingAStep(services []ServiceHealth, worst ServiceHealth) (also, same []string) {
	for _, h := range services {
		if h.Service == worst.Service || h.Next.IsZero() || h.Verdict == platform.VerdictHealthy || h.Verdict == platform.VerdictNotDeployed {
			continue
		}
		name := h.Service + " (" + string(h.Verdict) + ")"
		if coveredBy(h.Next, worst.Next) {
			same = append(same, name)
		} else {
			also = append(also, name)
		}
	}
	return also, same
}

// stepCalls are the calls s makes but the zerops_verify it ends with (of
// its own service), each as its tool and arguments.
func stepCalls(s platform.Step) []string {
	var out []string
	for _, c := range s.Calls() {
		if c.Tool == "zerops_verify" {
			continue
		}
		k := c.Tool
		for _, a := range c.Args {
			k += " " + a.Key + "=" + a.Value
		}
		out = append(out, k)
	}
	return out
}

// callsOnly reports whether s calls tool and nothing else.
func callsOnly(s platform.Step, tool string) bool {
	calls := s.Calls()
	return len(calls) == 1 && calls[0].Tool == tool
}

// CheckService verifies one service: what a deploy's verdict is made of.
// appVersionID, when set, names the deploy's own version: it is the one
// judged, and a later version that replaced it is reported (ReplacedBy).
func CheckService(ctx context.Context, env VerifyEnv, svc platform.ServiceStack, appVersionID string) (*ServiceHealth, error) {
	return checkService(ctx, env, svc, subdomainHost(ctx, env), "/", appVersionID)
}

// subdomainHost is the project's subdomain host; "" when the project cannot be read.
func subdomainHost(ctx context.Context, env VerifyEnv) string {
	proj, err := env.Client.GetProject(ctx, env.ProjectID)
	if err != nil {
		return ""
	}
	return proj.SubdomainHost
}

// Starting reports whether the app was still starting: asking again soon
// may change the verdict.
func (h *ServiceHealth) Starting() bool { return h.starting }

// Idle reports whether nothing answers because nothing was started to: the
// start ZCP pushed only keeps the container up (platform.IdleStart) and no
// run.initCommands start a server,
// so asking again does not change the verdict.
func (h *ServiceHealth) Idle() bool { return h.idle }

func verdictRank(v platform.Verdict) int {
	switch v {
	case platform.VerdictFailing:
		return 4
	case platform.VerdictDegraded:
		return 3
	case platform.VerdictUnverified:
		return 2
	case platform.VerdictNotDeployed:
		// Nothing broken: a service still waiting for its first deploy
		// never makes a project whose deployed services are fine failing.
		return 1
	}
	return 0
}

// probePath checks the path argument; it is appended to the service's URLs.
func probePath(p string) (string, error) {
	p = strings.TrimSpace(p)
	if p == "" {
		return "/", nil
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	bad := len(p) > 512 || strings.ContainsAny(p, " #\\") || strings.ContainsFunc(p, func(r rune) bool { return r < 0x20 || r == 0x7f })
	if _, err := url.ParseRequestURI(p); err != nil || bad {
		return "", invalidParam(fmt.Sprintf("path %q is not a URL path", platform.Clip(p, 60)),
			`Pass a path such as "/" or "/api/health?full=1" (no spaces, no fragment).`)
	}
	return p, nil
}

// checkService gathers one service's findings and judges them; own, when
// set, is the version judged (see CheckService).
func checkService(ctx context.Context, env VerifyEnv, svc platform.ServiceStack, projectHost, path, own string) (*ServiceHealth, error) {
	h := &ServiceHealth{Service: svc.Name, Status: svc.Status, Probes: []Probe{}}
	if managed(svc) {
		judgeManaged(h, svc)
		return h, nil
	}
	versions, err := serviceVersions(ctx, env, svc)
	if err != nil {
		return nil, err
	}
	latest, replaced, err := judgedVersion(ctx, env, h, svc, versions, own)
	if err != nil || replaced {
		return h, err
	}
	if portsPending(&svc, latest) {
		// Probe the ports the newest deploy registers, not the previous ones.
		fresh, err := settlePorts(ctx, env.Client, &svc, latest)
		if err != nil {
			return nil, err
		}
		svc = *fresh
	}
	logNote := gatherFindings(ctx, env, h, svc, latest, projectHost, path)
	if own != "" && latest != nil && latest.ID == own {
		// A later deploy may have replaced it while it was probed.
		if mine, err := ownVersion(ctx, env.Client, svc.ID, nil, own); err == nil && mine != nil && mine.Status == platform.AppVersionBackup {
			judgeReplaced(ctx, env.Client, h, svc, *mine)
			return h, nil
		}
	}
	src := env.Memory.codeSource(env.ProjectID)
	judge(h, svc, latest, src, env.Memory.deployedCode(env.ProjectID, svc.ID), svc.SubdomainAccess || env.Memory.subdomainPlanned(env.ProjectID, svc.Name), !codeDeployed(svc, versions))
	nextAfterJudging(h, svc, versions, latest, src, own, func(id string) bool { return env.Memory.SeenNotAnswering(env.ProjectID, id) },
		func(at time.Time) bool { return envChangedSince(ctx, env.project(), svc.ID, at) })
	goneNext(ctx, env.project(), h)
	missingNext(ctx, env.project(), svc, h)
	unsetRefNext(ctx, env.project(), svc, h, src)
	modulesNext(h, src)
	stoppedPeer(ctx, env, svc, h)
	if logNote != "" {
		h.Reason += " (" + logNote + ")"
	}
	return h, nil
}

// serviceVersions are the app versions of svc a verify judges.
func serviceVersions(ctx context.Context, env VerifyEnv, svc platform.ServiceStack) ([]platform.AppVersion, error) {
	versions, err := env.Client.SearchAppVersions(ctx, platform.AppVersionFilter{ServiceID: svc.ID, Limit: 5})
	// A push ZCP made a moment ago has started a build the search may not
	// list yet: search again briefly rather than answer "no code deployed".
	for err == nil && ownBuildMissing(env.project(), svc.ID, versions) && pause(ctx) {
		versions, err = env.Client.SearchAppVersions(ctx, platform.AppVersionFilter{ServiceID: svc.ID, Limit: 5})
	}
	if err != nil {
		return nil, asPlatformError(err, "reading the app versions of "+svc.Name)
	}
	return judgedVersions(versions, time.Now()), nil
}

// judgedVersion is the version a verify judges (own when set, else the live
// one) and records it in h; replaced is true when own was replaced by a
// later deploy, h then judged so.
func judgedVersion(ctx context.Context, env VerifyEnv, h *ServiceHealth, svc platform.ServiceStack, versions []platform.AppVersion, own string) (latest *platform.AppVersion, replaced bool, err error) {
	if len(versions) > 0 {
		latest = liveVersion(versions)
	}
	if own != "" {
		mine, err := ownVersion(ctx, env.Client, svc.ID, versions, own)
		if err != nil {
			return nil, false, err
		}
		if mine != nil && mine.Status == platform.AppVersionBackup {
			judgeReplaced(ctx, env.Client, h, svc, *mine)
			return nil, true, nil
		}
		latest = cmp.Or(mine, latest)
	}
	if latest != nil {
		h.AppVersion = &VersionState{ID: latest.ID, Status: latest.Status, Created: latest.Created}
	}
	return latest, false, nil
}

// gatherFindings probes svc and reads its runtime log (and a failed build's)
// into h's probes, error lines and diagnoses; it answers what limited the
// log read ("" when nothing did).
func gatherFindings(ctx context.Context, env VerifyEnv, h *ServiceHealth, svc platform.ServiceStack, latest *platform.AppVersion, projectHost, path string) (logNote string) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		h.Probes, h.Network = probeService(ctx, env, svc, projectHost, path)
		if len(h.Probes) == 0 && latest != nil && env.Prober != nil && env.Prober.Rewrite != nil {
			// No port to ask: the sandbox still says what it could not check.
			h.unchecked = env.Prober.Get(ctx, ProbeTarget{Service: svc.Name, Path: "/"}).Unverified
		}
	}()
	since := logsSince(latest)
	// The log since the app's latest start: a restart since the deploy (an
	// env change) may have ended its errors, or brought a wrong port or bind
	// that an earlier start's listening line would hide.
	if at, ok := restartedAfter(ctx, env.project(), svc.ID, since); ok {
		since = at
	}
	lines, errLines, logNote := runtimeLines(ctx, env, svc, since)
	h.ErrorLines, h.exits, h.listens = errLines, exitCount(lines), diagnose.ListenPorts(lines)
	h.quits = len(slices.DeleteFunc(slices.Clone(lines), func(l string) bool { return !quitRestart.MatchString(l) }))
	var buildDiags []diagnose.Diagnosis
	if latest != nil && latest.Failed() {
		buildLines, _ := BuildLogLines(ctx, env.project(), env.Logs, *latest)
		_, code := env.Memory.VersionPushed(env.ProjectID, latest.ID)
		buildDiags = ClassifyVersionLog(ctx, env.Client, &svc, *latest, buildLines, code)
	}
	wg.Wait()
	// The declared ports tell a wrong port only when one of them is dead:
	// an app may log other listeners (a metrics port) while it answers.
	var opt diagnose.Options
	if deadPort(h.Probes) {
		opt.Ports, opt.WebServer = httpPorts(svc), webServer(svc)
	}
	diags := append(buildDiags, classifyRuntime(ctx, env.project(), svc, lines, opt)...)
	if len(diags) > verifyDiagnoses {
		diags = diags[:verifyDiagnoses]
	}
	h.Diagnoses = diags
	return logNote
}

// nextAfterJudging adds to a judged h what the versions tell: a cancelled
// newest push, and a rollback when the version before may have worked.
func nextAfterJudging(h *ServiceHealth, svc platform.ServiceStack, versions []platform.AppVersion, latest *platform.AppVersion, src CodeSource, own string, broken func(id string) bool, envSince func(time.Time) bool) {
	if c := cancelledNewest(versions, latest); c != nil && own == "" {
		h.Reason += fmt.Sprintf("; the newest push (app version %s) was cancelled before it deployed: its code does not run", c.ID)
		h.Next = h.Next.Say(" The cancelled push's code is not deployed; to deploy it: ").Then(deployCall(src, svc.Name)).Say(".")
	}
	// A stopped service is started, not rolled back: no version of it runs.
	stopped := svc.Status == platform.ServiceStopped || svc.Status == platform.ServiceStopping
	if h.Verdict != platform.VerdictFailing && h.Verdict != platform.VerdictDegraded || stopped || !redeployFixes(h.Diagnoses) {
		return
	}
	if back := rollbackTarget(versions, latest, broken); back != nil {
		h.Next = h.Next.Say(" Or, if the version before worked, go back: ").Call("zerops_deploy", "rollback=true", "targetService="+svc.Name)
		if envSince(back.Created) {
			h.Next = h.Next.Say(" ("+VarsPutBack+"; ").
				Call("zerops_env", "action=get", "serviceHostname="+svc.Name).Say(" lists them after it)")
		}
		h.Next = h.Next.Say(".")
	}
}

// BuildLogLines is the last 30 lines of v's build log, without line ends:
// what a failed build is diagnosed from.
func BuildLogLines(ctx context.Context, proj Project, lf platform.LogFetcher, v platform.AppVersion) ([]string, error) {
	entries, err := BuildLog(ctx, proj, lf, v, 30)
	if err != nil {
		return nil, err
	}
	lines := make([]string, 0, len(entries))
	for _, e := range entries {
		lines = append(lines, strings.TrimRight(e.Message, "\n"))
	}
	return lines, nil
}

// ClassifyVersionLog diagnoses lines of the log of v, an app version of
// the service svc, as zerops_deploy, zerops_verify and zerops_logs all
// read a failed one. When a readiness check that never passed asked a
// port svc declares, an app the lines show listening on another port is a
// wrong port, whose fix moves the app to the checked port, not the check
// away from it. With svc nil (not in hand) c reads the service, once and
// only when the lines show such a check. code is what ZCP's push of v
// showed of its code (nil: unknown): the folders its build writes.
func ClassifyVersionLog(ctx context.Context, c platform.Client, svc *platform.ServiceStack, v platform.AppVersion, lines []string, code *diagnose.Code) []diagnose.Diagnosis {
	return diagnose.ClassifyWith(lines, BuildLogStage(v.Status), diagnose.Options{Ports: checkedPort(ctx, c, svc, v, lines, code), Code: code})
}

// readinessRe finds the port a failed readiness check asked.
var readinessRe = regexp.MustCompile(`readiness check never passed: GET https?://[^/:\s]+:(\d+)`)

// checkedPort is the port a readiness check that never passed asked, from
// v's log lines, when svc declares it, or v's zerops.yml does (code: a
// first version that never deployed leaves the service no ports); a
// check on a port neither declares is the check's own mismatch: none then.
func checkedPort(ctx context.Context, c platform.Client, svc *platform.ServiceStack, v platform.AppVersion, lines []string, code *diagnose.Code) []int {
	for _, l := range lines {
		m := readinessRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		p, err := strconv.Atoi(m[1])
		if err != nil {
			return nil
		}
		if svc == nil && c != nil {
			svc, _ = c.GetService(ctx, v.ServiceStackID)
		}
		if svc != nil && slices.ContainsFunc(svc.Ports, func(sp platform.Port) bool { return sp.Port == p }) || code != nil && slices.Contains(code.Ports, p) {
			return []int{p}
		}
		return nil
	}
	return nil
}

// probeService GETs each HTTP port of svc inside the project network, and
// its subdomain URLs when enabled. When the project's hostnames do not
// resolve here (a laptop without `zcli vpn up`) the inner URLs are skipped
// and the note says so.
func probeService(ctx context.Context, env VerifyEnv, svc platform.ServiceStack, projectHost, path string) ([]Probe, string) {
	ports := httpPorts(svc)
	if len(ports) == 0 {
		return []Probe{}, ""
	}
	var targets []ProbeTarget
	for _, port := range ports {
		targets = append(targets, ProbeTarget{Service: svc.Name, Port: port, Path: path,
			URL: fmt.Sprintf("http://%s:%d%s", svc.Name, port, path)})
	}
	public := serviceURLs(ctx, env.Client, projectHost, svc, nil)
	for i, u := range public {
		if i < len(ports) {
			targets = append(targets, ProbeTarget{Service: svc.Name, Port: ports[i], Path: path,
				URL: strings.TrimRight(u, "/") + path, Public: true})
		}
	}
	probes := make([]Probe, len(targets))
	note := ""
	if err := env.Prober.reachable(ctx, svc.Name); err != nil {
		note = fmt.Sprintf("%s does not resolve here: ZCP runs outside the project network (`zcli vpn up` connects it)", svc.Name)
		if len(public) > 0 {
			note += "; probed the subdomain URL instead"
		} else {
			note += "; enable a subdomain (zerops_subdomain) to probe it from here"
		}
		for i, t := range targets {
			if !t.Public {
				probes[i] = Probe{URL: t.URL, Port: t.Port, Skipped: true, Error: "not reachable from here"}
			}
		}
	}
	var wg sync.WaitGroup
	for i, t := range targets {
		if probes[i].Skipped {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			probes[i] = env.Prober.Get(ctx, t)
		}()
	}
	wg.Wait()
	return probes, note
}

// runtimeLines reads svc's log since the last deploy: every message (for
// the classifier) and the error lines (to show), oldest first.
func runtimeLines(ctx context.Context, env VerifyEnv, svc platform.ServiceStack, since time.Time) (all, errs []string, note string) {
	if env.Logs == nil {
		return nil, nil, "logs unavailable"
	}
	access, err := env.Client.GetProjectLog(ctx, env.ProjectID)
	if err != nil {
		return nil, nil, "the log could not be read"
	}
	entries, err := env.Logs.FetchLogs(ctx, access, platform.LogFetchParams{ServiceID: svc.ID, Since: since, Limit: verifyLogLines})
	if err != nil {
		return nil, nil, "the log could not be read"
	}
	for _, e := range entries {
		msg := strings.TrimRight(e.Message, "\n")
		all = append(all, msg)
		if n, err := platform.ParseSeverity(e.Severity); err == nil && n <= 3 {
			errs = append(errs, platform.Clip(msg, 300))
		}
	}
	errs = collapseRepeats(errs)
	if len(errs) > verifyShowLines {
		errs = errs[len(errs)-verifyShowLines:]
	}
	return all, errs, ""
}

// repeatCount is the count collapseRepeats appends to a line that came
// again; digits are what lines of one kind differ in.
var (
	repeatCount = regexp.MustCompile(` \(\d+ times\)$`)
	digits      = regexp.MustCompile(`\d+`)
)

// collapseRepeats lists each line of lines once, where it first came, as
// the last of its kind said it (lines alike but for their numbers, such as
// a crash loop's restarts, are one kind), with how many times it came.
// A blank line says nothing and is left out.
func collapseRepeats(lines []string) []string {
	var out []string
	at, count := map[string]int{}, map[string]int{}
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		key := digits.ReplaceAllString(l, "0")
		i, ok := at[key]
		if !ok {
			i = len(out)
			at[key] = i
			out = append(out, l)
		}
		out[i] = l
		count[key]++
	}
	for i, l := range out {
		if n := count[digits.ReplaceAllString(l, "0")]; n > 1 {
			out[i] = fmt.Sprintf("%s (%d times)", l, n)
		}
	}
	return out
}

// Uncounted is line without the count collapseRepeats gave it.
func Uncounted(line string) string { return repeatCount.ReplaceAllString(line, "") }

// httpPorts are svc's ports with HTTP routing.
func httpPorts(svc platform.ServiceStack) []int {
	var ports []int
	for _, p := range svc.Ports {
		if p.HTTPRouting {
			ports = append(ports, p.Port)
		}
	}
	return ports
}

// deadPort reports whether nothing answered on a probed port (not even 503).
func deadPort(probes []Probe) bool {
	for _, p := range probes {
		if !p.Skipped && !p.Answered() && p.Status != http.StatusServiceUnavailable {
			return true
		}
	}
	return false
}

// logsSince is when the running version went live, so that the previous
// version's last lines (a crash loop) are not counted: an ACTIVE version's
// last update; a BACKUP one's, when the newest is BACKUP because a lagging
// search does not show its replacement yet; else its creation.
func logsSince(latest *platform.AppVersion) time.Time {
	switch {
	case latest == nil:
		return time.Time{}
	case (latest.Status == platform.AppVersionActive || latest.Status == platform.AppVersionBackup) && latest.LastUpdate.After(latest.Created):
		return latest.LastUpdate
	}
	return latest.Created
}

// judgedVersions drops the uploads that were abandoned by now (UPLOADING
// for longer than abandonedUpload): the versions before them are judged.
func judgedVersions(versions []platform.AppVersion, now time.Time) []platform.AppVersion {
	return slices.DeleteFunc(versions, func(v platform.AppVersion) bool { return AbandonedUpload(v, now) })
}

// AbandonedUpload reports whether v is an upload no push will build by now:
// UPLOADING for longer than a push takes (a refused or cut-off push leaves
// its version so for good). Verify and events judge uploads by it.
func AbandonedUpload(v platform.AppVersion, now time.Time) bool {
	return v.Status == platform.AppVersionUploading && now.Sub(v.Created) > abandonedUpload
}

// UploadNext is the next step for name's recent upload not built yet: a push
// under way, or one the platform refused, which never builds.
func UploadNext(name string) platform.Step {
	return platform.Say("if your ").Call("zerops_deploy").Say(" failed, fix what it said and deploy again; else wait (").
		Call("zerops_events", "serviceHostname="+name).Say("), then ").Call("zerops_verify", "serviceHostname="+name).Say(" again.")
}

// liveVersion is the version a check judges: the newest, but for what came
// after the version that runs (ACTIVE) and did not replace it: a cancelled
// build, a BACKUP one (a rollback made an older one ACTIVE again), or one
// that ended before the ACTIVE one went live (a failed build a rollback
// followed). A build under way, or one that failed since, is judged.
func liveVersion(versions []platform.AppVersion) *platform.AppVersion {
	var active *platform.AppVersion
	for i := range versions {
		if versions[i].Status == platform.AppVersionActive {
			active = &versions[i]
			break
		}
	}
	for i := range versions {
		v := &versions[i]
		switch {
		case v == active:
		case v.Cancelled() && i+1 < len(versions):
			continue
		case active != nil && (v.Status == platform.AppVersionBackup || (v.Final() && v.Created.Before(activeSince(*active)))):
			continue
		}
		return v
	}
	return &versions[0]
}

// codeDeployed reports whether a deploy of the user's code has succeeded on
// svc: it is past READY_TO_DEPLOY and one of versions, not the empty one of
// startWithoutCode, is or was live.
func codeDeployed(svc platform.ServiceStack, versions []platform.AppVersion) bool {
	if svc.Status == platform.ServiceReadyToDeploy {
		return false
	}
	return !slices.ContainsFunc(versions, func(v platform.AppVersion) bool { return v.StartedWithoutCode() }) ||
		slices.ContainsFunc(versions, func(v platform.AppVersion) bool {
			return !v.StartedWithoutCode() && (v.Status == platform.AppVersionActive || v.Status == platform.AppVersionBackup)
		})
}

// activeSince is when an ACTIVE version went live: its last update (a
// rollback's redeploy updates it too), else its creation.
func activeSince(v platform.AppVersion) time.Time {
	if v.LastUpdate.After(v.Created) {
		return v.LastUpdate
	}
	return v.Created
}

// cancelledNewest is the newest version when it was cancelled and another
// is judged (live): the push the agent may think runs.
func cancelledNewest(versions []platform.AppVersion, live *platform.AppVersion) *platform.AppVersion {
	if len(versions) == 0 || live == nil || live == &versions[0] || !versions[0].Cancelled() {
		return nil
	}
	return &versions[0]
}

// rollbackTarget is, when the live version is the newest, the earlier one
// it was deployed over that built and was not seen not answering
// (broken): going back to it is one call a default rollback does not
// refuse; nil when there is none.
func rollbackTarget(versions []platform.AppVersion, live *platform.AppVersion, broken func(id string) bool) *platform.AppVersion {
	if live == nil || live != &versions[0] || live.Status != platform.AppVersionActive {
		return nil
	}
	for i, v := range versions[1:] {
		if v.Status == platform.AppVersionBackup && !broken(v.ID) {
			return &versions[1+i]
		}
	}
	return nil
}

// goneUnverified reads the sandbox's unverified reason for an app whose
// variables referenced a service deleted since it started: the service
// and the variables.
var goneUnverified = regexp.MustCompile(`without ([a-z][a-z0-9]*): it started with (.+?) from .+?, and [a-z][a-z0-9]* is deleted since`)

// goneNext gives h, unverified because a service its app's variables
// referenced was deleted (by ZCP) since the app started, the way past the
// deletion in place of verifying again, which answers the same: change
// those variables, or create the service again and restore its backup.
func goneNext(ctx context.Context, proj Project, h *ServiceHealth) {
	if h.Verdict != platform.VerdictUnverified {
		return
	}
	m := goneUnverified.FindStringSubmatch(firstOK(h.Probes).Unverified)
	if m == nil {
		return
	}
	_, recreate := goneNote(proj, m[1])
	if recreate == "" {
		return
	}
	where := "in zerops.yml's run.envVariables, then zerops_deploy; a service variable with zerops_env"
	var mine []string // where h's service sets them: only that place is changed
	for _, r := range referencesTo(ctx, proj, m[1]) {
		if strings.HasPrefix(r, h.Service+" (") {
			mine = append(mine, r)
		}
	}
	if len(mine) > 0 {
		where = RefsChange(mine)
	}
	h.Next = platform.Say("if " + h.Service + " needs " + m[1] + ": point " + m[2] + " at a service the project has (" + where + "), or " +
		recreate + "; a restart alone resolves nothing.")
}

// stoppedPeer turns a verdict that h's service answers (healthy, or
// unverified in the sandbox) into degraded when a service its variables
// reference, or name as a host, is stopped or stopping: what needs that
// service fails until it runs, whatever the probe of a page that may not
// need it answered. The project's services are those the verify read
// (env.peers), else the list (kept by the gateway); svc's variables are
// read only when one is stopped.
func stoppedPeer(ctx context.Context, env VerifyEnv, svc platform.ServiceStack, h *ServiceHealth) {
	if h.Verdict != platform.VerdictHealthy && h.Verdict != platform.VerdictUnverified {
		return
	}
	proj, services := env.project(), env.peers
	if services == nil {
		var err error
		if services, err = listServices(ctx, proj); err != nil {
			return
		}
	}
	var vars []heldVar
	for _, s := range services {
		if s.System || s.Name == svc.Name || s.Status != platform.ServiceStopped && s.Status != platform.ServiceStopping {
			continue
		}
		if vars == nil {
			yml, _ := proj.Memory.deployedEnv(proj.ID, svc.ID)
			vars = withYml(appVars(ctx, proj, svc), yml)
		}
		refers, names := referencing(s.Name), namesHost(s.Name)
		var keys []string
		for _, v := range vars {
			if (refers(v.key, v.value) || names(v.key, v.value)) && !slices.Contains(keys, v.key) {
				keys = append(keys, v.key)
			}
		}
		if len(keys) == 0 {
			continue
		}
		h.Verdict = platform.VerdictDegraded
		h.Reason += fmt.Sprintf("; but %s, which %s %s, is %s: what needs it fails until it runs again", s.Name, listSome(keys, ", "),
			map[bool]string{true: "reaches", false: "reach"}[len(keys) == 1], s.Status)
		h.Next = platform.Call("zerops_manage", "action=start", "serviceHostname="+s.Name).
			Say(fmt.Sprintf(" (if it was stopped on purpose and %s no longer needs it, change %s instead), then ", svc.Name, listSome(keys, ", "))).
			Call("zerops_verify", "serviceHostname="+svc.Name).Say(".")
		return
	}
}

// unsetRefNext gives h, unverified because the app reads variables no
// variable sets, the reference that sets one naming a service's address
// (DB_URL, REDIS_HOST) from the project's one service of that kind, in
// run.envVariables (walk 75b: a missing DB_URL was offered as a secret to
// type in, never ${db_connectionString}); the rest keep the step they had.
func unsetRefNext(ctx context.Context, proj Project, svc platform.ServiceStack, h *ServiceHealth, src CodeSource) {
	if h.Verdict != platform.VerdictUnverified {
		return
	}
	keys := unsetVars(h.Reason)
	if len(keys) == 0 {
		return
	}
	services, err := listServices(ctx, proj)
	if err != nil {
		return
	}
	var refs []string
	for _, k := range keys {
		if ref := addressRef(k, svc.Name, services); ref != "" {
			refs = append(refs, ref)
		}
	}
	if len(refs) == 0 {
		return
	}
	h.Next = platform.Say("in run.envVariables of zerops.yml set "+strings.Join(refs, "; ")+", then ").Then(deployCall(src, svc.Name)).
		Say("; a value that is no service's (a token, a key) goes in a secret with ").Call("zerops_env", "action=set", "serviceHostname="+svc.Name).Say(".")
}

// addressRef is the reference that gives key, a variable named for a
// service's address (DB_URL, DATABASE_URL, REDIS_HOST), that address from
// the project's one service of the kind the key names: "DB_URL:
// ${db_connectionString} (db is postgresql@16)"; "" when the key names no
// address, no kind, or the project has none or several of it.
func addressRef(key, self string, services []platform.ServiceStack) string {
	words := strings.Split(strings.ToLower(key), "_")
	field := ""
	for _, w := range words {
		switch w {
		case "url", "uri", "dsn", "connection", "conn":
			field = "connectionString"
		case "host", "hostname":
			if field == "" {
				field = "hostname"
			}
		}
	}
	if field == "" {
		return ""
	}
	for _, w := range words {
		family := platform.KinFamilies[w]
		if family == nil {
			continue
		}
		var kin []platform.ServiceStack
		for _, s := range services {
			if !s.System && s.Name != self && slices.Contains(family, kindWord(s.Type.VersionName)) {
				kin = append(kin, s)
			}
		}
		// A connection string the facts name for these kinds only.
		if len(kin) != 1 || field == "connectionString" && !slices.Contains([]string{"postgresql", "mariadb", "mysql", "valkey", "keydb"}, kindWord(kin[0].Type.VersionName)) {
			return ""
		}
		return fmt.Sprintf("`%s: ${%s_%s}` (%s is %s)", key, kin[0].Name, field, kin[0].Name, kin[0].Type.VersionName)
	}
	return ""
}

// missingUnverified reads the sandbox's unverified reason for an app whose
// variable references a service the project lacks: the variable, the host.
var missingUnverified = regexp.MustCompile(`\(([A-Za-z_][A-Za-z0-9_]*) names ([a-z][a-z0-9]*), a service the project lacks`)

// missingNext gives h, unverified because a variable of its app
// references a service the project lacks, that reference's fix (the one a
// deploy's warning states: the project's service of that kind, keeping
// the key) in place of verifying again, which answers the same.
func missingNext(ctx context.Context, proj Project, svc platform.ServiceStack, h *ServiceHealth) {
	if h.Verdict != platform.VerdictUnverified {
		return
	}
	m := missingUnverified.FindStringSubmatch(firstOK(h.Probes).Unverified)
	if m == nil {
		return
	}
	yml, _ := proj.Memory.deployedEnv(proj.ID, svc.ID)
	for _, v := range withYml(appVars(ctx, proj, svc), yml) {
		if v.key != m[1] {
			continue
		}
		issues, names := refIssues(ctx, proj, []string{v.value})
		for _, r := range issues {
			if r.host != m[2] {
				continue
			}
			problem, fix := r.explain(names)
			where := "with zerops_env"
			remove := fmt.Sprintf("zerops_env action=delete serviceHostname=%s variables=[%q] restart=true", svc.Name, m[1])
			if v.yml {
				where = "in zerops.yml's run.envVariables, then zerops_deploy"
				remove = "remove " + m[1] + " from zerops.yml's run.envVariables, then zerops_deploy"
			}
			if strings.HasPrefix(fix, "create ") {
				// A service deleted, maybe on purpose (walk 75c: "Fix it with
				// zerops_env: create api again"): either way is the user's.
				h.Next = platform.Say(m[1] + " holds " + problem + ". If " + svc.Name + " no longer needs " + m[2] + ": " + remove + "; if it does: " + fix + ".")
				return
			}
			h.Next = platform.Say(m[1] + " holds " + problem + ". Fix it " + where + ": " + fix + ".")
			return
		}
	}
}

// unsureModules reads the sandbox's unverified reason for a Python start
// importing modules no install it read names: the modules.
var unsureModules = regexp.MustCompile(`Python modules .* imports \(([^:()]+): no install the sandbox read names them\)`)

// modulesNext gives h, unverified because the app imports Python modules
// no install the sandbox read names, what to do about them in place of
// verifying again, which answers the same: add them to requirements.txt
// unless a package installed brings them.
func modulesNext(h *ServiceHealth, src CodeSource) {
	if h.Verdict != platform.VerdictUnverified {
		return
	}
	m := unsureModules.FindStringSubmatch(firstOK(h.Probes).Unverified)
	if m == nil {
		return
	}
	mods, it := strings.TrimSpace(m[1]), "it"
	if strings.Contains(mods, ",") {
		it = "them"
	}
	h.Next = platform.Say("unless a package the app installs brings " + mods + " along, add " + it +
		" to requirements.txt (or the manifest its install reads), then ").Then(deployCall(src, h.Service)).
		Say("; a module missing at the start stops the app on Zerops.")
}
