package yamlcheck

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// importDoc is an import.yml: an optional project and the services.
type importDoc struct {
	Project  raw   `yaml:"project"` // checked apart: a service import refuses it
	Services []raw `yaml:"services"`
	Keys     keys  `yaml:"-"`
}

// importProject is the project: section of an import.yml for a new project.
type importProject struct {
	Name         raw `yaml:"name"`
	Description  raw `yaml:"description"`
	CorePackage  raw `yaml:"corePackage"`
	Tags         raw `yaml:"tags"`
	EnvVariables raw `yaml:"envVariables"`
}

// importEntry is one service of an import.yml.
type importEntry struct {
	Hostname               raw                  `yaml:"hostname"` // decoded first: it names the entry's path
	Type                   string               `yaml:"type"`
	Mode                   string               `yaml:"mode"`
	Profile                raw                  `yaml:"profile"`
	Priority               raw                  `yaml:"priority"`
	EnableSubdomainAccess  bool                 `yaml:"enableSubdomainAccess"`
	StartWithoutCode       bool                 `yaml:"startWithoutCode"`
	BuildFromGit           raw                  `yaml:"buildFromGit"`
	ZeropsSetup            raw                  `yaml:"zeropsSetup"`
	Override               raw                  `yaml:"override"`
	EnvSecrets             envMap               `yaml:"envSecrets"`
	DotEnvSecrets          raw                  `yaml:"dotEnvSecrets"`
	MinContainers          int                  `yaml:"minContainers"`
	MaxContainers          int                  `yaml:"maxContainers"`
	VerticalAutoscaling    *importVertical      `yaml:"verticalAutoscaling"`
	ObjectStorageSize      raw                  `yaml:"objectStorageSize"`
	ObjectStoragePolicy    string               `yaml:"objectStoragePolicy"`
	ObjectStorageRawPolicy raw                  `yaml:"objectStorageRawPolicy"`
	ZeropsYaml             raw                  `yaml:"zeropsYaml"`
	EnvIsolation           raw                  `yaml:"envIsolation"`
	NginxConfig            raw                  `yaml:"nginxConfig"`
	Mount                  raw                  `yaml:"mount"`
	EnvVariables           raw                  `yaml:"envVariables"` // refused: the platform drops it
	Keys                   keys                 `yaml:"-"`
	parsed                 platform.ServiceType // from Type, when it parses
}

type importVertical struct {
	CPUMode           string  `yaml:"cpuMode"`
	MinCPU            float64 `yaml:"minCpu"`
	MaxCPU            float64 `yaml:"maxCpu"`
	MinRAM            float64 `yaml:"minRam"`
	MaxRAM            float64 `yaml:"maxRam"`
	MinDisk           float64 `yaml:"minDisk"`
	MaxDisk           float64 `yaml:"maxDisk"`
	StartCPUCoreCount float64 `yaml:"startCpuCoreCount"`
	MinFreeRAMGB      float64 `yaml:"minFreeRamGB"`
	MinFreeRAMPercent float64 `yaml:"minFreeRamPercent"`
	MinFreeCPUCores   raw     `yaml:"minFreeCpuCores"`
	MinFreeCPUPercent raw     `yaml:"minFreeCpuPercent"`
	Keys              keys    `yaml:"-"`
}

var (
	objectStoragePolicies = []string{"private", "public-read", "public-objects-read", "public-write", "public-read-write", "custom"}
	// Managed service type names: the platform runs them, code is not deployed into them.
	managedTypes = []string{"postgresql", "mariadb", "mysql", "clickhouse", "valkey", "keydb", "redis",
		"elasticsearch", "meilisearch", "typesense", "qdrant", "nats", "kafka", "rabbitmq",
		"object-storage", "objectstorage", "shared-storage", "sharedstorage"}
	storageTypes = []string{"object-storage", "objectstorage", "shared-storage", "sharedstorage"}
)

