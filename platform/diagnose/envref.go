package diagnose

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// Where a variable is set: the places a bad reference can live.
const (
	InService = "service" // a service variable (secret), set with zerops_env
	InProject = "project" // a project variable, set with zerops_env project=true
	InYml     = "yml"     // run.envVariables of the deployed zerops.yml, changed with a deploy
)

// BadRef is a variable whose ${host_key} reference names no service of the
// project, so the app reads text that is no hostname or value.
type BadRef struct {
	Where    string   // InService, InProject or InYml
	Service  string   // the service the app runs in (InService: that holds the variable)
	Key      string   // the variable, e.g. REDIS_HOST
	Ref      string   // the reference, e.g. ${redis_hostname}
	Host     string   // the hostname the reference names, e.g. redis
	Services []string // the project's hostnames, to reference instead
	Near     string   // a hostname close to Host (a typo's likely target), or ""
	Kin      []Kin    // the project's services of the kind Host names (postgres → its postgresql services)
	Gone     string   // Host was just deleted: when, and its latest backup; or ""
	Recreate string   // with Gone: how to create Host again and restore its backup
	Whole    bool     // the variable's value is the reference alone
	// URL marks a connection URL naming Host itself, no reference
	// (postgresql://${db_user}:…@postgres:5432/db): Ref is Host, and
	// the fix replaces the host.
	URL      bool
	Also     []string    // the other variables referencing Host, e.g. MEILI_URL beside MEILI_KEY
	alsoRefs [][2]string // of Also, those held where Key is: each key and its reference
	sameKey  []string    // Key's other references to Host (`${pg_connectionString}/${pg_dbName}`)
}

// Kin is a service of the kind a reference names: its hostname and type.
type Kin struct {
	Name, Type string   // e.g. db, postgresql@16
	Keys       []string // its variables' keys, when read; nil: not read
}

// Has reports whether k has the variable key, the reference's own key with
// its closing brace ("_connectionString}"); true when its keys were not read.
func (k Kin) Has(key string) bool {
	return k.Keys == nil || slices.Contains(k.Keys, strings.Trim(key, "_}"))
}

// KinRefs is ref's key on each service of kin, with its type:
// "${db_connectionString} (db is postgresql@16) or ${pg_…} (pg is …)".
// key is the reference's own key with its closing brace ("_connectionString}").
// A service without that key (RabbitMQ has no connectionString) is named
// with the keys it has, to build the value from.
func KinRefs(kin []Kin, key string) string {
	refs := make([]string, len(kin))
	for i, k := range kin {
		refs[i] = "${" + k.Name + key + " (" + k.Name + " is " + k.Type + ")"
		if !k.Has(key) {
			have := make([]string, len(k.Keys))
			for j, h := range k.Keys {
				have[j] = "${" + k.Name + "_" + h + "}"
			}
			refs[i] = "a value built from " + strings.Join(have, ", ") + " (" + k.Name + " is " + k.Type + " and has no " + strings.Trim(key, "_}") + ")"
		}
	}
	return strings.Join(refs, " or ")
}

// KinHave reports whether every service of kin has key (as KinRefs takes it).
func KinHave(kin []Kin, key string) bool {
	return !slices.ContainsFunc(kin, func(k Kin) bool { return !k.Has(key) })
}

// shows reports whether line shows b: the reference itself, or as a whole
// word its host (what a resolver names) or its variable (what a lookup names).
func (b BadRef) shows(line string) bool {
	return !b.URL && strings.Contains(line, b.Ref) || hasWord(line, b.Host) || hasWord(line, b.Key)
}

// KinHosts names each service of kin as the host to write instead of a
// missing one: "db (or ${db_hostname}; db is postgresql@16)".
func KinHosts(kin []Kin) string {
	parts := make([]string, len(kin))
	for i, k := range kin {
		parts[i] = fmt.Sprintf("%s (or ${%s_hostname}; %s is %s)", k.Name, k.Name, k.Name, k.Type)
	}
	return strings.Join(parts, ", or ")
}

