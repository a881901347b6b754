package ops

import (
	"cmp"
	"fmt"
	"net/http"
	"net/url"
	"path"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
	"github.com/zeropsio/zcp/platform/lazyregexp"
	"github.com/zeropsio/zcp/platform/yamlcheck"
)

// judge sets h's verdict, reason and next step from its findings;
// subdomain tells that svc's subdomain is on or was asked for at import,
// first that no deploy of the user's code has succeeded on it yet. The
// first question that decides wins: the version, then the probes that
// failed, then the log, then the probes that answered.
func judge(h *ServiceHealth, svc platform.ServiceStack, latest *platform.AppVersion, src CodeSource, code *diagnose.Code, subdomain, first bool) {
	h.Diagnoses = withoutUncheckedBinds(h.Diagnoses, tallyProbes(h.Probes), h.Probes)
	j := &judgement{h: h, svc: svc, latest: latest, name: svc.Name, fix: diagnosedFix(h, code), src: src, code: code, subdomain: subdomain, first: first}
	if j.byVersion() {
		return
	}
	t := tallyProbes(h.Probes)
	if j.byFailedProbes(t) || j.byLog(t) {
		return
	}
	j.byAnswers(t)
}

// withoutUncheckedBinds leaves out of diags a local bind read from the
// log when the sandbox answered on every port it probed, unverified: it
// answered for an app it did not model (where it listens is taken on
// trust), so the bind was read from a start command's flags it did not
// check, and its unverified reason already names them as a warning. The
// verdict stays unverified, not a fix drawn from what nobody checked.
func withoutUncheckedBinds(diags []diagnose.Diagnosis, t probeTally, probes []Probe) []diagnose.Diagnosis {
	if t.reached == 0 || t.ok != t.reached || firstOK(probes).Unverified == "" {
		return diags
	}
	return slices.DeleteFunc(diags, func(d diagnose.Diagnosis) bool { return d.Signal == "listening-on-localhost" })
}

// judgement is what judge decides from, and sets h's verdict; used by one
// judge call at a time.
type judgement struct {
	h                *ServiceHealth
	svc              platform.ServiceStack
	latest           *platform.AppVersion
	name             string         // svc's hostname
	fix              platform.Step  // the diagnosed fix, when there is one
	src              CodeSource     // where ZCP's last push took the code from
	code             *diagnose.Code // what ZCP's last push to svc showed of its code; nil: unknown
	subdomain, first bool
}

func (j *judgement) set(verdict platform.Verdict, reason string, next platform.Step) {
	j.h.Verdict, j.h.Reason, j.h.Next = verdict, reason, next
}

// or is the diagnosed fix when there is one, else next.
func (j *judgement) or(next platform.Step) platform.Step {
	if j.fix.IsZero() {
		return next
	}
	return j.fix
}

// diagnosedFix is the step the first diagnosis of h gives, or the one for
// a start command that keeps ending (quoted from code, when known); zero
// when neither.
func diagnosedFix(h *ServiceHealth, code *diagnose.Code) platform.Step {
	start := "the start command"
	if code != nil && code.Start != "" {
		start += " `" + code.Start + "`"
	}
	var fix platform.Step
	if len(h.Diagnoses) > 0 {
		fix = platform.Say(h.Diagnoses[0].FixThenDeploy())
		if !h.Diagnoses[0].NeedsDeploy() {
			fix = platform.Say(h.Diagnoses[0].Fix)
		}
	}
	if fix.IsZero() && h.quits > 0 && len(h.Probes) == 0 {
		// No HTTP port: a worker, or a job meant for run.crontab.
		fix = platform.Say(start + " ends at once with status 0 and is started again and again: nothing of it keeps running. " +
			"For a job meant to run on a schedule, keep it in run.crontab and make `run.start` `zsc noop --silent`, which keeps the container up; " +
			"for a worker meant to run all the time, make `run.start` run it in the foreground (its own loop or the worker's command); " +
			"work done once per deploy belongs in build.buildCommands or run.initCommands. Then ").
			Call("zerops_deploy").Say(" again.")
	}
	if fix.IsZero() && h.quits > 0 {
		fix = platform.Say(start + " ends at once with status 0 and is started again: nothing keeps the server in the foreground " +
			"(a trailing `&`, `nohup … &`, a daemonizing option such as `pm2 start`, or a script that does its work and ends). Make `run.start` run the server itself in the foreground " +
			"(for static files alone, a static service serves them with no start); work done once per deploy belongs in build.buildCommands or run.initCommands. Then ").
			Call("zerops_deploy").Say(" again.")
	}
	return fix
}

