package mcp_test

import (
	"fmt"
	"strings"
	"testing"
)

// TestValidate_RecipeShapesNotWarned: what official recipes write and the
// platform runs is not warned of as a mistake. APP_URL: ${zeropsSubdomain}
// on a service imported with enableSubdomainAccess (the Laravel recipes:
// the import enables it with the first deploy), ${api_zeropsSubdomain} of
// such a service (recipe-rag-starter's dashboard), and run.base "22.04" on
// a service of type ubuntu@22.04 (recipe-mattermost: the same runtime).
func TestValidate_RecipeShapesNotWarned(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, service, yml, notWarned string
	}{
		{"subdomain planned by the import", "  - hostname: web\n    type: php-nginx@8.4\n    enableSubdomainAccess: true\n",
			"zerops:\n  - setup: web\n    build:\n      base: php@8.4\n      deployFiles: ./\n    run:\n      base: php-nginx@8.4\n      envVariables:\n        APP_URL: ${zeropsSubdomain}\n",
			"has no subdomain access"},
		{"another service's subdomain planned by the import", "  - hostname: api\n    type: python@3.11\n    enableSubdomainAccess: true\n  - hostname: dashboard\n    type: static\n",
			"zerops:\n  - setup: dashboard\n    build:\n      deployFiles: ./dashboard/~\n    run:\n      base: static\n      envVariables:\n        API_URL: ${api_zeropsSubdomain}\n",
			"api has no variable zeropsSubdomain"},
		{"bare ubuntu base on an ubuntu service", "  - hostname: chat\n    type: ubuntu@22.04\n",
			"zerops:\n  - setup: chat\n    build:\n      os: alpine\n      deployFiles: migrate.sh\n    run:\n      os: ubuntu\n      base: \"22.04\"\n      start: /usr/bin/chat server\n",
			"another runtime"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{})
			if res, _ := h.call(t, "zerops_import", map[string]any{"content": "services:\n" + tt.service}); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			res, m := h.call(t, "zerops_validate", map[string]any{"content": tt.yml, "kind": "zerops.yml"})
			if res.IsError || m["valid"] != true {
				t.Fatalf("refused: %s", text(res))
			}
			if w := fmt.Sprint(m["warnings"]); strings.Contains(w, tt.notWarned) {
				t.Errorf("warned %q: %v", tt.notWarned, w)
			}
		})
	}
}
