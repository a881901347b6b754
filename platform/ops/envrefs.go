package ops

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/diagnose"
)

// envRefRe matches a reference to another service's variable, ${host_KEY},
// or $host_KEY without braces as official recipes write it (the spring
// recipe's $db_port; the sandbox resolves both): hostnames have no
// underscore, so the first one splits host from key.
var envRefRe = regexp.MustCompile(`\$\{([a-z0-9]+)_([a-zA-Z0-9_]+)\}|\$([a-z][a-z0-9]*)_([a-zA-Z0-9_]+)`)

// refParts are the host and key of envRefRe's match m, in either form.
func refParts(m []string) (host, key string) {
	if m[1] == "" {
		return m[3], m[4]
	}
	return m[1], m[2]
}

// casedRefRe is ${Host_KEY} with a capital in the host: hostnames are
// lowercase, so it names no service and stays the literal text.
var casedRefRe = regexp.MustCompile(`\$\{([a-z0-9]*[A-Z][A-Za-z0-9]*)_([a-zA-Z0-9_]+)\}`)

// refIssue is a ${host_KEY} reference no service of the project resolves.
type refIssue struct {
	text, host, key string
	keys            []string       // the host's keys; nil when the project has no such host
	kin             []diagnose.Kin // the project's services of the kind host names
	gone            string         // host was deleted by ZCP a moment ago: when, and its latest backup
	cased           string         // for a host with capitals: the reference to the service it names in lowercase
	recreate        string         // for a gone host: how to create it again and restore its backup
	runtime         bool           // host is a runtime: its app or zerops.yml may set the key later
}

// refIssues checks each ${host_KEY} in values against the project: a
// missing host, or a host without KEY. It returns the problems and the
// project's hostnames. A reference the check cannot read is passed over,
// never guessed at.
func refIssues(ctx context.Context, proj Project, values []string) ([]refIssue, []string) {
	c, projectID := proj.Client, proj.ID
	var refs, cased []refIssue
	seen := map[string]bool{}
	for _, v := range values {
		for _, m := range envRefRe.FindAllStringSubmatch(v, -1) {
			if !seen[m[0]] {
				seen[m[0]] = true
				host, key := refParts(m)
				refs = append(refs, refIssue{text: m[0], host: host, key: key})
			}
		}
		for _, m := range casedRefRe.FindAllStringSubmatch(v, -1) {
			if !seen[m[0]] {
				seen[m[0]] = true
				cased = append(cased, refIssue{text: m[0], host: m[1], key: m[2]})
			}
		}
	}
	if len(refs) == 0 && len(cased) == 0 {
		return nil, nil
	}
	services, err := listServices(ctx, proj)
	if err != nil {
		return nil, nil
	}
	byName := map[string]platform.ServiceStack{}
	var names []string
	for _, s := range services {
		if s.System {
			continue
		}
		byName[s.Name] = s
		names = append(names, s.Name)
	}
	sort.Strings(names)
	keysOf := map[string][]string{}
	projectKeys := map[string]bool{}
	if envs, err := c.GetProjectEnv(ctx, projectID); err == nil {
		for _, e := range envs {
			projectKeys[e.Key] = true
		}
	}
	var out []refIssue
	for _, r := range cased {
		// Only where the lowercase host is a service that has the key (in
		// any case): ${DB_HOST} may be a variable of the service's own.
		svc, ok := byName[strings.ToLower(r.host)]
		if !ok || projectKeys[r.host+"_"+r.key] {
			continue
		}
		keys := serviceKeys(ctx, c, keysOf, svc)
		if i := slices.IndexFunc(keys, func(k string) bool { return strings.EqualFold(k, r.key) }); i >= 0 {
			r.cased = "${" + svc.Name + "_" + keys[i] + "}"
			out = append(out, r)
		}
	}
	for _, r := range refs {
		svc, ok := byName[r.host]
		if !ok && projectKeys[r.host+"_"+r.key] {
			continue // a project variable whose name holds an underscore
		}
		if !ok {
			goneType := ""
			if n, ok := proj.Memory.deletedService(proj.ID, r.host); ok {
				goneType = n.typ
			}
			r.kin = kinOf(r.host, goneType, services)
			if len(r.kin) == 0 && goneType == "" {
				// No service of a kind its name says: the one other
				// service the same variables reference resolving (DB_USER:
				// ${db_user} beside DB_HOST: ${mysql_hostname}) is the one meant.
				r.kin = siblingKin(refs, byName, r.host)
			}
			for i, k := range r.kin { // the keys each has: a fix keeps the key only where it exists
				r.kin[i].Keys = serviceKeys(ctx, c, keysOf, byName[k.Name])
			}
			r.gone, r.recreate = goneNote(proj, r.host)
			out = append(out, r)
			continue
		}
		if r.key == subdomainVar && (svc.SubdomainAccess || proj.Memory.subdomainPlanned(projectID, svc.Name)) {
			// The platform sets zeropsSubdomain once the subdomain is on:
			// the reference is right, whether the subdomain is on (the
			// variable follows it) or an import asked for it (it is
			// turned on by the host's first deploy).
			continue
		}
		keys := serviceKeys(ctx, c, keysOf, svc)
		if keys != nil && !slices.Contains(keys, r.key) {
			r.keys = keys
			r.runtime = svc.Type.Category == platform.CategoryUser
			out = append(out, r)
		}
	}
	return out, names
}

