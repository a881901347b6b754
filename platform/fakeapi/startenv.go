package fakeapi

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/appsim"
	"github.com/zeropsio/zcp/platform/editdist"
)

// refRe is a cross-service reference in an env value: ${hostname_key}, or
// $hostname_key without braces (as official recipes write it).
var refRe = regexp.MustCompile(`\$\{([a-z][a-z0-9]*)_([A-Za-z0-9_]+)\}|\$([a-z][a-z0-9]*)_([A-Za-z0-9_]+)`)

// casedRefRe is ${Host_key} with a capital in the host: hostnames are
// lowercase, so unless it is the name of a variable the container has, the
// platform leaves it as written.
var casedRefRe = regexp.MustCompile(`\$\{([a-z0-9]*[A-Z][A-Za-z0-9]*_[A-Za-z0-9_]+)\}`)

// ownRefRe is a reference to another variable of the container's own:
// ${KEY}, or ${BUILD_KEY} for the build's variable KEY.
var ownRefRe = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// hostRef is a variable whose value a reference to another service filled
// in when the app started: the variable, the reference, the service.
type hostRef struct{ key, ref, host string }

// startEnv is the environment s's containers start with when they run d,
// as of now: system (generated) variables win, project variables lose,
// and a key both in zerops.yml run.envVariables (d's, fixed at its deploy)
// and a service secret takes the zerops.yml value (the older docs page;
// the newer guide has the platform refuse such a secret, the fake accepts
// it where the facts are unsure). A reference to another service's variable resolves to its
// value; one to a variable that service lacks stays as written, as does
// one to a service the project lacks (the app fails to look that host up
// only when the key holds its address, or the address is written out
// beside it). refs are
// the variables a reference to an existing service filled in.
func (st *state) startEnv(s *service, d *deployedSetup) (out appsim.Env, refs []hostRef) {
	raw := st.rawEnv(s, d)
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out.Vars = make(map[string]string, len(raw))
	out.Mounts = st.mountNames(s)
	out.Peers = st.peerTypes(s)
	noAddress := map[string]bool{}                     // entries of out.Unresolved: a missing service's key that holds no address
	keyOf, hosts := map[string]string{}, []string(nil) // those services, each with the first variable referencing it
	for _, k := range keys {
		out.Vars[k] = refRe.ReplaceAllStringFunc(raw[k], func(ref string) string {
			m := refRe.FindStringSubmatch(ref)
			bare := m[1] == ""
			if bare {
				m = m[2:] // the form without braces
			}
			o := st.serviceByName(s.ProjectID, m[1])
			if o == nil || o.system() {
				// The platform leaves the reference as written. Only a key
				// that carries the service's address makes the app look
				// up a host that does not resolve; a secret or a port is
				// text the sandbox cannot follow.
				switch {
				case !addressKey(m[2]):
					e := k + " holds " + ref + " (the project has no service " + m[1] + ")"
					out.Unresolved, noAddress[e] = append(out.Unresolved, e), true
					if _, seen := keyOf[m[1]]; !seen {
						keyOf[m[1]], hosts = k, append(hosts, m[1])
					}
				case out.MissingHost == "":
					out.MissingHost, out.MissingIn = m[1], k
					if strings.EqualFold(m[2], "hostname") && strings.TrimSpace(raw[k]) == ref { // a URL holding it is parsed, not looked up
						out.MissingLookup = ref
					}
				}
				return ref
			}
			if e := findEnv(o.Env, m[2]); e != nil {
				refs = append(refs, hostRef{k, ref, m[1]})
				if bare {
					out.Braceless = append(out.Braceless, k+" holds "+ref)
				}
				return e.Content
			}
			said := k + " holds " + ref
			keys := make([]string, 0, len(o.Env))
			for _, e := range o.Env {
				keys = append(keys, e.Key)
			}
			if near := editdist.NearKey(m[2], keys); near != "" {
				// Walk 83: validate named ${db_password} for ${db_pass}; the
				// deploy's reason said only that it does not resolve.
				said += ", likely ${" + m[1] + "_" + near + "}"
			}
			out.Unresolved = append(out.Unresolved, said)
			return ref
		})
		for _, m := range casedRefRe.FindAllStringSubmatch(raw[k], -1) {
			p, prefixed := strings.CutPrefix(m[1], "PROJECT_")
			_, plain := raw[p]
			if _, own := raw[m[1]]; !own && (!prefixed || !plain) { // ${PROJECT_KEY}: weighed in resolveOwn
				out.Unresolved = append(out.Unresolved, k+" holds "+m[0])
			}
		}
	}
	for _, h := range hosts {
		// The service's address written out (DB_HOST: db beside
		// ${db_password}): the app looks that host up.
		// The app looks it up where it reads that variable.
		if i := slices.IndexFunc(keys, func(k string) bool { return literalHost(k, raw[k], h) }); out.MissingHost == "" && i >= 0 {
			out.MissingHost, out.MissingIn = h, keys[i]
		}
	}
	if out.MissingHost == "" {
		out.MissingHost, out.MissingIn = st.writtenHostOfNone(s, raw, keys)
	}
	if out.MissingHost != "" { // the host that does not resolve decides
		out.Unresolved = slices.DeleteFunc(out.Unresolved, func(e string) bool { return noAddress[e] })
	}
	resolveOwn(&out, keys, d)
	return out, refs
}

