package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// TestMetrics_MoreContainersWarnsOfLocalUploads: a CMS that writes its
// uploads to the container's own disk (WordPress's wp-content/uploads)
// loses them between containers, so metrics that plan more containers for
// it say so and point at shared or object storage first (walk 10: a
// WordPress was offered maxContainers without a word of its uploads). An
// app with no such CMS gets no such caveat.
func TestMetrics_MoreContainersWarnsOfLocalUploads(t *testing.T) {
	t.Parallel()
	wordpress := map[string]string{
		"wp-config.php":                 "<?php define('DB_NAME', getenv('DB_NAME'));\n",
		"wp-settings.php":               "<?php\n",
		"index.php":                     "<?php require __DIR__ . '/wp-blog-header.php';\n",
		"wp-content/themes/t/style.css": "/* theme */\n",
	}
	plain := map[string]string{"index.php": "<?php echo 'hi';\n"}
	for _, tc := range []struct {
		name, scaling string
		files         map[string]string
		caveat        bool
	}{
		{"wordpress, default range", "", wordpress, true},
		{"wordpress, one container", "    maxContainers: 1\n", wordpress, true},
		{"plain php", "    maxContainers: 1\n", plain, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			if res, _ := h.callWith(t, context.Background(), "zerops_import", map[string]any{"content": "services:\n  - hostname: wp\n    type: php-apache@8.4\n" + tc.scaling}, "imp"); res.IsError {
				t.Fatalf("import: %s", text(res))
			}
			files := map[string]string{"zerops.yml": "zerops:\n  - setup: wp\n    build:\n      base: php@8.4\n      deployFiles: ./\n" +
				"    run:\n      base: php-apache@8.4\n      documentRoot: ./\n"}
			for k, v := range tc.files {
				files[k] = v
			}
			h.ownApp(t, files)
			if res, _ := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "wp"}, "v1"); res.IsError {
				t.Fatalf("deploy: %s", text(res))
			}
			res, m := h.call(t, "zerops_metrics", map[string]any{"serviceHostname": "wp"})
			wantOK(t, res)
			next := str(m["next"])
			if !strings.Contains(next, "container") {
				t.Fatalf("metrics plan no containers: %s", next)
			}
			store := strings.Index(next, "shared storage")
			switch {
			case !tc.caveat && strings.Contains(next, "wp-content/uploads"):
				t.Errorf("an app with no CMS is told of uploads: %s", next)
			case tc.caveat && (!strings.Contains(next, "wp-content/uploads") || !strings.Contains(next, "not seen by the other containers") || store < 0 || !strings.Contains(next, "object storage")):
				t.Errorf("more containers for WordPress without its uploads' caveat and storage: %s", next)
			case tc.caveat && strings.Contains(next, "maxContainers") && strings.Index(next, "maxContainers") < store:
				t.Errorf("maxContainers proposed before the storage: %s", next)
			}
		})
	}
}
