package schema

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/editdist"
)

// Validate checks doc (a decoded YAML document) against the schema and
// answers each schema error as a path, problem and fix. A null value where
// the schema wants another type is a warning, not an error: official
// recipes ship them and the platform reads them (facts: warn, do not
// refuse). A type or base the schema's list names in another form (an OS
// prefix, :single/:ha, golang for go, a shorter version or @latest) is no
// error.
func (s *Schema) Validate(doc any) (errs, warns []platform.Issue) {
	if s == nil {
		return nil, nil
	}
	return s.validate(toJSON(doc))
}

// validate maps the schema errors of a JSON instance.
func (s *Schema) validate(inst any) (errs, warns []platform.Issue) {
	found := s.root.check(inst, nil, 0)
	if len(found) == 0 {
		return nil, nil
	}
	m := mapper{inst: inst, seen: map[string]bool{}}
	for _, e := range found {
		m.collect(e)
	}
	for _, n := range m.nulls {
		slices.Sort(n.keys) // one answer for one document
		m.add(true, platform.NullEnvIssue(n.path, n.keys, n.want))
	}
	sortIssues(m.errs)
	sortIssues(m.warns)
	return m.errs, m.warns
}

// mapper turns validation errors into issues. Used by one goroutine.
type mapper struct {
	inst        any
	errs, warns []platform.Issue
	seen        map[string]bool
	nulls       []nullVars // one warning per env mapping, not per key
}

// nullVars are the keys of one env mapping (at path) whose value is null.
type nullVars struct {
	path, want string
	keys       []string
}

func (m *mapper) collect(e *vErr) {
	switch e.kind {
	case errAnyOf, errOneOf:
		m.alternatives(e)
	case errGroup:
		for _, c := range e.causes {
			m.collect(c)
		}
	default:
		m.leaf(e)
	}
}

// alternatives reports a value no alternative of anyOf/oneOf accepts: as
// one type issue when every alternative wants another type, else as the
// first alternative's errors.
func (m *mapper) alternatives(e *vErr) {
	var wants []string
	for _, c := range e.causes {
		if t, ok := typeErrorAt(c, e.loc); ok {
			wants = append(wants, t.want...)
			continue
		}
		m.collect(c)
		return
	}
	if len(wants) == 0 {
		m.add(false, platform.Issue{Path: m.path(e.loc), Problem: "matches none of the forms the platform's schema allows here",
			Fix: "Change the value to what the platform's schema asks for."})
		return
	}
	slices.Sort(wants)
	m.typeIssue(e.loc, typeName(m.at(e.loc)), slices.Compact(wants))
}

// typeErrorAt is e, or its only cause, when it is a type error at loc.
func typeErrorAt(e *vErr, loc []string) (*vErr, bool) {
	for e.kind == errGroup && len(e.causes) == 1 {
		e = e.causes[0]
	}
	return e, e.kind == errType && slices.Equal(e.loc, loc)
}