// writtenHostOfNone is the first host written out in raw (a connection
// URL's, or a host variable's value) that no service of s's project has,
// and the key holding it; "" when none is.
func (st *state) writtenHostOfNone(s *service, raw map[string]string, keys []string) (host, key string) {
	for _, k := range keys {
		// A connection URL naming a host no service has (walk 81:
		// postgresql://${db_user}:${db_password}@postgres:5432/db where
		// the database is db): the app looks that host up where it
		// connects with the variable, as validation warns.
		h, _ := platform.URLHost(raw[k])
		if v := strings.TrimSpace(raw[k]); h == "" && platform.KinFamilies[platform.HostKeyKind(k)] != nil && platform.IsHostLabel(v) && v != "localhost" {
			// DB_HOST: database where no service is database (walk 82: the
			// warning went unsaid at the deploy), as validation warns; a
			// mail host is connected to when mail is sent, not at start.
			h = v
		}
		if h == "" {
			continue
		}
		if o := st.serviceByName(s.ProjectID, h); o == nil || o.system() {
			return h, k
		}
	}
	return "", ""
}

// addressWords are the parts of a variable's name that say it holds an
// address: hostname, connectionString, apiUrl, a user's SERVICE_URI.
var addressWords = []string{"host", "url", "uri", "connection", "addr", "endpoint", "dsn", "domain", "server", "broker"}

// literalHost tells whether the variable key's value names host as an
// address: the whole value of a key that says it holds one (DB_HOST: db;
// a driver or database name alone, MM_SQLSETTINGS_DRIVERNAME: postgres,
// is no lookup), or the host of a URL or host:port in it.
func literalHost(key, value, host string) bool {
	if value == host {
		return addressKey(key)
	}
	for i := strings.Index(value, host); i >= 0; {
		before, after := value[:i], value[i+len(host):]
		if (strings.HasSuffix(before, "//") || strings.HasSuffix(before, "@")) &&
			(after == "" || strings.HasPrefix(after, ":") || strings.HasPrefix(after, "/")) {
			return true
		}
		j := strings.Index(after, host)
		if j < 0 {
			break
		}
		i += len(host) + j
	}
	return false
}

// addressKey tells whether a service's variable key holds its address,
// one an app connects to.
func addressKey(key string) bool {
	key = strings.ToLower(key)
	return slices.ContainsFunc(addressWords, func(w string) bool { return strings.Contains(key, w) })
}

// resolveOwn resolves in out the references to a variable of the
// container's own (a generated one such as zeropsSubdomain, a secret, a
// project variable) or to the build's (${BUILD_KEY}), through chains in any
// key order: a project variable may itself be built from another (the
// guide's URLs from ${zeropsSubdomainHost}). A reference to a variable the
// container lacks stays as written, as does one that leads back to the
// variable itself; each is named in out.Unresolved.
func resolveOwn(out *appsim.Env, keys []string, d *deployedSetup) {
	done := map[string]bool{}
	var expand func(k string, path []string) string
	expand = func(k string, path []string) string {
		if done[k] {
			return out.Vars[k]
		}
		path = append(path, k)
		out.Vars[k] = ownRefRe.ReplaceAllStringFunc(out.Vars[k], func(ref string) string {
			key := ref[2 : len(ref)-1]
			if _, ok := out.Vars[key]; ok && !slices.Contains(path, key) {
				return expand(key, path)
			}
			if b, ok := strings.CutPrefix(key, "BUILD_"); ok && d != nil {
				if v, ok := d.BuildEnv[b]; ok && !ownRefRe.MatchString(v) {
					return v
				}
			}
			if p, ok := strings.CutPrefix(key, "PROJECT_"); ok && !slices.Contains(path, p) {
				if _, has := out.Vars[p]; has {
					// Undocumented, but official recipes write it
					// (recipe-supertokens): weighed as unchecked.
					out.ProjectPrefixed = append(out.ProjectPrefixed, k+" holds "+ref)
					return expand(p, path)
				}
			}
			if refRe.MatchString(ref) || casedRefRe.MatchString(ref) {
				if _, ok := out.Vars[key]; !ok {
					return ref // another service's, weighed in startEnv
				}
			}
			switch _, ok := out.Vars[key]; {
			case key == subdomainVar && !ok:
				out.Unresolved = append(out.Unresolved, k+" holds "+ref+" (the service has "+subdomainVar+" once its subdomain is enabled, from its next start on)")
			default:
				out.Unresolved = append(out.Unresolved, k+" holds "+ref)
			}
			return ref
		})
		done[k] = true
		return out.Vars[k]
	}
	for _, k := range keys {
		expand(k, nil)
	}
}