// locateURL is locate's for b, a connection URL whose host, written out,
// no service has: the fix replaces that host with the service of its kind.
func (d *Diagnosis) locateURL(b BadRef, scope, target string) {
	d.Cause = fmt.Sprintf("The %s is a connection URL to the host %s, but the project has no service %s, so the app looks up a host that does not resolve.", scope, b.Host, b.Host)
	with := "the hostname of the service it means (the project's services: " + strings.Join(b.Services, ", ") + ")"
	if len(b.Kin) > 0 {
		with = KinHosts(b.Kin)
	}
	if b.Where == InYml {
		d.Fix = fmt.Sprintf("In zerops.yml `run.envVariables`, in %s replace the host %s with %s, then zerops_deploy again.", b.Key, b.Host, with)
		return
	}
	d.Fix = fmt.Sprintf("Change the variable, not zerops.yml (a redeploy keeps it): in %s replace the host %s with %s, with zerops_env action=set %s variables=[\"%s=…\"] restart=true.",
		b.Key, b.Host, with, target, b.Key)
	d.envOnly = true
}

// hasWord reports whether w stands in line as a whole word: not inside a
// longer name (letters, digits, _ and -), nor after a dot (cache.redis, a
// domain's tail). A non-ASCII neighbour is no name's part; it steps over
// line by runes, so an empty w is looked for between runes only.
func hasWord(line, w string) bool {
	for i := 0; i+len(w) <= len(line); {
		j := strings.Index(line[i:], w)
		if j < 0 {
			return false
		}
		i += j
		end := i + len(w)
		if (i == 0 || !nameByte(line[i-1]) && line[i-1] != '.') && (end == len(line) || !nameByte(line[end])) {
			return true
		}
		if i == len(line) {
			return false
		}
		_, size := utf8.DecodeRuneInString(line[i:])
		i += size
	}
	return false
}

// nameByte reports whether c can be part of a hostname or variable name.
func nameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-'
}

// locate rewrites d, a diagnosis of an unresolved host or variable, to name
// the variable that holds the bad reference and the change that fixes it,
// keeping the variable's key: in zerops.yml, then a deploy; a service or
// project variable with zerops_env, which a redeploy or rollback keeps.
func (d *Diagnosis) locate(b BadRef) {
	scope, target := "service variable "+b.Key+" of "+b.Service, "serviceHostname="+b.Service
	switch b.Where {
	case InProject:
		scope, target = "project variable "+b.Key, "project=true"
	case InYml:
		scope = "variable " + b.Key + " in `run.envVariables` of zerops.yml"
	}
	d.missing = b.Host
	if b.URL {
		d.locateURL(b, scope, target)
		return
	}
	refs := strings.Join(append([]string{b.Ref}, b.sameKey...), " and ")
	d.Cause = fmt.Sprintf("The %s references %s, but the project has no service %s, so the app gets a host or value that does not exist.", scope, refs, b.Host)
	if b.Gone != "" {
		d.Cause = fmt.Sprintf("The %s references %s, but %s.", scope, refs, b.Gone)
	}
	if len(b.Also) > 0 { // one cause: the answer leaves their warnings to this diagnosis
		d.Cause += fmt.Sprintf(" %s %s %s too.", strings.Join(b.Also, " and "), pickWord(len(b.Also), "references", "reference"), b.Host)
	}
	key := strings.TrimPrefix(b.Ref, "${"+b.Host)                 // the reference's own key, kept: "_connectionString}"
	if bare, ok := strings.CutPrefix(b.Ref, "$"+b.Host+"_"); ok { // $host_key, without braces
		key = "_" + bare + "}"
	}
	// With no service of the kind the reference names, none of the others
	// is known to fit: the reference resolves again once a service with its
	// hostname exists (again, when it was just deleted), else the agent
	// picks a service of the kind the app needs, if the project has one.
	create := fmt.Sprintf("Create a service with hostname %s (zerops_import) so that %s resolves; or ", b.Host, b.Ref)
	if b.Gone != "" && b.Recreate != "" {
		create = fmt.Sprintf("%s, so that %s resolves; or ", b.Recreate, b.Ref)
	}
	use := "the key " + strings.Trim(key, "_}") + " of a service of the kind the app needs, if the project has one (" + strings.Join(b.Services, ", ") + ")"
	switch { // the kind the reference names first: a hostname that looks alike may be another kind (pg, py)
	case len(b.Kin) > 0 && b.Gone != "" && b.Recreate != "":
		// Deleted a moment ago, its data in its backup: another service
		// of its kind holds other data, so the way back comes first.
		use = KinRefs(b.Kin, key) + " (its data is not " + b.Host + "'s, which the backup holds)"
	case len(b.Kin) > 0: // the same key on each service of the kind the reference names
		create, use = "", KinRefs(b.Kin, key)
	case b.Near != "":
		create, use = "", "e.g. ${"+b.Near+key+" (services: "+strings.Join(b.Services, ", ")+")"
	case b.Gone != "" && b.Recreate != "":
		// Its kind is known and none of it is left: the other services
		// (runtimes, storage, another kind of database) are no way out.
		d.Fix = b.goneFix()
		d.envOnly = b.Where != InYml
		return
	}
	if b.Where == InYml {
		d.Fix = fmt.Sprintf("%sin zerops.yml `run.envVariables`, keep %s and reference %s instead of %s%s%s, then zerops_deploy again.", create, b.Key, use, b.Ref, b.sameKeyFix(), b.alsoFix())
		if !KinHave(b.Kin, key) {
			d.Fix = fmt.Sprintf("%sin zerops.yml `run.envVariables`, keep %s and set it to %s instead of %s, then zerops_deploy again.", create, b.Key, use, b.Ref)
		}
		d.Fix = strings.ToUpper(d.Fix[:1]) + d.Fix[1:]
		d.envOnly = false
		return
	}
	value, referencing := "…", " referencing "+use
	if b.Whole && len(b.Kin) == 1 && b.Kin[0].Has(key) { // the call as it is sent
		value, referencing = "${"+b.Kin[0].Name+key, " ("+b.Kin[0].Name+" is "+b.Kin[0].Type+")"
	}
	d.Fix = fmt.Sprintf("%schange the variable, not zerops.yml (a redeploy keeps it): zerops_env action=set %s variables=[\"%s=%s\"] restart=true%s, or zerops_env action=delete %s variables=[\"%s\"] restart=true.",
		create, target, b.Key, value, referencing, target, b.Key)
	d.Fix = strings.ToUpper(d.Fix[:1]) + d.Fix[1:]
	d.envOnly = true
}

