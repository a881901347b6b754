package ops

import (
	"errors"
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

var (
	importRootKeys    = []string{"project", "services"}
	importProjectKeys = []string{"name", "description", "corePackage", "tags", "envVariables"}
	importServiceKeys = []string{"hostname", "type", "mode", "profile", "priority", "enableSubdomainAccess",
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

// importService is what the checker learned about one service entry.
type importService struct {
	Hostname string
	Type     string
	Mode     string
	Raw      map[string]any
}

// checkImportYml validates an import.yml. With serviceImport the file is
// meant for an existing project, so a project: section is an error;
// otherwise only a note. Unknown keys are warnings: the platform drops them.
func checkImportYml(c *checker, root any, serviceImport bool) []importService {
	m, ok := c.asMap("", root)
	if !ok {
		return nil
	}
	c.unknownKeys("", m, importRootKeys, false)
	if p, has := m["project"]; has {
		if serviceImport {
			c.errf("project", "a service import must not contain project: (ZCP manages one existing project)")
		} else {
			c.warnf("project", "project: is only for creating a new project; zerops_import refuses it")
			if pm, ok := c.asMap("project", p); ok {
				c.unknownKeys("project", pm, importProjectKeys, false)
			}
		}
	}
	raw, has := m["services"]
	if !has {
		c.errf("services", "missing: list the services under services:")
		return nil
	}
	list, ok := c.asList("services", raw)
	if !ok {
		return nil
	}
	if len(list) == 0 {
		c.errf("services", "is empty")
	}
	var out []importService
	seen := map[string]bool{}
	for i, it := range list {
		p := fmt.Sprintf("services[%d]", i)
		s, ok := c.asMap(p, it)
		if !ok {
			continue
		}
		c.unknownKeys(p, s, importServiceKeys, false)
		svc := importService{Raw: s}
		if h, has := s["hostname"]; !has {
			c.errf(p+".hostname", "missing")
		} else if hs, ok := c.wantString(p+".hostname", h); ok {
			svc.Hostname = hs
			if err := platform.ValidateHostname(hs); err != nil {
				c.errf(p+".hostname", "%s", hostnameProblem(err))
			}
			if seen[hs] {
				c.errf(p+".hostname", "duplicate hostname %q", platform.Clip(hs, 40))
			}
			seen[hs] = true
			p = fmt.Sprintf("services[%d](%s)", i, platform.Clip(hs, 40))
		}
		var parsed platform.ServiceType
		if t, has := s["type"]; !has {
			c.errf(p+".type", "missing (e.g. nodejs@22, postgresql@16)")
		} else if ts, ok := c.wantString(p+".type", t); ok {
			svc.Type = ts
			pt, err := platform.ParseServiceType(ts)
			if err != nil {
				c.errf(p+".type", "%s", hostnameProblem(err))
			}
			parsed = pt
		}
		managed := contains(managedTypes, parsed.Name)
		storage := contains(storageTypes, parsed.Name)
		if md, has := s["mode"]; has {
			if ms, ok := c.wantString(p+".mode", md); ok {
				svc.Mode = ms
				if ms != "HA" && ms != "NON_HA" {
					c.errf(p+".mode", "must be HA or NON_HA, got %q", platform.Clip(ms, 20))
				}
			}
		} else if managed && !storage && parsed.Mode == "" && parsed.Name != "" {
			c.warnf(p+".mode", "missing: add mode: NON_HA (or HA, which cannot be changed later) for %s", platform.Clip(svc.Type, 40))
		}
		if _, has := s["envVariables"]; has {
			c.warnf(p+".envVariables", "service-level envVariables is silently dropped by the platform: put variables in zerops.yml run.envVariables or envSecrets")
		}
		for _, k := range []string{"minContainers", "maxContainers"} {
			if x, has := s[k]; has {
				if n, ok := c.wantInt(p+"."+k, x); ok && (n < 1 || n > 10) {
					c.errf(p+"."+k, "%d is outside 1–10", n)
				}
				if managed {
					c.warnf(p+"."+k, "managed services have a fixed container count (1 single, 3 HA); %s is ignored", k)
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
				c.errf(p+".objectStoragePolicy", "must be one of %s", strings.Join(objectStoragePolicies, ", "))
			}
		}
		if x, has := s["verticalAutoscaling"]; has {
			if va, ok := c.asMap(p+".verticalAutoscaling", x); ok {
				c.unknownKeys(p+".verticalAutoscaling", va, importVerticalKeys, false)
				if cm, has := va["cpuMode"]; has {
					if cs, ok := c.wantString(p+".verticalAutoscaling.cpuMode", cm); ok && cs != "SHARED" && cs != "DEDICATED" {
						c.errf(p+".verticalAutoscaling.cpuMode", "must be SHARED or DEDICATED")
					}
				}
				for _, k := range []string{"minCpu", "maxCpu", "minRam", "maxRam", "minDisk", "maxDisk"} {
					if n, has := va[k]; has {
						c.wantNumber(p+".verticalAutoscaling."+k, n)
					}
				}
				if parsed.Name == "object-storage" {
					c.warnf(p+".verticalAutoscaling", "object storage takes no cpu/ram/disk settings")
				}
			}
		}
		out = append(out, svc)
	}
	return out
}

// hostnameProblem extracts a one-line explanation from a platform error,
// clipped: the platform's messages may quote the agent's input.
func hostnameProblem(err error) string {
	var pe *platform.PlatformError
	if errors.As(err, &pe) {
		if pe.Suggestion != "" {
			return platform.Clip(pe.Message, 120) + ". " + platform.Clip(pe.Suggestion, 240)
		}
		return platform.Clip(pe.Message, 120)
	}
	return platform.Clip(err.Error(), 120)
}