// byVersion decides when the service's newest version (or its status)
// says all: no code, stopped, a deploy under way, cancelled, a first
// deploy failed. It reports whether it decided.
func (j *judgement) byVersion() bool {
	svc, latest, name := j.svc, j.latest, j.name
	host := "serviceHostname=" + name
	switch {
	case latest == nil:
		j.set(platform.VerdictNotDeployed, name+" is not deployed: no code has been deployed to it yet, so nothing of yours runs there to check (not a failure)",
			platform.Say("deploy code to "+name+": ").Then(deployCallTo(j.src, svc)).Say("."))
	case latest.StartedWithoutCode():
		// startWithoutCode runs an empty container: ACTIVE, and nothing of
		// the user's in it, as before a first deploy.
		j.set(platform.VerdictNotDeployed, name+" is not deployed: no code of yours has been deployed to it yet; it was started without code (startWithoutCode), so it is "+string(svc.Status)+" with nothing of yours running (not a failure)",
			platform.Say("deploy code to "+name+": ").Then(deployCallTo(j.src, svc)).Say("."))
	case svc.Status == platform.ServiceStopped || svc.Status == platform.ServiceStopping:
		j.set(platform.VerdictFailing, name+" is "+string(svc.Status)+": nothing runs until it is started",
			platform.Say("start it with ").Call("zerops_manage", "action=start", host).Say("."))
	case latest.Status == platform.AppVersionUploading:
		// A push uploads in seconds; one refused or cut off leaves its
		// version UPLOADING for good: not a deploy to wait out.
		j.set(platform.VerdictDegraded, fmt.Sprintf("%s has an upload not built yet (app version %s UPLOADING since %s): a push under way, or one that failed",
			name, latest.ID, latest.Created.UTC().Format(time.TimeOnly)),
			UploadNext(name))
	case !latest.Final():
		j.h.starting = true
		what := "a deploy"
		if j.first {
			what = "the first deploy"
		}
		j.set(platform.VerdictDegraded, fmt.Sprintf("%s of %s is in progress (%s)", what, name, latest.Status),
			platform.Say("wait for it, do not deploy again (").Call("zerops_events", host).Say(" follows it), then ").Call("zerops_verify", host).Say(" again."))
	case latest.Cancelled():
		// Nothing failed: a cancel (a user's, or the platform's for a newer
		// version) stopped the build; no build log holds a cause.
		verdict, what, runs := platform.VerdictDegraded, "the newest deploy", "the version deployed before it still runs"
		if j.first {
			verdict, what, runs = platform.VerdictFailing, "the first deploy", "no code runs on it yet"
		}
		j.set(verdict, fmt.Sprintf("%s of %s was cancelled before it deployed (app version %s CANCELLED): %s", what, name, latest.ID, runs),
			platform.Say("deploy the code to "+name+" again (nothing failed: a cancel stopped the build): ").Then(deployCall(j.src, name)).Say("."))
	case j.first && latest.Failed():
		j.set(platform.VerdictFailing, fmt.Sprintf("the first deploy of %s ended %s: no code runs on it yet", name, latest.Status),
			j.or(readBuildLog(name, latest.ID)))
	default:
		return false
	}
	return true
}

// probeTally counts h's probes by how they ended.
type probeTally struct {
	reached, ok, answered, starting int
	down                            *Probe // the first probe that reached nothing that answered
}

func tallyProbes(probes []Probe) probeTally {
	var t probeTally
	for i, p := range probes {
		if p.Skipped {
			continue
		}
		t.reached++
		switch {
		case p.OK():
			t.ok++
		case p.Answered():
			t.answered++
		case p.Status == http.StatusServiceUnavailable:
			t.starting++
		default:
			if t.down == nil {
				t.down = &probes[i]
			}
		}
	}
	return t
}