func (m *mapper) leaf(e *vErr) {
	loc := e.loc
	switch e.kind {
	case errAdditional:
		for _, p := range e.want {
			fix := "Remove it."
			if parent := lastKey(loc); platform.RecipeKey(parent, p) {
				m.add(true, platform.RecipeKeyIssue(m.path(append(slices.Clone(loc), p)), p, m.at(append(slices.Clone(loc), p))))
				continue
			}
			if lo, hi, ok := rangeOf(p, e.allowed); ok {
				// The docs write a docker service's fixed resources as
				// cpu/ram/disk; the schema has only the bounds. Which the
				// platform takes is not settled: warn, never refuse.
				m.add(true, platform.Issue{Path: m.path(append(slices.Clone(loc), p)),
					Problem: fmt.Sprintf("%q is not in the platform's schema, which has %s and %s here (the Zerops docs write a docker service's fixed resources as %s: N)", p, lo, hi, p),
					Fix:     "If the platform refuses it, write " + lo + ": N and " + hi + ": N instead (the same N for a fixed value).", Kind: platform.IssueUnknownKey})
				continue
			} else if under := setupChild(lastKey(loc), p, e.allowed); under != "" {
				fix = under
			} else if p == "ports" && slices.Contains(e.allowed, "buildFromGit") {
				// Older imports (official recipes' among them) gave a
				// service its ports; they live in zerops.yml now.
				fix = "An import has no ports: move them to zerops.yml, under run.ports of the setup that deploys to this service, the values kept (port, httpSupport); then remove the key here."
			} else if p == "startCommand" && slices.Contains(e.allowed, "buildFromGit") {
				// So did their start command: run.start now.
				fix = "An import has no start command: move its value to zerops.yml as run.start of the setup that deploys to this service; then remove the key here."
			} else if near := nearOrSynonym(p, e.allowed); near != "" {
				fix = "Did you mean " + near + "? Rename it to " + near + "; otherwise remove it."
			} else if len(e.allowed) > 0 {
				fix = "Remove it; the platform's schema allows here: " + strings.Join(e.allowed, ", ") + "."
			}
			m.add(false, platform.Issue{Path: m.path(append(slices.Clone(loc), p)), Problem: fmt.Sprintf("unknown key %q", platform.Clip(p, 40)),
				Fix: fix, Kind: platform.IssueUnknownKey})
		}
	case errRequired:
		for _, p := range e.want {
			m.add(false, platform.Issue{Path: m.path(append(slices.Clone(loc), p)), Problem: "missing: the platform's schema requires it",
				Fix: "Add " + p + "."})
		}
	case errType:
		m.typeIssue(loc, e.got, e.want)
	case errEnum, errConst:
		m.enumIssue(loc, fmt.Sprint(e.value), e.value, e.values)
	case errFalse:
		m.add(false, platform.Issue{Path: m.path(loc), Problem: "not allowed here by the platform's schema", Fix: "Remove it."})
	default:
		m.add(false, platform.Issue{Path: m.path(loc), Problem: platform.Clip(e.msg, 200),
			Fix: "Change the value to what the platform's schema asks for."})
	}
}

// runKeys and buildKeys are keys of a zerops.yml setup's run and build
// blocks that older files (official recipes among them) wrote on the setup
// itself.
var (
	runKeys   = []string{"envVariables", "start", "ports", "initCommands", "prepareCommands", "healthCheck", "crontab", "envReplace", "documentRoot", "siteConfigPath", "startCommands"}
	buildKeys = []string{"buildCommands", "deployFiles", "cache", "addToRunPrepare"}
)

// setupChild is the fix for key p written on a zerops.yml setup (parent
// "zerops") that belongs in its run or build block: move it there, its
// value kept; "" for any other key.
func setupChild(parent, p string, allowed []string) string {
	switch {
	case parent != "zerops" || !slices.Contains(allowed, "run") || !slices.Contains(allowed, "build"):
	case p == "envVariables":
		return "Move it under run: (run.envVariables, where the running app reads it), its values kept; variables the build needs go to build.envVariables."
	case slices.Contains(runKeys, p):
		return "Move it under run: (run." + p + "), its value kept."
	case slices.Contains(buildKeys, p):
		return "Move it under build: (build." + p + "), its value kept."
	}
	return ""
}

// lastKey is the last key of loc that is no list index.
func lastKey(loc []string) string {
	for i := len(loc) - 1; i >= 0; i-- {
		if _, err := strconv.Atoi(loc[i]); err != nil {
			return loc[i]
		}
	}
	return ""
}

// keySynonyms are keys other tools spell differently (a crontab entry's
// cron "schedule", a compose "cmd"), by the key the schema has for them.
var keySynonyms = map[string]string{"schedule": "timing", "cron": "timing", "cmd": "command",
	"environment": "envVariables", "env": "envVariables"}

// nearOrSynonym is the allowed key that unknown misspells or names in
// another tool's words, "" when none.
func nearOrSynonym(unknown string, allowed []string) string {
	if syn, ok := keySynonyms[strings.ToLower(unknown)]; ok && slices.Contains(allowed, syn) {
		return syn
	}
	return editdist.NearKey(platform.Clip(unknown, 60), allowed)
}

// rangeOf names the bounds the schema allows (minX, maxX) for key x given
// as one value: `cpu: 2` where the schema has minCpu and maxCpu.
func rangeOf(key string, allowed []string) (lo, hi string, ok bool) {
	if key == "" {
		return "", "", false
	}
	title := strings.ToUpper(key[:1]) + key[1:]
	lo, hi = "min"+title, "max"+title
	return lo, hi, slices.Contains(allowed, lo) && slices.Contains(allowed, hi)
}

