package yamlcheck

import (
	"cmp"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/zeropsyml"
)

// shaper checks a decoded zerops.yml's keys and value types against the
// model's key sets (zeropsyml.Fields) as the decoder checks an import.yml:
// a wrong type or an unknown key is an issue at its path, and the rest of
// the document is still checked. The paths whose values it refused are in
// bad. Not safe for concurrent use.
type shaper struct {
	c   *checker
	bad badPaths
}

// badPaths are the paths of values of the wrong shape.
type badPaths map[string]bool

// ok reports whether a mapping at path holds key and its value had its
// shape.
func (b badPaths) ok(k zeropsyml.Keys, path, key string) bool {
	return k.Has(key) && !b[join(path, key)]
}

// mapping checks v at path as a mapping holding fields, and answers it
// (false: not a mapping, reported).
func (s shaper) mapping(path string, v any, fields []zeropsyml.Field) (map[string]any, bool) {
	m, ok := s.c.asMap(path, v)
	if !ok {
		return nil, false
	}
	s.c.unknownKeys(path, m, zeropsyml.Names(fields), true)
	for _, f := range fields {
		if x, has := m[f.Key]; has && !s.value(join(path, f.Key), x, f) {
			s.bad[join(path, f.Key)] = true
		}
	}
	return m, true
}

// value checks v at path against f's shape; false when it does not have it.
func (s shaper) value(path string, v any, f zeropsyml.Field) bool {
	c, n := s.c, s.c.errorCount()
	switch f.Shape {
	case zeropsyml.ShapeText:
		_, ok := c.wantString(path, v)
		return ok
	case zeropsyml.ShapeInt:
		_, ok := c.wantInt(path, v)
		return ok
	case zeropsyml.ShapeBool:
		c.wantBool(path, v)
		_, ok := v.(bool)
		return ok
	case zeropsyml.ShapeTexts:
		c.wantStringOrList(path, v)
	case zeropsyml.ShapeCommands:
		return commands(c, path, v)
	case zeropsyml.ShapeCache:
		if _, isBool := v.(bool); !isBool {
			c.wantStringOrList(path, v)
		}
	case zeropsyml.ShapeEnv:
		c.wantStringMap(path, v)
	case zeropsyml.ShapeMapping:
		_, ok := s.mapping(path, v, f.Keys)
		return ok
	case zeropsyml.ShapeList:
		list, ok := c.asList(path, v)
		for i, it := range list {
			s.mapping(fmt.Sprintf("%s[%d]", path, i), it, f.Keys)
		}
		return ok
	case zeropsyml.ShapeAny, zeropsyml.ShapeItems:
		// read as written; startCommands' shape is left to the platform's schema
	}
	return c.errorCount() == n
}

// commands checks a list of commands (buildCommands, prepareCommands,
// initCommands). A string is refused at its key, as the sandbox's API does:
// the facts are silent on it, and a list always works.
func commands(c *checker, path string, v any) bool {
	if x, ok := v.(string); ok {
		c.shapef(path, "must be a list of commands, got a string").Fix =
			fmt.Sprintf("Write it as a list, each command its own item:\n  - %s", platform.Clip(x, 100))
		return false
	}
	if _, ok := v.([]any); !ok {
		c.shapef(path, "must be a list of commands, got %s", kindOf(v)).Fix = "Write each command as an item of a list: - npm ci"
		return false
	}
	n := c.errorCount()
	c.wantStringOrList(path, v)
	return c.errorCount() == n
}

// Runtimes whose web server starts by itself: no run.start needed.
var noStartBases = []string{"php-nginx", "php-apache", "nginx", "static"}

// setupAt is a setup with what its rules need from the rest of the document.
type setupAt struct {
	*zeropsyml.Setup
	bad       badPaths
	duplicate bool
	setups    []string // the file's setup names, in order
	extended  bool     // another setup's extends names this one
	unstarted []string // of those, the ones with no run.start of their own
}

// ok reports whether the setup holds key with a value of its shape.
func (s setupAt) ok(key string) bool { return s.bad.ok(s.Keys, s.Path(), key) }