// byFailedProbes decides when a port does not answer or answers 503, or
// the newest deploy failed (the version before it runs). It reports
// whether it decided.
func (j *judgement) byFailedProbes(t probeTally) bool {
	h, latest, name := j.h, j.latest, j.name
	host := "serviceHostname=" + name
	failed := latest.Failed()
	switch {
	case t.down != nil && t.ok+t.answered == 0:
		// The log since the latest start was read and names no cause: a
		// step to zerops_logs, which then points back here, would loop.
		what := fmt.Sprintf("nothing answers on port %d and the log since its latest start names no cause: make the app listen on 0.0.0.0:%d, the port run.ports declares in zerops.yml (check the address and port the code binds, and PORT or HOST where it reads them), then ", t.down.Port, t.down.Port)
		if bind := j.code.LocalBind(); bind != "" {
			what = fmt.Sprintf("nothing answers on port %d and the log since its latest start names no cause, but the code ZCP pushed does: %s, then ", t.down.Port, bind)
		}
		if j.code != nil && platform.IdleStart(j.code.Start) && !slices.ContainsFunc(j.code.Init, platform.StartsService) {
			h.idle = true
			what = fmt.Sprintf("nothing answers on port %d: run.start is `%s`, which keeps the container up and starts no server, and no run.initCommands start one. "+
				"On a dev service that is expected: start the app yourself over SSH (`ssh %s`, then its start command, listening on 0.0.0.0:%d); "+
				"to have the platform start it on each deploy, set run.start to the app's start command and run ", t.down.Port, strings.TrimSpace(j.code.Start), name, t.down.Port)
		}
		reason := name + " does not answer HTTP: " + probeSummary(*t.down)
		if s := t.down.Status; s > 0 && s != http.StatusBadGateway && s != http.StatusGatewayTimeout { // the app's own error
			what = fmt.Sprintf("the app answers %d on port %d: it runs and listens, but fails the request, and the log since its latest start names no cause: make it log the error (its framework's error handler or debug mode), fix what that shows, then ", s, t.down.Port)
			reason = name + " answers HTTP with an error: " + probeSummary(*t.down)
		}
		next := j.or(platform.Say(what).Call("zerops_deploy").Say(" again."))
		if failed {
			reason += fmt.Sprintf("; the newest deploy (app version %s) ended %s, so this is the version deployed before it", latest.ID, latest.Status)
		}
		j.set(platform.VerdictFailing, reason, next)
	case t.starting > 0 && t.ok+t.answered == 0 && (j.svc.Status == platform.ServiceRestarting || j.svc.Status == platform.ServiceStarting):
		// A restart (or start) under way: the log's errors are from
		// before it, and its fix may be what the restart applies (walk 77:
		// "set API_KEY … then restart" while that restart ran).
		h.starting = true
		j.set(platform.VerdictDegraded, name+" answers 503: it is "+strings.ToLower(string(j.svc.Status))+" now, so the errors its log shows are from before",
			platform.Call("zerops_verify", host).Say(" again in about 10 s, once it has started; if it fails then, that answer gives the cause from the new start."))
	case t.starting > 0 && t.ok+t.answered == 0:
		h.starting = true
		if !j.fix.IsZero() {
			j.set(platform.VerdictFailing, name+" answers 503 and its log shows errors", j.fix)
			return true
		}
		j.set(platform.VerdictDegraded, name+" answers 503: the app is starting",
			platform.Call("zerops_verify", host).Say(" again in about 10 s; if it stays 503, read ").Call("zerops_logs", host).Say("."))
	case t.down != nil:
		j.set(platform.VerdictDegraded, name+" answers on some ports only", j.or(deadPortsNext(h, j.src, name, j.code)))
	case t.starting > 0:
		j.set(platform.VerdictDegraded, name+" answers on some ports only", j.or(platform.Call("zerops_verify", host).Say(" again in about 10 s; if a port stays 503, read ").Call("zerops_logs", host).Say(".")))
	case failed:
		runs := "the version deployed before it stays ACTIVE"
		if t.ok+t.answered > 0 {
			runs = "the version deployed before it still answers"
		}
		j.set(platform.VerdictDegraded, fmt.Sprintf("the newest deploy of %s ended %s; %s", name, latest.Status, runs),
			j.or(readBuildLog(name, latest.ID)))
	default:
		return false
	}
	return true
}

// byLog decides when the log since the deploy tells a crash loop or
// errors. It reports whether it decided.
func (j *judgement) byLog(t probeTally) bool {
	h, name := j.h, j.name
	host := "serviceHostname=" + name
	switch {
	case t.reached == 0 && h.exits > 0:
		// Nothing was probed: the log tells a crash loop, which no probe
		// could have reached either.
		j.set(platform.VerdictFailing, fmt.Sprintf("%s keeps crashing: its app exited on start %s and was restarted each time (a crash loop); %s", name, times(h.exits), notProbed(h)),
			j.or(platform.Say("read ").Call("zerops_logs", host).Say(" for why the app exits, fix it and ").Call("zerops_deploy").Say(" again.")))
	case t.reached == 0 && h.quits > 0 && len(h.Diagnoses) == 0:
		// Status 0 each time: nothing failed, but nothing stays running.
		j.set(platform.VerdictFailing, fmt.Sprintf("%s's start command ends at once: it exited with status 0 and was started again (%s so far); %s", name, times(h.quits), notProbed(h)), j.fix)
	case t.reached == 0 && len(h.Diagnoses) > 0:
		j.set(platform.VerdictDegraded, name+"'s log since the deploy shows errors; "+notProbed(h), j.fix)
	case len(h.Diagnoses) > 0:
		j.set(platform.VerdictDegraded, name+" answers, but its log since the deploy shows errors", j.fix)
	default:
		return false
	}
	return true
}

