package knowledge

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
)

// factVersions are the service types and versions of the platform's lists
// (zerops-platform.md "Service types": the 2026-04 schemas, aliases such as
// bun@latest included), plus the zcp@1 service type of the PRD. A YAML example in
// the corpus that uses anything else teaches the agent an invented version.
var factVersions = map[string][]string{
	"nodejs": {"18", "20", "22", "24", "latest"}, "bun": {"1.1", "1.2", "1.3", "latest", "canary", "nightly"}, "deno": {"1", "2", "latest"},
	"python": {"3.9", "3.11", "3.12", "3.14", "latest"}, "php-nginx": {"8.1", "8.3", "8.4", "8.5"}, "php-apache": {"8.1", "8.3", "8.4", "8.5"},
	"php": {"8.1", "8.3", "8.4", "8.5"}, "go": {"1", "1.22", "latest"}, "golang": {"1", "1.22", "latest"}, "rust": {"1", "1.78", "1.80", "1.86", "stable", "nightly"},
	"java": {"17", "21", "latest"}, "dotnet": {"6", "7", "8", "9", "10", "latest"}, "elixir": {"1", "1.16", "latest"}, "gleam": {"1", "1.5", "latest"}, "ruby": {"3.2", "3.3", "3.4"},
	"static": {"", "latest"}, "nginx": {"1.22"}, "docker": {"26.1"},
	"alpine":     {"3.17", "3.18", "3.19", "3.20", "3.21", "3.22", "3.23", "latest"},
	"ubuntu":     {"22.04", "24.04", "latest"},
	"postgresql": {"14", "16", "17", "18"}, "mariadb": {"10.6"}, "clickhouse": {"25.3"}, "valkey": {"7.2"},
	"elasticsearch": {"8.16", "9.2"}, "meilisearch": {"1.10", "1.20"}, "typesense": {"27.1", "30.2"},
	"qdrant": {"1.10", "1.12"}, "nats": {"2.10", "2.12"}, "kafka": {"3.8", "3.9"},
	"object-storage": {"", "1"}, "shared-storage": {"", "1"}, "keydb": {"6"}, "rabbitmq": {"3.9"},
	"zcp": {"1"},
}

// runtimeTypes are the types that take code (and min/maxContainers).
var runtimeTypes = []string{"nodejs", "bun", "deno", "python", "php-nginx", "php-apache", "go", "rust", "java",
	"dotnet", "elixir", "gleam", "ruby", "static", "nginx", "docker", "alpine", "ubuntu", "zcp"}

var (
	importServiceKeys = []string{"hostname", "type", "mode", "profile", "priority", "enableSubdomainAccess",
		"startWithoutCode", "buildFromGit", "zeropsSetup", "override", "envSecrets", "dotEnvSecrets",
		"minContainers", "maxContainers", "verticalAutoscaling", "objectStorageSize", "objectStoragePolicy",
		"objectStorageRawPolicy", "zeropsYaml", "envIsolation",
		"nginxConfig", "mount"}
	importProjectKeys = []string{"name", "description", "corePackage", "tags", "envVariables"}
	zeropsItemKeys    = []string{"setup", "build", "deploy", "run", "extends"}
	zeropsBuildKeys   = []string{"base", "os", "prepareCommands", "buildCommands", "deployFiles", "cache",
		"addToRunPrepare", "envVariables"}
	zeropsDeployKeys = []string{"temporaryShutdown", "readinessCheck"}
	zeropsRunKeys    = []string{"base", "os", "start", "startCommands", "ports", "initCommands", "prepareCommands",
		"envVariables", "envReplace", "healthCheck", "crontab", "documentRoot", "siteConfigPath", "routing"}
	zeropsPortKeys = []string{"port", "protocol", "httpSupport"}
)

// wrongExampleMarker opts a YAML block out of the check: the block shows a
// mistake on purpose and says so in its first line.
const wrongExampleMarker = "# wrong"