func (e *importEntry) managed() bool       { return slices.Contains(managedTypes, e.parsed.Name) }
func (e *importEntry) objectStorage() bool { return slices.Contains(storageTypes[:2], e.parsed.Name) }

// envKeyPattern is the platform's rule for an env variable's key.
var envKeyPattern = regexp.MustCompile(`^[a-zA-Z_][a-zA-Z0-9_]*$`)

// envSecretKeys refuses each envSecrets key the platform refuses (one
// problem per key, as the import answers them), in key order.
func envSecretKeys(c *checker, path string, e *importEntry) {
	if !e.Keys.ok("envSecrets") {
		return
	}
	keys := slices.Sorted(maps.Keys(e.EnvSecrets))
	for _, k := range keys {
		if !envKeyPattern.MatchString(k) {
			c.errf(path+".envSecrets", "invalid key %q: a key is letters, digits and _, not starting with a digit", platform.Clip(k, 40)).Fix =
				"Rename the key to match [a-zA-Z_][a-zA-Z0-9_]*, e.g. " + platform.Clip(suggestEnvKey(k), 40) + ", and use that name in the code."
		}
	}
}

// suggestEnvKey turns k into a key the platform takes: every other
// character becomes _, and a leading digit gets a _ before it.
func suggestEnvKey(k string) string {
	b := []byte(k)
	for i, ch := range b {
		if ch != '_' && (ch < 'a' || ch > 'z') && (ch < 'A' || ch > 'Z') && (ch < '0' || ch > '9') {
			b[i] = '_'
		}
	}
	out := string(b)
	if out == "" || out[0] >= '0' && out[0] <= '9' {
		out = "_" + out
	}
	return out
}

// singleOnlyTypes are the managed types that run in one container only.
var singleOnlyTypes = []string{"meilisearch"}

// SingleOnly reports whether the managed type name (e.g. "meilisearch")
// runs in one container only, with no HA mode.
func SingleOnly(name string) bool { return slices.Contains(singleOnlyTypes, name) }

// singleOnlyHA refuses HA (asked for when ha holds) on a single-only type.
func singleOnlyHA(e *importEntry, ha bool) (string, string) {
	if !ha || !SingleOnly(e.parsed.Name) {
		return "", ""
	}
	single := e.parsed
	single.OS, single.Mode = "", "single"
	return fmt.Sprintf("%s runs single only: it has no HA mode", e.parsed.Name),
		fmt.Sprintf("Write type: %s with mode: NON_HA, or type: %s; search that must survive a container's loss runs HA on typesense, elasticsearch or qdrant.",
			platform.Clip(e.parsed.VersionName(), 40), platform.Clip(single.String(), 40))
}

// modeFix suggests the type with its HA choice, written for the service's own type.
// Shared storage is published with its plain type only (the docs' data.json
// lists no :single or :ha form for it), so its choice is the mode key.
func modeFix(t platform.ServiceType) string {
	if t.Name == "shared-storage" || t.Name == "sharedstorage" {
		return "Write mode: NON_HA (one copy) or mode: HA (two copies on two nodes; cannot be changed later); without it the platform creates it NON_HA."
	}
	single, ha := t, t
	single.Mode, ha.Mode = "single", "ha"
	return fmt.Sprintf("Write type: %s (one container) or %s (three, cannot be changed later); without either the platform creates it single. The legacy mode: NON_HA|HA still works.",
		platform.Clip(single.String(), 60), platform.Clip(ha.String(), 60))
}

