package yamlcheck

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// zeropsDoc is a zerops.yml: a list of setups.
type zeropsDoc struct {
	Zerops []zeropsSetup `yaml:"zerops"`
	Keys   keys          `yaml:"-"`
}

// zeropsSetup is one item of zerops: how one setup builds, deploys and runs.
type zeropsSetup struct {
	Setup   string        `yaml:"setup"`
	Build   *zeropsBuild  `yaml:"build"`
	Deploy  *zeropsDeploy `yaml:"deploy"`
	Run     *zeropsRun    `yaml:"run"`
	Extends string        `yaml:"extends"`
	Keys    keys          `yaml:"-"`
}

type zeropsBuild struct {
	Base            bases        `yaml:"base"`
	OS              string       `yaml:"os"`
	PrepareCommands commandList  `yaml:"prepareCommands"`
	BuildCommands   commandList  `yaml:"buildCommands"`
	DeployFiles     stringOrList `yaml:"deployFiles"`
	Deploy          stringOrList `yaml:"deploy"` // deprecated alias of deployFiles the schema still takes
	Cache           buildCache   `yaml:"cache"`
	AddToRunPrepare stringOrList `yaml:"addToRunPrepare"`
	EnvVariables    envMap       `yaml:"envVariables"`
	Keys            keys         `yaml:"-"`
}

type zeropsDeploy struct {
	TemporaryShutdown bool             `yaml:"temporaryShutdown"`
	ReadinessCheck    *zeropsReadiness `yaml:"readinessCheck"`
}

type zeropsRun struct {
	Base            string        `yaml:"base"`
	OS              string        `yaml:"os"`
	Start           string        `yaml:"start"`
	StartCommands   raw           `yaml:"startCommands"`
	Ports           []zeropsPort  `yaml:"ports"`
	InitCommands    commandList   `yaml:"initCommands"`
	PrepareCommands commandList   `yaml:"prepareCommands"`
	EnvVariables    envMap        `yaml:"envVariables"`
	EnvReplace      raw           `yaml:"envReplace"`
	HealthCheck     *zeropsHealth `yaml:"healthCheck"`
	Crontab         []zeropsCron  `yaml:"crontab"`
	DocumentRoot    string        `yaml:"documentRoot"`
	SiteConfigPath  string        `yaml:"siteConfigPath"`
	Routing         raw           `yaml:"routing"`
	Keys            keys          `yaml:"-"`
}

type zeropsPort struct {
	Port        int    `yaml:"port"`
	Protocol    string `yaml:"protocol"`
	HTTPSupport bool   `yaml:"httpSupport"`
	Keys        keys   `yaml:"-"`
}

// zeropsReadiness is a deploy.readinessCheck; its period is retryPeriod.
type zeropsReadiness struct {
	HTTPGet        *zeropsHTTPGet `yaml:"httpGet"`
	Exec           *zeropsExec    `yaml:"exec"`
	FailureTimeout raw            `yaml:"failureTimeout"`
	RetryPeriod    raw            `yaml:"retryPeriod"`
	Keys           keys           `yaml:"-"`
}

// zeropsHealth is a run.healthCheck: it watches a running container, so it
// has its own timeouts and its period is execPeriod (zerops.yaml spec).
type zeropsHealth struct {
	HTTPGet           *zeropsHTTPGet `yaml:"httpGet"`
	Exec              *zeropsExec    `yaml:"exec"`
	FailureTimeout    raw            `yaml:"failureTimeout"`
	DisconnectTimeout raw            `yaml:"disconnectTimeout"`
	RecoveryTimeout   raw            `yaml:"recoveryTimeout"`
	ExecPeriod        raw            `yaml:"execPeriod"`
	Keys              keys           `yaml:"-"`
}

// zeropsCheck is what the rules read of either check.
type zeropsCheck struct {
	HTTPGet *zeropsHTTPGet
	Exec    *zeropsExec
	Keys    keys
}

type zeropsHTTPGet struct {
	Port   int  `yaml:"port"`
	Path   raw  `yaml:"path"`
	Host   raw  `yaml:"host"`
	Scheme raw  `yaml:"scheme"`
	Keys   keys `yaml:"-"`
}

type zeropsExec struct {
	Command raw  `yaml:"command"`
	Keys    keys `yaml:"-"`
}

type zeropsCron struct {
	Timing        raw  `yaml:"timing"`
	Command       raw  `yaml:"command"`
	AllContainers raw  `yaml:"allContainers"`
	WorkingDir    raw  `yaml:"workingDir"`
	Keys          keys `yaml:"-"`
}

// Runtimes whose web server starts by itself: no run.start needed.
var noStartBases = []string{"php-nginx", "php-apache", "nginx", "static"}