// extends reports whether the setup extends another (which may supply what it lacks).
func (s setupAt) extends() bool { return s.Keys.Has("extends") }

// buildBase is the build's (first) base, "" when none.
func (s setupAt) buildBase() string {
	if s.Build == nil || len(s.Build.Base) == 0 {
		return ""
	}
	return s.Build.Base[0]
}

var setupRules = []rule[setupAt]{
	{path: "setup", check: func(s setupAt) (string, string) {
		return is(!s.Keys.Has("setup"), "missing: every item needs a setup name (e.g. dev, prod or the service hostname)")
	}},
	{path: "setup", check: func(s setupAt) (string, string) {
		return is(s.duplicate, fmt.Sprintf("duplicate setup %q", platform.Clip(s.Name, 40)))
	}},
	{path: "extends", warn: true, check: func(s setupAt) (string, string) {
		if !s.ok("extends") {
			return "", ""
		}
		for _, name := range s.Extends {
			switch {
			case s.ok("setup") && name == s.Name:
				return fmt.Sprintf("setup %q extends itself", platform.Clip(s.Name, 40)), "Name another setup of the file in extends, or remove it."
			case !slices.Contains(s.setups, name):
				return fmt.Sprintf("extends %q, which is no setup of this file (it has %s)", platform.Clip(name, 40), setupList(s.setups)),
					"Name one of the file's setups in extends (the one whose build and run this setup inherits), or remove it."
			}
		}
		return "", ""
	}},
	{path: "build.os", check: func(s setupAt) (string, string) {
		if s.Build == nil {
			return "", ""
		}
		return osProblem(s.bad.ok(s.Build.Keys, s.Path()+".build", "os"), s.Build.OS)
	}},
	{path: "build.deployFiles", check: func(s setupAt) (string, string) {
		return is(s.Build != nil && !s.Build.Keys.Has("deployFiles") && !s.Build.Keys.Has("deploy") && !s.extends(), "missing: required when build exists (e.g. deployFiles: ./ or a list of paths)")
	}},
	{path: "build.deploy", warn: true, fix: "Rename build.deploy to build.deployFiles (same value); the platform still reads the old name.", check: func(s setupAt) (string, string) {
		return is(s.Build != nil && s.Build.Keys.Has("deploy") && !s.Build.Keys.Has("deployFiles"), "build.deploy is the deprecated name of deployFiles")
	}},
	{path: "build.deploy", warn: true, fix: "Remove build.deploy: deployFiles decides what is deployed.", check: func(s setupAt) (string, string) {
		return is(s.Build != nil && s.Build.Keys.Has("deploy") && s.Build.Keys.Has("deployFiles"), "build.deploy beside deployFiles: the deprecated name is redundant")
	}},
	{path: "run", check: func(s setupAt) (string, string) {
		base := s.buildBase()
		return is(!s.Keys.Has("run") && !s.extends() && base != "" && !noStartBase(base),
			fmt.Sprintf("missing: run.start is required for %s (it says how to start the app)", platform.Clip(base, 40)))
	}},
}

// runAt is a setup's run section with the base it runs on and whether the
// setup's service is reached over its subdomain.
type runAt struct {
	*zeropsyml.Run
	path      string // zerops[i].run
	bad       badPaths
	base      string
	extends   bool
	subdomain bool
	buildCmds []string // the setup's build.buildCommands
	setup     string   // the setup's name, the service it deploys to by default
	extended  bool     // other setups extend this one
	unstarted []string // of those, the ones with no run.start of their own
}

