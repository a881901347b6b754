package fakeapi

import (
	"github.com/zeropsio/zcp/platform/appsim"
	"regexp"
	"sort"
)

// refRe is a cross-service reference in an env value: ${hostname_key}, or
// $hostname_key without braces (as official recipes write it).
var refRe = regexp.MustCompile(`\$\{([a-z][a-z0-9]*)_([A-Za-z0-9_]+)\}|\$([a-z][a-z0-9]*)_([A-Za-z0-9_]+)`)

// startEnv is the environment s's containers start with when they run d,
// as of now: the facts' precedence is system (generated) > zerops.yml
// run.envVariables (d's, fixed at its deploy) > service secret > project
// variable. A reference to another service's variable resolves to its
// value; one to a variable that service lacks stays as written.
func (st *state) startEnv(s *service, d *deployedSetup) appsim.Env {
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
	for _, e := range system {
		raw[e.Key] = e.Content
	}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := appsim.Env{Vars: make(map[string]string, len(raw))}
	for _, k := range keys {
		out.Vars[k] = refRe.ReplaceAllStringFunc(raw[k], func(ref string) string {
			m := refRe.FindStringSubmatch(ref)
			if m[1] == "" {
				m = m[2:] // the form without braces
			}
			o := st.serviceByName(s.ProjectID, m[1])
			if o == nil || o.system() {
				if out.MissingHost == "" {
					out.MissingHost = m[1]
				}
				return ref
			}
			if e := findEnv(o.Env, m[2]); e != nil {
				return e.Content
			}
			out.Unresolved = append(out.Unresolved, k+" holds "+ref)
			return ref
		})
	}
	return out
}