var yamlBlockRe = regexp.MustCompile("(?s)```ya?ml\n(.*?)```")

// TestDocs_YAMLExamplesFollowFacts parses every YAML example of the corpus and
// the content texts and checks it against the platform facts: versions that
// exist, hostnames without '-', no service-level envVariables in import.yml,
// only known zerops.yml keys, no scaling fields on managed services, valid
// ports.
func TestDocs_YAMLExamplesFollowFacts(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	type source struct{ name, body string }
	var sources []source
	for _, d := range docs {
		sources = append(sources, source{d.Path, d.Content})
	}
	for _, name := range WorkflowNames() {
		body, _ := Workflow(name)
		sources = append(sources, source{"workflow " + name, body})
	}
	sources = append(sources, source{"context", ContextText()}, source{"claude.md", ClaudeMD()})

	blocks := 0
	for _, src := range sources {
		for i, m := range yamlBlockRe.FindAllStringSubmatch(src.body, -1) {
			text := m[1]
			if strings.HasPrefix(strings.TrimSpace(text), wrongExampleMarker) {
				continue
			}
			blocks++
			where := fmt.Sprintf("%s yaml block %d", src.name, i+1)
			var root map[string]any
			if err := yaml.Unmarshal([]byte(text), &root); err != nil {
				t.Errorf("%s: not valid YAML: %v", where, err)
				continue
			}
			for _, p := range yamlProblems(root) {
				t.Errorf("%s: %s", where, p)
			}
		}
	}
	t.Logf("%d YAML examples checked", blocks)
	if blocks < 70 {
		t.Errorf("only %d YAML examples checked; the corpus should have far more", blocks)
	}
}

// yamlProblems returns what is wrong with one parsed example.
func yamlProblems(root map[string]any) []string {
	var out []string
	if proj, ok := root["project"].(map[string]any); ok {
		out = append(out, unknownKeys("project", proj, importProjectKeys)...)
	}
	if svcs, ok := root["services"].([]any); ok {
		for _, s := range svcs {
			svc, ok := s.(map[string]any)
			if !ok {
				out = append(out, "a services item is not a map")
				continue
			}
			out = append(out, importServiceProblems(svc)...)
		}
	}
	if items, ok := root["zerops"].([]any); ok {
		for _, it := range items {
			item, ok := it.(map[string]any)
			if !ok {
				out = append(out, "a zerops item is not a map")
				continue
			}
			out = append(out, zeropsItemProblems(item)...)
		}
	}
	return out
}

func importServiceProblems(svc map[string]any) []string {
	host, _ := svc["hostname"].(string)
	out := unknownKeys("service "+host, svc, importServiceKeys)
	if _, ok := svc["envVariables"]; ok {
		out = append(out, fmt.Sprintf("service %s: service-level envVariables (silently dropped; use envSecrets)", host))
	}
	if !platform.ValidHostname(host) {
		out = append(out, fmt.Sprintf("hostname %q breaks ^[a-z][a-z0-9]{0,24}$", host))
	}
	typ, _ := svc["type"].(string)
	name, problem := typeProblem(typ)
	if problem != "" {
		out = append(out, fmt.Sprintf("service %s: %s", host, problem))
	}
	if name != "" && !slices.Contains(runtimeTypes, name) {
		for _, k := range []string{"minContainers", "maxContainers"} {
			if _, ok := svc[k]; ok {
				out = append(out, fmt.Sprintf("managed service %s (%s) with %s", host, typ, k))
			}
		}
	}
	return out
}

// typeProblem checks a type string against factVersions; it returns the bare
// type name and a problem ("" when the type exists).
func typeProblem(typ string) (string, string) {
	st, err := platform.ParseServiceType(typ)
	if err != nil {
		return "", fmt.Sprintf("type %q does not parse: %v", typ, err)
	}
	name, version, _ := strings.Cut(st.VersionName(), "@")
	versions, ok := factVersions[name]
	if !ok {
		return "", fmt.Sprintf("type %q is not a Zerops service type", typ)
	}
	if !slices.Contains(versions, version) {
		return name, fmt.Sprintf("type %q: version %q does not exist (facts: %v)", typ, version, versions)
	}
	return name, ""
}