var runRules = []rule[runAt]{
	{path: "os", check: func(r runAt) (string, string) { return osProblem(r.ok("os"), r.OS) }},
	{path: "routing", warn: true, check: func(r runAt) (string, string) {
		return is(r.Keys.Has("routing") && !strings.HasPrefix(r.base, "static"), "only the static runtime takes routing")
	}},
	{path: "ports", warn: true, fix: "Add httpSupport: true to the port the app serves HTTP on; the subdomain routes to HTTP ports only.", check: func(r runAt) (string, string) {
		for _, p := range r.Ports {
			if p.HTTPSupport {
				return "", ""
			}
		}
		return is(r.subdomain && len(r.Ports) > 0, "no port has httpSupport: true, but this service is reached over its zerops.app subdomain")
	}},
	{path: "start", check: func(r runAt) (string, string) {
		what := "this runtime"
		if r.base != "" {
			what = platform.Clip(r.base, 40)
		}
		return is(!r.Keys.Has("start") && !r.Keys.Has("startCommands") && !r.extends && !r.extended && !noStartBase(r.base),
			fmt.Sprintf("missing: required for %s (only php-nginx, php-apache, nginx and static start by themselves)", what))
	}},
	// A base setup that others extend (the official Airflow recipe's
	// airflow-production-base) holds what they share and is not deployed
	// itself: they supply the start. One of them without one inherits none.
	{path: "start", warn: true, check: func(r runAt) (string, string) {
		if r.Keys.Has("start") || r.Keys.Has("startCommands") || r.extends || len(r.unstarted) == 0 || noStartBase(r.base) {
			return "", ""
		}
		return fmt.Sprintf("no run.start, and %s, which extend setup %q, have none of their own either: nothing starts the app they deploy",
				setupList(r.unstarted), platform.Clip(r.setup, 40)),
			"Give each setup that extends it a run.start (or add one here for them all to inherit)."
	}},
	{path: "start", warn: true, check: func(r runAt) (string, string) {
		if !r.ok("start") || !noStartBase(r.base) {
			return "", ""
		}
		problem := fmt.Sprintf("%s serves the app on port 80 itself and takes no run.start: %q runs beside its web server", platform.Clip(r.base, 40), platform.Clip(r.Start, 60))
		var ports []string
		for _, p := range r.Ports {
			if p.Port != 80 {
				ports = append(ports, strconv.Itoa(p.Port))
			}
		}
		if len(ports) > 0 {
			problem += ", and run.ports " + strings.Join(ports, ", ") + " answer only if that command serves them"
		}
		if strings.HasPrefix(r.base, "php") && !platform.ServesHTTPItself(r.Start) {
			// A queue consumer or scheduler needs its start: it runs
			// beside the web server, which nothing stops serving.
			return problem, "If this setup is a worker (a queue consumer or scheduler that serves no HTTP), keep run.start: it runs beside the web server, needs no run.ports and no subdomain, and the web server keeps serving the deployed files on port 80. " +
				"Remove run.start only if it starts a web server of the app's own (`php artisan serve`, `php -S`), which the web server makes needless."
		}
		return problem, "Remove run.start (and run.ports): the web server serves the deployed files itself (documentRoot names the directory it serves), so a server process of the app's own (`php artisan serve`, `npx serve`) is not needed there."
	}},
	{path: "documentRoot", warn: true, check: func(r runAt) (string, string) {
		if r.Keys.Has("documentRoot") || r.Keys.Has("siteConfigPath") || !strings.HasPrefix(r.base, "php-") ||
			(r.Start != "" && !platform.ServesHTTPItself(r.Start)) { // a worker's web server serves nothing of its
			return "", ""
		}
		name, marker := phpFramework(r)
		if name == "" {
			return "", ""
		}
		return fmt.Sprintf("%s serves /var/www (no run.documentRoot), but this looks like a %s app (%s in its commands), whose front controller is public/index.php: the web server would find no index at the top and answer 404",
				platform.Clip(r.base, 40), name, marker),
			"Set `run.documentRoot: public` (the folder holding index.php, as the Symfony recipe does), unless build.deployFiles puts the index at the top (`public/~`)."
	}},
}

// phpFrameworks are the PHP frameworks whose front controller is
// public/index.php, by what their commands run.
var phpFrameworks = []struct{ name, marker string }{{"Laravel", "artisan"}, {"Symfony", "bin/console"}}

// phpFramework is the framework r's commands (build, init, start, crontab)
// show, and the word that shows it; "" when none.
func phpFramework(r runAt) (string, string) {
	cmds := append(slices.Clone(r.buildCmds), r.InitCommands...)
	cmds = append(cmds, r.Start)
	for _, c := range r.Crontab {
		cmds = append(cmds, c.Command)
	}
	for _, f := range phpFrameworks {
		for _, c := range cmds {
			for _, words := range simpleCommands(c) {
				if slices.ContainsFunc(words, func(w string) bool { return w == f.marker || strings.HasSuffix(w, "/"+f.marker) }) {
					return f.name, "`" + f.marker + "`"
				}
			}
		}
	}
	return "", ""
}