// byAnswers decides from what the probes that answered said, with a clean
// log: a wrong path or no index, nothing to probe, or live.
func (j *judgement) byAnswers(t probeTally) {
	h, svc, name := j.h, j.svc, j.name
	host := "serviceHostname=" + name
	switch {
	case t.reached > 0 && t.ok == 0:
		p := firstReached(h.Probes)
		next := platform.Call("zerops_verify", host).Say(" again with path set to a route the app serves.")
		if p.Status == http.StatusNotFound && servesFiles(svc) && rootPath(p.URL) {
			next = platform.Say(name + " serves the files under run.documentRoot (default /var/www) and finds no index there (index.html; index.php for PHP): " +
				indexFolderFix(j.code) + ", " +
				"or set run.documentRoot to the deployed folder that holds the index (`public` for Laravel and Symfony), then ").Then(deployCall(j.src, name))
			if webServer(svc) == "static" {
				// The docs give run.documentRoot to nginx and PHP; for the
				// static runtime they point deployFiles at the output's
				// contents, nothing else.
				next = platform.Say(name + " finds no index.html at the root of the files it serves: " + indexFolderFix(j.code) + ", then ").Then(deployCall(j.src, name))
			}
			next = next.Say(". If "+name+" serves files only (images, assets) with no page at /, that 404 is expected: ").
				Call("zerops_verify", host, "path=/<a deployed file>").Say(" checks one.")
			if strings.HasPrefix(webServer(svc), "php-") { // a PHP app's index sits in its source, no build output
				next = platform.Say(name + " serves the files under run.documentRoot (default /var/www) and finds no index.php or index.html there: " +
					"set run.documentRoot in zerops.yml to the deployed folder that holds the index (`public` for Laravel and Symfony; none when the index is at the top of the deploy), then ").Then(deployCall(j.src, name)).Say(".")
				if fix := documentRootFix(j.code); fix != "" {
					next = platform.Say(name + " finds no index.php under its run.documentRoot: " + fix + ", then ").Then(deployCall(j.src, name)).Say(".")
				}
				if c := j.code; c != nil && strings.TrimSpace(c.Start) != "" && !platform.ServesHTTPItself(c.Start) {
					// A worker's start runs beside the web server, which
					// has nothing of its to serve: no documentRoot fixes it.
					next = platform.Say(name+"'s web server has no index to serve on port 80; if "+name+" is a worker (its run.start `"+platform.Clip(c.Start, 80)+
						"` serves no HTTP), that 404 is expected: keep run.start, nothing needs fixing; ").Call("zerops_logs", host).
						Say(" shows whether the worker runs. Only if " + name + " should serve HTTP, set run.documentRoot to the deployed folder holding index.php (`public` for Laravel and Symfony), then ").Then(deployCall(j.src, name)).Say(".")
				}
			}
		}
		j.set(platform.VerdictDegraded, fmt.Sprintf("%s answers %d at %s", name, p.Status, p.URL), next)
	case t.reached == 0 && len(h.Probes) == 0 && j.subdomain:
		// The subdomain routes to httpSupport ports only: with none it
		// reaches nothing, however well the app runs.
		// The service's ports say what the deploy registered, not what the
		// file holds: a port outside the range is not registered either.
		give := "give the port the app listens on (one in 10–65435) httpSupport: true"
		if len(h.listens) > 0 && len(svc.Ports) == 0 { // the log shows where it listens
			give = "declare the port its log shows the app listening on (`- port: " + strconv.Itoa(h.listens[0]) + "` with `httpSupport: true`; a port in 10–65435)"
		}
		j.set(platform.VerdictDegraded, name+" has a subdomain (enabled, or asked for at import) but no HTTP port for it to reach: the deploy registered no port with httpSupport: true",
			platform.Say("in run.ports of zerops.yml "+give+", then ").Then(deployCall(j.src, name)).
				Say("; if "+name+" serves no HTTP, disable the subdomain instead: ").Call("zerops_subdomain", host, "action=disable").Say("."))
	case t.reached == 0 && len(h.Probes) == 0 && h.unchecked != "":
		j.set(platform.VerdictUnverified, fmt.Sprintf("the sandbox's %s runs with a clean log (it has no HTTP port to probe), but the sandbox could not check %s; on the platform its log decides",
			name, h.unchecked),
			unsetVarsNext(h.unchecked, name, j.src).Say("act on what the reason names if it is wrong (the sandbox could not check it); on Zerops, ").Call("zerops_logs", host).
				Say(" shows whether it runs (here it shows no more)."))
	case t.reached == 0 && len(h.Probes) == 0 && len(h.listens) > 0 && len(svc.Ports) == 0:
		// The app announces a listener, but no port is declared: nothing
		// routes HTTP to it, and no probe asks it.
		port := strconv.Itoa(h.listens[0])
		j.set(platform.VerdictHealthy, name+" is "+string(svc.Status)+" with a clean log; it has no HTTP port to probe, though its log shows the app listening on "+port,
			platform.Say("if "+name+" serves HTTP, declare the port it listens on in run.ports of zerops.yml (`- port: "+port+"` with `httpSupport: true`), then ").Then(deployCall(j.src, name)).
				Say("; without it no subdomain or probe reaches the app. If "+name+" serves no HTTP, nothing to fix."))
	case t.reached == 0 && len(h.Probes) == 0:
		j.set(platform.VerdictHealthy, name+" is "+string(svc.Status)+" with a clean log; it has no HTTP port to probe", platform.Say("nothing to fix."))
	case t.reached == 0:
		j.set(platform.VerdictHealthy, name+" is "+string(svc.Status)+" with a clean log; not probed: "+h.Network,
			platform.Say("to probe it, enable a subdomain with ").Call("zerops_subdomain").Say(" or run zcli vpn up."))
	case firstOK(h.Probes).Unverified != "":
		p := firstOK(h.Probes)
		j.set(platform.VerdictUnverified, fmt.Sprintf("the sandbox's stand-in for %s answers %d at %s, but the sandbox, which runs no code, could not check %s; on the platform the HTTP probe decides",
			name, p.Status, p.URL, p.Unverified),
			unsetVarsNext(p.Unverified, name, j.src).Say("act on what the reason names if it is wrong (the sandbox could not check it); on Zerops, ").Call("zerops_verify", host).
				Say(" tells whether it is live (here it answers the same until another version is deployed).")) // walk 81 called it again
	default:
		p := firstOK(h.Probes)
		reason := fmt.Sprintf("%s answers %d at %s", name, p.Status, p.URL)
		next := platform.Say("nothing to fix; " + name + " is live.")
		if p.Simulated {
			// walk 79: an app slow or failing on some requests was "live,
			// nothing to fix" to an agent asking why the site was slow;
			// walk 80: so were a user's 500s since a variable change. The
			// stand-in never runs the request that fails.
			reason += " (the sandbox's stand-in: it judged the app's start and address from its code)"
			next = simulatedLiveNext(name+"'s", host)
		}
		j.set(platform.VerdictHealthy, reason, next)
	}
}

