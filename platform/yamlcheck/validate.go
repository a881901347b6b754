package yamlcheck

import (
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/zeropsio/zcp/platform"
)

// Document kinds the validators know.
const (
	KindZeropsYml = "zerops.yml"
	KindImportYml = "import.yml"
)

// ValidationResult is the verdict of an offline validation.
type ValidationResult struct {
	Kind     string           `json:"kind"`
	Valid    bool             `json:"valid"`
	Errors   []platform.Issue `json:"errors,omitempty"`
	Warnings []platform.Issue `json:"warnings,omitempty"`
}

// Validate checks content offline as kind ("zerops.yml", "import.yml", or ""
// to detect it from the top-level keys). Problems in the document are
// reported in the result; an error is returned only when the input cannot be
// validated at all (too large, not YAML, kind unknown).
func Validate(content, kind string) (*ValidationResult, error) {
	root, err := decodeYAML(content)
	if err != nil {
		return nil, err
	}
	kind = normalizeKind(kind)
	if kind == "" {
		kind = DetectKind(root)
	}
	var c checker
	switch kind {
	case KindZeropsYml:
		checkZeropsYml(&c, root)
	case KindImportYml:
		checkImportYml(&c, root, false)
	default:
		return nil, invalidParam("cannot tell whether this is a zerops.yml or an import.yml",
			`Pass kind "zerops.yml" or "import.yml"; a zerops.yml starts with "zerops:", an import.yml with "services:".`)
	}
	c.finish()
	return &ValidationResult{Kind: kind, Valid: len(c.errors) == 0, Errors: c.errors, Warnings: c.warnings}, nil
}

func normalizeKind(kind string) string {
	switch strings.ToLower(strings.TrimSpace(kind)) {
	case "zerops.yml", "zerops.yaml", "zerops", "zeropsyml":
		return KindZeropsYml
	case "import.yml", "import.yaml", "import", "importyml":
		return KindImportYml
	case "":
		return ""
	}
	return "?"
}

// DetectKind guesses the document kind from its top-level keys ("" when unsure).
func DetectKind(root any) string {
	m, ok := root.(map[string]any)
	if !ok {
		return ""
	}
	if _, ok := m["zerops"]; ok {
		return KindZeropsYml
	}
	if _, ok := m["services"]; ok {
		return KindImportYml
	}
	if _, ok := m["project"]; ok {
		return KindImportYml
	}
	return ""
}

// decodeYAML parses content (≤ platform.MaxFileSize) into plain Go values.
func decodeYAML(content string) (any, error) {
	if len(content) > platform.MaxFileSize {
		return nil, platform.NewError(platform.ErrFileTooLarge,
			fmt.Sprintf("document is %d kB, the limit is %d kB", len(content)/1024, platform.MaxFileSize/1024),
			"Split the services over several imports.")
	}
	if strings.TrimSpace(content) == "" {
		return nil, invalidParam("the document is empty", "Pass the YAML as content, or filePath pointing at it.")
	}
	var root any
	if err := yaml.Unmarshal([]byte(content), &root); err != nil {
		return nil, invalidParam("not valid YAML: "+platform.Clip(err.Error(), 200),
			"Fix the YAML syntax (indentation uses spaces; lists start with '- ').")
	}
	return root, nil
}

var (
	zeropsItemKeys   = []string{"setup", "build", "deploy", "run", "extends"}
	zeropsBuildKeys  = []string{"base", "os", "prepareCommands", "buildCommands", "deployFiles", "cache", "addToRunPrepare", "envVariables"}
	zeropsDeployKeys = []string{"temporaryShutdown", "readinessCheck"}
	zeropsRunKeys    = []string{"base", "os", "start", "startCommands", "ports", "initCommands", "prepareCommands",
		"envVariables", "envReplace", "healthCheck", "crontab", "documentRoot", "siteConfigPath", "routing"}
	zeropsPortKeys      = []string{"port", "protocol", "httpSupport"}
	zeropsReadinessKeys = []string{"httpGet", "exec", "failureTimeout", "retryPeriod"}
	zeropsCronKeys      = []string{"timing", "command", "allContainers", "workingDir"}
	// Runtimes whose web server starts by itself: no run.start needed.
	noStartBases = []string{"php-nginx", "php-apache", "nginx", "static"}
)