func (m *mapper) typeIssue(loc []string, got string, wantTypes []string) {
	want := strings.Join(wantTypes, " or ")
	if got == "null" && len(loc) > 1 && loc[len(loc)-2] == "envVariables" {
		m.nullVar(loc, want)
		return
	}
	if got == "null" {
		m.add(true, platform.Issue{Path: m.path(loc), Problem: "empty value (null): the platform's schema wants " + want,
			Fix: `Write a value ("" for an empty string) or remove the key; the platform may read null as empty or drop it.`})
		return
	}
	if got == "string" && slices.Contains(wantTypes, "integer") && m.checkTimer(loc) {
		// recipe-jenkins writes failureTimeout: 600s, and a public report
		// (2026-08) has the deploy API refuse integers there and read Go
		// durations: schema and API disagree, so warn, never refuse.
		m.add(true, platform.Issue{Path: m.path(loc), Problem: "a duration where the platform's schema wants integer seconds; the deploy API is reported to read these timers as durations, so which form it takes is disputed",
			Fix: "Keep it if the platform accepts it; if the platform refuses it, write the seconds as an integer."})
		return
	}
	if got == "object" && lastKey(loc) == "zeropsSetup" && slices.Contains(wantTypes, "string") {
		// recipe-quake3-server writes its setup inline here; the schema
		// and the docs want a setup's name, and carry an inline zerops.yml
		// as zeropsYaml. Which the platform takes is not settled: warn.
		m.add(true, platform.Issue{Path: m.path(loc), Problem: "an inline setup where the platform's schema and docs want a setup's name (an official recipe writes it this way); whether the platform takes it is not settled",
			Fix: "Keep it if the platform accepts it; if the platform refuses it, name the setup here (zeropsSetup: NAME) and put the setup under zeropsYaml as zerops: [{setup: NAME, build: …, run: …}], or in the repository's zerops.yml."})
		return
	}
	fix := "Write " + want + "."
	switch {
	case slices.Contains(wantTypes, "array") && got == "string":
		fix = "Write it as a list, one item per line starting with '- '."
	case slices.Contains(wantTypes, "string") && (got == "number" || got == "integer" || got == "boolean"):
		fix = "Quote the value to make it a string."
	case slices.Contains(wantTypes, "object"):
		fix = "Write key: value pairs indented under it."
	}
	m.add(false, platform.Issue{Path: m.path(loc), Problem: fmt.Sprintf("must be %s, got %s", want, got), Fix: fix})
}

// nullVar records the env variable at loc as null, for the one warning
// of its mapping.
func (m *mapper) nullVar(loc []string, want string) {
	path, key := m.path(loc[:len(loc)-1]), loc[len(loc)-1]
	i := slices.IndexFunc(m.nulls, func(n nullVars) bool { return n.path == path })
	if i < 0 {
		m.nulls = append(m.nulls, nullVars{path: path, want: want})
		i = len(m.nulls) - 1
	}
	if !slices.Contains(m.nulls[i].keys, key) {
		m.nulls[i].keys = append(m.nulls[i].keys, key)
	}
}

// checkTimer tells whether loc is a readiness or health check's timer
// whose value is a Go duration ("600s").
func (m *mapper) checkTimer(loc []string) bool {
	if len(loc) < 2 || (loc[len(loc)-2] != "readinessCheck" && loc[len(loc)-2] != "healthCheck") {
		return false
	}
	s, ok := m.at(loc).(string)
	if !ok {
		return false
	}
	_, err := time.ParseDuration(s)
	return err == nil
}

// enumIssue reports a value outside the schema's list, unless the list
// names it in another form.
func (m *mapper) enumIssue(loc []string, got string, raw any, want []any) {
	var values []string
	for _, w := range want {
		values = append(values, fmt.Sprint(w))
	}
	if s, ok := raw.(string); ok {
		for _, v := range values {
			if platform.TypeMatches(s, v) {
				return
			}
		}
	}
	m.add(false, platform.Issue{Path: m.path(loc), Problem: fmt.Sprintf("%q is not a value the platform's schema lists here", platform.Clip(got, 60)),
		Fix: nearestValues(got, values)})
}