// simulatedLiveNext is the next step of sandbox apps judged live (whose:
// "app's", or "their" for several): nothing to fix in what the stand-in
// judged, and where errors or slowness a user reports on some requests
// show, since the stand-in runs no request.
func simulatedLiveNext(whose, host string) platform.Step {
	return platform.Say("nothing to fix in "+whose+" start or address. The sandbox runs no request, so it cannot show errors (a 500) or slowness the user reports on some requests: "+
		"on Zerops those show in ").Call("zerops_logs", host).Say(", and a variable changed since the last build (").Call("zerops_events", host).Say(") is a usual cause.")
}

// indexFolderFix is the deployFiles change that puts a built index.html at
// the top of /var/www: the folder the build's tool writes (c.Built) when
// ZCP read it and deployFiles does not already deploy its contents, else
// the usual `dist/~`, which is not offered when deployFiles already says
// it (the index then sits in a folder below).
func indexFolderFix(c *diagnose.Code) string {
	var deployed []string
	if c != nil {
		deployed = c.DeployFiles
		for _, b := range c.Built {
			dir, tool, _ := strings.Cut(b, " (")
			entry := dir + "/~"
			if tool == "tsc)" || slices.ContainsFunc(deployed, func(d string) bool { return path.Clean(strings.TrimPrefix(d, "./")) == path.Clean(entry) }) {
				continue
			}
			return "the build writes it to `" + dir + "` (" + tool + ": deploy that folder's contents with `" + entry + "` in build.deployFiles"
		}
	}
	if c != nil && c.Nested != "" {
		dir := path.Clean(strings.TrimPrefix(c.Nested, "./"))
		return "build.deployFiles `" + c.Nested + "` deploys the folder itself, so its index.html lands at /var/www/" + dir + "/index.html: deploy the folder's contents with `./" + dir + "/~` in build.deployFiles"
	}
	if c != nil && c.IndexDir != "" && c.IndexDir != "." {
		// The source holds the page in a folder of its own.
		return "index.html is in `" + c.IndexDir + "/` of the source: deploy that folder's contents with `" + c.IndexDir + "/~` in build.deployFiles"
	}
	if c != nil && c.NoBuild && c.IndexDir == "" {
		// Nothing is built: what is served is what was uploaded, which ZCP read.
		return "no build command runs, and the upload has no index.html at its top or in dist, build, public, out, www or site: if it should serve a page at /, add index.html to the source (its folder's contents deployed with `<folder>/~`)"
	}
	if len(deployed) == 1 {
		// One folder deployed as itself: its files, index.html among them
		// when the build wrote it there, land below /var/www/<folder>.
		if d := path.Clean(strings.TrimPrefix(strings.TrimSpace(deployed[0]), "./")); d != "." && !strings.Contains(d, "~") && !strings.ContainsAny(d, "*?") && path.Ext(d) == "" {
			return "build.deployFiles `" + deployed[0] + "` deploys that folder itself, so what the build wrote in it lands in /var/www/" + d + ": deploy its contents with `" + d + "/~` in build.deployFiles"
		}
	}
	for _, d := range deployed {
		if strings.HasSuffix(d, "~") || strings.HasSuffix(d, "~/") {
			return "build.deployFiles `" + d + "` puts that folder's contents at the top, and no index.html is there: if the build writes it to a folder below, name that folder with `~` " +
				"(Angular before 17: `dist/<project>/~`; Angular 17+: `dist/<project>/browser/~`)"
		}
	}
	return "deploy the contents of the build output's folder that holds index.html with `dist/~` in build.deployFiles (without `~` they land in /var/www/dist; Angular 17+ writes it to `dist/<project>/browser`: `dist/<project>/browser/~`)"
}