func checkZeropsYml(c *checker, root any) {
	m, ok := c.asMap("", root)
	if !ok {
		return
	}
	c.unknownKeys("", m, []string{"zerops"}, true)
	raw, ok := m["zerops"]
	if !ok {
		c.errf("zerops", "missing: a zerops.yml is a list of setups under the top-level key zerops")
		return
	}
	items, ok := c.asList("zerops", raw)
	if !ok {
		return
	}
	if len(items) == 0 {
		c.errf("zerops", "has no setups")
	}
	seen := map[string]bool{}
	for i, it := range items {
		p := fmt.Sprintf("zerops[%d]", i)
		item, ok := c.asMap(p, it)
		if !ok {
			continue
		}
		c.unknownKeys(p, item, zeropsItemKeys, true)
		setup, has := item["setup"]
		if !has {
			c.errf(p+".setup", "missing: every item needs a setup name (e.g. dev, prod or the service hostname)")
		} else if s, ok := c.wantString(p+".setup", setup); ok {
			if seen[s] {
				c.errf(p+".setup", "duplicate setup %q", platform.Clip(s, 40))
			}
			seen[s] = true
		}
		_, extends := item["extends"]
		if extends {
			c.wantString(p+".extends", item["extends"])
		}
		buildBase := ""
		if b, has := item["build"]; has {
			buildBase = checkZeropsBuild(c, p+".build", b, extends)
		}
		if d, has := item["deploy"]; has {
			checkZeropsDeploy(c, p+".deploy", d)
		}
		r, hasRun := item["run"]
		if hasRun {
			checkZeropsRun(c, p+".run", r, buildBase, extends)
		} else if !extends && buildBase != "" && !noStartBase(buildBase) {
			c.errf(p+".run", "missing: run.start is required for %s (it says how to start the app)", platform.Clip(buildBase, 40))
		}
	}
}

func checkZeropsBuild(c *checker, p string, v any, extends bool) string {
	b, ok := c.asMap(p, v)
	if !ok {
		return ""
	}
	c.unknownKeys(p, b, zeropsBuildKeys, true)
	base := ""
	if x, has := b["base"]; has {
		c.wantStringOrList(p+".base", x)
		base = firstString(x)
	}
	if x, has := b["os"]; has {
		if s, ok := c.wantString(p+".os", x); ok && s != "alpine" && s != "ubuntu" {
			c.errf(p+".os", "must be alpine or ubuntu, got %q", platform.Clip(s, 20))
		}
	}
	for _, k := range []string{"prepareCommands", "buildCommands", "deployFiles", "addToRunPrepare"} {
		if x, has := b[k]; has {
			c.wantStringOrList(p+"."+k, x)
		}
	}
	if x, has := b["cache"]; has {
		if _, isBool := x.(bool); !isBool {
			c.wantStringOrList(p+".cache", x)
		}
	}
	if x, has := b["envVariables"]; has {
		c.wantStringMap(p+".envVariables", x)
	}
	if _, has := b["deployFiles"]; !has && !extends {
		c.errf(p+".deployFiles", "missing: required when build exists (e.g. deployFiles: ./ or a list of paths)")
	}
	return base
}

func checkZeropsDeploy(c *checker, p string, v any) {
	d, ok := c.asMap(p, v)
	if !ok {
		return
	}
	c.unknownKeys(p, d, zeropsDeployKeys, true)
	if x, has := d["temporaryShutdown"]; has {
		c.wantBool(p+".temporaryShutdown", x)
	}
	if x, has := d["readinessCheck"]; has {
		checkCheck(c, p+".readinessCheck", x)
	}
}

// checkCheck validates a readinessCheck or healthCheck.
func checkCheck(c *checker, p string, v any) {
	rc, ok := c.asMap(p, v)
	if !ok {
		return
	}
	c.unknownKeys(p, rc, zeropsReadinessKeys, true)
	_, hg := rc["httpGet"]
	_, ex := rc["exec"]
	if !hg && !ex {
		c.errf(p, "needs httpGet or exec")
	}
	if x, has := rc["httpGet"]; has {
		if h, ok := c.asMap(p+".httpGet", x); ok {
			c.unknownKeys(p+".httpGet", h, []string{"port", "path", "host", "scheme"}, true)
			if port, has := h["port"]; has {
				checkPort(c, p+".httpGet.port", port)
			} else {
				c.errf(p+".httpGet.port", "missing")
			}
		}
	}
	if x, has := rc["exec"]; has {
		if e, ok := c.asMap(p+".exec", x); ok {
			c.unknownKeys(p+".exec", e, []string{"command"}, true)
			if _, has := e["command"]; !has {
				c.errf(p+".exec.command", "missing")
			}
		}
	}
}