// ok reports whether the run section holds key with a value of its shape.
func (r runAt) ok(key string) bool { return r.bad.ok(r.Keys, r.path, key) }

// portAt is one of run.ports, at path.
type portAt struct {
	zeropsyml.Port
	path string
	bad  badPaths
}

func (p portAt) ok(key string) bool { return p.bad.ok(p.Keys, p.path, key) }

const portRangeFix = "Use a port from 10 to 65435, e.g. 3000 or 8080."

var portRules = []rule[portAt]{
	{path: "port", fix: "Add port: the number the app listens on (10–65435), e.g. 3000.", check: func(p portAt) (string, string) {
		return is(!p.Keys.Has("port"), "missing")
	}},
	{path: "port", fix: portRangeFix, warn: true, check: func(p portAt) (string, string) {
		return is(p.ok("port") && !portInRange(p.Port.Port), portRangeProblem(p.Port.Port))
	}},
	{path: "protocol", fix: "Write protocol: TCP (or UDP).", check: func(p portAt) (string, string) {
		return is(p.ok("protocol") && !strings.EqualFold(p.Protocol, "tcp") && !strings.EqualFold(p.Protocol, "udp"),
			fmt.Sprintf("must be tcp or udp, got %q", platform.Clip(p.Protocol, 20)))
	}},
}

// checkAt is a deploy.readinessCheck or a run.healthCheck, at path.
type checkAt struct {
	*zeropsyml.Check
	path string
	bad  badPaths
}

var checkRules = []rule[checkAt]{
	{check: func(c checkAt) (string, string) {
		return is(!c.Keys.Has("httpGet") && !c.Keys.Has("exec"), "needs httpGet or exec")
	}},
	{path: "httpGet.port", check: func(c checkAt) (string, string) {
		return is(c.HTTPGet != nil && !c.HTTPGet.Keys.Has("port"), "missing")
	}},
	{path: "httpGet.port", fix: portRangeFix, warn: true, check: func(c checkAt) (string, string) {
		if c.HTTPGet == nil || !c.bad.ok(c.HTTPGet.Keys, c.path+".httpGet", "port") {
			return "", ""
		}
		return is(!portInRange(c.HTTPGet.Port), portRangeProblem(c.HTTPGet.Port))
	}},
	{path: "exec.command", check: func(c checkAt) (string, string) {
		return is(c.Exec != nil && !c.Exec.Keys.Has("command"), "missing")
	}},
	// The check asks the app's port itself, not through the balancer that
	// ends TLS: https passes only where the app serves TLS on that port.
	{path: "httpGet.scheme", warn: true, fix: "Remove scheme (the check asks plain http by default), unless the app itself serves TLS on that port.",
		check: func(c checkAt) (string, string) {
			return is(c.HTTPGet != nil && strings.EqualFold(strings.TrimSpace(c.HTTPGet.Scheme), "https"),
				"https: the check asks the app's own port with TLS, not through the balancer that ends TLS for the app, so an app serving plain HTTP there fails it")
		}},
}

var cronRules = []rule[zeropsyml.Cron]{
	{path: "timing", check: func(c zeropsyml.Cron) (string, string) { return is(!c.Keys.Has("timing"), "missing") }},
	{path: "command", check: func(c zeropsyml.Cron) (string, string) { return is(!c.Keys.Has("command"), "missing") }},
	{path: "timing", warn: true, check: func(c zeropsyml.Cron) (string, string) { return cronTimingIssue(c.Timing) }},
}

