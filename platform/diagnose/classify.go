package diagnose

import (
	"math/bits"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/zeropsio/zcp/platform/editdist"
	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// rule recognises one way a tool prints one failure.
type rule struct {
	build, runtime string             // the signal it names in each stage; "" where it does not apply
	keys           []string           // lower-case keywords, one of which the line must contain
	re             *lazyregexp.Regexp // then the line must match this
	and            *lazyregexp.Regexp // and, when set, this as well
	not            *lazyregexp.Regexp // and, when set, must not match this
	near           nearFunc           // and, when set, the lines must show this
}

// compiled is the rule set with its keyword scanner, built on first use.
var compiled = sync.OnceValue(func() *keywordScanner {
	keys := make([][]string, len(rules))
	for i, r := range rules {
		keys[i] = r.keys
	}
	return newKeywordScanner(keys)
})

// maxEvidence bounds Diagnosis.Evidence, in bytes.
const maxEvidence = 300

// found is one signal read from one line of the log.
type found struct {
	sig     *signal
	line    int
	text    string // the line, the evidence
	bare    string // the line without its timestamp, which the rules read
	retried bool   // read from a line announcing a retry: the app tries again
}

// ClassifyWith is Classify with what the caller knows about the service.
func ClassifyWith(lines []string, stage Stage, opt Options) []Diagnosis {
	got, seen, again := matchLines(lines, stage)
	if !slices.ContainsFunc(got, func(f found) bool { return !f.retried }) {
		got = nil // errors the app retried past, and nothing failed: no failure
	}
	explained := map[string]bool{} // lines a diagnosis left out, or kept, explains
	var initCause *found           // what made the init command fail, when a line shows it
	if i := slices.IndexFunc(got, func(f found) bool { return f.sig.id == "init-command-failed" }); i >= 0 {
		// A file missing before an init command failed is the init
		// command's, not run.start's: the init failure says which.
		initLine := got[i].line
		got = leaveOut(got, explained, func(f found) bool {
			drop := (f.sig.id == "start-file-missing" || f.sig.id == "start-command-invalid" || f.sig.id == "npm-missing-script" ||
				f.sig.id == "module-not-found-at-runtime" && missingProgram.MatchString(f.bare)) && f.line < initLine
			if drop && initCause == nil {
				initCause = &f
			}
			return drop
		})
	}
	if seen["connection-refused"] {
		// A refusal naming neither a database nor an address is the one
		// a line naming the app's address explains.
		got = leaveOut(got, explained, func(f found) bool {
			_, port := refusedHostPort(f.bare)
			return f.sig.id == "db-connection-refused" && port == "" && !dbWordsRe.MatchString(f.bare)
		})
	}
	if seen[publicBind] {
		got = slices.DeleteFunc(got, func(f found) bool { return f.sig.id == "listening-on-localhost" })
	}
	got = loopbackRefusals(got, lines, explained)
	got = leaveOut(got, explained, func(f found) bool { return mainClassCause(f, got) })
	got, again = withoutRecovered(got, again, lines, explained)
	inferred := false
	if len(opt.Ports) == 0 && stage != Build {
		// The balancer calls the declared port: a refusal it logs names it.
		// Else a refused readiness check names the port it asks.
		if p := balancerRefusedPort(got); p > 0 {
			opt.Ports, inferred = []int{p}, true
		} else if p := checkRefusedPort(got); p > 0 {
			opt.Ports, inferred, opt.checkAsked = []int{p}, true, true
		}
	}
	got, prepFiles := prepareCause(got, lines, stage, seen, explained)
	got, opt.checkedPort = portAndReadiness(got, lines, stage, opt, seen, explained)
	if inferred && !slices.ContainsFunc(got, func(f found) bool { return f.sig.id == "wrong-port" }) {
		opt.Ports = nil // no other port shown: the refusal stays what it is
	}
	if len(got) == 0 {
		return nil
	}
	sort.SliceStable(got, func(i, j int) bool {
		if got[i].sig.rank != got[j].sig.rank {
			return got[i].sig.rank > got[j].sig.rank
		}
		return got[i].line < got[j].line
	})
	if slices.ContainsFunc(got, func(f found) bool { return f.sig.id == "listening-on-localhost" }) {
		opt.startBind = startBind(lines)
	}
	if slices.ContainsFunc(got, func(f found) bool { return f.sig.id == "wrong-port" }) {
		opt.startPort = startPort(lines)
	}
	for _, f := range again {
		if slices.ContainsFunc(got, func(g found) bool { return g.sig == f.sig }) {
			explained[clip(f.text)] = true // a later line of a signal kept
		}
	}
	out := make([]Diagnosis, len(got))
	for i, f := range got {
		out[i] = Diagnosis{Signal: f.sig.id, Cause: f.sig.cause, Fix: f.sig.fix, Evidence: clip(f.text), Doc: f.sig.doc}
		out[i].fit(f, lines, stage, opt, prepFiles, initCause)
	}
	out = oneBindFix(out, opt)
	out = withoutSiteConfigEchoes(out)
	buildManifestFixes(out, lines, stage, prepFiles)
	if out = dropEchoes(out, explained); len(out) == 0 {
		return nil // only echoes of what was left out: no failure
	}
	return out
}

// oneBindFix leaves out of out a wrong port read from the line that shows
// the app on localhost (Kestrel's http://localhost:5000, fixed by
// ASPNETCORE_URLS=http://0.0.0.0:8080), or from another line showing a
// listener on loopback (Vite's "Local: http://localhost:4173/" beside its
// "use --host to expose"), when the localhost fix already binds the
// declared port: one listener, one cause, one fix. Its cause joins the
// localhost one, as a sentence of its own.
func oneBindFix(out []Diagnosis, opt Options) []Diagnosis {
	i := slices.IndexFunc(out, func(d Diagnosis) bool { return d.Signal == "listening-on-localhost" })
	if i < 0 || len(opt.Ports) == 0 || !hasNumber(out[i].Fix, strconv.Itoa(opt.Ports[0])) {
		return out
	}
	j := slices.IndexFunc(out, func(d Diagnosis) bool {
		return d.Signal == "wrong-port" && (d.Evidence == out[i].Evidence || loopbackPort.MatchString(stripANSI(d.Evidence)))
	})
	if j < 0 {
		return out
	}
	out[i].Cause = strings.TrimSuffix(out[i].Cause, ".") + ". " + strings.Replace(out[j].Cause, "The app listens on ", "It listens on ", 1)
	return slices.Delete(out, j, j+1)
}

// siteConfigMissing finds the platform's line that run.siteConfigPath
// names a file the deploy did not put in /var/www.
var siteConfigMissing = lazyregexp.New(`run\.siteConfigPath: "(/var/www/[^"]+)" does not exist`)

// siteConfigFix fits d, deploy-files-missing read from text, to a
// run.siteConfigPath the deploy lacks: no deployFiles path is missing
// after the build; the file the web server is configured from is not
// among the deployed ones. False when text says otherwise.
func (d *Diagnosis) siteConfigFix(text string) bool {
	m := siteConfigMissing.FindStringSubmatch(text)
	if m == nil {
		return false
	}
	rel := strings.TrimPrefix(m[1], "/var/www/")
	d.Cause = "`run.siteConfigPath` names " + m[1] + ", and the deploy did not put `" + rel + "` there: no `build.deployFiles` entry carries it, so the web server cannot start with its config."
	d.Fix = "Add `" + rel + "` to `build.deployFiles` (it must be uploaded or made by a build command), or point `run.siteConfigPath` at a file the deploy carries."
	d.Doc = "zerops://docs/config/zerops-yml-run"
	return true
}

// withoutSiteConfigEchoes leaves out of out a crash read from the web
// server's own refusal of the missing site config (nginx's `[emerg]
// open() … failed`, Apache's `Could not open configuration file`) when the
// platform's line names that file: one cause, one fix.
func withoutSiteConfigEchoes(out []Diagnosis) []Diagnosis {
	var file string
	for _, d := range out {
		if m := siteConfigMissing.FindStringSubmatch(d.Evidence); m != nil && d.Signal == "deploy-files-missing" {
			file = m[1]
		}
	}
	if file == "" {
		return out
	}
	return slices.DeleteFunc(out, func(d Diagnosis) bool {
		return d.Signal != "deploy-files-missing" && Generic(d.Signal) && strings.Contains(d.Evidence, file)
	})
}

// hasNumber reports whether s holds the number n standing alone (no digit
// beside it).
func hasNumber(s, n string) bool {
	for at := 0; ; {
		k := strings.Index(s[at:], n)
		if k < 0 {
			return false
		}
		k += at
		end := k + len(n)
		if (k == 0 || s[k-1] < '0' || s[k-1] > '9') && (end == len(s) || s[end] < '0' || s[end] > '9') {
			return true
		}
		at = k + 1
	}
}

// portAndReadiness adds to got a wrong port, an app that logs it listens
// on a port other than opt.Ports, and leaves out a failed readiness check
// that another diagnosis explains; readyPort tells that the wrong port
// explained it (the check asked the declared port).
func portAndReadiness(got []found, lines []string, stage Stage, opt Options, seen, explained map[string]bool) (_ []found, readyPort bool) {
	if len(opt.Ports) > 0 && stage != Build && !seen["wrong-port"] {
		if n, line, ok := otherPort(lines, opt.Ports); ok {
			got = append(got, found{sig: signalByID["wrong-port"], line: n, text: line, bare: stripStamp(line)})
			// A readiness check on the declared port failed because the
			// app listens elsewhere: its own fix (the check moved to the
			// app's port) is the wrong way round.
			n := len(got)
			got = leaveOut(got, explained, func(f found) bool { return f.sig.id == "readiness-check-failed" })
			readyPort = len(got) < n
			// The balancer (or the readiness check) refused on the declared
			// port: that is the wrong port.
			got = leaveOut(got, explained, func(f found) bool {
				_, port := refusedHostPort(f.bare)
				p, _ := strconv.Atoi(port)
				if f.sig.id != "connection-refused" || !slices.Contains(opt.Ports, p) {
					return false
				}
				if readinessLine.MatchString(f.bare) {
					readyPort = true // the check asked it: it moves with run.ports
					return true
				}
				return balancerLine.MatchString(f.bare)
			})
		}
	}
	if slices.ContainsFunc(got, func(f found) bool { return f.sig.id != "readiness-check-failed" && !Generic(f.sig.id) && !f.retried }) {
		// What made the new containers fail the check (the app exits at
		// start, a file or module missing) is the one fix: the check's own
		// advice, moving the check to the app, would be a second one.
		got = leaveOut(got, explained, func(f found) bool { return f.sig.id == "readiness-check-failed" })
	}
	return got, readyPort
}

// prepareCause fits got to a run-prepare step that found no file: an
// install's manifest missing in /home/zerops (files: those
// build.addToRunPrepare must list), or a command that read /var/www,
// whose failure line the platform adds is its end, not a second cause.
func prepareCause(got []found, lines []string, stage Stage, seen, explained map[string]bool) (_ []found, files string) {
	if n, line, fs, ok := prepManifest(lines); ok && stage != Runtime {
		// The install's own words read as a lock file or package problem;
		// the failure line as a package manager's. The cause is the file.
		got = slices.DeleteFunc(got, func(f found) bool {
			return f.line == n || f.sig.id == "prepare-reads-deploy-files" || runPrepFailed.MatchString(f.text)
		})
		return append(got, found{sig: signalByID["prepare-reads-deploy-files"], line: n, text: line, bare: stripStamp(line)}), fs
	}
	if seen["prepare-reads-deploy-files"] {
		got = leaveOut(got, explained, func(f found) bool {
			return f.sig.id == "prepare-command-failed" && (exitStatus.MatchString(f.bare) || prepFailed.MatchString(f.bare))
		})
	}
	return got, ""
}

// prepFailed is the platform's line that prepare commands failed: the
// end of the failure, not its cause.
var prepFailed = lazyregexp.New(`(?i)prepare ?commands?\b.*\bfailed|PREPARING_RUNTIME_FAILED`)

// withoutRecovered leaves out of got a refused connection that a later
// line shows made (the client retried and connected): no failure. A later
// refusal of the same signal that did not recover takes its place; the
// lines of those that did are recorded in explained, so their generic
// echoes go too.
func withoutRecovered(got, again []found, lines []string, explained map[string]bool) ([]found, []found) {
	for i := 0; i < len(got); i++ {
		f := got[i]
		if !cleared(lines, f) {
			continue
		}
		explained[clip(f.text)] = true
		j := slices.IndexFunc(again, func(g found) bool {
			if g.sig != f.sig {
				return false
			}
			if cleared(lines, g) {
				explained[clip(g.text)] = true
				return false
			}
			return true
		})
		if j >= 0 {
			got[i] = again[j]
			again = slices.Delete(again, j, j+1)
			continue
		}
		got = slices.Delete(got, i, i+1)
		i--
	}
	return got, again
}

// leaveOut deletes from got what another diagnosis explains (drop), and
// records their lines in explained, so their generic echoes go too.
func leaveOut(got []found, explained map[string]bool, drop func(found) bool) []found {
	return slices.DeleteFunc(got, func(f found) bool {
		if drop(f) {
			explained[clip(f.text)] = true
			return true
		}
		return false
	})
}

// SortByLikelihood orders ds most likely cause first, as ClassifyWith
// orders one log's; ties keep their order.
func SortByLikelihood(ds []Diagnosis) {
	rank := func(d Diagnosis) int {
		if s := signalByID[d.Signal]; s != nil {
			return s.rank
		}
		return 0
	}
	slices.SortStableFunc(ds, func(a, b Diagnosis) int { return rank(b) - rank(a) })
}

// fillPort writes the service's declared port (opt) where d's texts show a
// command's or code's <port>; unknown, the words say where it comes from.
func (d *Diagnosis) fillPort(opt Options) {
	r := strings.NewReplacer(`"<port>"`, "(the port in run.ports)", "<port>", "(the port in run.ports)")
	if port := opt.Port; len(opt.Ports) > 0 || port > 0 {
		if len(opt.Ports) > 0 {
			port = opt.Ports[0]
		}
		r = strings.NewReplacer("<port>", strconv.Itoa(port))
	}
	d.Cause, d.Fix = r.Replace(d.Cause), r.Replace(d.Fix)
}

// matchLines reads each signal's first line: the signals found, in line
// order, and the ids of every rule that matched (marker rules included). A
// signal first read from a line announcing a retry is read again from a
// later line that does not, which then gives its evidence.
//
// A specific signal is found once, at its first line; again holds the
// later lines it also reads, so that a generic crash read from one of them
// is an echo of the signal (dropEchoes).
func matchLines(lines []string, stage Stage) (got []found, seen map[string]bool, again []found) {
	scanner := compiled()
	hit := make([]uint64, (len(rules)+63)/64)
	seen = map[string]bool{}
	retriedAt := map[string]int{} // a signal read only from retry lines: its index in got
	for n, raw := range lines {
		text := stripANSI(raw) // the evidence; the rules read it past its timestamp
		line := stripStamp(text)
		if !scanner.scan(line, hit) {
			continue
		}
		retry := retryLine.MatchString(line) && !giveUp.MatchString(line)
		for w := range hit {
			for hit[w] != 0 {
				bit := hit[w] & -hit[w]
				hit[w] &^= bit
				r := &rules[w*64+bits.TrailingZeros64(bit)]
				id := r.signalFor(stage)
				if id == "db-connection-refused" && plainRefused(lines, n) {
					id = "connection-refused"
				}
				i, onlyRetried := retriedAt[id]
				if id == "" || !r.matches(line) || r.near != nil && !r.near(lines, n, line) {
					continue
				}
				if seen[id] && (retry || !onlyRetried) {
					if sig := signalByID[id]; sig != nil && !retry && !Generic(id) {
						again = append(again, found{sig, n, text, line, false})
					}
					if !retry && Generic(id) {
						tellingOverBare(got, id, found{signalByID[id], n, text, line, false})
					}
					continue
				}
				seen[id] = true
				sig := signalByID[id]
				switch {
				case sig == nil:
				case onlyRetried:
					got[i] = found{sig, n, text, line, false}
					delete(retriedAt, id)
				default:
					if retry {
						retriedAt[id] = len(got)
					}
					got = append(got, found{sig, n, text, line, retry})
				}
			}
		}
	}
	return got, seen, again
}

// retryLine finds a line saying the app will try again, or did and went on:
// what it reports there it has not failed of (yet). Giving up (giveUp) is
// no retry.
var (
	retryLine = lazyregexp.New(`(?i)\bretr(y|ying|ied)\b`)
	giveUp    = lazyregexp.New(`(?i)\bgiv(e|ing) up\b|\bgave up\b|\bexhausted\b|\bno more (retries|attempts)\b|\bmax(imum)? (retry|retries|attempts)\b`)
)

// stamp finds a timestamp that begins a line (ISO 8601, or nginx's
// date/time), which the rules read past.
var stamp = lazyregexp.New(`^\[?\d{4}[-/]\d{2}[-/]\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:\s?(?:Z|[+-]\d{2}:?\d{2}))?\]?\s+`)

// stripStamp is line without its leading timestamp, if any.
func stripStamp(line string) string {
	if len(line) < 20 || (line[0] < '0' || line[0] > '9') && line[0] != '[' {
		return line
	}
	if m := stamp.FindStringIndex(line); m != nil {
		return line[m[1]:]
	}
	return line
}

// specialise fits d's generic cause and fix to what its evidence line text,
// the stage and the caller's options show (the port, the file, the reference).
func (d *Diagnosis) specialise(text string, stage Stage, opt Options, prepFiles string) {
	switch d.Signal {
	case "wrong-port":
		d.portFix(text, opt)
		d.checkAskedPort(opt)
	case "listening-on-localhost":
		d.localhostFix(text, opt)
	case "start-command-invalid", "build-command-failed":
		d.commandFixes(text, stage, opt)
	case "prepare-reads-deploy-files":
		if prepFiles != "" {
			d.prepManifestFix(prepFiles)
		}
	case "module-not-found-at-runtime":
		if d.nativeFix(text) || d.sharedLibFix(text) || d.gemFix(text) {
			break
		}
		d.moduleFix(text, opt.Code)
		d.ownModuleFix(text, opt.Code)
	case "start-file-missing":
		if d.quarkusFix(text, opt.Code) {
			break
		}
		d.ownModuleFix(text, opt.Code)
		d.builtFileFix(text, opt.Code)
		d.sourceStartFix(text, opt.Code)
		d.nearFix(text, opt.Code)
		d.entryFix(text, opt.Code)
		d.nestedStartFix(text, opt.Code)
		d.startFolderFix(text, opt.Code)
		d.startManifestFix(text, opt.Code)
		d.tildeFix(text, opt.Code)
		d.folderFix(text, opt.Code)
		d.cdFix(text, opt.Code)
		d.goRunFix(text, opt.Code)
		d.mixReleaseFix(text, opt.Code)
		d.unrunStartFix(text, opt.Code)
		d.scriptStartFix(opt.Code)
	case "connection-refused":
		d.refusedFix(text, opt.Peers)
	case "db-connection-refused":
		d.dbRefusedFix(text, opt.Peers)
	case "https-between-services":
		d.tlsServerFix(text)
	case "lockfile-mismatch":
		d.bundlerPlatformFix(text)
		d.goSumFix(text)
		d.pnpmLockFix(text)
		d.npmLockFix(text)
	case "runtime-version-mismatch":
		d.classVersionFix(text)
		d.opensslMD4Fix(text)
	case "dependency-not-found":
		if !d.bundlerPackageFix(text, opt.Code) {
			d.gemFix(text)
		}
	case "app-crash":
		if !d.quarkusFix(text, opt.Code) {
			d.nestFix(text)
		}
	case "compile-error":
		d.tsModuleFix(text, opt.Code)
		d.templateParseFix(text)
	case "permission-denied", "db-tls-mismatch":
		d.writableFix(text)
		d.mysqlTLSFix(text)
	case "missing-env-variable", "disk-full", "npm-missing-script":
		d.stageFix(text, stage)
		d.buildOnlyFix(opt.Code)
		if d.Signal == "npm-missing-script" {
			d.startScriptFix(text, stage, opt.Code)
		}
	case "deploy-files-missing":
		d.deployFilesFix(text, stage, opt.Code)
	}
	if d.Signal == "host-not-found" || d.Signal == "missing-env-variable" {
		d.locateRef(text, opt.BadRefs)
	}
}

// locateRef points d, an unresolved host or variable read from text, at
// the variable of refs whose reference it shows (or, when the resolver
// names no host, at the one missing service refs reference), naming the
// other variables referencing that service; else at a reference the text
// itself holds.
func (d *Diagnosis) locateRef(text string, refs []BadRef) {
	j := slices.IndexFunc(refs, func(b BadRef) bool { return b.shows(text) })
	if j < 0 && len(refs) > 0 && hostlessNotFound.MatchString(text) &&
		!slices.ContainsFunc(refs, func(b BadRef) bool { return b.Host != refs[0].Host }) {
		j = 0 // the resolver names no host, and one missing service is referenced
	}
	if j >= 0 {
		b := refs[j]
		for i, o := range refs {
			if i != j && o.Host == b.Host && o.Key == b.Key && o.Where == b.Where && o.Ref != b.Ref && !slices.Contains(b.sameKey, o.Ref) {
				b.sameKey = append(slices.Clip(b.sameKey), o.Ref)
			}
			if i != j && o.Host == b.Host && o.Key != b.Key && !slices.Contains(b.Also, o.Key) {
				b.Also = append(slices.Clip(b.Also), o.Key)
				if o.Where == b.Where {
					b.alsoRefs = append(slices.Clip(b.alsoRefs), [2]string{o.Key, o.Ref})
				}
			}
		}
		d.locate(b)
	} else if ref := unresolvedRef.FindString(text); ref != "" {
		_, key, _ := strings.Cut(ref, "_") // hostnames have no underscore: the key follows the first
		d.Cause = "The env reference " + ref + " did not resolve (no service or variable of that name), so the app got the literal text."
		d.Fix = "Correct the hostname before `_" + key + "` in the reference in `run.envVariables` to a service that exists (`zerops_discover` lists them), keeping the variable and its key, or create that service."
	}
}

// hostlessNotFound is a resolver's failure that names no host (.NET's
// SocketException, Rust's lookup error, Erlang's {error,nxdomain}).
var hostlessNotFound = lazyregexp.New(`(?i)(SocketException \([^)]*\)|failed to lookup address information): name or service not known\s*$|\{error,\s*nxdomain\}`)

// unknownOption finds a usage error naming an option the program does not
// have: not what a variable that expands to nothing leaves.
var unknownOption = lazyregexp.New(`(?i)unrecognized arguments: -|no such option: |unknown option '|flag provided but not defined: |unknown (shorthand )?flag: `)

// noValue finds a usage error saying an option got no value: what a
// variable that expands to nothing leaves (`--port $PORT`, `--bind 0.0.0.0:$PORT`).
var noValue = lazyregexp.New(`(?i)requires an argument|expected one argument|'' is not a valid port number`)

// dropEchoes leaves out a generic diagnosis (app-crash, build-command-failed)
// that only echoes a specific one: read from a line the specific one
// explains, or a command's exit status, which the specific cause is why of.
// One cause, one fix (an app-crash's "deploy again" would also undo an env
// fix's point). explained holds the evidence of specific diagnoses already
// left out as another's; dropEchoes adds to it.
func dropEchoes(ds []Diagnosis, explained map[string]bool) []Diagnosis {
	for _, d := range ds {
		if !Generic(d.Signal) {
			explained[d.Evidence] = true
		}
	}
	if len(explained) == 0 {
		return ds
	}
	return slices.DeleteFunc(ds, func(d Diagnosis) bool {
		return Generic(d.Signal) && (explained[d.Evidence] || exitStatus.MatchString(d.Evidence))
	})
}

// exitStatus finds a line that says only that a command or app exited
// unsuccessfully: the end of a failure, whose cause other lines show; or
// only that one follows: Python's traceback header, the JVM's LinkageError
// header (its cause on the line after), a server's words that
// its app failed to start (uvicorn's startup, gunicorn's worker).
var exitStatus = lazyregexp.New(`Traceback \(most recent call last\):?\s*$|^Error: LinkageError occurred while loading main class |Application startup failed|Worker failed to boot|(?i)\bexit(ed)? (with )?(code|status):? [1-9]\d*\b|returned with error code [1-9]|ELIFECYCLE|ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL|^(error )?command failed|\b(build|command) failed\b|BUILD FAILURE|make: \*\*\* .*Error \d+|non-zero (exit|status|code)|^Node\.js v\d+\.\d+\.\d+\s*$`)

// Generic reports whether signal names only that something failed (a
// process that exited, a build command that failed): no cause of its own.
func Generic(signal string) bool { return signal == "app-crash" || signal == "build-command-failed" }

// WithoutStated returns ds with the fix of each diagnosis that text (an
// answer's next step) already states left out, so that an answer says each
// fix once; ds itself is not changed.
func WithoutStated(ds []Diagnosis, text string) []Diagnosis {
	if len(ds) == 0 || text == "" {
		return ds
	}
	out := slices.Clone(ds)
	for i, d := range out {
		fix := strings.TrimSuffix(strings.TrimSpace(d.Fix), ".")
		if fix != "" && (strings.Contains(text, fix) || strings.Contains(text, strings.TrimSuffix(d.FixThenDeploy(), "."))) {
			out[i].Fix = ""
		}
	}
	return out
}

// pyServerLine is a line of a Python server's own (its usage error).
var pyServerLine = lazyregexp.New(`(?i)gunicorn|uvicorn|hypercorn`)

// publicBind is the marker rule's id: a line shows the app bound to all
// interfaces, so a localhost line beside it (Flask prints both) is no failure.
const publicBind = "_public-bind"

// unresolvedRef finds a Zerops env reference left as literal text: a
// hostname (lower case, as hostnames are) before the underscore; Spring's
// ${S3_BUCKET} placeholder is none.
var unresolvedRef = lazyregexp.New(`\$\{[a-z][a-z0-9]*_[A-Za-z0-9_]+\}`)

// listenPort finds the port in a line announcing a listener, in words or a
// JSON log's `"port":3000`.
var listenPort = lazyregexp.New(`(?i)(?:\b(?:listen\w*|running|serving|started|bound|accepting (?:requests|connections)|development server|up (?:on|at))\b|\blocal:).*?(?:(?:localhost|\d{1,3}(?:\.\d{1,3}){3}|\[[:\da-f]*\]|\*|^|\s):(\d{2,5})\b|\bport"?(?::\s*|\s+)(\d{2,5})\b)`)

// otherPort finds the first line announcing a listener when none of the
// announced ports is among ports.
func otherPort(lines []string, ports []int) (int, string, bool) {
	first, text := -1, ""
	for n, raw := range lines {
		low := strings.ToLower(raw)
		if !strings.Contains(low, "listen") && !strings.Contains(low, "started") && !strings.Contains(low, "running") &&
			!strings.Contains(low, "serving") && !strings.Contains(low, "bound") && !strings.Contains(low, "development server") && !strings.Contains(low, "local:") &&
			!strings.Contains(low, "up on") && !strings.Contains(low, "up at") && !strings.Contains(low, "accepting") && !strings.Contains(low, "0.0.0.0:") && !strings.Contains(low, "::]:") && !strings.Contains(low, ":::") {
			continue
		}
		port, ok := announcedPort(stripANSI(raw))
		if !ok {
			continue
		}
		p, err := strconv.Atoi(port)
		if err != nil {
			continue
		}
		if slices.Contains(ports, p) {
			return 0, "", false
		}
		if first < 0 {
			first, text = n, stripANSI(raw)
		}
	}
	return first, text, first >= 0
}

// bindAddrPort finds the port of an all-interfaces bind address a line
// shows (0.0.0.0:N, [::]:N, :::N): only a listener is bound there,
// whatever the server's banner says around it (Ktor's "Responding at").
var bindAddrPort = lazyregexp.New(`(?:^|[\s/@(=])(?:0\.0\.0\.0|\[::\]|::):(\d{2,5})\b`)

// announcedPort is the port line announces a listener on: in words
// (listenPort), or by an all-interfaces bind address (bindAddrPort).
func announcedPort(line string) (string, bool) {
	if m := listenPort.FindStringSubmatch(line); m != nil {
		return m[1] + m[2], true
	}
	if m := bindAddrPort.FindStringSubmatch(line); m != nil && !balancerLine.MatchString(line) {
		return m[1], true
	}
	return "", false
}

// ListenPorts are the ports lines announce a listener on, in the order
// first announced, each once.
func ListenPorts(lines []string) []int {
	var out []int
	for _, raw := range lines {
		m := listenPort.FindStringSubmatch(stripANSI(raw))
		if m == nil {
			continue
		}
		if p, err := strconv.Atoi(m[1] + m[2]); err == nil && !slices.Contains(out, p) {
			out = append(out, p)
		}
	}
	return out
}

// matches reports whether line shows the rule's failure.
func (r *rule) matches(line string) bool {
	return r.re.MatchString(line) && (r.and == nil || r.and.MatchString(line)) && (r.not == nil || !r.not.MatchString(line))
}

// signalFor names the rule's signal in stage; an unknown stage reads as runtime
// where the rule applies there.
func (r *rule) signalFor(stage Stage) string {
	switch stage {
	case Build:
		return r.build
	case Runtime:
		return r.runtime
	}
	if r.runtime != "" {
		return r.runtime
	}
	return r.build
}

// stripANSI drops terminal colour sequences (ESC [ … letter) from line.
func stripANSI(line string) string {
	if strings.IndexByte(line, 0x1b) < 0 {
		return line
	}
	var b strings.Builder
	for i := 0; i < len(line); i++ {
		if line[i] == 0x1b && i+1 < len(line) && line[i+1] == '[' {
			j := i + 2
			for j < len(line) && (line[j] < '@' || line[j] > '~') {
				j++
			}
			i = j
			continue
		}
		b.WriteByte(line[i])
	}
	return b.String()
}

// clip trims line to maxEvidence bytes on a rune boundary.
func clip(line string) string {
	line = strings.TrimSpace(line)
	if len(line) <= maxEvidence {
		return line
	}
	cut := maxEvidence
	for cut > 0 && !utf8.RuneStart(line[cut]) {
		cut--
	}
	return line[:cut] + "…"
}

// initCommandRe finds the init command a failure line names.
// (the sandbox's failReason `init command failed: "…" exited with code N`
// as well as the older `initCommands: "…" exited with`).
var initCommandRe = lazyregexp.New(`init(?:Commands?| command failed): "(.+)" exited with`)

// missingFileRe finds the file a start-file-missing line names.
var missingFileRe = lazyregexp.New(`Cannot find module '([^']+)'|The application '([^']+\.dll)' does not exist|can't open file '([^']+)'|Could not open input file: (\S+)|Unable to access jarfile (\S+)|can't cd to (\S+?):|^node: (\S+): not found|sh: (?:line )?(?:\d+: )?([\w.@+-]*/\S+): (?:not found|No such file or directory)|Module not found "([^"]+)"`)

// initCommandLine is the line that names the failing init command: the
// platform's RUN.INIT line names none, the failReason after it does.
func initCommandLine(lines []string, f found) string {
	for _, l := range lines[min(f.line, len(lines)):] {
		if initCommandRe.MatchString(l) {
			return l
		}
	}
	return f.bare
}

// initProgramFix fits d to an init command (cmd, as zerops.yml holds it)
// whose program prog the run container lacks. A static or nginx container
// runs no language at a start (walk 86: "run `npm run migrat` elsewhere"
// kept the typo and left out the build): what the command makes belongs in
// the build, what it changes in a database at each deploy in a runtime
// service's init commands; a mistyped script is named corrected.
func (d *Diagnosis) initProgramFix(cmd, subject, prog string, c *Code) {
	d.Cause = subject + " runs " + prog + ", which its run container does not have, so it fails and the app is not started (init commands run at every container start, before `run.start`)."
	d.Fix = "Install " + prog + " in `run.prepareCommands` (`sudo apk add --no-cache <package>` on Alpine, `sudo apt-get install -y <package>` on Ubuntu), or correct " + cmd + " in `run.initCommands`; every init command must exit 0."
	base := c.runBase()
	if base != "static" && base != "nginx" {
		return
	}
	d.Cause = subject + " runs " + prog + ", which the " + base + " run container (Nginx serving files, with no language) does not have, so it fails and the app is not started (init commands run at every container start, before `run.start`)."
	fixed := cmd
	if m := npmRunRe.FindStringSubmatch(strings.Trim(cmd, "`")); m != nil {
		if near := c.nearScript(m[2]); near != "" {
			fixed = "`" + m[1] + near + m[3] + "` (package.json's \"scripts\" has `" + near + "`, not `" + m[2] + "`)"
		}
	}
	d.Fix = "Remove " + cmd + " from this setup's `run.initCommands`: the " + base + " container runs no language. If it makes files the site serves, run " + fixed +
		" in `build.buildCommands` instead, with a build.base that has " + prog + "; if it changes a database at each deploy (a migration), run it in the `run.initCommands` of a runtime service that has " + prog + "."
}

// npmRunRe splits a package manager's script run: what comes before the
// script's name, the name, and what follows it.
var npmRunRe = lazyregexp.New(`^((?:npm|pnpm|yarn|bun) run )([\w:.-]+)(.*)$`)

// nearScript is the script of package.json closest to name, a script it
// lacks; "" when the scripts were not read, it has name, or none is near.
func (c *Code) nearScript(name string) string {
	if c == nil || !c.ScriptsRead || slices.Contains(c.ScriptNames, name) {
		return ""
	}
	return editdist.NearKey(name, c.ScriptNames)
}

// initFix fits d, an init command's failure (its line text), to what made
// it fail, a line the init command printed first (cause): the one fix for
// that, the file it runs into deployFiles or its options, in place of the
// advice for every way an init command fails.
func (d *Diagnosis) initFix(text string, cause found, c *Code) {
	cmd, subject := "the init command", "An init command"
	if m := initCommandRe.FindStringSubmatch(text); m != nil {
		// The line quotes the command (Go's %q): named as zerops.yml
		// holds it, its quotes unescaped.
		written := m[1]
		if u, err := strconv.Unquote(`"` + m[1] + `"`); err == nil {
			written = u
		}
		cmd = "`" + written + "`"
		subject = "The init command " + cmd
	}
	if m := denoPermission.FindStringSubmatch(cause.bare); m != nil {
		d.Cause = "The init command " + cmd + " runs Deno without " + m[1] + " access (" + m[2] + " not given), so it fails and the app is not started (init commands run at every container start, before `run.start`)."
		d.Fix = "Add " + m[2] + " before the script in " + cmd + " in `run.initCommands` (or `-A` for every permission); every init command must exit 0."
		return
	}
	if m := missingScript.FindStringSubmatch(cause.bare); m != nil && cause.sig.id == "npm-missing-script" {
		// Walk 85: said of run.start, whose fix offered node on deno@1.
		name := strings.Join(m[1:], "")
		script := "`" + name + "`"
		d.Evidence = clip(cause.text) // walk 86: npm's line says why, the platform's RUN.INIT line does not
		d.Cause = subject + " runs the script " + script + ", which package.json's \"scripts\" does not define, so it fails and the app is not started (init commands run at every container start, before `run.start`)."
		d.Fix = "Correct " + script + " in " + cmd + " in `run.initCommands` to a script package.json's \"scripts\" has, or add it there; every init command must exit 0."
		if near := c.nearScript(name); near != "" { // walk 86: `migrate` beside `migrat` went unnamed
			d.Fix = "In " + cmd + " in `run.initCommands`, run `" + near + "` in place of " + script + " (package.json's \"scripts\" has " + "`" + near + "`), or add a " + script + " script; every init command must exit 0."
		}
		return
	}
	if m := missingProgram.FindStringSubmatch(cause.bare); m != nil {
		d.Evidence = clip(cause.text)
		d.initProgramFix(cmd, subject, "`"+m[1]+m[2]+"`", c)
		return
	}
	if cause.sig.id == "start-command-invalid" {
		d.Cause = subject + " stops with its usage error, so the app is not started (init commands run at every container start, before `run.start`)."
		d.Fix = "Correct " + cmd + " in `run.initCommands` to options its program accepts (its usage line lists them); every init command must exit 0."
		return
	}
	file, rel := "the file it runs", "that file"
	if m := missingFileRe.FindStringSubmatch(cause.bare); m != nil {
		for _, g := range m[1:] {
			if g != "" { // deployFiles name it from the build's directory, which /var/www mirrors
				file, rel = "`"+g+"`", "`"+strings.TrimPrefix(g, "/var/www/")+"`"
				break
			}
		}
	}
	if prep := preparedElsewhere(c, strings.Trim(rel, "`")); prep != "" {
		// A run.prepareCommands line names it and runs where they all run,
		// /home/zerops: what it makes stays there, not in /var/www.
		d.Cause = subject + " runs " + file + ", which is not in /var/www: `" + prep + "` in `run.prepareCommands` names it, and prepare commands run in /home/zerops, so what they make lands there (init commands run in /var/www)."
		d.Fix = "Begin that line of `run.prepareCommands` with `cd /var/www && ` (the deployed files join what it leaves there, as official recipes install so); or run the file from /home/zerops in " + cmd + " in `run.initCommands`."
		return
	}
	d.Cause = subject + " runs " + file + ", which the deploy did not put in /var/www, so it fails and the app is not started (init commands run at every container start, before `run.start`)."
	d.Fix = "Deploy " + rel + ": the build must have it (uploaded, or made by a build command) and `build.deployFiles` must include it; or correct its path in " + cmd + " in `run.initCommands`."
	if near := c.nearTop(strings.Trim(rel, "`")); near != "" {
		// Walk 87 (own): `php artisn` was told to deploy `artisn`.
		d.Evidence = clip(cause.text)
		d.Cause = subject + " runs " + file + ", which is not in /var/www; the upload has `" + near + "`, so it fails and the app is not started (init commands run at every container start, before `run.start`)."
		d.Fix = "In " + cmd + " in `run.initCommands`, write `" + near + "` in place of " + rel + "."
	}
}

// nearTop is the name at the top of the upload (c.Top) closest to file,
// a path the deploy lacks: one or two letters off, of its extension; ""
// when file is in a folder, or no name is near.
func (c *Code) nearTop(file string) string {
	if c == nil || len(c.Top) == 0 || strings.Contains(file, "/") || slices.Contains(c.Top, file) {
		return ""
	}
	if path.Ext(file) != "" {
		return NearFile(file, c.Top)
	}
	var bare []string // files without an extension: artisan, console
	for _, n := range c.Top {
		if !strings.HasSuffix(n, "/") && path.Ext(n) == "" {
			bare = append(bare, n)
		}
	}
	if near := editdist.NearKey(file, bare); near != "" && editdist.EditDistanceWithin(file, near, 3) <= 2 {
		return near
	}
	return ""
}

// preparedElsewhere is the first of c's run.prepareCommands that shows
// file (a relative path) in its working directory without a cd to
// /var/www first: it runs it (`./q3server auto-install`) or downloads it
// there (`curl -Lo linuxgsm.sh …`); "" when none does.
func preparedElsewhere(c *Code, file string) string {
	if c == nil || strings.HasPrefix(file, "/") {
		return ""
	}
	name := path.Base(file)
	for _, p := range c.Prepare {
		if strings.Contains(p, "cd /var/www") || strings.Contains(p, "cd \"/var/www") {
			continue
		}
		words := strings.Fields(p)
		for i, w := range words {
			w = strings.Trim(w, `"';&|()`)
			if w == "./"+name || w == name && i > 0 && outputFlags[words[i-1]] {
				return p
			}
		}
	}
	return ""
}

// outputFlags name the file a download writes (curl, wget).
var outputFlags = map[string]bool{"-o": true, "-Lo": true, "-sLo": true, "-fsSLo": true, "-O": true, "-qO": true, "--output": true, "--output-document": true}

// copyStatRe finds the source cp or mv could not find (coreutils' and
// busybox's words).
var copyStatRe = lazyregexp.New(`\b(?:cp|mv): (?:cannot|can't) stat '([^']+)': No such file or directory`)

// initCopyFix fits d, an init command's failure (its line text), to a
// copy or move before it (in before) whose source is not there: the file
// to deploy, or the path to correct.
func (d *Diagnosis) initCopyFix(text string, before []string) {
	var file string
	for _, l := range slices.Backward(before) {
		if m := copyStatRe.FindStringSubmatch(l); m != nil {
			file = m[1]
			break
		}
	}
	if file == "" {
		return
	}
	cmd := "the init command"
	if m := initCommandRe.FindStringSubmatch(text); m != nil {
		written := m[1]
		if u, err := strconv.Unquote(`"` + m[1] + `"`); err == nil {
			written = u
		}
		cmd = "`" + written + "`"
	}
	rel := strings.TrimPrefix(file, "/var/www/")
	d.Cause = "The init command " + cmd + " copies `" + file + "`, which the deploy did not put in /var/www, so it fails and the app is not started (init commands run at every container start, before `run.start`)."
	d.Fix = "Deploy `" + rel + "` where " + cmd + " reads it (/var/www mirrors the build's directory: `build.deployFiles` must include it at that path), or correct the path in " + cmd + " in `run.initCommands` to where the deploy puts the file."
}

// servedIndex finds, in a runtime line, the index file or document root a
// web server or app looked for where it serves from.
var servedIndex = lazyregexp.New(`"(\S*/index\.(?:html?|php))" (?:failed|is not found)|internally redirecting to "(\S*/index\.html?)"|\b(?:stat|open) '(\S*/index\.html?)'|DocumentRoot \[?(\S+?)\]? does not exist|No matching DirectoryIndex|directory index of "(\S+?)" is forbidden|File does not exist: (\S*/index\.(?:html?|php))\b`)

// servedFileFix fits d, deploy-files-missing read from a running server's
// line (text), to what it shows: the file the server serves is not where
// it looks, so the build's output was not deployed there.
func (d *Diagnosis) servedFileFix(text string, stage Stage) {
	m := servedIndex.FindStringSubmatch(text)
	if stage == Build || m == nil {
		return
	}
	what := "the index file"
	for i, g := range m[1:] {
		if g != "" {
			what = "`" + g + "`"
			if i == 4 { // nginx's directory without an index file, autoindex off: a 403
				what = "index file in `" + g + "`"
			}
			break
		}
	}
	d.Cause = "The server finds no " + what + " where it serves the app from: the build's output was not deployed there (deployFiles), or the server's root points elsewhere."
	d.Fix = "Make `build.deployFiles` include the directory the build writes (e.g. `dist`; `dist/~` deploys its contents to /var/www), and point the server at the directory that holds the index file (`run.documentRoot` for static and PHP services, or the path the app serves); then deploy again."
}

// nextNoBuildRe reads the directory `next start` found no build in.
var nextNoBuildRe = lazyregexp.New(nextNoBuild)

// nextBuildFix fits d, deploy-files-missing read from text, to `next
// start` finding no build: the build's output directory was not deployed.
// Where c shows the build runs `next build`, that is not the fix: the
// folder it writes is left out of deployFiles, or (listed there) the start
// looks for it in another folder. It reports whether text was that line.
func (d *Diagnosis) nextBuildFix(text string, c *Code) bool {
	m := nextNoBuildRe.FindStringSubmatch(text)
	if m == nil {
		return false
	}
	dir := strings.TrimPrefix(m[2], "/var/www/")
	if built, ok := nextBuilt(dir, c); ok {
		if !deploysEntry(c.DeployFiles, built) {
			d.Cause = "`next start` finds no production build in `" + m[2] + "`: the build runs `next build`, which writes `" + built + "`, but `build.deployFiles` does not list `" + built + "`, so the run container lacks it."
			d.Fix = "Add `" + built + "` to `build.deployFiles` (beside node_modules, package.json, public and next.config.*; the build commands stay as they are), then deploy again."
			return true
		}
		d.Cause = "`next start` finds no production build in `" + m[2] + "`, though the build runs `next build` and `build.deployFiles` lists `" + built + "`: the start looks for it from another folder than the one it is deployed to (/var/www/" + built + ")."
		d.Fix = "Start Next.js from the folder `" + built + "` is deployed in (/var/www: no `cd` elsewhere in `run.start`, no other directory argument to `next start`), or deploy `" + built + "` where the start looks; then deploy again."
		return true
	}
	if c != nil && (c.NoBuild || strings.HasSuffix(c.Unrun, "(next build)")) {
		// The build never ran `next build`: that is the cause, and the
		// step to add; deployFiles only where it leaves the folder out.
		if c.NoBuild {
			d.Cause = "`next start` finds no production build in `" + m[2] + "`: the setup runs no build command, so `next build` never ran and only the pushed files were deployed."
			d.Fix = "Add " + c.installAndBuild() + " (package.json's build script, `next build`) to `build.buildCommands`" + deployAlso(dir, c) + ", then deploy again."
			return true
		}
		d.Cause = "`next start` finds no production build in `" + m[2] + "`: package.json's build script runs `next build`, but no command in `build.buildCommands` runs that script."
		d.Fix = "Add `" + c.UnrunBy + "` to `build.buildCommands` after the install" + deployAlso(dir, c) + ", then deploy again."
		return true
	}
	d.Cause = "`next start` finds no production build in `" + m[2] + "`: the run container has only the deployed files, and the build's output directory was not among them (or the build never ran `next build`)."
	d.Fix = "Run `next build` in `build.buildCommands` and add `" + dir + "` to `build.deployFiles` (with node_modules, package.json, public and next.config.*); with `output: 'standalone'`, deploy `.next/standalone` (plus `.next/static` and public) and start `node server.js` instead. Then deploy again."
	return true
}

// nextBuilt is the folder c's build writes with `next build` that the
// start's missing build directory dir is (the same path, or one ending in
// it: a monorepo's apps/web/.next), and whether there is one.
func nextBuilt(dir string, c *Code) (string, bool) {
	if c == nil {
		return "", false
	}
	dir = deployEntry(dir)
	for _, b := range c.Built {
		folder, tool, _ := strings.Cut(b, " (")
		if tool != "next build)" {
			continue
		}
		folder = deployEntry(folder)
		switch {
		case folder == dir || strings.HasSuffix(folder, "/"+dir):
			return folder, true
		case strings.HasSuffix(dir, "/"+folder): // next build run in a sub-folder the start names
			return dir, true
		}
	}
	return "", false
}

// deploysEntry reports whether build.deployFiles files carry the path
// entry: the entry itself, a folder above it, or the whole tree.
func deploysEntry(files []string, entry string) bool {
	for _, f := range files {
		if f := deployEntry(f); f == "." || f == entry || strings.HasPrefix(entry, f+"/") {
			return true
		}
	}
	return false
}

// appRefFormatRe reads an app server's refusal of its app reference's
// form; noAppModuleRe gunicorn's of none given.
var (
	appRefFormatRe = lazyregexp.New(appRefFormat)
	noAppModuleRe  = lazyregexp.New(noAppModule)
)

// appRefFix fits d, start-command-invalid read from text, to an app server
// that refused the form of the app reference in `run.start`. It reports
// whether text was such a line.
func (d *Diagnosis) appRefFix(text string) bool {
	if !appRefFormatRe.MatchString(text) {
		return false
	}
	if noAppModuleRe.MatchString(text) {
		d.Cause = "gunicorn was started without the app it serves: `run.start` names no app module, so it prints its usage and exits."
		d.Fix = "Name the app in `run.start` as module:attribute, e.g. `gunicorn app.wsgi:application --bind 0.0.0.0:<port>` for Django (the package that holds wsgi.py) or `gunicorn main:app --bind 0.0.0.0:<port>` for `app` in main.py, or set `wsgi_app` (gunicorn 20.1 and later) in a gunicorn.conf.py that is deployed; then deploy again."
		return true
	}
	d.Cause = "`run.start` names the app in a form its server does not read: uvicorn and gunicorn take it as module:attribute (main:app for `app` in main.py)."
	d.Fix = "Write the app in `run.start` as module:attribute, e.g. `uvicorn main:app --host 0.0.0.0 --port <port>` or `gunicorn main:app --bind 0.0.0.0:<port>`, then deploy again."
	return true
}

// commandFixes fits d, a start or build command's failure read from text,
// to what the line shows: an app reference's form, Deno's permission, an
// option the program lacks or one left without its value.
func (d *Diagnosis) commandFixes(text string, stage Stage, opt Options) {
	if d.appRefFix(text) || d.denoFix(text, stage) || d.execFormatFix(text, stage) {
		return
	}
	d.commandFix(text, stage)
	if d.Signal == "build-command-failed" {
		return
	}
	d.tsFix(text)
	if noValue.MatchString(text) { // the options are right: a variable giving one its value is unset
		d.Cause = "An option of the start command has no value, so the program prints its usage and exits: a variable in `run.start` that the container does not set expands to nothing (`--port $PORT` with PORT unset)."
		d.Fix = "Set the variable `run.start` uses in `run.envVariables` (PORT: \"<port>\" for a `$PORT`), or write the value in `run.start`."
	}
	if l := langOf(opt.Runtime); l != "" && l != "python" && !pyServerLine.MatchString(text) {
		d.Fix = strings.Replace(d.Fix, pyStartOptions, "", 1)
	}
	if unknownOption.MatchString(text) { // an option it does not have: no value is missing
		d.Fix = strings.Replace(d.Fix, unsetOption, "", 1)
	}
	if strings.HasPrefix(text, "gunicorn: ") { // gunicorn's own usage error: its options alone
		d.Fix = strings.Replace(d.Fix, pyStartOptions, strings.TrimSuffix(gunicornOptions, ";")+".", 1)
	}
}

// fit specialises d, read from f, to what lines and opt show: the
// signal's own cause and fix made to name this log's file, variable, port
// or command.
func (d *Diagnosis) fit(f found, lines []string, stage Stage, opt Options, prepFiles string, initCause *found) {
	d.specialise(f.bare, stage, opt, prepFiles)
	d.familyFix(lines, f.line, f.bare, stage, opt.Code)
	d.didYouMeanFix(lines, f.line) // modules.go
	switch f.sig.id {
	case "missing-env-variable":
		d.settingsFix(lines, f.line, stage)
		d.zodEnvFix(lines, f.line, stage)
		d.envPropFix(lines, f.line)
	case "health-check-failed":
		d.healthPortFix(f.bare, lines)
	case "readiness-check-failed":
		d.readinessPortFix(f.bare, lines, opt.declared())
		d.readinessTimeoutFix(f.bare)
		d.readinessStatusFix(f.bare)
	case "app-crash":
		d.exitFix(lines) // exitcode.go
	case "compile-error":
		d.nodeSyntaxFix(lines, f.line, f.bare) // nodesyntax.go
	case "init-command-failed":
		if initCause != nil {
			d.initFix(initCommandLine(lines, f), *initCause, opt.Code)
		} else {
			d.initCopyFix(initCommandLine(lines, f), lines[:min(f.line, len(lines))])
			d.systemctlVerbFix(lines[:min(f.line, len(lines))])
		}
	}
	d.fillPort(opt)
}