// setupAt is a setup with what its rules need from the rest of the document.
type setupAt struct {
	*zeropsSetup
	duplicate bool
	setups    []string // the file's setup names, in order
}

// extends reports whether the setup extends another (which may supply what it lacks).
func (s setupAt) extends() bool { return s.Keys.has("extends") }

// buildBase is the build's (first) base, "" when none.
func (s setupAt) buildBase() string {
	if s.Build == nil || len(s.Build.Base.names) == 0 {
		return ""
	}
	return s.Build.Base.names[0]
}

var setupRules = []rule[setupAt]{
	{path: "setup", check: func(s setupAt) (string, string) {
		return is(!s.Keys.has("setup"), "missing: every item needs a setup name (e.g. dev, prod or the service hostname)")
	}},
	{path: "setup", check: func(s setupAt) (string, string) {
		return is(s.duplicate, fmt.Sprintf("duplicate setup %q", platform.Clip(s.Setup, 40)))
	}},
	{path: "extends", warn: true, check: func(s setupAt) (string, string) {
		switch {
		case !s.Keys.ok("extends") || s.Extends == "":
			return "", ""
		case s.Keys.ok("setup") && s.Extends == s.Setup:
			return fmt.Sprintf("setup %q extends itself", platform.Clip(s.Setup, 40)), "Name another setup of the file in extends, or remove it."
		case !slices.Contains(s.setups, s.Extends):
			return fmt.Sprintf("extends %q, which is no setup of this file (it has %s)", platform.Clip(s.Extends, 40), setupList(s.setups)),
				"Name one of the file's setups in extends (the one whose build and run this setup inherits), or remove it."
		}
		return "", ""
	}},
	{path: "build.os", check: func(s setupAt) (string, string) {
		if s.Build == nil {
			return "", ""
		}
		return osProblem(s.Build.Keys, s.Build.OS)
	}},
	{path: "build.deployFiles", check: func(s setupAt) (string, string) {
		return is(s.Build != nil && !s.Build.Keys.has("deployFiles") && !s.Build.Keys.has("deploy") && !s.extends(), "missing: required when build exists (e.g. deployFiles: ./ or a list of paths)")
	}},
	{path: "build.deploy", warn: true, fix: "Rename build.deploy to build.deployFiles (same value); the platform still reads the old name.", check: func(s setupAt) (string, string) {
		return is(s.Build != nil && s.Build.Keys.has("deploy") && !s.Build.Keys.has("deployFiles"), "build.deploy is the deprecated name of deployFiles")
	}},
	{path: "build.deploy", warn: true, fix: "Remove build.deploy: deployFiles decides what is deployed.", check: func(s setupAt) (string, string) {
		return is(s.Build != nil && s.Build.Keys.has("deploy") && s.Build.Keys.has("deployFiles"), "build.deploy beside deployFiles: the deprecated name is redundant")
	}},
	{path: "run", check: func(s setupAt) (string, string) {
		base := s.buildBase()
		return is(!s.Keys.has("run") && !s.extends() && base != "" && !noStartBase(base),
			fmt.Sprintf("missing: run.start is required for %s (it says how to start the app)", platform.Clip(base, 40)))
	}},
}

// runAt is a setup's run section with the base it runs on and whether the
// setup's service is reached over its subdomain.
type runAt struct {
	*zeropsRun
	base      string
	extends   bool
	subdomain bool
}