// legacyFormat reports each setup of a zerops.yml in the format before
// zerops: (the hostname as the top-level key, build.build, build.deploy;
// official recipes of 2022 still show it; the platform facts: outdated)
// with the current form of the same setup; false when root is not one.
func legacyFormat(c *checker, root any, in Live) bool {
	if keys := earliestKeys(root); len(keys) > 0 {
		const now = "Write it as zerops: - setup: <the service's hostname>, with build.base (was use), build.buildCommands (was run: the build's commands), " +
			"build.deployFiles (was deploy), run.base and run.start (the start command the service was imported with)."
		is := c.errf(keys[0], "%s at the top level: the earliest zerops.yml format, for the one service it was imported with, which the platform no longer reads", strings.Join(keys, ", "))
		is.Fix, is.Kind = now, platform.IssueEarliestFormat
		for _, k := range keys[1:] { // in place of the schema's unknown key, the fix said once
			c.errf(k, "%s at the top level: the earliest zerops.yml format (the fix is at %s)", k, keys[0])
		}
		c.errf("zerops", "missing: a zerops.yml is a list of setups under the top-level key zerops")
		return true
	}
	hosts := legacySetups(root)
	for _, h := range hosts {
		is := c.errf(h, "a setup in the format before zerops: (the hostname %s as the top-level key), which the platform no longer reads", platform.Clip(h, 40))
		is.Fix, is.Kind = legacyFix(h, root.(map[string]any)[h], in), platform.IssueOldFormat
	}
	if len(hosts) > 0 { // the schema's missing zerops: restates that cause
		var kept []platform.Issue
		schema := c.schemaErrors
		for i, e := range c.errors {
			if i < schema && e.Path == "zerops" {
				c.schemaErrors--
				continue
			}
			kept = append(kept, e)
		}
		c.errors = kept
	}
	return len(hosts) > 0
}

// legacyRenames are the keys of the format before zerops: that the
// current one names otherwise, by block and old name.
var legacyRenames = []struct{ block, old, now string }{
	{"build", "prepare", "prepareCommands"}, {"build", "build", "buildCommands"}, {"build", "deploy", "deployFiles"},
	{"run", "prepare", "prepareCommands"}, {"run", "init", "initCommands"},
}

// legacyFix is the current form of the old setup host (its value v): the
// renames its keys need, the others kept, and run.base added (the old
// format took the runtime from the service's type), named when the
// project has a service of that hostname (in.ServiceType).
func legacyFix(host string, v any, in Live) string {
	setup, _ := v.(map[string]any)
	var renames []string
	for _, r := range legacyRenames {
		if block, ok := setup[r.block].(map[string]any); ok && block[r.old] != nil {
			renames = append(renames, fmt.Sprintf("%s.%s (was %s.%s)", r.block, r.now, r.block, r.old))
		}
	}
	typ := ""
	if in.ServiceType != nil {
		typ = in.ServiceType(host)
	}
	renames = append(renames, withdrawnBases(setup, typ, in)...)
	keys := "its keys under build: and run: as they are"
	if len(renames) > 0 {
		keys += " except " + strings.Join(renames, ", ")
	}
	if typ != "" && !osBase(typ) {
		return fmt.Sprintf("Write it as zerops: - setup: %s, %s; add run.base: %s, the type of the service %s, which the old format took from the service.",
			platform.Clip(host, 40), keys, platform.Clip(typ, 40), platform.Clip(host, 40))
	}
	return fmt.Sprintf("Write it as zerops: - setup: %s, %s; add run.base, the service's runtime type, which the old format took from the service "+
		"(static for a built single-page app, go@1 for a Go binary, php-nginx@8.4 for PHP).", platform.Clip(host, 40), keys)
}

// withdrawnBases are the replacements of the old setup's build bases that
// the live build catalog no longer has (recipes of 2022 name nodejs@16):
// kept as they are, the rewrite would fail on them. A base of the runtime
// the service typ runs becomes typ (build and run alike), another the
// newest stable version of its runtime; none offline.
func withdrawnBases(setup map[string]any, typ string, in Live) []string {
	build, _ := setup["build"].(map[string]any)
	if build == nil || !in.checksVersions() {
		return nil
	}
	var bases []string
	switch b := build["base"].(type) {
	case string:
		bases = []string{b}
	case []any:
		for _, v := range b {
			if s, ok := v.(string); ok {
				bases = append(bases, s)
			}
		}
	}
	var out []string
	for _, base := range bases {
		chk := in.BuildCatalog.Check(base)
		if chk.OK || chk.Type == nil {
			continue
		}
		use := chk.Type.Newest()
		if typ != "" && runtimeOf(typ) == runtimeOf(chk.Type.Name) {
			use = typ
		}
		if use == "" {
			continue
		}
		out = append(out, fmt.Sprintf("build.base: %s (was %s, which the catalog does not offer)", platform.Clip(use, 40), platform.Clip(base, 40)))
	}
	return out
}

