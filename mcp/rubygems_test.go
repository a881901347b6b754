package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A Sinatra app whose gems the build installed but the deploy left out:
// the answer names Ruby's way to deploy them (vendor/bundle and .bundle,
// bundler's path set to it), not Node's node_modules, PHP's vendor or
// Python's requirements.txt (walk 6: "add `node_modules` (Node) or
// `vendor` (PHP) to `build.deployFiles`; for Python, …" for bundler's
// "Could not find sinatra-4.1.1, puma-6.4.3 in locally installed gems");
// the fix applied literally takes the app past the crash.
func TestDeploy_RubyGemsNotDeployed(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: ruby@3.3
      buildCommands:
        - bundle install
      deployFiles:
        - app.rb
        - Gemfile
        - Gemfile.lock
    run:
      base: ruby@3.3
      ports:
        - port: 4567
          httpSupport: true
      start: bundle exec ruby app.rb
`
	fixed := strings.NewReplacer("        - bundle install\n", "        - bundle config set --local path vendor/bundle\n        - bundle install\n",
		"        - Gemfile.lock\n", "        - Gemfile.lock\n        - vendor/bundle\n        - .bundle\n").Replace(yml)
	tests := []struct {
		name, start string
	}{
		{"bundle exec ruby", "bundle exec ruby app.rb"},
		{"bundle exec rackup", "bundle exec rackup -o 0.0.0.0 -p 4567"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := map[string]string{
				"zerops.yml":   strings.ReplaceAll(yml, "bundle exec ruby app.rb", tt.start),
				"app.rb":       "require 'sinatra'\nset :bind, '0.0.0.0'\nset :port, 4567\nget('/') { 'ok' }\n",
				"config.ru":    "require './app'\nrun Sinatra::Application\n",
				"Gemfile":      "source 'https://rubygems.org'\ngem 'sinatra'\ngem 'puma'\ngem 'rackup'\n",
				"Gemfile.lock": "GEM\n  remote: https://rubygems.org/\n  specs:\n    puma (6.4.3)\n    rackup (2.2.1)\n    sinatra (4.1.1)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  puma\n  rackup\n  sinatra\n\nBUNDLED WITH\n   2.5.3\n",
			}
			wd := h.ownApp(t, files)
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "v1")
			next := str(m["next"])
			if m["verdict"] != "not-answering" {
				t.Fatalf("gems not deployed: verdict %v, want not-answering: %s", m["verdict"], text(res))
			}
			for _, w := range []string{"bundle config set --local path vendor/bundle", "`vendor/bundle`", "`.bundle`"} {
				if !strings.Contains(next, w) {
					t.Errorf("next lacks %q: %s", w, next)
				}
			}
			for _, w := range []string{"node_modules", "requirements.txt", "(PHP)"} {
				if strings.Contains(text(res), w) {
					t.Errorf("the answer about a Ruby app names %q: %s", w, text(res))
				}
			}
			files["zerops.yml"] = strings.ReplaceAll(fixed, "bundle exec ruby app.rb", tt.start)
			writeApp(t, wd, files)
			res, m = h.callWith(t, context.Background(), "zerops_deploy", args, "v2")
			if v := m["verdict"]; v != "live" {
				// The sandbox reads the gem path the build's `bundle config`
				// wrote into .bundle/config (walk9: unverified, not read).
				t.Errorf("the fix applied: verdict %v, want live: %s", v, text(res))
			}
		})
	}
}