// sameKeyFix is, for Key's other references to b.Host, the same change as
// b.Ref's: ", and ${new_key} instead of ${old_key}" for each when one
// service replaces b.Host (as alsoFix), else ", and likewise ${old_key}".
func (b BadRef) sameKeyFix() string {
	to := b.Near
	if len(b.Kin) == 1 {
		to = b.Kin[0].Name
	} else if len(b.Kin) > 1 {
		to = ""
	}
	var out strings.Builder
	for _, ref := range b.sameKey {
		key := strings.TrimPrefix(ref, "${"+b.Host)
		if to == "" || !strings.HasPrefix(ref, "${"+b.Host+"_") || len(b.Kin) == 1 && !b.Kin[0].Has(key) {
			fmt.Fprintf(&out, ", and likewise %s", ref)
			continue
		}
		fmt.Fprintf(&out, ", and ${%s%s instead of %s", to, key, ref)
	}
	return out.String()
}

// alsoFix is, for the other variables of zerops.yml referencing b.Host,
// the same change as b's when one service replaces b.Host (the one
// service of its kind, or the hostname close to it): ", and keep K and
// reference ${new_key} instead of ${old_key}" for each, so that one
// deploy fixes them all; "" otherwise.
func (b BadRef) alsoFix() string {
	to := b.Near
	if len(b.Kin) == 1 {
		to = b.Kin[0].Name
	} else if len(b.Kin) > 1 {
		return ""
	}
	if to == "" {
		return ""
	}
	var out strings.Builder
	for _, kr := range b.alsoRefs {
		ref := strings.Replace(kr[1], "${"+b.Host+"_", "${"+to+"_", 1)
		if ref == kr[1] || len(b.Kin) == 1 && !b.Kin[0].Has(strings.TrimPrefix(ref, "${"+to)) {
			return ""
		}
		fmt.Fprintf(&out, ", and keep %s and reference %s instead of %s", kr[0], ref, kr[1])
	}
	return out.String()
}