// earliestKeys are the keys use, run and deploy of a document without
// zerops: in the earliest format (the official metabase-java recipe: use
// the build's bases, run its commands, deploy its files), in that order;
// nil when run or deploy is not a list there.
func earliestKeys(root any) []string {
	m, ok := root.(map[string]any)
	if !ok || m["zerops"] != nil {
		return nil
	}
	_, runList := m["run"].([]any)
	_, deployList := m["deploy"].([]any)
	if !runList && !deployList {
		return nil
	}
	var keys []string
	for _, k := range []string{"use", "run", "deploy"} {
		if _, ok := m[k]; ok {
			keys = append(keys, k)
		}
	}
	return keys
}

// legacySetups are the top-level keys of a document without zerops: whose
// value holds build or run, sorted.
func legacySetups(root any) []string {
	m, ok := root.(map[string]any)
	if !ok || m["zerops"] != nil {
		return nil
	}
	var hosts []string
	for k, v := range m {
		if s, ok := v.(map[string]any); ok && (s["build"] != nil || s["run"] != nil) {
			hosts = append(hosts, k)
		}
	}
	slices.Sort(hosts)
	return hosts
}

// checkZeropsYml checks a zerops.yml's shape (root is content decoded),
// applies the rules to every setup of its model, and checks its bases
// against the live catalog when in has one.
func checkZeropsYml(c *checker, root any, content string, in Live) {
	if rootList(c, root, "zerops", "setup, build and run") || legacyFormat(c, root, in) {
		return
	}
	sh := shaper{c: c, bad: badPaths{}}
	top, ok := sh.mapping("", root, zeropsyml.Fields)
	if !ok {
		return
	}
	f, _ := zeropsyml.Parse([]byte(content)) // content decoded: no syntax error; too complex: what it read
	switch list, isList := top["zerops"].([]any); {
	case f == nil:
		return
	case !f.Keys.Has("zerops"):
		c.errf("zerops", "missing: a zerops.yml is a list of setups under the top-level key zerops")
		return
	case sh.bad["zerops"]:
		return
	case isList && len(list) == 0:
		c.errf("zerops", "has no setups")
	}
	var names []string
	extended := map[string]bool{}      // setups another setup extends
	unstarted := map[string][]string{} // by the setup they extend: those with no run.start of their own
	for _, z := range f.Setups {
		if !sh.bad.ok(z.Keys, z.Path(), "setup") {
			continue
		}
		names = append(names, z.Name)
		if !z.Keys.Has("extends") || !sh.bad.ok(z.Keys, z.Path(), "extends") {
			continue
		}
		r := f.Resolve(z).Run // a start it inherits from another parent counts
		started := r != nil && (r.Keys.Has("start") || r.Keys.Has("startCommands"))
		for _, parent := range z.Extends {
			extended[parent] = true
			if !started {
				unstarted[parent] = append(unstarted[parent], z.Name)
			}
		}
	}
	seen := map[string]bool{}
	for _, z := range f.Setups {
		s := setupAt{Setup: z, bad: sh.bad, setups: names}
		if s.ok("setup") {
			s.extended, s.unstarted = extended[s.Name], unstarted[s.Name]
			s.duplicate = seen[s.Name]
			seen[s.Name] = true
		}
		checkSetup(c, s, in)
	}
}