func zeropsItemProblems(item map[string]any) []string {
	setup, _ := item["setup"].(string)
	where := "setup " + setup
	out := unknownKeys(where, item, zeropsItemKeys)
	if setup == "" {
		out = append(out, "a zerops item without setup")
	}
	if b, ok := item["build"].(map[string]any); ok {
		out = append(out, unknownKeys(where+" build", b, zeropsBuildKeys)...)
		out = append(out, baseProblems(where+" build", b["base"])...)
	}
	if d, ok := item["deploy"].(map[string]any); ok {
		out = append(out, unknownKeys(where+" deploy", d, zeropsDeployKeys)...)
	}
	if r, ok := item["run"].(map[string]any); ok {
		out = append(out, unknownKeys(where+" run", r, zeropsRunKeys)...)
		out = append(out, baseProblems(where+" run", r["base"])...)
		ports, _ := r["ports"].([]any)
		for _, p := range ports {
			pm, ok := p.(map[string]any)
			if !ok {
				out = append(out, where+" run: a port is not a map")
				continue
			}
			out = append(out, unknownKeys(where+" run port", pm, zeropsPortKeys)...)
			n, ok := pm["port"].(int)
			if !ok || n < 10 || n > 65435 {
				out = append(out, fmt.Sprintf("%s run: port %v outside 10-65435", where, pm["port"]))
			}
		}
		crons, _ := r["crontab"].([]any)
		for _, c := range crons {
			if cm, ok := c.(map[string]any); !ok || cm["allContainers"] == nil {
				out = append(out, where+" run: a crontab entry without allContainers (our examples write it: one Zerops page calls it required)")
			}
		}
	}
	return out
}

func baseProblems(where string, base any) []string {
	var bases []string
	switch b := base.(type) {
	case nil:
		return nil
	case string:
		bases = []string{b}
	case []any:
		for _, x := range b {
			s, _ := x.(string)
			bases = append(bases, s)
		}
	default:
		return []string{where + ": base is neither a string nor a list"}
	}
	var out []string
	for _, b := range bases {
		if _, p := typeProblem(b); p != "" {
			out = append(out, where+": base "+p)
		}
	}
	return out
}

func unknownKeys(where string, m map[string]any, allowed []string) []string {
	var out []string
	for k := range m {
		if !slices.Contains(allowed, k) {
			out = append(out, fmt.Sprintf("%s: unknown key %q", where, k))
		}
	}
	slices.Sort(out)
	return out
}

// TestDocs_NewDocumentsHaveExamples: the documents added for operational
// topics and frameworks each carry at least one checked YAML example.
func TestDocs_NewDocumentsHaveExamples(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	byPath := map[string]Document{}
	for _, d := range docs {
		byPath[d.Path] = d
	}
	want := []string{"operations/backups", "operations/vpn-local-development", "operations/ci-cd",
		"runtimes/php-tuning", "networking/cloudflare-custom-domains", "networking/smtp",
		"operations/log-forwarding-metrics", "operations/production-checklist", "operations/zsc",
		"networking/websockets-balancer", "tools/mailpit", "tools/adminer", "frameworks/nextjs",
		"frameworks/nuxt", "frameworks/sveltekit", "frameworks/laravel", "frameworks/django",
		"frameworks/rails", "frameworks/spring-boot", "frameworks/symfony", "frameworks/phoenix", "frameworks/fastapi-flask", "frameworks/nestjs", "frameworks/vite-spa", "frameworks/astro", "frameworks/aspnet-core"}
	for _, p := range want {
		d, ok := byPath[p]
		switch {
		case !ok:
			t.Errorf("document %s is missing", p)
		case len(yamlBlockRe.FindAllString(d.Content, -1)) == 0:
			t.Errorf("%s has no YAML example", p)
		}
	}
}