var runRules = []rule[runAt]{
	{path: "os", check: func(r runAt) (string, string) { return osProblem(r.Keys, r.OS) }},
	{path: "routing", warn: true, check: func(r runAt) (string, string) {
		return is(r.Keys.has("routing") && !strings.HasPrefix(r.base, "static"), "only the static runtime takes routing")
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
		return is(!r.Keys.has("start") && !r.Keys.has("startCommands") && !r.extends && !noStartBase(r.base),
			fmt.Sprintf("missing: required for %s (only php-nginx, php-apache, nginx and static start by themselves)", what))
	}},
	{path: "start", warn: true, check: func(r runAt) (string, string) {
		if !r.Keys.ok("start") || !noStartBase(r.base) {
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
		return problem, "Remove run.start (and run.ports): the web server serves the deployed files itself (documentRoot names the directory it serves), so a server process of the app's own (`php artisan serve`, `npx serve`) is not needed there."
	}},
}

// portAt is one of run.ports.
type portAt struct{ zeropsPort }

const portRangeFix = "Use a port from 10 to 65435, e.g. 3000 or 8080."

var portRules = []rule[portAt]{
	{path: "port", fix: "Add port: the number the app listens on (10–65435), e.g. 3000.", check: func(p portAt) (string, string) {
		return is(!p.Keys.has("port"), "missing")
	}},
	{path: "port", fix: portRangeFix, warn: true, check: func(p portAt) (string, string) {
		return is(p.Keys.ok("port") && !portInRange(p.Port), portRangeProblem(p.Port))
	}},
	{path: "protocol", fix: "Write protocol: TCP (or UDP).", check: func(p portAt) (string, string) {
		return is(p.Keys.ok("protocol") && !strings.EqualFold(p.Protocol, "tcp") && !strings.EqualFold(p.Protocol, "udp"),
			fmt.Sprintf("must be tcp or udp, got %q", platform.Clip(p.Protocol, 20)))
	}},
}

var checkRules = []rule[*zeropsCheck]{
	{check: func(c *zeropsCheck) (string, string) {
		return is(!c.Keys.has("httpGet") && !c.Keys.has("exec"), "needs httpGet or exec")
	}},
	{path: "httpGet.port", check: func(c *zeropsCheck) (string, string) {
		return is(c.HTTPGet != nil && !c.HTTPGet.Keys.has("port"), "missing")
	}},
	{path: "httpGet.port", fix: portRangeFix, warn: true, check: func(c *zeropsCheck) (string, string) {
		if c.HTTPGet == nil || !c.HTTPGet.Keys.ok("port") {
			return "", ""
		}
		return is(!portInRange(c.HTTPGet.Port), portRangeProblem(c.HTTPGet.Port))
	}},
	{path: "exec.command", check: func(c *zeropsCheck) (string, string) {
		return is(c.Exec != nil && !c.Exec.Keys.has("command"), "missing")
	}},
}

var cronRules = []rule[zeropsCron]{
	{path: "timing", check: func(c zeropsCron) (string, string) { return is(!c.Keys.has("timing"), "missing") }},
	{path: "command", check: func(c zeropsCron) (string, string) { return is(!c.Keys.has("command"), "missing") }},
}

// checkZeropsYml decodes a zerops.yml and applies the rules to every setup,
// and checks its bases against the live catalog when in has one.
func checkZeropsYml(c *checker, root any, in Live) {
	if rootList(c, root, "zerops", "setup, build and run") {
		return
	}
	var doc zeropsDoc
	if !(decoder{c: c}).decode("", root, &doc) {
		return
	}
	switch {
	case !doc.Keys.has("zerops"):
		c.errf("zerops", "missing: a zerops.yml is a list of setups under the top-level key zerops")
		return
	case !doc.Keys.ok("zerops"):
		return
	case len(doc.Zerops) == 0:
		c.errf("zerops", "has no setups")
	}
	seen := map[string]bool{}
	var setups []string
	for _, z := range doc.Zerops {
		if z.Keys.ok("setup") {
			setups = append(setups, z.Setup)
		}
	}
	for i := range doc.Zerops {
		s := setupAt{zeropsSetup: &doc.Zerops[i], setups: setups}
		if s.Keys == nil {
			continue // not a mapping: reported
		}
		if s.Keys.ok("setup") {
			s.duplicate = seen[s.Setup]
			seen[s.Setup] = true
		}
		p := fmt.Sprintf("zerops[%d]", i)
		apply(c, p, s, setupRules)
		checkCommands(c, p, s)
		if s.Deploy != nil && s.Deploy.ReadinessCheck != nil {
			r := s.Deploy.ReadinessCheck
			apply(c, p+".deploy.readinessCheck", &zeropsCheck{r.HTTPGet, r.Exec, r.Keys}, checkRules)
		}
		if s.Run != nil {
			subdomain := in.Subdomain != nil && s.Keys.ok("setup") && in.Subdomain(s.Setup)
			checkRun(c, p+".run", runAt{zeropsRun: s.Run, base: s.buildBase(), extends: s.extends(), subdomain: subdomain})
		}
		if in.checksVersions() {
			checkBases(c, p, s.zeropsSetup, in)
		}
	}
}

// checkRun applies the run rules and those of its checks, ports and crons.
func checkRun(c *checker, p string, r runAt) {
	if r.Keys.ok("base") {
		r.base = r.Base
	}
	apply(c, p, r, runRules)
	if r.HealthCheck != nil {
		h := r.HealthCheck
		apply(c, p+".healthCheck", &zeropsCheck{h.HTTPGet, h.Exec, h.Keys}, checkRules)
	}
	for i, port := range r.Ports {
		if port.Keys != nil {
			apply(c, fmt.Sprintf("%s.ports[%d]", p, i), portAt{zeropsPort: port}, portRules)
		}
	}
	for i, cron := range r.Crontab {
		if cron.Keys != nil {
			apply(c, fmt.Sprintf("%s.crontab[%d]", p, i), cron, cronRules)
		}
	}
}

// osProblem checks an os key of keys whose value is os.
func osProblem(k keys, os string) (string, string) {
	return is(k.ok("os") && os != "alpine" && os != "ubuntu", fmt.Sprintf("must be alpine or ubuntu, got %q", platform.Clip(os, 20)))
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