var serviceRules = []rule[*importEntry]{
	{path: "type", fix: "Add type: name@version from the live catalog, e.g. nodejs@22 or postgresql@16.", check: func(e *importEntry) (string, string) {
		return is(!e.Keys.has("type"), "missing")
	}},
	{path: "type", check: func(e *importEntry) (string, string) {
		if !e.Keys.ok("type") {
			return "", ""
		}
		_, err := platform.ParseServiceType(e.Type)
		if err == nil {
			return "", ""
		}
		return splitProblem(err)
	}},
	// An official recipe imports type: "22.04" (recipe-imgproxy); the
	// import schema lists ubuntu@22.04. Taken, with the listed form advised.
	{path: "type", warn: true, check: func(e *importEntry) (string, string) {
		named, ok := platform.BareOSType(e.Type)
		if !e.Keys.ok("type") || !ok {
			return "", ""
		}
		return fmt.Sprintf("%q is the bare form of %s, which the platform's import schema lists", platform.Clip(e.Type, 20), named),
			fmt.Sprintf("Write type: %s; the bare form is the legacy spelling (official recipes still import it).", named)
	}},
	{path: "mode", fix: "Remove mode: from this service.", check: func(e *importEntry) (string, string) {
		return is(e.Keys.ok("mode") && e.objectStorage(), "object storage takes no mode")
	}},
	{path: "mode", fix: "Write mode: NON_HA (or HA, which cannot be changed later).", check: func(e *importEntry) (string, string) {
		return is(e.Keys.ok("mode") && !e.objectStorage() && e.Mode != "HA" && e.Mode != "NON_HA",
			fmt.Sprintf("must be HA or NON_HA, got %q", platform.Clip(e.Mode, 20)))
	}},
	{path: "type", warn: true, check: func(e *importEntry) (string, string) {
		// A single-only type has no choice to make: its bare form is the
		// one the docs publish (recipe-medusa imports meilisearch@1.10).
		if e.Keys.has("mode") || !e.managed() || e.objectStorage() || e.parsed.Mode != "" || e.parsed.Name == "" || SingleOnly(e.parsed.Name) {
			return "", ""
		}
		return fmt.Sprintf("%s does not say single or HA: the platform creates it single (NON_HA)", platform.Clip(e.Type, 40)), modeFix(e.parsed)
	}},
	{path: "mode", check: func(e *importEntry) (string, string) {
		typeMode := e.parsed.HAMode()
		if !e.Keys.ok("mode") || typeMode == "" || (e.Mode != "HA" && e.Mode != "NON_HA") || e.Mode == typeMode {
			return "", ""
		}
		return fmt.Sprintf("mode %s contradicts type %q", e.Mode, platform.Clip(e.Type, 60)),
			fmt.Sprintf("Remove mode: (the type already says %s), or write the type with the mode you want (:ha for HA, :single for NON_HA).", typeMode)
	}},
	{path: "mode", check: func(e *importEntry) (string, string) {
		return singleOnlyHA(e, e.Keys.ok("mode") && e.Mode == "HA" && e.parsed.Mode == "")
	}},
	{path: "type", check: func(e *importEntry) (string, string) {
		return singleOnlyHA(e, e.parsed.Mode == "ha")
	}},
	{path: "priority", warn: true, fix: "Write priority as a whole number, e.g. priority: 10; services with a higher priority are created first.", check: func(e *importEntry) (string, string) {
		switch v := e.Priority.v; v.(type) {
		case nil, int, int64, uint64:
			return "", ""
		case float64:
			return "not a whole number: " + platform.Clip(fmt.Sprint(v), 20), ""
		default:
			return "not a number: " + platform.Clip(fmt.Sprint(v), 20), ""
		}
	}},
	{path: "envVariables", warn: true, fix: "Move them to the runtime's zerops.yml: run.envVariables for the running app, build.envVariables for values the build commands read (the build does not see run.envVariables); or to envSecrets here for secrets, which reach the build only through build.envVariables as KEY: ${RUNTIME_KEY}.", check: func(e *importEntry) (string, string) {
		return is(e.Keys.has("envVariables"), "service-level envVariables are silently dropped by the platform")
	}},
	containersRule("minContainers", func(e *importEntry) int { return e.MinContainers }),
	containersOnManaged("minContainers"),
	containersRule("maxContainers", func(e *importEntry) int { return e.MaxContainers }),
	containersOnManaged("maxContainers"),
	{path: "maxContainers", fix: "Make maxContainers at least minContainers.", check: func(e *importEntry) (string, string) {
		in := func(n int) bool { return n >= 1 && n <= 10 }
		return is(!e.managed() && e.Keys.ok("minContainers") && e.Keys.ok("maxContainers") && in(e.MinContainers) && in(e.MaxContainers) &&
			e.MaxContainers < e.MinContainers, fmt.Sprintf("%d is below minContainers %d", e.MaxContainers, e.MinContainers))
	}},
	// The object storage docs state the size as a whole number of GB from 1
	// to 100 and do not mark it optional; the import refuses it missing
	// (platform/fakeapi/objectstorage.go answers the same words).
	{path: "objectStorageSize", fix: "Add objectStorageSize: the bucket's size in GB, a whole number from 1 to 100 (e.g. objectStorageSize: 2).", check: func(e *importEntry) (string, string) {
		return is(e.objectStorage() && !e.Keys.has("objectStorageSize"), "required: object storage needs its size in GB")
	}},
	{path: "objectStorageSize", fix: "Write the size as a whole number of GB from 1 to 100, e.g. objectStorageSize: 2.", check: func(e *importEntry) (string, string) {
		if !e.objectStorage() || !e.Keys.has("objectStorageSize") {
			return "", ""
		}
		switch n := e.ObjectStorageSize.v.(type) {
		case int:
			return is(n < 1 || n > 100, fmt.Sprintf("must be 1 to 100 GB, not %d", n))
		case int64:
			return is(n < 1 || n > 100, fmt.Sprintf("must be 1 to 100 GB, not %d", n))
		case uint64:
			return is(n < 1 || n > 100, fmt.Sprintf("must be 1 to 100 GB, not %d", n))
		}
		return "must be 1 to 100 GB, a whole number, not " + platform.Clip(fmt.Sprint(e.ObjectStorageSize.v), 20), ""
	}},
	{path: "objectStoragePolicy", fix: "Use one of: " + strings.Join(objectStoragePolicies, ", ") + ".", check: func(e *importEntry) (string, string) {
		return is(e.Keys.ok("objectStoragePolicy") && !slices.Contains(objectStoragePolicies, e.ObjectStoragePolicy),
			fmt.Sprintf("unknown policy %q", platform.Clip(e.ObjectStoragePolicy, 30)))
	}},
	{path: "verticalAutoscaling.cpuMode", fix: "Write SHARED or DEDICATED.", check: func(e *importEntry) (string, string) {
		va := e.VerticalAutoscaling
		if va == nil || !va.Keys.ok("cpuMode") {
			return "", ""
		}
		return is(va.CPUMode != "SHARED" && va.CPUMode != "DEDICATED", fmt.Sprintf("unknown cpuMode %q", platform.Clip(va.CPUMode, 20)))
	}},
	{path: "verticalAutoscaling", warn: true, fix: "Remove verticalAutoscaling from this service.", check: func(e *importEntry) (string, string) {
		return is(e.VerticalAutoscaling != nil && e.parsed.Name == "object-storage", "object storage takes no cpu/ram/disk settings")
	}},
	verticalRange("minCpu"), verticalRange("maxCpu"), verticalOrder("Cpu"),
	verticalRange("minRam"), verticalRange("maxRam"), verticalOrder("Ram"),
	pageRAM("minRam"), pageRAM("maxRam"),
	verticalRange("minDisk"), verticalRange("maxDisk"), verticalOrder("Disk"),
	{path: "verticalAutoscaling.startCpuCoreCount", fix: verticalLimits["Cpu"].fix, check: func(e *importEntry) (string, string) {
		return verticalExtra(e, "startCpuCoreCount"), ""
	}},
	{path: "verticalAutoscaling.minFreeRamPercent", fix: "Use a percentage from 0 to 100.", check: func(e *importEntry) (string, string) {
		return verticalExtra(e, "minFreeRamPercent"), ""
	}},
	{path: "verticalAutoscaling.minFreeRamGB", fix: "Use 0 GB up to maxRam (at most 48 GB).", check: func(e *importEntry) (string, string) {
		return verticalExtra(e, "minFreeRamGB"), ""
	}},
}