// nearestValues is the fix of a value outside a list: the values of the
// same name (nodejs@… for nodejs@99), else the closest few, else the list
// when it is short.
func nearestValues(got string, values []string) string {
	name := got
	if t, err := platform.ParseServiceType(got); err == nil {
		name = t.Name
	}
	var same []string
	ubuntu := false
	for _, v := range values {
		if t, err := platform.ParseServiceType(v); err == nil && t.Name == name && t.Version != "" {
			if t.OS != "alpine" && platform.UbuntuOnly(t.Name, t.Version) {
				v, ubuntu = v+" (Ubuntu only)", true
			}
			same = append(same, v)
		}
	}
	if len(same) > 0 {
		fix := "Use one of: " + strings.Join(clipList(same, 12), ", ") + "."
		if ubuntu {
			fix += " " + platform.UbuntuOnlyFix(name)
		}
		return fix
	}
	type scored struct {
		v string
		d int
	}
	var near []scored
	for _, v := range values {
		if d := editdist.EditDistanceWithin(strings.ToLower(got), strings.ToLower(v), 4); d < 4 {
			near = append(near, scored{v, d})
		}
	}
	sort.SliceStable(near, func(i, j int) bool { return near[i].d < near[j].d })
	if len(near) > 0 {
		out := make([]string, 0, 3)
		for _, n := range near[:min(3, len(near))] {
			out = append(out, n.v)
		}
		return "Did you mean " + strings.Join(out, " or ") + "?"
	}
	return "Use one of: " + strings.Join(clipList(values, 20), ", ") + "."
}

func clipList(l []string, n int) []string {
	if len(l) <= n {
		return l
	}
	return append(slices.Clone(l[:n]), fmt.Sprintf("… (%d more)", len(l)-n))
}

func (m *mapper) add(warn bool, is platform.Issue) {
	key := fmt.Sprint(warn, is.Path, is.Problem)
	if m.seen[key] {
		return
	}
	m.seen[key] = true
	is.Path, is.Problem, is.Fix = platform.Clip(is.Path, platform.MaxIssueText), platform.Clip(is.Problem, platform.MaxIssueText), platform.Clip(is.Fix, platform.MaxIssueText)
	if warn {
		m.warns = append(m.warns, is)
		return
	}
	m.errs = append(m.errs, is)
}

// path renders an instance location the way ZCP's issues name it:
// zerops[0].run.base, services[2](db).type.
func (m *mapper) path(loc []string) string {
	var b strings.Builder
	cur := m.inst
	for i, tok := range loc {
		switch c := cur.(type) {
		case []any:
			n, _ := strconv.Atoi(tok)
			fmt.Fprintf(&b, "[%d]", n)
			if n >= 0 && n < len(c) {
				cur = c[n]
				if i == 1 && loc[0] == "services" {
					if h, ok := hostnameOf(cur); ok {
						b.WriteString("(" + platform.Clip(h, 40) + ")")
					}
				}
			} else {
				cur = nil
			}
		default:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(platform.Clip(tok, 60))
			if mm, ok := cur.(map[string]any); ok {
				cur = mm[tok]
			} else {
				cur = nil
			}
		}
	}
	return b.String()
}

func hostnameOf(v any) (string, bool) {
	m, ok := v.(map[string]any)
	if !ok {
		return "", false
	}
	h, ok := m["hostname"].(string)
	return h, ok && h != ""
}

// at is the instance value at loc (nil when there is none).
func (m *mapper) at(loc []string) any {
	v, _ := descend(m.inst, loc)
	return v
}

// descend is the value at toks (object keys and array indexes) under cur;
// false when there is none.
func descend(cur any, toks []string) (any, bool) {
	for _, tok := range toks {
		switch c := cur.(type) {
		case []any:
			n, err := strconv.Atoi(tok)
			if err != nil || n < 0 || n >= len(c) {
				return nil, false
			}
			cur = c[n]
		case map[string]any:
			v, ok := c[tok]
			if !ok {
				return nil, false
			}
			cur = v
		default:
			return nil, false
		}
	}
	return cur, true
}

func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "string"
	case bool:
		return "boolean"
	case int, int64, uint64, float64:
		return "number"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// toJSON turns a decoded YAML value into the JSON data model the validator
// takes: string keys, timestamps as text.
func toJSON(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, val := range x {
			out[k] = toJSON(val)
		}
		return out
	case map[any]any:
		out := make(map[string]any, len(x))
		for k, val := range x {
			out[fmt.Sprint(k)] = toJSON(val)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, val := range x {
			out[i] = toJSON(val)
		}
		return out
	case time.Time:
		return x.Format(time.RFC3339)
	}
	return v
}

func sortIssues(l []platform.Issue) {
	sort.SliceStable(l, func(i, j int) bool { return l[i].Path < l[j].Path })
}
