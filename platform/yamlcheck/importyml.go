package yamlcheck

import (
	"errors"
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

var (
	importRootKeys    = []string{"project", "services"}
	importProjectKeys = []string{"name", "description", "corePackage", "tags", "envVariables"}
	ImportServiceKeys = []string{"hostname", "type", "mode", "profile", "priority", "enableSubdomainAccess",
		"startWithoutCode", "buildFromGit", "zeropsSetup", "override", "envSecrets", "dotEnvSecrets",
		"minContainers", "maxContainers", "verticalAutoscaling", "objectStorageSize", "objectStoragePolicy",
		"objectStorageRawPolicy", "zeropsYaml", "envIsolation", "nginxConfig", "mount", "envVariables"}
	importVerticalKeys = []string{"cpuMode", "minCpu", "maxCpu", "minRam", "maxRam", "minDisk", "maxDisk",
		"startCpuCoreCount", "minFreeRamGB", "minFreeRamPercent", "minFreeCpuCores", "minFreeCpuPercent"}
	objectStoragePolicies = []string{"private", "public-read", "public-objects-read", "public-write", "public-read-write", "custom"}
	// Managed service type names: the platform runs them, code is not deployed into them.
	managedTypes = []string{"postgresql", "mariadb", "mysql", "clickhouse", "valkey", "keydb", "redis",
		"elasticsearch", "meilisearch", "typesense", "qdrant", "nats", "kafka", "rabbitmq",
		"object-storage", "objectstorage", "shared-storage", "sharedstorage"}
	storageTypes = []string{"object-storage", "objectstorage", "shared-storage", "sharedstorage"}
)

// checkImportYml validates an import.yml. With serviceImport the file is
// meant for an existing project, so a project: section is an error;
// otherwise only a note. Unknown keys are warnings: the platform drops them.
func checkImportYml(c *checker, root any, serviceImport bool) []ImportService {
	m, ok := c.asMap("", root)
	if !ok {
		return nil
	}
	c.unknownKeys("", m, importRootKeys, false)
	if p, has := m["project"]; has {
		if serviceImport {
			c.errf("project", "a service import must not contain project: (ZCP manages one existing project)").Fix = "Remove the project: section and keep only services:."
		} else {
			c.warnf("project", "project: is only for creating a new project; zerops_import refuses it").Fix = "Remove the project: section before zerops_import."
			if pm, ok := c.asMap("project", p); ok {
				c.unknownKeys("project", pm, importProjectKeys, false)
			}
		}
	}
	raw, has := m["services"]
	if !has {
		c.errf("services", "missing").Fix = "List the services under services:, each with hostname and type."
		return nil
	}
	list, ok := c.asList("services", raw)
	if !ok {
		return nil
	}
	if len(list) == 0 {
		c.errf("services", "is empty").Fix = "List at least one service with hostname and type."
	}
	var out []ImportService
	seen := map[string]bool{}
	for i, it := range list {
		p := fmt.Sprintf("services[%d]", i)
		s, ok := c.asMap(p, it)
		if !ok {
			continue
		}
		svc := ImportService{Raw: s, Path: p}
		if h, has := s["hostname"]; !has {
			c.errf(p+".hostname", "missing").Fix = "Add hostname: lowercase letters and digits, starting with a letter, at most 40 characters."
		} else if hs, ok := c.wantString(p+".hostname", h); ok {
			svc.Hostname = hs
			if err := platform.ValidateHostname(hs); err != nil {
				problem, fix := splitProblem(err)
				c.errf(p+".hostname", "%s", problem).Fix = fix
			}
			if seen[hs] {
				c.errf(p+".hostname", "duplicate hostname %q", platform.Clip(hs, 40)).Fix = "Give every service its own hostname."
			}
			seen[hs] = true
			p = fmt.Sprintf("services[%d](%s)", i, platform.Clip(hs, 40))
			svc.Path = p
		}
		c.unknownKeys(p, s, ImportServiceKeys, false)
		var parsed platform.ServiceType
		if t, has := s["type"]; !has {
			c.errf(p+".type", "missing").Fix = "Add type: name@version from the live catalog, e.g. nodejs@22 or postgresql@16."
		} else if ts, ok := c.wantString(p+".type", t); ok {
			svc.Type = ts
			pt, err := platform.ParseServiceType(ts)
			if err != nil {
				problem, fix := splitProblem(err)
				c.errf(p+".type", "%s", problem).Fix = fix
			}
			parsed = pt
		}
		managed := contains(managedTypes, parsed.Name)
		storage := contains(storageTypes, parsed.Name)
		objectStorage := parsed.Name == "object-storage" || parsed.Name == "objectstorage"
		if md, has := s["mode"]; has {
			if ms, ok := c.wantString(p+".mode", md); ok {
				svc.Mode = ms
				switch {
				case objectStorage:
					c.errf(p+".mode", "object storage takes no mode").Fix = "Remove mode: from this service."
				case ms != "HA" && ms != "NON_HA":
					c.errf(p+".mode", "must be HA or NON_HA, got %q", platform.Clip(ms, 20)).Fix = "Write mode: NON_HA (or HA, which cannot be changed later)."
				}
			}
		} else if managed && !storage && parsed.Mode == "" && parsed.Name != "" {
			missingMode(c, p, svc.Type)
		}
		if _, has := s["envVariables"]; has {
			c.errf(p+".envVariables", "service-level envVariables are silently dropped by the platform").Fix =
				"Move them to the runtime's zerops.yml run.envVariables (or envSecrets here for secrets)."
		}
		for _, k := range []string{"minContainers", "maxContainers"} {
			if x, has := s[k]; has {
				if n, ok := c.wantInt(p+"."+k, x); ok && (n < 1 || n > 10) {
					c.errf(p+"."+k, "%d is outside 1–10", n).Fix = "Use a count from 1 to 10."
				}
				if managed {
					c.warnf(p+"."+k, "managed services have a fixed container count (1 single, 3 HA); %s is ignored", k).Fix = "Remove it."
				}
			}
		}
		for _, k := range []string{"enableSubdomainAccess", "startWithoutCode"} {
			if x, has := s[k]; has {
				c.wantBool(p+"."+k, x)
			}
		}
		for _, k := range []string{"envSecrets"} {
			if x, has := s[k]; has {
				c.wantStringMap(p+"."+k, x)
			}
		}
		if x, has := s["objectStoragePolicy"]; has {
			if ps, ok := c.wantString(p+".objectStoragePolicy", x); ok && !contains(objectStoragePolicies, ps) {
				c.errf(p+".objectStoragePolicy", "unknown policy %q", platform.Clip(ps, 30)).Fix = "Use one of: " + strings.Join(objectStoragePolicies, ", ") + "."
			}
		}
		if x, has := s["verticalAutoscaling"]; has {
			if va, ok := c.asMap(p+".verticalAutoscaling", x); ok {
				c.unknownKeys(p+".verticalAutoscaling", va, importVerticalKeys, false)
				if cm, has := va["cpuMode"]; has {
					if cs, ok := c.wantString(p+".verticalAutoscaling.cpuMode", cm); ok && cs != "SHARED" && cs != "DEDICATED" {
						c.errf(p+".verticalAutoscaling.cpuMode", "unknown cpuMode %q", platform.Clip(cs, 20)).Fix = "Write SHARED or DEDICATED."
					}
				}
				for _, k := range []string{"minCpu", "maxCpu", "minRam", "maxRam", "minDisk", "maxDisk"} {
					if n, has := va[k]; has {
						c.wantNumber(p+".verticalAutoscaling."+k, n)
					}
				}
				if parsed.Name == "object-storage" {
					c.warnf(p+".verticalAutoscaling", "object storage takes no cpu/ram/disk settings").Fix = "Remove verticalAutoscaling from this service."
				}
			}
		}
		out = append(out, svc)
	}
	return out
}

// missingMode reports a managed service written without a mode: the
// platform refuses it (projectImportMissingParameter).
func missingMode(c *checker, path, typ string) {
	c.errf(path+".mode", "missing for managed service %s", platform.Clip(typ, 40)).Fix =
		"Add mode: NON_HA (or HA, which cannot be changed later), or write the mode in the type, e.g. postgresql:single@16."
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