// checkSetup applies the rules of a setup and of its sections.
func checkSetup(c *checker, s setupAt, in Live) {
	p := s.Path()
	apply(c, p, s, setupRules)
	checkCommands(c, p, s, in)
	if s.Deploy != nil && s.Deploy.ReadinessCheck != nil {
		apply(c, p+".deploy.readinessCheck", checkAt{s.Deploy.ReadinessCheck, p + ".deploy.readinessCheck", s.bad}, checkRules)
	}
	if s.Run != nil {
		subdomain := in.Subdomain != nil && s.ok("setup") && in.Subdomain(s.Name)
		var cmds []string
		if s.Build != nil {
			cmds = s.Build.BuildCommands
		}
		checkRun(c, runAt{Run: s.Run, path: p + ".run", bad: s.bad, base: s.buildBase(), extends: s.extends(), subdomain: subdomain, buildCmds: cmds, setup: s.Name, extended: s.extended, unstarted: s.unstarted})
		checkStart(c, s) // startcheck.go
		checkPorts(c, s) // checkport.go
	}
	if in.checksVersions() {
		checkBases(c, s, in)
	}
	checkRunFamily(c, s, in)
}

// checkRun applies the run rules and those of its checks, ports and crons.
func checkRun(c *checker, r runAt) {
	p := r.path
	if r.ok("base") {
		r.base = r.Base
	}
	apply(c, p, r, runRules)
	if r.HealthCheck != nil {
		apply(c, p+".healthCheck", checkAt{r.HealthCheck, p + ".healthCheck", r.bad}, checkRules)
	}
	for _, port := range r.Ports {
		at := fmt.Sprintf("%s.ports[%d]", p, port.Index)
		apply(c, at, portAt{Port: port, path: at, bad: r.bad}, portRules)
	}
	for _, cron := range r.Crontab {
		apply(c, fmt.Sprintf("%s.crontab[%d]", p, cron.Index), cron, cronRules)
	}
	for _, v := range r.EnvVariables {
		if v.Key == "PORT" && len(r.Ports) > 0 {
			n, err := strconv.Atoi(strings.TrimSpace(v.Value))
			if err == nil && !slices.ContainsFunc(r.Ports, func(p zeropsyml.Port) bool { return p.Port == n }) {
				c.warnf(p+".envVariables.PORT", "PORT: %d is not a port run.ports declares (%d): a server that listens where PORT says (Node, Adonis, Phoenix and most others) gets no traffic there, and the declared port answers 502",
					n, r.Ports[0].Port).Fix = fmt.Sprintf("Make them one port: PORT: \"%d\", or declare %d in run.ports.", r.Ports[0].Port, n)
			}
		}
		if bindVar.MatchString(v.Key) && localBind.MatchString(strings.TrimSpace(v.Value)) {
			key := platform.Clip(v.Key, 60)
			c.warnf(p+".envVariables."+key, "%s: %s makes a server that binds to %s (%s) listen inside the container only: the balancer and the other services get no answer (502)",
				key, platform.Clip(v.Value, 40), key, bindReaders(v.Key)).Fix = "Set " + key + ": 0.0.0.0, every address of the container."
		} else if m := localBind.FindStringSubmatch(strings.TrimSpace(v.Value)); m != nil && listenVar.MatchString(v.Key) {
			// A server's own setting named as where it listens
			// (Mattermost's MM_SERVICESETTINGS_LISTENADDRESS).
			key := platform.Clip(v.Key, 60)
			c.warnf(p+".envVariables."+key, "%s: %s names a loopback address as where a server listens: a server that reads it listens inside the container only, and the balancer and the other services get no answer (502)",
				key, platform.Clip(v.Value, 40)).Fix = "Set " + key + ": 0.0.0.0" + m[2] + ", every address of the container."
		}
		if LiteralSecret(v.Key, v.Value) {
			host := cmp.Or(r.setup, "<hostname>")
			key := platform.Clip(v.Key, 60)
			c.warnf(p+".envVariables."+key, "%s holds a literal secret: zerops.yml is in the repository, so everyone who reads it (and its history) has the value", key).Fix =
				fmt.Sprintf("Make it a service secret: remove %s from run.envVariables and deploy (the platform refuses a secret on a key the deployed zerops.yml still declares), then zerops_env action=set serviceHostname=%s variables=[\"%s=<value>\"] restart=true; rotate the value if it was committed.", key, host, key)
		}
	}
}