// verticalExtra is what is wrong with e's startCpuCoreCount (whole cores,
// 1–8, as CPU), minFreeRamPercent (0–100) or minFreeRamGB (0–48 GB and not
// above a valid maxRam); "" when it is fine or absent. The platform's
// import answers the same words (platform/fakeapi/importer.go).
func verticalExtra(e *importEntry, key string) string {
	va := e.VerticalAutoscaling
	if va == nil || !va.Keys.ok(key) || e.objectStorage() {
		return ""
	}
	switch v := map[string]float64{"startCpuCoreCount": va.StartCPUCoreCount, "minFreeRamPercent": va.MinFreeRAMPercent,
		"minFreeRamGB": va.MinFreeRAMGB}[key]; {
	case key == "startCpuCoreCount" && v != math.Trunc(v):
		return fmt.Sprintf("%g is not a whole number of cores (1–8)", v)
	case key == "startCpuCoreCount" && (math.IsNaN(v) || v < 1 || v > 8):
		return fmt.Sprintf("%g cores is outside 1–8 cores", v)
	case key == "minFreeRamPercent" && (math.IsNaN(v) || v < 0 || v > 100):
		return fmt.Sprintf("%g%% is outside 0–100%%", v)
	case key == "minFreeRamGB" && (math.IsNaN(v) || v < 0 || v > 48):
		return fmt.Sprintf("%g GB is outside 0–48 GB", v)
	case key == "minFreeRamGB":
		if mx, ok := va.value("maxRam"); ok && verticalProblem(e, "maxRam") == "" && v > mx {
			return fmt.Sprintf("%g GB is above maxRam %g GB", v, mx)
		}
	}
	return ""
}