// siblingKin is the project's service that the other references of refs
// name, when exactly one service of the project is so named (besides
// host, which the project lacks); none otherwise.
func siblingKin(refs []refIssue, byName map[string]platform.ServiceStack, host string) []diagnose.Kin {
	var kin []diagnose.Kin
	for _, o := range refs {
		s, ok := byName[o.host]
		if !ok || o.host == host || s.Type.Category == platform.CategoryUser || slices.ContainsFunc(kin, func(k diagnose.Kin) bool { return k.Name == o.host }) {
			continue
		}
		kin = append(kin, diagnose.Kin{Name: s.Name, Type: s.Type.VersionName})
	}
	if len(kin) != 1 {
		return nil
	}
	return kin
}

// RefFix is the warning of a variable whose value is a reference alone
// that will not resolve: Warning as Warnings hold it, with its fix, and
// Problem, the same warning without the fix, for an answer whose next step
// says what to do instead, so that it says one thing once. Ref is the
// value that replaces it: the reference to the one service of the kind a
// missing service's names (Kin says which, e.g. "db is postgresql@16"), in
// the text around it when the value holds more (redis://${cache_hostname}:6379);
// "" when there is no such one service. Covers are the warnings Problem
// stands for when the value holds more than one such reference (each with
// its own fix); nil means Warning alone.
type RefFix struct {
	Ref, Kin, Warning, Problem string
	Covers                     []string
}

// selfRefFix is the fix of KEY: ${KEY}, which stays the literal text: a
// key that is itself another service's variable as a reference names it
// (db_hostname, db's hostname) needs a key of its own to hold that
// reference; another, a value or another service's variable.
func selfRefFix(ctx context.Context, proj Project, key string) string {
	if host, name, ok := strings.Cut(key, "_"); ok && name != "" {
		if services, err := listServices(ctx, proj); err == nil {
			for _, s := range services {
				if !s.System && s.Name == host {
					k := platform.Clip(key, 60)
					return "Give it a key of its own, e.g. APP_" + strings.ToUpper(k) + ": ${" + k + "} (" + host + "'s " + platform.Clip(name, 60) + "), and read that key in the code"
				}
			}
		}
	}
	return "Give it a value, or reference another service's variable as ${<hostname>_" + platform.Clip(key, 60) + "}"
}