// bindVar is a variable servers read as the address to listen on.
var bindVar = regexp.MustCompile(`^(HOST|BIND|BIND_HOST|BIND_ADDRESS|SERVER_HOST|APP_HOST|LISTEN_HOST|LISTEN_ADDRESS|NITRO_HOST|UVICORN_HOST|FLASK_RUN_HOST)$`)

// listenVar is a variable whose name says it holds the address a server
// listens on (MM_SERVICESETTINGS_LISTENADDRESS, SERVER_LISTEN_ADDR,
// HTTP_BIND_ADDRESS), not one it connects to.
var listenVar = regexp.MustCompile(`(?i)(^|_)(LISTEN_?(ADDRESS|ADDR|HOST)|BIND_?(ADDRESS|ADDR|HOST))$`)

// bindReaders names the servers that bind the bind variable key.
func bindReaders(key string) string {
	switch key {
	case "HOST":
		return "SvelteKit's adapter-node, Astro's Node adapter, Nuxt, Node and Python servers reading it"
	case "NITRO_HOST":
		return "Nuxt's server, Nitro, which reads it before HOST"
	case "UVICORN_HOST":
		return "uvicorn"
	case "FLASK_RUN_HOST":
		return "`flask run`"
	}
	return "servers reading it"
}

// localBind is a loopback address, the container's own, with a port or
// not: group 1 the host, group 2 the port with its colon. It is the one
// definition of a loopback address for the yaml checks and ops
// (IsLoopbackHost).
var localBind = regexp.MustCompile(`^(localhost|127\.0\.0\.1|::1|\[::1\])(:\d+)?$`)

// IsLoopbackHost reports whether host, written without a port, is a
// loopback address: the app's own container, where no other service runs.
func IsLoopbackHost(host string) bool {
	m := localBind.FindStringSubmatch(host)
	return m != nil && m[2] == ""
}

// secretKeyRe is a variable name that says it holds a secret.
// SecretKey reports whether key names a secret (a token, key or
// password) by its words.
func SecretKey(key string) bool { return secretKeyRe.MatchString(key) }

var secretKeyRe = regexp.MustCompile(`(?i)(^|_)(SECRET|TOKEN|PASSWORD|PASSWD|PASS|APIKEY|API_KEY|PRIVATE_KEY|ACCESS_KEY|CREDENTIALS?)(_|$)`)

// secretValueRe is a value shaped as a known provider's key.
var secretValueRe = regexp.MustCompile(`^(sk|rk|pk)_live_[A-Za-z0-9]{8,}|^gh[pousr]_[A-Za-z0-9]{20,}|^AKIA[0-9A-Z]{16}$|^xox[abp]-`)

// LiteralSecret reports whether value, of key, is a secret written out:
// no reference or placeholder, at least 8 characters with letters and
// digits, under a name that says secret (a length, a duration or a flag
// is not), or shaped as a provider's key.
func LiteralSecret(key, value string) bool {
	if secretValueRe.MatchString(value) {
		return true
	}
	if !secretKeyRe.MatchString(key) || len(value) < 8 || strings.ContainsAny(value, "${<") {
		return false
	}
	for _, word := range []string{"LENGTH", "TTL", "EXPIRES", "EXPIRY", "LIFETIME", "TIMEOUT", "HEADER", "NAME", "URL", "ENABLED", "FILE", "PATH"} {
		if strings.Contains(strings.ToUpper(key), word) {
			return false
		}
	}
	return strings.ContainsAny(value, "0123456789") && strings.IndexFunc(value, unicode.IsLetter) >= 0
}

// osProblem checks an os key holding os; ok: the key is there, a string.
func osProblem(ok bool, os string) (string, string) {
	return is(ok && os != "alpine" && os != "ubuntu", fmt.Sprintf("must be alpine or ubuntu, got %q", platform.Clip(os, 20)))
}

func portInRange(n int) bool { return n >= 10 && n <= 65435 }

func portRangeProblem(n int) string {
	return fmt.Sprintf("port %d is outside 10–65435 (0–9 and 65436+ are reserved)", n)
}

func noStartBase(base string) bool {
	name := base
	if i := strings.IndexAny(name, "@"); i >= 0 {
		name = name[:i]
	}
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	return slices.Contains(noStartBases, name)
}
