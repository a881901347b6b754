package ops_test

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

// TestCheckImport_PredictsTheImport: the dry run refuses exactly what the
// import itself (the simulated API, as strict as the platform) refuses, at
// the same fields and saying the same thing, and passes what it takes.
func TestCheckImport_PredictsTheImport(t *testing.T) {
	t.Parallel()
	svc := func(host, typ string, lines ...string) string {
		s := "  - hostname: " + host + "\n    type: " + typ + "\n"
		for _, l := range lines {
			s += "    " + l + "\n"
		}
		return s
	}
	tests := []struct {
		name string
		yml  string
		want []string // refused fields, "host.field"; none: imported
		word string   // both refusals say it
	}{
		{"RuntimeContainers", svc("api", "nodejs@22", "minContainers: 2", "maxContainers: 4"), nil, ""},
		{"RuntimeContainersOutOfRange", svc("api", "nodejs@22", "minContainers: 0"), []string{"api.minContainers"}, "1–10"},
		{"RuntimeContainersMinAboveMax", svc("api", "nodejs@22", "minContainers: 3", "maxContainers: 2"), []string{"api.maxContainers"}, "below minContainers"},
		{"ManagedMinContainers", svc("db", "postgresql@16", "mode: NON_HA", "minContainers: 2"), []string{"db.minContainers"}, "fixed"},
		{"ManagedMaxContainers", svc("db", "postgresql:ha@16", "maxContainers: 3"), []string{"db.maxContainers"}, "fixed"},
		{"ManagedBothContainers", svc("cache", "valkey@7.2", "mode: HA", "minContainers: 1", "maxContainers: 3"),
			[]string{"cache.maxContainers", "cache.minContainers"}, "fixed"},
		{"StorageContainers", svc("files", "object-storage", "objectStorageSize: 1", "minContainers: 1"), []string{"files.minContainers"}, "fixed"},
		{"StorageSized", svc("files", "object-storage", "objectStorageSize: 100"), nil, ""},
		{"StorageNoSize", svc("files", "object-storage", "objectStoragePolicy: private"), []string{"files.objectStorageSize"}, "required"},
		{"StorageSizeZero", svc("files", "object-storage", "objectStorageSize: 0"), []string{"files.objectStorageSize"}, "1 to 100 GB"},
		{"StorageSizeTooLarge", svc("files", "object-storage", "objectStorageSize: 101"), []string{"files.objectStorageSize"}, "1 to 100 GB"},
		{"VerticalInRange", svc("api", "nodejs@22", "verticalAutoscaling: {minCpu: 1, maxCpu: 8, minRam: 0.125, maxRam: 48, minDisk: 1, maxDisk: 250}"), nil, ""},
		{"VerticalDatabaseInRange", svc("db", "postgresql@16", "mode: NON_HA", "verticalAutoscaling: {minRam: 0.25, maxRam: 0.25}"), nil, ""},
		{"CPUZero", svc("api", "nodejs@22", "verticalAutoscaling: {minCpu: 0}"), []string{"api.verticalAutoscaling.minCpu"}, "1–8"},
		{"CPUNine", svc("api", "nodejs@22", "verticalAutoscaling: {maxCpu: 9}"), []string{"api.verticalAutoscaling.maxCpu"}, "1–8"},
		{"CPUFraction", svc("api", "nodejs@22", "verticalAutoscaling: {minCpu: 1.5}"), []string{"api.verticalAutoscaling.minCpu"}, "whole"},
		{"RAMTooSmall", svc("api", "nodejs@22", "verticalAutoscaling: {minRam: 0.1}"), []string{"api.verticalAutoscaling.minRam"}, "0.125–48"},
		{"RAMTooLarge", svc("api", "nodejs@22", "verticalAutoscaling: {maxRam: 64}"), []string{"api.verticalAutoscaling.maxRam"}, "0.125–48"},
		{"DatabaseRAMTooSmall", svc("db", "postgresql@16", "mode: NON_HA", "verticalAutoscaling: {minRam: 0.125}"), []string{"db.verticalAutoscaling.minRam"}, "0.25–48"},
		{"DiskZero", svc("api", "nodejs@22", "verticalAutoscaling: {minDisk: 0}"), []string{"api.verticalAutoscaling.minDisk"}, "1–250"},
		{"DiskTooLarge", svc("api", "nodejs@22", "verticalAutoscaling: {maxDisk: 500}"), []string{"api.verticalAutoscaling.maxDisk"}, "1–250"},
		{"CPUMinAboveMax", svc("api", "nodejs@22", "verticalAutoscaling: {minCpu: 4, maxCpu: 2}"), []string{"api.verticalAutoscaling.maxCpu"}, "below minCpu"},
		{"RAMMinAboveMax", svc("api", "nodejs@22", "verticalAutoscaling: {minRam: 4, maxRam: 2}"), []string{"api.verticalAutoscaling.maxRam"}, "below minRam"},
		{"DiskMinAboveMax", svc("api", "nodejs@22", "verticalAutoscaling: {minDisk: 20, maxDisk: 10}"), []string{"api.verticalAutoscaling.maxDisk"}, "below minDisk"},
		{"StartCPUInRange", svc("api", "nodejs@22", "verticalAutoscaling: {startCpuCoreCount: 2, minFreeRamGB: 0.5, minFreeRamPercent: 20}"), nil, ""},
		{"StartCPUTooMany", svc("api", "nodejs@22", "verticalAutoscaling: {startCpuCoreCount: 20}"), []string{"api.verticalAutoscaling.startCpuCoreCount"}, "1–8"},
		{"StartCPUZero", svc("api", "nodejs@22", "verticalAutoscaling: {startCpuCoreCount: 0}"), []string{"api.verticalAutoscaling.startCpuCoreCount"}, "1–8"},
		{"StartCPUFraction", svc("api", "nodejs@22", "verticalAutoscaling: {startCpuCoreCount: 1.5}"), []string{"api.verticalAutoscaling.startCpuCoreCount"}, "whole"},
		{"FreeRAMPercentTooHigh", svc("api", "nodejs@22", "verticalAutoscaling: {minFreeRamPercent: 150}"), []string{"api.verticalAutoscaling.minFreeRamPercent"}, "0–100"},
		{"FreeRAMPercentNegative", svc("api", "nodejs@22", "verticalAutoscaling: {minFreeRamPercent: -1}"), []string{"api.verticalAutoscaling.minFreeRamPercent"}, "0–100"},
		{"FreeRAMGBNegative", svc("api", "nodejs@22", "verticalAutoscaling: {minFreeRamGB: -0.5}"), []string{"api.verticalAutoscaling.minFreeRamGB"}, "0–48"},
		{"FreeRAMGBTooLarge", svc("api", "nodejs@22", "verticalAutoscaling: {minFreeRamGB: 64}"), []string{"api.verticalAutoscaling.minFreeRamGB"}, "0–48"},
		{"FreeRAMGBAboveMaxRAM", svc("api", "nodejs@22", "verticalAutoscaling: {maxRam: 2, minFreeRamGB: 4}"), []string{"api.verticalAutoscaling.minFreeRamGB"}, "above maxRam"},
		{"MeilisearchSingle", svc("search", "meilisearch@1.20", "mode: NON_HA") + svc("find", "meilisearch:single@1.10"), nil, ""},
		{"MeilisearchModeHA", svc("search", "meilisearch@1.20", "mode: HA"), []string{"search.mode"}, "single only"},
		{"MeilisearchTypeHA", svc("search", "meilisearch:ha@1.20"), []string{"search.type"}, "single only"},
		{"MeilisearchBothHA", svc("search", "meilisearch:ha@1.20", "mode: HA"), []string{"search.type"}, "single only"},
		{"EnvSecretKeys", svc("api", "nodejs@22", "envSecrets: {MY_KEY: x, _a1: y, Camel9: z}"), nil, ""},
		{"EnvSecretKeyDash", svc("api", "nodejs@22", "envSecrets: {MY-KEY: x}"), []string{"api.envSecrets"}, "invalid key"},
		{"EnvSecretKeyDigitFirst", svc("api", "nodejs@22", "envSecrets: {1KEY: x, OK: y}"), []string{"api.envSecrets"}, "invalid key"},
		{"TypeHAModeHA", svc("db", "postgresql:ha@16", "mode: HA"), nil, ""},
		{"TypeHAModeNonHA", svc("db", "postgresql:ha@16", "mode: NON_HA"), []string{"db.mode"}, "contradicts"},
		{"TypeSingleModeHA", svc("cache", "valkey:single@7.2", "mode: HA"), []string{"cache.mode"}, "contradicts"},
		{"SharedStorageMode", svc("files", "shared-storage", "mode: NON_HA"), nil, ""},
		{"SharedStorageNoMode", svc("files", "shared-storage"), nil, ""},
		{"MountSharedStorage", svc("files", "shared-storage", "mode: NON_HA") + svc("app", "nodejs@22", "mount: [files]"), nil, ""},
		{"VerticalEveryProblem", svc("api", "nodejs@22", "verticalAutoscaling: {minCpu: 0, maxCpu: 9, minRam: 0, maxRam: 49, minDisk: 0, maxDisk: 251}"),
			[]string{"api.verticalAutoscaling.maxCpu", "api.verticalAutoscaling.maxDisk", "api.verticalAutoscaling.maxRam",
				"api.verticalAutoscaling.minCpu", "api.verticalAutoscaling.minDisk", "api.verticalAutoscaling.minRam"}, "outside"},
	}
	fake, c := newFake(t, 0)
	types, err := c.ListServiceStackTypes(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			project := fake.AddProject(tt.name)
			content := "services:\n" + tt.yml

			check, err := ops.CheckImport(ctx, ops.Project{Client: c, ID: project}, content, ops.Published{Types: types})
			if err != nil {
				t.Fatal(err)
			}
			var dry []string
			for _, p := range check.Problems {
				dry = append(dry, hostField(p.Path))
				if p.Fix == "" {
					t.Errorf("dry run: %s: %q names no fix", p.Path, p.Problem)
				}
				if strings.Contains(tt.yml, "shared-storage") && strings.Contains(p.Fix, "database") {
					t.Errorf("dry run: %s: fix %q calls shared storage a database", p.Path, p.Fix)
				}
				if tt.word != "" && !strings.Contains(p.Problem, tt.word) {
					t.Errorf("dry run: %s: %q does not say %q", p.Path, p.Problem, tt.word)
				}
			}

			res, err := c.ImportServices(ctx, project, content)
			var real []string
			var rej *platform.ImportRejection
			switch {
			case errors.As(err, &rej):
				for _, p := range rej.Problems {
					for key, reasons := range p.Metadata {
						if key == "parameter" {
							real = append(real, reasons...)
							continue
						}
						real = append(real, key)
						if tt.word != "" && !strings.Contains(strings.Join(reasons, "; "), tt.word) {
							t.Errorf("import: %s: %q does not say %q", key, reasons, tt.word)
						}
					}
				}
			case err != nil:
				t.Fatal(err)
			default:
				for _, s := range res.ServiceStacks {
					if s.Error != nil {
						real = append(real, s.Name+": "+s.Error.Message)
					}
				}
			}
			slices.Sort(dry)
			slices.Sort(real)
			if !slices.Equal(dry, tt.want) || !slices.Equal(real, tt.want) {
				t.Errorf("refused fields: dry run %q, import %q; want %q", dry, real, tt.want)
			}
		})
	}
}

// hostField turns a dry run's path ("services[0](db).mode") into the API's
// ("db.mode").
func hostField(path string) string {
	if m := dryPath.FindStringSubmatch(path); m != nil {
		return m[1] + "." + m[2]
	}
	return path
}

var dryPath = regexp.MustCompile(`^services\[\d+\]\(([^)]*)\)\.(.+)$`)