// documentRootFix names the folder holding index.php where the pushed
// run.documentRoot is another (Nette's www under `public/`); "" when
// either is unknown or they agree.
func documentRootFix(c *diagnose.Code) string {
	if c == nil {
		return ""
	}
	if root := strings.Trim(path.Clean("/"+c.DocumentRoot), "/"); root != "" {
		// deployFiles `public/~` puts public's contents at the top, so the
		// folder documentRoot names is never made, whatever the build wrote.
		for _, d := range c.DeployFiles {
			if e := strings.TrimSpace(d); strings.HasSuffix(e, "~") && strings.Trim(path.Clean("/"+strings.TrimSuffix(strings.TrimSuffix(e, "~"), "/")), "/") == root {
				return "run.documentRoot is `" + c.DocumentRoot + "`, but build.deployFiles `" + e + "` puts that folder's contents at the top of /var/www, so /var/www/" + root +
					" does not exist: deploy `" + root + "` without `~` (keeping run.documentRoot), or remove run.documentRoot"
			}
		}
	}
	if c.IndexDir == "" || path.Clean(c.DocumentRoot) == path.Clean(c.IndexDir) {
		return ""
	}
	root := "run.documentRoot is `" + c.DocumentRoot + "`"
	if c.DocumentRoot == "" {
		root = "run.documentRoot is not set (the top of the deploy)"
	}
	if c.IndexDir == "." {
		return root + ", but index.php is at the top of the source: remove run.documentRoot"
	}
	return root + ", but index.php is in `" + c.IndexDir + "/` of the source: set `documentRoot: " + c.IndexDir + "/` in run" + indexDirDeployed(c)
}

// indexDirDeployed is what documentRootFix says of build.deployFiles for
// the source folder holding index.php: nothing when they deploy the whole
// tree (`./`: "keep" there read as an edit to make), "add" when no entry
// deploys the folder, else "keep".
func indexDirDeployed(c *diagnose.Code) string {
	keep := " (and keep `" + c.IndexDir + "` in build.deployFiles)"
	if c.Whole {
		return ""
	}
	dir := strings.Trim(path.Clean("/"+c.IndexDir), "/")
	covered := false
	for _, d := range c.DeployFiles {
		e := strings.TrimSpace(d)
		if strings.Contains(e, "~") {
			return keep
		}
		switch e = strings.Trim(path.Clean("/"+e), "/"); {
		case e == "":
			return ""
		case e == dir || strings.HasPrefix(dir, e+"/"):
			covered = true
		}
	}
	if len(c.DeployFiles) > 0 && !covered {
		return " (and add `" + c.IndexDir + "` to build.deployFiles)"
	}
	return keep
}

// servesFiles reports whether svc is a web server that serves the deployed
// files itself (static, nginx, php-nginx, php-apache).
func servesFiles(svc platform.ServiceStack) bool { return webServer(svc) != "" }

// webServer is svc's runtime when its own web server serves the deployed
// files on 80 (static, nginx, php-nginx, php-apache); "" for the others.
func webServer(svc platform.ServiceStack) string {
	return webServerOf(cmp.Or(svc.Type.VersionName, svc.Type.Name))
}

// webServerOf is webServer of a type or run base (php-nginx@8.3,
// alpine/php-nginx@8.4).
func webServerOf(typ string) string {
	name, _, _ := strings.Cut(typ, "@")
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:] // an OS prefix: alpine/php-nginx
	}
	switch name {
	case "static", "nginx", "php-nginx", "php-apache":
		return name
	}
	return ""
}

// rootPath reports whether the URL asks for the site's root.
func rootPath(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && (u.Path == "" || u.Path == "/")
}