// verticalLimit is the platform's per-container range of a resource: CPU
// in whole cores, RAM and disk in GB; a managed service (storage aside)
// needs at least managedMin.
type verticalLimit struct {
	lo, hi, managedMin float64
	whole              bool
	unit, fix          string
}

var verticalLimits = map[string]verticalLimit{
	"Cpu":  {lo: 1, hi: 8, whole: true, unit: " cores", fix: "Use whole cores from 1 to 8."},
	"Ram":  {lo: 0.125, hi: 48, managedMin: 0.25, unit: " GB", fix: "Use 0.125 to 48 GB (a managed service at least 0.25 GB)."},
	"Disk": {lo: 1, hi: 250, unit: " GB", fix: "Use 1 to 250 GB."},
}

// value is the verticalAutoscaling value of key (minCpu…maxDisk) and
// whether it was written and decoded.
func (va *importVertical) value(key string) (float64, bool) {
	if va == nil || !va.Keys.ok(key) {
		return 0, false
	}
	return map[string]float64{"minCpu": va.MinCPU, "maxCpu": va.MaxCPU, "minRam": va.MinRAM,
		"maxRam": va.MaxRAM, "minDisk": va.MinDisk, "maxDisk": va.MaxDisk}[key], true
}

// verticalProblem is what is wrong with e's value of key ("" when it is
// within the platform's limits, or absent). Object storage is left to the
// warning that it takes no such settings.
func verticalProblem(e *importEntry, key string) string {
	v, ok := e.VerticalAutoscaling.value(key)
	if !ok || e.objectStorage() {
		return ""
	}
	l := verticalLimits[key[3:]]
	lo := l.lo
	if e.managed() && !slices.Contains(storageTypes, e.parsed.Name) && l.managedMin > lo {
		lo = l.managedMin
	}
	switch {
	case l.whole && v != math.Trunc(v):
		return fmt.Sprintf("%g is not a whole number of cores (1–8)", v)
	case math.IsNaN(v) || v < lo || v > l.hi:
		return fmt.Sprintf("%g%s is outside %g–%g%s", v, l.unit, lo, l.hi, l.unit)
	}
	return ""
}

