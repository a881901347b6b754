package diagnose

import (
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// readinessLine is a line of the readiness check's own. The facts give no
// wording of what the platform prints for it, so any line naming it (a
// `[readiness]` tag, "readiness check", `readinessCheck`) is one.
var readinessLine = lazyregexp.New(`(?i)readiness`)

// A readiness line's verdict: checkFailed says an attempt (or the check)
// failed, checkPassed that one answered or the check passed. A status
// code counts only standing as one, not as a part of an IP or a port.
var (
	checkFailed = lazyregexp.New(`(?i)\b(fail\w*|never|not|no|refused|unreachable|unhealthy|unsuccessful|errors?|timed? ?out|timeout|deadline|exceeded|gave up|giving up)\b|(^|[\s:"'=])[45]\d\d([\s"',.]|$)`)
	checkPassed = lazyregexp.New(`(?i)\b(pass(ed|es)?|succeeded|successful(ly)?|ok|healthy)\b|(^|[\s:"'=])2\d\d([\s"',.]|$)`)
)

// checkPassedLater reports whether f, read from a line of the readiness
// check, is an attempt of a check that passed later: a later line of the
// check says it passed (or answered 2xx), and none after that says it
// failed. The check retries until it passes; an attempt before the app
// listened is no failure.
func checkPassedLater(lines []string, f found) bool {
	if !readinessLine.MatchString(f.bare) {
		return false
	}
	ok := false
	for _, raw := range lines[min(f.line+1, len(lines)):] {
		l := stripStamp(stripANSI(raw))
		if !readinessLine.MatchString(l) {
			continue
		}
		switch {
		case checkFailed.MatchString(l):
			ok = false
		case checkPassed.MatchString(l):
			ok = true
		}
	}
	return ok
}

// cleared reports whether f is no failure after all: a refusal a later
// line shows connected, or an attempt of a readiness check that passed.
func cleared(lines []string, f found) bool {
	return refusal(f.sig.id) && recovered(lines, f) || checkPassedLater(lines, f)
}

// checkRefusedPort is the port a refused readiness check asked, read from
// its URL (or host:port); 0 when no refusal is the check's.
func checkRefusedPort(got []found) int {
	for _, f := range got {
		if f.sig.id != "connection-refused" || !readinessLine.MatchString(f.bare) {
			continue
		}
		if _, port := refusedHostPort(f.bare); port != "" {
			p, _ := strconv.Atoi(port)
			return p
		}
	}
	return 0
}

// checkTimedOut is a readiness line whose request got no answer in time.
var checkTimedOut = lazyregexp.New(`(?i)\b(deadline exceeded|timed? ?out|timeout)\b`)

// readinessTimeoutFix fits d, a readiness check that never passed read
// from line, to a check whose requests timed out: the app took the
// connection but did not answer within the request's timeout (5 s, the
// platform's for each check request).
func (d *Diagnosis) readinessTimeoutFix(line string) {
	if !readinessLine.MatchString(line) || !checkTimedOut.MatchString(line) || strings.Contains(strings.ToLower(line), "refused") {
		return
	}
	d.Cause = "The new version never passed `deploy.readinessCheck`, so it was not deployed: the app took the check's requests but answered none within the 5 s each request waits."
	d.Fix = "Make the checked path answer 2xx within 5 s: a light path that does not wait on a database, a migration or a warm-up, served while the app has a thread or worker free (a slow start is fine, the check retries); or check another path that does. Then deploy again."
}

// checkAskedPort fits d, a wrong port inferred from a refused readiness
// check (opt.checkAsked), to what the log shows: the port is the one the
// check asks, which run.ports may or may not declare.
func (d *Diagnosis) checkAskedPort(opt Options) {
	if !opt.checkAsked || len(opt.Ports) == 0 {
		return
	}
	want := strconv.Itoa(opt.Ports[0])
	d.Cause = strings.Replace(d.Cause, "the declared port "+want, "port "+want+", which the readiness check asks", 1)
}

// checkStatus is a status code standing as one in a line: after a space,
// a quote, `=`, `(`, `[` or `>` (`HTTP 503`, `-> 404`, `status=500`), or
// after a status word and a colon (`statuscode:503`); not a part of an IP
// or of a host's port (`10.0.4.9:500`), nor a count of a unit (checkUnit).
var checkStatus = lazyregexp.New(`(?i)(?:^|[\s"'=(\[>]|(?:status|code|http)\s*:)([1-5]\d\d)\b`)

// checkUnit follows a number that is a duration, a size or a share, no
// status: `500 ms`, `404ms`, `500 KB`, `503/600`.
var checkUnit = lazyregexp.New(`(?i)^\s*(ms|msecs?|s|secs?|seconds?|m|mins?|minutes?|b|bytes?|[kmg]i?b|%|/\d|\.\d)\b|^/\d|^\.\d|^%`)

// checkAnswered is the first status a line of the readiness check shows
// the checked path answered (a 4xx or 5xx, or a 1xx or 2xx); "" when the
// line is none of the check's or shows no status. A redirect (3xx) is no
// answer of the check's own, which follows redirects.
func checkAnswered(line string) string {
	if !readinessLine.MatchString(line) {
		return ""
	}
	for _, m := range checkStatus.FindAllStringSubmatchIndex(line, -1) {
		code := line[m[2]:m[3]]
		if code[0] == '3' || checkUnit.MatchString(line[m[3]:]) {
			continue
		}
		return code
	}
	return ""
}

// checkAnsweredNon2xx is the near of a readiness check's line reporting
// its path answered 4xx or 5xx: whatever its words, the check failed
// there, unless a later pass clears it (checkPassedLater).
func checkAnsweredNon2xx(_ []string, _ int, line string) bool {
	code := checkAnswered(line)
	return code != "" && (code[0] == '4' || code[0] == '5')
}

// checkPath is the path a readiness check's line asks: a URL's, one after
// a port (`:3000/ready`), or after GET or the word path.
var checkPath = lazyregexp.New(`(?i)(?:https?://[^/\s]+|(?:^|\s):\d{2,5}|\b(?:GET|HEAD|path)\b:?\s+)(/[^\s?#"',:;)]*)`)

// readinessStatusFix fits d, a readiness check that never passed read
// from line, to a check whose path answered a status other than 2xx:
// the cause names the status and the path where the line shows them, the
// fix is the path answering 2xx within the check's 5 s.
func (d *Diagnosis) readinessStatusFix(line string) {
	code := checkAnswered(line)
	if code == "" || code[0] != '4' && code[0] != '5' || checkTimedOut.MatchString(line) || strings.Contains(strings.ToLower(line), "refused") {
		return
	}
	path, the := "", "the checked path"
	if m := checkPath.FindStringSubmatch(line); m != nil {
		path, the = m[1], "`"+m[1]+"`"
	}
	d.Cause = "The new version never passed `deploy.readinessCheck`, so it was not deployed: " + the + " answered " + code + ", and the check passes only on 2xx."
	d.Fix = "Make " + the + " answer 2xx within 5 s once the app can serve (a light path that does not wait on a database or a warm-up; a slow start is fine, the check retries)"
	switch {
	case code == "404" && path != "":
		d.Fix += ", or set `deploy.readinessCheck.httpGet.path` to a path the app serves (it serves no " + the + ")"
	case code == "404":
		d.Fix += ", or set `deploy.readinessCheck.httpGet.path` to a path the app serves"
	default:
		d.Fix += "; where it answers " + code + " because a service it needs is down, the lines before show which"
	}
	d.Fix += ". Then deploy again."
}