// deadPortsNext is the step when some of h's HTTP ports answer and others
// do not, and the log names no cause: the ports its log shows a listener on
// say which declared ports nothing listens on. When one declared port is
// dead and the app listens on one undeclared port in its place, the step
// swaps them (removing the dead port alone would drop what the app serves
// there), naming the config line code shows setting the app's port. No step
// to zerops_logs: its answer would point back at verify.
func deadPortsNext(h *ServiceHealth, src CodeSource, name string, code *diagnose.Code) platform.Step {
	var dead, live, declared []string
	for _, p := range h.Probes {
		port := strconv.Itoa(p.Port)
		if !p.Public && !slices.Contains(declared, port) {
			declared = append(declared, port)
		}
		switch {
		case p.Skipped || p.Public:
		case p.OK() || p.Answered() || p.Status == http.StatusServiceUnavailable:
			if !slices.Contains(live, port) {
				live = append(live, port)
			}
		case !slices.Contains(dead, port) && !slices.Contains(h.listens, p.Port):
			dead = append(dead, port)
		}
	}
	if len(dead) == 0 {
		return platform.Say("some ports of "+name+" do not answer although its log shows a listener on each: check that the app binds them on 0.0.0.0, then ").
			Call("zerops_verify", "serviceHostname="+name).Say(" again.")
	}
	ports, it := strings.Join(dead, ", "), "it"
	if len(dead) > 1 {
		it = "them"
	}
	listening := make([]string, 0, len(h.listens))
	var undeclared []string
	for _, p := range h.listens {
		port := strconv.Itoa(p)
		listening = append(listening, port)
		if !slices.Contains(declared, port) {
			undeclared = append(undeclared, port)
		}
	}
	if len(listening) == 0 {
		listening = live
	}
	if len(dead) == 1 && len(undeclared) == 1 {
		got, want := undeclared[0], dead[0]
		move := fmt.Sprintf("make the app listen on %s", want)
		if code != nil && code.Read && code.PortLine > 0 && portNumber.FindString(code.PortText) == got {
			move = fmt.Sprintf("change `%s` in %s, line %d to `%s`", code.PortText, code.File, code.PortLine, strings.Replace(code.PortText, got, want, 1))
		}
		return platform.Say(fmt.Sprintf("run.ports in zerops.yml declares %s, but the app listens on %s in its place (its log since the latest start announces listeners on %s, none on %s): declare %s in place of %s in run.ports, or %s; then ",
			want, got, strings.Join(listening, ", "), want, got, want, move)).Then(deployCall(src, name)).Say(".")
	}
	return platform.Say(fmt.Sprintf("run.ports in zerops.yml declares %s, but the app listens only on %s (its log since the latest start announces no listener on %s): remove %s from run.ports, or make the app listen on %s at 0.0.0.0 too; then ",
		ports, strings.Join(listening, ", "), ports, ports, it)).Then(deployCall(src, name)).Say(".")
}

// portNumber finds a port number in a config line.
var portNumber = lazyregexp.New(`\b\d{2,5}\b`)

// times is n as a count of occurrences: "once", "3 times".
func times(n int) string {
	if n == 1 {
		return "once"
	}
	return fmt.Sprintf("%d times", n)
}

// notProbed says why no probe reached h's service.
func notProbed(h *ServiceHealth) string {
	if len(h.Probes) == 0 {
		return "it has no HTTP port to probe"
	}
	return "not probed: " + h.Network
}

func probeSummary(p Probe) string {
	if p.Status > 0 {
		return fmt.Sprintf("%s answered %d", p.URL, p.Status)
	}
	return p.URL + ": " + p.Error
}

func firstReached(ps []Probe) Probe {
	for _, p := range ps {
		if !p.Skipped {
			return p
		}
	}
	return Probe{}
}

// firstOK prefers the public URL: the one a person can open.
func firstOK(ps []Probe) Probe {
	var best Probe
	for _, p := range ps {
		if p.OK() && (best.URL == "" || (p.Public && !best.Public)) {
			best = p
		}
	}
	return best
}

// DeployCall is deployCall for callers outside ops, from where proj's last
// push came.
func DeployCall(proj Project, name string) platform.Step {
	return deployCall(proj.Memory.codeSource(proj.ID), name)
}

// deployCall is the zerops_deploy call that deploys the code to name from
// src, where ZCP's last push took it; before any push the call says what
// to add (the container holding the code, or the directory where ZCP
// runs), never a made-up value.
func deployCall(src CodeSource, name string) platform.Step {
	src, has := src.forSetup(name)
	var call platform.Step
	switch {
	case src.Service != "" && src.Dir != "":
		call = platform.Call("zerops_deploy", "sourceService="+src.Service, "targetService="+name, "workingDir="+src.Dir)
	case src.Service != "":
		call = platform.Call("zerops_deploy", "sourceService="+src.Service, "targetService="+name)
	case src.Dir != "":
		call = platform.Call("zerops_deploy", "workingDir="+src.Dir, "targetService="+name)
	default:
		return platform.Call("zerops_deploy", "targetService="+name).Say(sourceUnknown)
	}
	if has == nil {
		return call
	}
	// The push builds the setup named after the target: one the file
	// lacks fails, so the step names the entry to add first.
	file := path.Join(src.Dir, "zerops.yml")
	if src.Service != "" {
		file = path.Join(cmp.Or(src.Dir, "/var/www"), "zerops.yml") + " in " + src.Service
	}
	step := platform.Say(fmt.Sprintf("add an entry `setup: %s` (its build and run) to %s, which has only %s, then ", name, file, quotedList(has))).Then(call)
	if src.Service == "" {
		// A local directory is one app's: the target may run another.
		step = step.Say(" (or, if " + name + " runs other code, that call with workingDir set to its code's directory)")
	}
	return step
}