// envRefWarnings names each pair whose value references itself (${KEY} in
// KEY stays the literal text) and each ${host_KEY} in pairs that no service
// of the project resolves: no service host (naming the services there are)
// or no variable KEY on it (naming its keys), each with the likely meant one.
// It also returns the keys of the pairs holding such a reference, and for
// a pair whose value is such a reference alone, its warning and, with one
// service of the kind a missing service's names, that service's reference
// (fixes).
func envRefWarnings(ctx context.Context, proj Project, pairs []EnvPair) (warnings, keys []string, fixes map[string]RefFix) {
	values := make([]string, len(pairs))
	var out []string
	for i, p := range pairs {
		self := "${" + p.Key + "}"
		values[i] = strings.ReplaceAll(p.Value, self, "")
		if values[i] != p.Value {
			fix := selfRefFix(ctx, proj, p.Key)
			out = append(out, fmt.Sprintf("%s references itself: %s stays the literal text; %s.",
				platform.Clip(p.Key, 60), platform.Clip(self, 70), strings.ToLower(fix[:1])+fix[1:]))
		}
	}
	issues, names := refIssues(ctx, proj, values)
	for _, r := range issues {
		problem, fix := r.explain(names)
		out = append(out, problem+"; "+fix+".")
	}
	formed := map[string]bool{}
	for _, p := range pairs {
		for _, f := range formIssues(p.Value) {
			out = append(out, platform.Clip(p.Key, 60)+": "+f.problem+"; "+f.fix+".")
			formed[p.Key] = true
		}
	}
	fixes = map[string]RefFix{}
	for i, p := range pairs {
		if formed[p.Key] || strings.Contains(p.Value, "${"+p.Key+"}") || slices.ContainsFunc(issues, func(r refIssue) bool { return holdsRef(values[i], r.text) }) {
			keys = append(keys, p.Key)
		}
		// A value that is the reference alone: its warning, with and without
		// the fix; to the one service of its kind, the fix is that service's
		// reference.
		if j := slices.IndexFunc(issues, func(r refIssue) bool { return r.text == strings.TrimSpace(p.Value) }); j >= 0 {
			problem, fix := issues[j].explain(names)
			f := RefFix{Warning: problem + "; " + fix + ".", Problem: problem + "."}
			if k := issues[j].kin; issues[j].keys == nil && len(k) == 1 && k[0].Has("_"+issues[j].key+"}") {
				f.Ref, f.Kin = "${"+k[0].Name+"_"+issues[j].key+"}", k[0].Name+" is "+k[0].Type
			}
			fixes[p.Key] = f
		} else if f, ok := embeddedRefFix(p.Value, values[i], issues, names); ok {
			fixes[p.Key] = f
		}
	}
	return out, keys, fixes
}

// embeddedRefFix is the fix of value, a variable's value holding bad
// references among other text (values' reading of it, without self
// references), all to one missing host: each to the one service of the
// kind that host names, keys and the rest kept as written, so that the fix
// leaves none broken. Covers are the warnings of those references, and
// Problem their problem said once. false for references to more than one
// host, no such one service or one without a key, or a value too long or
// quoted to repeat in a call.
func embeddedRefFix(value, read string, issues []refIssue, names []string) (RefFix, bool) {
	var held []refIssue
	for _, r := range issues {
		if holdsRef(read, r.text) && !slices.ContainsFunc(held, func(h refIssue) bool { return h.text == r.text }) {
			held = append(held, r)
		}
	}
	if len(held) == 0 || len(value) > 200 || strings.ContainsAny(value, "\"\\\n") {
		return RefFix{}, false
	}
	f := RefFix{Ref: value}
	texts := make([]string, 0, len(held))
	for _, r := range held {
		if k := r.kin; r.host != held[0].host || r.keys != nil || len(k) != 1 || !k[0].Has("_"+r.key+"}") || !strings.HasPrefix(r.text, "${") {
			return RefFix{}, false
		}
		problem, fix := r.explain(names)
		f.Covers = append(f.Covers, problem+"; "+fix+".")
		texts = append(texts, r.text)
		f.Ref = strings.ReplaceAll(f.Ref, r.text, "${"+r.kin[0].Name+"_"+r.key+"}")
	}
	r := held[0]
	problem, _ := r.explain(names)
	f.Warning, f.Problem, f.Kin = f.Covers[0], strings.Join(texts, ", ")+strings.TrimPrefix(problem, r.text)+".", r.kin[0].Name+" is "+r.kin[0].Type
	return f, true
}

// holdsRef reports whether value holds the reference ref as a whole: a
// bare one ($db_user) is no reference of a value holding only a longer
// one ($db_userName), of which it is a prefix.
func holdsRef(value, ref string) bool {
	for off := 0; ; {
		j := strings.Index(value[off:], ref)
		if j < 0 {
			return false
		}
		end := off + j + len(ref)
		if end == len(value) || strings.HasSuffix(ref, "}") || !isNameChar(value[end]) {
			return true
		}
		off += j + 1
	}
}