// rawEnv is each variable s's containers get when they run d, references
// as written, in the facts' precedence (startEnv).
func (st *state) rawEnv(s *service, d *deployedSetup) map[string]string {
	raw := map[string]string{}
	var system []*envVar
	if p := st.projects[s.ProjectID]; p != nil {
		for _, e := range p.Envs {
			switch e.Type {
			case envUser:
				raw[e.Key] = e.Content
			case envSystem:
				system = append(system, e)
			}
		}
	}
	if raw["envIsolation"] == "none" {
		// The legacy mode: every service sees the others' variables as
		// <hostname>_<key>, below its own.
		for _, id := range st.svcOrder {
			if o := st.services[id]; o != nil && o != s && o.ProjectID == s.ProjectID && !o.system() {
				for _, e := range o.Env {
					if e.Type != envEnv {
						raw[o.Name+"_"+e.Key] = e.Content
					}
				}
			}
		}
	}
	for _, e := range s.Env {
		switch e.Type {
		case envSecret:
			raw[e.Key] = e.Content
		case envEnv: // zerops.yml's of the newest deploy: d's are the running version's
		default:
			system = append(system, e)
		}
	}
	for k, v := range d.EnvVariables {
		raw[k] = v
	}
	if e := importedSubdomain(s, d); e != nil {
		system = append(system, e)
	}
	for _, e := range system {
		raw[e.Key] = e.Content
	}
	return raw
}

// importedSubdomain is the zeropsSubdomain variable s's containers start
// with when an import asked for its subdomain (enableSubdomainAccess) and d,
// its first deploy, declares an HTTP port; nil otherwise. The access takes
// effect with that deploy, and the official recipes read the variable from
// their first start (APP_URL: ${zeropsSubdomain}); the service lists it once
// the deploy registered its ports.
func importedSubdomain(s *service, d *deployedSetup) *envVar {
	if !s.subdomainOnDeploy || findEnv(s.Env, subdomainVar) != nil {
		return nil
	}
	for _, p := range d.Ports {
		if p.HTTP {
			return &envVar{Key: subdomainVar, Content: subdomainURL(s.ProjectID, s.Name, p.Port), Type: envReadOnly}
		}
	}
	return nil
}

// goneRefs says what a running app lost when a service a reference
// filled its variables from at its start is gone since (deleted, or being
// deleted): the container keeps the values, which point at nothing, and
// its next start cannot resolve them; "" when none is gone.
func (st *state) goneRefs(s *service, refs []hostRef) string {
	var keys, froms []string
	var gone hostRef
	for _, r := range refs {
		o := st.serviceByName(s.ProjectID, r.host)
		if o != nil && o.Status != platform.ServiceDeleting || gone.host != "" && r.host != gone.host {
			continue
		}
		if gone.host == "" {
			gone = r
		}
		if !slices.Contains(keys, r.key) { // a variable of several references is named once
			keys = append(keys, r.key)
		}
		if !slices.Contains(froms, r.ref) { // each reference the variables hold, not the first alone
			froms = append(froms, r.ref)
		}
	}
	if gone.host == "" {
		return ""
	}
	return fmt.Sprintf("whether the app works without %s: it started with %s from %s, and %s is deleted since; "+
		"the running container keeps the old value, and a restart or redeploy would not resolve the reference (a start that reads it fails: host not found)",
		gone.host, clip(strings.Join(keys, ", "), 80), clip(strings.Join(froms, ", "), 120), gone.host)
}

// nonEmpty is s as a list: none when s is empty.
func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}

// peerTypes maps the other services of s's project to their types
// (valkey@7.2), as the app's environment knows them.
func (st *state) peerTypes(s *service) map[string]string {
	out := map[string]string{}
	for _, id := range st.svcOrder {
		if o := st.services[id]; o != nil && o != s && o.ProjectID == s.ProjectID && o.Version != nil {
			out[o.Name] = o.Version.Name
		}
	}
	return out
}