// deployCallTo is deployCall for svc, which no push has reached: where
// the last push's directory lacks its setup and every setup there runs
// another runtime than svc's type, that file holds other code, so the step
// sends the agent to svc's own code rather than into that file.
func deployCallTo(src CodeSource, svc platform.ServiceStack) platform.Step {
	at, has := src.forSetup(svc.Name)
	typ := cmp.Or(svc.Type.VersionName, svc.Type.Name)
	bases := at.bases()
	if has == nil || at.Service != "" || at.Dir == "" || len(bases) == 0 || typ == "" || slices.ContainsFunc(bases, func(b string) bool { return sameRuntime(b, typ) }) {
		return deployCall(src, svc.Name)
	}
	return platform.Say(fmt.Sprintf("%s is %s, and %s holds other code (its setups run %s): from the directory of %s's own code, whose zerops.yml has a `setup: %s` entry, ",
		svc.Name, typ, path.Join(at.Dir, "zerops.yml"), strings.Join(bases, ", "), svc.Name, svc.Name)).
		Call("zerops_deploy", "targetService="+svc.Name).Say(" with workingDir set to that directory")
}

// sameRuntime reports whether the base (php-apache@8.3) runs the runtime of
// service type typ (php-apache@8.4): the names before the version agree.
func sameRuntime(base, typ string) bool {
	b, _, _ := strings.Cut(strings.ToLower(base), "@")
	t, _, _ := strings.Cut(strings.ToLower(typ), "@")
	return b == t
}

// quotedList is names as "a", "b" (none: "no setup").
func quotedList(names []string) string {
	if len(names) == 0 {
		return "no setup"
	}
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

// deploySetup is deployCall for setup, whose target is for the agent to
// choose (no service is named after it).
func deploySetup(src CodeSource, setup string) platform.Step {
	switch {
	case src.Service != "" && src.Dir != "":
		return platform.Call("zerops_deploy", "sourceService="+src.Service, "setup="+setup, "workingDir="+src.Dir)
	case src.Service != "":
		return platform.Call("zerops_deploy", "sourceService="+src.Service, "setup="+setup)
	case src.Dir != "":
		return platform.Call("zerops_deploy", "workingDir="+src.Dir, "setup="+setup)
	}
	return platform.Call("zerops_deploy", "setup="+setup).Say(sourceUnknown)
}

// sourceUnknown says what a deploy call needs besides its target before
// ZCP has pushed any code.
const sourceUnknown = " with sourceService set to the hostname of the container holding the code (or, to deploy from where ZCP runs, workingDir set to the directory with zerops.yml)"

// readBuildLog is the step after a failed build: its log, then a deploy.
func readBuildLog(name, buildID string) platform.Step {
	return platform.Say("read ").Call("zerops_logs", "serviceHostname="+name, "buildId="+buildID).Say(", fix it and ").Call("zerops_deploy").Say(" again.")
}

// unsetVarsRe reads, in the sandbox's unverified reason, the variables the
// app's code reads or requires that no variable sets.
var unsetVarsRe = lazyregexp.New(`whether the app runs without ([A-Za-z_]\w*(?:, [A-Za-z_]\w*)*): [^;]*?, and no variable sets it`)

// unsetVars are the variables an unverified reason names as read or
// required by the code with nothing setting them, each once.
func unsetVars(unverified string) []string {
	var keys []string
	for _, m := range unsetVarsRe.FindAllStringSubmatch(unverified, -1) {
		for _, k := range strings.Split(m[1], ", ") {
			if !slices.Contains(keys, k) {
				keys = append(keys, k)
			}
		}
	}
	return keys
}

// unsetVarsNext begins the step of an unverified verdict whose reason
// (unverified) names variables the code needs that nothing sets: set them,
// a secret with zerops_env, other values in zerops.yml (a walk: MAIL_HOST
// was offered as a secret); empty when it names none.
func unsetVarsNext(unverified, name string, src CodeSource) platform.Step {
	keys := unsetVars(unverified)
	if len(keys) == 0 {
		return platform.Step{}
	}
	var secrets, others, vars []string
	for _, k := range keys {
		if yamlcheck.SecretKey(k) {
			secrets, vars = append(secrets, k), append(vars, `"`+k+`=…"`)
		} else {
			others = append(others, k)
		}
	}
	asSecret := platform.Say(" as a secret with ").Call("zerops_env", "action=set", "serviceHostname="+name, "variables=["+strings.Join(vars, ",")+"]").
		Say(" (it reaches the app at its next start)")
	inYml := platform.Say(" in run.envVariables of zerops.yml (a value, or a reference such as ${db_hostname}), then ").Then(deployCall(src, name))
	lead := "set " + strings.Join(keys, ", ") + ", which the code reads and no variable sets"
	var step platform.Step
	switch {
	case len(others) == 0:
		step = platform.Say(lead + ",").Then(asSecret)
	case len(secrets) == 0:
		step = platform.Say(lead + ",").Then(inYml)
	default:
		step = platform.Say(lead + ": " + strings.Join(secrets, ", ")).Then(asSecret).Say(", and " + strings.Join(others, ", ")).Then(inYml)
	}
	return step.Say("; then ")
}