// verticalRange checks one verticalAutoscaling value against its range.
func verticalRange(key string) rule[*importEntry] {
	return rule[*importEntry]{path: "verticalAutoscaling." + key, fix: verticalLimits[key[3:]].fix,
		check: func(e *importEntry) (string, string) { return verticalProblem(e, key), "" }}
}

// pageRAM warns of a minRam or maxRam within the platform's range but above
// the RAM the type's docs page gives a container (Kafka: 40 GB): the
// platform is not known to refuse it.
func pageRAM(key string) rule[*importEntry] {
	return rule[*importEntry]{path: "verticalAutoscaling." + key, warn: true, check: func(e *importEntry) (string, string) {
		v, ok := e.VerticalAutoscaling.value(key)
		page := platform.PageMaxRAM(e.parsed.Name)
		if !ok || page == 0 || v <= page || verticalProblem(e, key) != "" {
			return "", ""
		}
		return fmt.Sprintf("%g GB is above the %g GB the Zerops docs page of %s gives a container", v, page, e.parsed.Name),
			fmt.Sprintf("Use %g GB or less; a container may get no more.", page)
	}}
}

// verticalOrder refuses a maximum below its minimum (both within range).
func verticalOrder(res string) rule[*importEntry] {
	return rule[*importEntry]{path: "verticalAutoscaling.max" + res, fix: "Make max" + res + " at least min" + res + ".",
		check: func(e *importEntry) (string, string) {
			mn, okMin := e.VerticalAutoscaling.value("min" + res)
			mx, okMax := e.VerticalAutoscaling.value("max" + res)
			return is(okMin && okMax && verticalProblem(e, "min"+res) == "" && verticalProblem(e, "max"+res) == "" && !e.objectStorage() && mx < mn,
				fmt.Sprintf("%g is below min%s %g", mx, res, mn))
		}}
}

// containersRule bounds a runtime's minContainers or maxContainers to 1–10.
func containersRule(key string, count func(*importEntry) int) rule[*importEntry] {
	return rule[*importEntry]{path: key, fix: "Use a count from 1 to 10.", check: func(e *importEntry) (string, string) {
		n := count(e)
		return is(e.Keys.ok(key) && !e.managed() && (n < 1 || n > 10), fmt.Sprintf("%d is outside 1–10", n))
	}}
}

// containersOnManaged refuses a container count on a managed service, as
// the platform does: its count is fixed.
func containersOnManaged(key string) rule[*importEntry] {
	return rule[*importEntry]{path: key, fix: "Remove " + key + ": a managed service's count follows its mode (HA for 3 containers, chosen at creation).",
		check: func(e *importEntry) (string, string) {
			return is(e.Keys.has(key) && e.managed(), fmt.Sprintf("managed services take no %s: their container count is fixed (1 single, 3 HA)", key))
		}}
}