// isNameChar reports whether c may be part of a variable's name.
func isNameChar(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// serviceKeys are svc's variables' keys, sorted, read once into keysOf;
// nil when they cannot be read.
func serviceKeys(ctx context.Context, c platform.Client, keysOf map[string][]string, svc platform.ServiceStack) []string {
	if keys, read := keysOf[svc.Name]; read {
		return keys
	}
	envs, err := c.GetServiceEnv(ctx, svc.ID)
	if err != nil {
		keysOf[svc.Name] = nil
		return nil
	}
	keys := make([]string, 0, len(envs))
	for _, e := range envs {
		keys = append(keys, e.Key)
	}
	sort.Strings(keys)
	keysOf[svc.Name] = keys
	return keys
}

// explain says what is wrong with r and how to fix it, given the project's
// hostnames: the hostname or key within two edits when there is one.
func (r refIssue) explain(names []string) (problem, fix string) {
	if r.cased != "" {
		return fmt.Sprintf("%s: hostnames are lowercase, so %q names no service and the reference stays the literal text", r.text, platform.Clip(r.host, 40)),
			"write " + r.cased
	}
	if r.keys == nil {
		problem = fmt.Sprintf("%s: the project has no service %q (services: %s), so nothing resolves it", r.text, platform.Clip(r.host, 40), listSome(names, ", "))
		if r.gone != "" {
			problem += " (" + r.gone + ")"
		}
		fix = "reference one of those hostnames"
		// The kind the reference names first: a hostname that looks alike
		// may be another kind (pg, py).
		switch near := nearest(r.host, names); {
		case len(r.kin) == 1 && !r.kin[0].Has("_"+r.key+"}"): // it has no such key: build the value from those it has
			fix = fmt.Sprintf("reference the project's %s service: %s", kindWord(r.kin[0].Type), diagnose.KinRefs(r.kin, "_"+platform.Clip(r.key, 60)+"}"))
		case len(r.kin) == 1: // keep the key, name the service of that kind
			fix = fmt.Sprintf("reference the project's %s service, keeping the key: %s", kindWord(r.kin[0].Type), diagnose.KinRefs(r.kin, "_"+platform.Clip(r.key, 60)+"}"))
		case len(r.kin) > 1:
			fix = fmt.Sprintf("reference one of the project's services of that kind, keeping the key: %s", diagnose.KinRefs(r.kin, "_"+platform.Clip(r.key, 60)+"}"))
		case near != "":
			fix += fmt.Sprintf(" (likely ${%s_%s})", near, platform.Clip(r.key, 60))
		case r.gone != "":
			// No service of its kind is left: the others are no stand-in.
			fix = r.recreate
		default:
			// No service of the project is of a kind the reference
			// names: the app may need one it lacks.
			fix = fmt.Sprintf("reference one of those hostnames if one is the service meant, or create %s (zerops_import with hostname %s and the type the app needs)",
				platform.Clip(r.host, 40), platform.Clip(r.host, 40))
		}
		return problem, fix
	}
	problem = fmt.Sprintf("%s: %s has no variable %s (it has: %s)", r.text, r.host, platform.Clip(r.key, 60), listSome(r.keys, ", "))
	if r.key == subdomainVar {
		// The platform adds it once the subdomain is on: the name is right.
		return problem, fmt.Sprintf("the variable appears once %s's subdomain is enabled: zerops_subdomain serviceHostname=%s action=enable (after a deploy that registers an httpSupport port)", r.host, r.host)
	}
	if near := nearestKey(r.key, r.keys); near != "" {
		return problem, fmt.Sprintf("the likely meant one is ${%s_%s}", r.host, near)
	}
	other := fmt.Sprintf("reference one of the variables it has, as ${%s_<key>}", r.host)
	if len(r.keys) > maxListed { // the problem shows only some
		other = "check the name with zerops_env action=get serviceHostname=" + r.host
	}
	if r.runtime {
		// A runtime's variables grow: its zerops.yml's run.envVariables
		// with its deploy, what its app sets (recipe-medusa's
		// `zsc setSecretEnv CHANNEL_PUBLISHABLE_KEY`), what is set on it.
		key := platform.Clip(r.key, 60)
		return problem, fmt.Sprintf("keep it if %s gets %s later (its zerops.yml's run.envVariables with its deploy, its app's `zsc setSecretEnv %s`, or zerops_env action=set serviceHostname=%s); the services referencing it get the value at their next start; otherwise %s",
			r.host, key, key, r.host, other)
	}
	return problem, other
}

// urlKey is the connection string of keys for a typo that names a URL
// (url, databaseUrl, connectionURL, dsn): the TLS one when it says tls.
func urlKey(low string, keys []string) string {
	if !strings.HasSuffix(low, "url") && !strings.HasSuffix(low, "uri") && !strings.HasSuffix(low, "dsn") && !strings.Contains(low, "connection") {
		return ""
	}
	want := "connectionString"
	if strings.Contains(low, "tls") || strings.Contains(low, "ssl") {
		want = "connectionTlsString"
	}
	for _, k := range keys {
		if k == want {
			return k
		}
	}
	return ""
}

// nearestKey is the key of keys that typo likely means: the shortest one it
// begins (host → hostname, pass → password), else one it abbreviates
// (pwd → password: its letters in order, the first alike), else the one
// within two edits. A key that merely looks alike (host → port) means
// something else, so the shortening readings come first.
func nearestKey(typo string, keys []string) string {
	low := strings.ToLower(typo)
	best := ""
	for _, k := range keys {
		if strings.HasPrefix(strings.ToLower(k), low) && (best == "" || len(k) < len(best)) {
			best = k
		}
	}
	if best != "" {
		return best
	}
	for _, k := range keys { // a key and a suffix the typo adds: hostname_wrong, port_old
		if kl := strings.ToLower(k); strings.HasPrefix(low, kl+"_") && len(k) > len(best) {
			best = k
		}
	}
	if best != "" {
		return best
	}
	if k := urlKey(low, keys); k != "" {
		return k
	}
	if len(low) >= 3 {
		for _, k := range keys {
			if kl := strings.ToLower(k); kl != "" && kl[0] == low[0] && subsequence(low, kl) && (best == "" || len(k) < len(best)) {
				best = k
			}
		}
		if best != "" {
			return best
		}
	}
	return nearest(typo, keys)
}

// subsequence reports whether the bytes of s appear in t in order.
func subsequence(s, t string) bool {
	i := 0
	for j := 0; j < len(t) && i < len(s); j++ {
		if t[j] == s[i] {
			i++
		}
	}
	return i == len(s)
}

// dottedRefRe is ${host.KEY}: another platform's reference form, which
// Zerops leaves as the literal text.
var dottedRefRe = regexp.MustCompile(`\$\{([a-z][a-z0-9]*)\.([A-Za-z0-9_]+)\}`)

// openRefRe is a ${ whose name is not closed by }.
var openRefRe = regexp.MustCompile(`\$\{[A-Za-z0-9_.]*(?:[^A-Za-z0-9_.}]|$)`)

// modifiedRefRe is a reference with modifiers, ${storage_serviceId|lower}:
// official recipes write it (strapi-blog, ghost, wordpress) and run; the
// docs describe such modifiers for the import preprocessor only.
var modifiedRefRe = regexp.MustCompile(`\$\{[A-Za-z0-9_]+(?:\|[A-Za-z]+)+\}`)

// httpsRefRe is https:// to another service's hostname.
var httpsRefRe = regexp.MustCompile(`https://\$\{[a-z][a-z0-9]*_hostname\}(?::\d+)?`)

// formIssue is a problem of an env value that no lookup is needed for.
type formIssue struct{ problem, fix string }

// formIssues finds in value the references Zerops does not read as such
// (dotted, unclosed), which stay the literal text, and HTTPS to another
// service, which serves plain HTTP inside the project.
func formIssues(value string) []formIssue {
	var out []formIssue
	for _, m := range dottedRefRe.FindAllStringSubmatch(value, 5) {
		out = append(out, formIssue{
			fmt.Sprintf("%s is not a Zerops reference (they join the hostname and the variable with an underscore): it stays the literal text", platform.Clip(m[0], 80)),
			fmt.Sprintf("write ${%s_%s}", m[1], platform.Clip(m[2], 60))})
	}
	for _, m := range openRefRe.FindAllString(modifiedRefRe.ReplaceAllString(value, ""), 5) {
		ref := strings.TrimRightFunc(m, func(r rune) bool { return r != '_' && r != '.' && !isAlnum(r) && r != '{' })
		out = append(out, formIssue{
			fmt.Sprintf("%s has no closing }: it is no reference and stays the literal text", platform.Clip(ref, 80)),
			fmt.Sprintf("close it: %s}", platform.Clip(ref, 80))})
	}
	for _, m := range httpsRefRe.FindAllString(value, 5) {
		out = append(out, formIssue{
			fmt.Sprintf("%s: services reach each other over plain http:// inside the project (TLS ends at the Zerops balancer), so HTTPS to it fails", platform.Clip(m, 80)),
			"write " + strings.Replace(platform.Clip(m, 80), "https://", "http://", 1)})
	}
	return out
}

func isAlnum(r rune) bool {
	return (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
}