// goneFix is the fix for a reference to b.Host, deleted a moment ago, when
// the project has no other service of its kind: create it again (with its
// backup), the variable unchanged, then apply it as the variable is set.
func (b BadRef) goneFix() string {
	fix := fmt.Sprintf("%s, so that %s resolves again: the project has no other service of %s's kind to reference instead", b.Recreate, b.Ref, b.Host)
	fix = strings.ToUpper(fix[:1]) + fix[1:]
	switch b.Where {
	case InYml:
		return fix + "; keep " + b.Key + " in zerops.yml `run.envVariables` as it is, then zerops_deploy again."
	case InProject:
		return fix + "; then restart the services that read " + b.Key + " (zerops_manage action=restart), or drop it if no app needs it: zerops_env action=delete project=true variables=[\"" + b.Key + "\"] restart=true."
	}
	return fix + "; then zerops_manage action=restart serviceHostname=" + b.Service + ", or drop " + b.Key + " if the app no longer needs it: zerops_env action=delete serviceHostname=" + b.Service + " variables=[\"" + b.Key + "\"] restart=true."
}

func pickWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// NeedsDeploy reports whether the fix takes effect with a deploy; false when
// it is an env change that a restart applies.
func (d Diagnosis) NeedsDeploy() bool { return !d.envOnly }

// MissingService is the hostname of the service the project lacks that d's
// cause is a reference to, or "": no rollback brings such a service back.
func (d Diagnosis) MissingService() string { return d.missing }

// FixThenDeploy is the fix as a step that ends in a deploy: the fix, then
// zerops_deploy again, or, when the fix already says to deploy again, the
// fix with that deploy named as the tool, so that it is said once.
func (d Diagnosis) FixThenDeploy() string {
	fix := strings.TrimSuffix(strings.TrimSpace(d.Fix), ".")
	switch {
	case strings.Contains(fix, "zerops_deploy again"), strings.Contains(fix, "then zerops_deploy"):
		return fix + "."
	case strings.Contains(fix, " deploy again"):
		i := strings.LastIndex(fix, " deploy again")
		return fix[:i] + " zerops_deploy again" + fix[i+len(" deploy again"):] + "."
	}
	return fix + "; then zerops_deploy again."
}

// FixForRedeploy is the fix as a step before deploying again a version that
// never ran (its deploy failed): an env fix's restart and "no deploy" are
// for a version that runs, so they are left out, and the deploy is named
// once. Other fixes are FixThenDeploy.
func (d Diagnosis) FixForRedeploy() string {
	if d.NeedsDeploy() {
		return d.FixThenDeploy()
	}
	e := d
	e.Fix = restartTrue.ReplaceAllString(noDeploy.ReplaceAllString(d.Fix, ""), "")
	return e.FixThenDeploy()
}

// noDeploy and restartTrue find an env fix's words for a version that runs:
// that no deploy is needed, and the restart that applies the change.
var (
	noDeploy    = regexp.MustCompile(`[;,]\s*(and )?no deploy( is needed)?`)
	restartTrue = regexp.MustCompile(`\s*restart=true`)
)

// refFailure finds a failure's words in a line: an error or exception, a
// parser's refusal.
var refFailure = regexp.MustCompile(`(?i)error|exception|invalid|\bfail|cannot|can't|could not|unable|not a valid|malformed|bad uri|claims to not accept|\bpanic`)

// refInFailure reports whether a ${host_key} reference in line (lines[n])
// is part of a failure: the line says so, or it is a field of an error
// thrown just above it (Node prints the input below the error), so a config
// echo naming a reference is none, even beside another error.
//
// A hostname that did not resolve is host-not-found's, which names the
// reference itself: no second diagnosis of the same reference.
func refInFailure(lines []string, n int, line string) bool {
	if hostUnresolved.MatchString(line) {
		return false
	}
	if refFailure.MatchString(line) {
		return true
	}
	if !refField.MatchString(line) {
		return false
	}
	for i := n - 1; i >= 0 && i >= n-refContext; i-- {
		if hostUnresolved.MatchString(lines[i]) {
			return false
		}
		if thrownError.MatchString(lines[i]) {
			return true
		}
	}
	return false
}

// refField finds a reference as the value of an indented field: how Node
// (and loggers) print an error object's properties below its message.
var refField = regexp.MustCompile("^\\s+[\\w\"]+:\\s*['\"`]?\\$\\{")

// thrownError finds an error's or exception's name heading its message.
var thrownError = regexp.MustCompile(`\b[A-Z]\w*(Error|Exception)\b(\s*\[\w+\])?:`)

// hostUnresolved is hostNotFound compiled.
var hostUnresolved = regexp.MustCompile(hostNotFound)

// refContext is how many lines above a reference refInFailure reads.
const refContext = 12