// checkImportYml validates an import.yml. With serviceImport the file is
// meant for an existing project, so a project: section is an error;
// otherwise only a note. Unknown keys are warnings: the platform drops them.
func checkImportYml(c *checker, root any, serviceImport bool) []ImportService {
	dec := decoder{c: c, unknownAsWarning: true}
	if rootList(c, root, "services", "hostname and type") {
		return nil
	}
	var doc importDoc
	if !dec.decode("", root, &doc) {
		return nil
	}
	if doc.Keys.has("project") {
		if serviceImport {
			c.errf("project", "a service import must not contain project: (ZCP manages one existing project)").Fix = projectFix(doc.Project.v)
		} else {
			c.warnf("project", "project: is only for creating a new project; zerops_import refuses it").Fix = "Remove the project: section before zerops_import."
			if m, ok := c.asMap("project", doc.Project.v); ok {
				var p importProject
				dec.decode("project", m, &p)
			}
		}
	}
	switch {
	case !doc.Keys.has("services"):
		c.errf("services", "missing").Fix = "List the services under services:, each with hostname and type."
		return nil
	case !doc.Keys.ok("services"):
		return nil
	case len(doc.Services) == 0:
		c.errf("services", "is empty").Fix = "List at least one service with hostname and type."
	}
	var out []ImportService
	seen := map[string]bool{}
	for i, it := range doc.Services {
		p := fmt.Sprintf("services[%d]", i)
		m, ok := c.asMap(p, it.v)
		if !ok {
			continue
		}
		svc := ImportService{Path: p}
		if hs, ok := checkHostname(c, p, m, seen); ok {
			svc.Hostname = hs
			svc.Path = fmt.Sprintf("services[%d](%s)", i, platform.Clip(hs, 40))
		}
		var e importEntry
		dec.decode(svc.Path, m, &e)
		if e.Keys.ok("type") {
			svc.Type = e.Type
			e.parsed, _ = platform.ParseServiceType(e.Type)
		}
		if e.Keys.ok("mode") {
			svc.Mode = e.Mode
		}
		svc.Subdomain = e.Keys.ok("enableSubdomainAccess") && e.EnableSubdomainAccess
		svc.Mount = mountList(c, svc.Path, e.Mount.v, e.Keys.has("mount"))
		if g, ok := e.BuildFromGit.v.(string); ok && strings.TrimSpace(g) != "" {
			svc.Git = true
		}
		svc.Override, _ = e.Override.v.(bool)
		apply(c, svc.Path, &e, serviceRules)
		envSecretKeys(c, svc.Path, &e)
		out = append(out, svc)
	}
	return out
}

// checkHostname checks a service's hostname, under the entry's plain path:
// the hostname itself names the path of everything else.
func checkHostname(c *checker, p string, m map[string]any, seen map[string]bool) (string, bool) {
	h, has := m["hostname"]
	if !has {
		c.errf(p+".hostname", "missing").Fix = "Add hostname: lowercase letters and digits, starting with a letter, at most 25 characters."
		return "", false
	}
	hs, ok := c.wantString(p+".hostname", h)
	if !ok {
		return "", false
	}
	if err := platform.ValidateHostname(hs); err != nil {
		problem, fix := splitProblem(err)
		c.errf(p+".hostname", "%s", problem).Fix = fix
	}
	if seen[hs] {
		c.errf(p+".hostname", "duplicate hostname %q", platform.Clip(hs, 40)).Fix = "Give every service its own hostname."
	}
	seen[hs] = true
	return hs, true
}

// missingMode warns of a managed service written without single or HA:
// the platform creates it single (facts: the 2026 docs), so it is no error.
func missingMode(c *checker, path, typ string, parsed platform.ServiceType) {
	if SingleOnly(parsed.Name) {
		return
	}
	c.warnf(path+".type", "%s does not say single or HA: the platform creates it single (NON_HA)", platform.Clip(typ, 40)).Fix = modeFix(parsed)
}

// splitProblem turns a platform error into a problem and its fix, clipped:
// the platform's messages may quote the agent's input.
func splitProblem(err error) (problem, fix string) {
	var pe *platform.PlatformError
	if errors.As(err, &pe) {
		return platform.Clip(pe.Message, 120), platform.Clip(pe.Suggestion, 240)
	}
	return platform.Clip(err.Error(), 120), ""
}

// mountList reads a service's mount: a list of shared-storage hostnames.
// Another shape is a warning (the facts do not say the platform refuses it).
func mountList(c *checker, path string, v any, has bool) []string {
	if !has {
		return nil
	}
	list, isList := v.([]any)
	var out []string
	for _, it := range list {
		if s, ok := it.(string); ok {
			out = append(out, s)
		} else {
			isList = false
		}
	}
	if !isList {
		c.warnf(path+".mount", "mount is not a list of hostnames").Fix = "Write mount: [files], listing the hostnames of shared-storage services."
	}
	return out
}