func checkZeropsRun(c *checker, p string, v any, buildBase string, extends bool) {
	r, ok := c.asMap(p, v)
	if !ok {
		return
	}
	c.unknownKeys(p, r, zeropsRunKeys, true)
	base := buildBase
	if x, has := r["base"]; has {
		if s, ok := c.wantString(p+".base", x); ok {
			base = s
		}
	}
	if x, has := r["os"]; has {
		if s, ok := c.wantString(p+".os", x); ok && s != "alpine" && s != "ubuntu" {
			c.errf(p+".os", "must be alpine or ubuntu, got %q", platform.Clip(s, 20))
		}
	}
	for _, k := range []string{"start", "documentRoot", "siteConfigPath"} {
		if x, has := r[k]; has {
			c.wantString(p+"."+k, x)
		}
	}
	for _, k := range []string{"initCommands", "prepareCommands"} {
		if x, has := r[k]; has {
			c.wantStringOrList(p+"."+k, x)
		}
	}
	if x, has := r["envVariables"]; has {
		c.wantStringMap(p+".envVariables", x)
	}
	if x, has := r["healthCheck"]; has {
		checkCheck(c, p+".healthCheck", x)
	}
	if x, has := r["ports"]; has {
		if ports, ok := c.asList(p+".ports", x); ok {
			for i, pv := range ports {
				pp := fmt.Sprintf("%s.ports[%d]", p, i)
				pm, ok := c.asMap(pp, pv)
				if !ok {
					continue
				}
				c.unknownKeys(pp, pm, zeropsPortKeys, true)
				if port, has := pm["port"]; has {
					if checkPort(c, pp+".port", port) && balancerPort(port) && base != "" && !noStartBase(base) {
						c.errf(pp+".port", "port %v belongs to the HTTP balancer, not to a %s container", port, platform.Clip(orUnknown(base), 40)).Fix =
							"Listen on another port, e.g. 3000 or 8080, with httpSupport: true; the balancer serves 80/443 and routes to it. (Only php-nginx, php-apache, nginx and static serve 80 themselves.)"
					}
				} else {
					c.errf(pp+".port", "missing").Fix = "Add port: the number the app listens on (10–65435), e.g. 3000."
				}
				if proto, has := pm["protocol"]; has {
					if s, ok := c.wantString(pp+".protocol", proto); ok && !strings.EqualFold(s, "tcp") && !strings.EqualFold(s, "udp") {
						c.errf(pp+".protocol", "must be tcp or udp, got %q", platform.Clip(s, 20)).Fix = "Write protocol: TCP (or UDP)."
					}
				}
				if hs, has := pm["httpSupport"]; has {
					c.wantBool(pp+".httpSupport", hs)
				}
			}
		}
	}
	if x, has := r["crontab"]; has {
		if crons, ok := c.asList(p+".crontab", x); ok {
			for i, cv := range crons {
				cp := fmt.Sprintf("%s.crontab[%d]", p, i)
				if cm, ok := c.asMap(cp, cv); ok {
					c.unknownKeys(cp, cm, zeropsCronKeys, true)
					for _, k := range []string{"timing", "command"} {
						if _, has := cm[k]; !has {
							c.errf(cp+"."+k, "missing")
						}
					}
				}
			}
		}
	}
	if x, has := r["routing"]; has && !strings.HasPrefix(base, "static") {
		_ = x
		c.errf(p+".routing", "only the static runtime takes routing")
	}
	_, hasStart := r["start"]
	_, hasStartCmds := r["startCommands"]
	if !hasStart && !hasStartCmds && !extends && !noStartBase(base) {
		what := "this runtime"
		if base != "" {
			what = platform.Clip(base, 40)
		}
		c.errf(p+".start", "missing: required for %s (only php-nginx, php-apache, nginx and static start by themselves)", what)
	}
}

// checkPort reports a port outside 10–65435 and whether v is a usable port.
func checkPort(c *checker, p string, v any) bool {
	n, ok := c.wantInt(p, v)
	if ok && (n < 10 || n > 65435) {
		c.errf(p, "port %d is outside 10–65435 (0–9 and 65436+ are reserved)", n).Fix = "Use a port from 10 to 65435, e.g. 3000 or 8080."
		return false
	}
	return ok
}

// balancerPort reports whether v is 80 or 443, the HTTP balancer's ports.
func balancerPort(v any) bool {
	switch n := v.(type) {
	case int:
		return n == 80 || n == 443
	case uint64:
		return n == 80 || n == 443
	case int64:
		return n == 80 || n == 443
	}
	return false
}

func orUnknown(base string) string {
	if base == "" {
		return "runtime"
	}
	return base
}

func noStartBase(base string) bool {
	name := base
	if i := strings.IndexAny(name, "@"); i >= 0 {
		name = name[:i]
	}
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	return contains(noStartBases, name)
}

func firstString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case []any:
		if len(x) > 0 {
			if s, ok := x[0].(string); ok {
				return s
			}
		}
	}
	return ""
}

func invalidParam(msg, suggestion string) *platform.PlatformError {
	return platform.NewError(platform.ErrInvalidParameter, msg, suggestion)
}
