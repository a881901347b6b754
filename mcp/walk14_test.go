package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// Walk 14 on the official Ruby, Remix and Rust recipes' layouts: starts
// and builds the sandbox answered live (or unverified for another reason)
// while the platform fails them.

// A Ruby app that reads a variable with ENV.fetch and no default as it
// loads raises KeyError when no variable sets it (a secret the recipe's
// import generates, dropped): the answer must not be live, and names the
// variable and its line (walk 14: "app is live" for
// `SECRET = ENV.fetch('SESSION_SECRET')`).
func TestDeploy_RubyEnvFetchUnset(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: ruby@3.4
      buildCommands:
        - bundle config set --local path vendor/bundle
        - bundle install
      deployFiles: .
    run:
      base: ruby@3.4
      ports:
        - port: 8080
          httpSupport: true
      start: bundle exec ruby app.rb
`
	tests := []struct {
		name, app string
		want      string // verdict
	}{
		{"fetch without default", "SECRET = ENV.fetch('SESSION_SECRET')\n", "unverified"},
		{"fetch with a default", "SECRET = ENV.fetch('SESSION_SECRET', 'dev')\n", "live"},
		{"fetch with a block", "SECRET = ENV.fetch('SESSION_SECRET') { 'dev' }\n", "live"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml":   yml,
				"app.rb":       "require 'sinatra'\n" + tt.app + "set :port, 8080\nset :bind, '0.0.0.0'\nget('/') { 'ok' }\n",
				"Gemfile":      "source 'https://rubygems.org'\ngem 'sinatra'\n",
				"Gemfile.lock": "GEM\n  remote: https://rubygems.org/\n  specs:\n    sinatra (4.1.1)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  sinatra\n\nBUNDLED WITH\n   2.5.3\n",
			})
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "v1")
			if m["verdict"] != tt.want {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.want, text(res))
			}
			if tt.want == "unverified" && !strings.Contains(text(res), "SESSION_SECRET: app.rb:2") {
				t.Errorf("the answer does not name the variable and its line: %s", text(res))
			}
		})
	}
}

// The Ruby recipe builds with BUNDLE_DEPLOYMENT: 1; without Gemfile.lock
// in the upload bundler refuses to install in deployment mode and the
// build fails (walk 14: "app is live").
func TestDeploy_RubyDeploymentWithoutLock(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: ruby@3.4
      envVariables:
        BUNDLE_DEPLOYMENT: 1
      buildCommands:
        - bundle install
      deployFiles: .
    run:
      base: ruby@3.4
      envVariables:
        BUNDLE_DEPLOYMENT: 1
      ports:
        - port: 8080
          httpSupport: true
      start: bundle exec ruby app.rb
`
	tests := []struct {
		name string
		lock bool
		want string
	}{
		{"no lock", false, "build-failed"},
		{"lock uploaded", true, "live"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			files := map[string]string{
				"zerops.yml": yml,
				"app.rb":     "require 'sinatra'\nset :port, 8080\nset :bind, '0.0.0.0'\nget('/') { 'ok' }\n",
				"Gemfile":    "source 'https://rubygems.org'\ngem 'sinatra'\n",
			}
			if tt.lock {
				files["Gemfile.lock"] = "GEM\n  remote: https://rubygems.org/\n  specs:\n    sinatra (4.1.1)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  sinatra\n\nBUNDLED WITH\n   2.5.3\n"
			}
			h.ownApp(t, files)
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "v1")
			if m["verdict"] != tt.want {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.want, text(res))
			}
			if !tt.lock && !strings.Contains(text(res), "requires a lockfile") {
				t.Errorf("the answer lacks bundler's words: %s", text(res))
			}
		})
	}
}

// The Remix recipe starts `pnpm start`, whose script is `cross-env
// NODE_ENV=production node ./server.js`: without node_modules deployed the
// shell finds no cross-env (walk 14: unverified, "reads no port or
// address" for `pnpm start`).
func TestDeploy_CrossEnvStartWithoutNodeModules(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: nodejs@20
      buildCommands:
        - pnpm i
      deployFiles:
        - server.js
        - package.json
        - node_modules
    run:
      base: nodejs@20
      ports:
        - port: 3000
          httpSupport: true
      start: pnpm start
`
	tests := []struct {
		name, yml, want string
	}{
		{"node_modules deployed", yml, "live"},
		{"node_modules left out", strings.Replace(yml, "        - node_modules\n", "", 1), "not-answering"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml":   tt.yml,
				"package.json": `{"type":"module","scripts":{"start":"cross-env NODE_ENV=production node ./server.js"},"dependencies":{"express":"^4.19.2"},"devDependencies":{"cross-env":"^7.0.3"}}`,
				"server.js":    "import express from \"express\";\nconst app = express();\napp.get('/', (req, res) => res.send('ok'));\napp.listen(process.env.PORT || 3000);\n",
			})
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "v1")
			if m["verdict"] != tt.want {
				t.Fatalf("verdict %v, want %s: %s", m["verdict"], tt.want, text(res))
			}
			if tt.want == "not-answering" {
				if !strings.Contains(text(res), "cross-env: not found") {
					t.Errorf("the answer lacks the shell's words: %s", text(res))
				}
				// cross-env is a Node package: the fix deploys node_modules,
				// not an OS package in run.prepareCommands.
				if next := str(m["next"]); !strings.Contains(next, "node_modules") || strings.Contains(next, "apk add") {
					t.Errorf("next does not deploy node_modules: %s", next)
				}
			}
		})
	}
}

// A Sinatra app (the Ruby recipe's `ruby app.rb`) whose code binds
// localhost: Puma prints the same line as under rackup or rails, but the
// address is in the code, so the fix changes `set :bind`, not run.start
// (walk 14: "bind every address in `run.start`: `rails server -b 0.0.0.0
// -p 8080`, `rackup -o 0.0.0.0 -p 8080` …").
func TestDeploy_SinatraBindsLocalhostInCode(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: ruby@3.4
      buildCommands:
        - bundle config set --local path vendor/bundle
        - bundle install
      deployFiles: .
    run:
      base: ruby@3.4
      ports:
        - port: 8080
          httpSupport: true
      start: bundle exec ruby app.rb
`
	tests := []struct{ name, bind string }{
		{"localhost", "localhost"},
		{"loopback address", "127.0.0.1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml":   yml,
				"app.rb":       "require 'sinatra'\nset :port, 8080\nset :bind, '" + tt.bind + "'\nget('/') { 'ok' }\n",
				"Gemfile":      "source 'https://rubygems.org'\ngem 'sinatra'\ngem 'puma'\n",
				"Gemfile.lock": "GEM\n  remote: https://rubygems.org/\n  specs:\n    puma (6.4.3)\n    sinatra (4.1.1)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  puma\n  sinatra\n\nBUNDLED WITH\n   2.5.3\n",
			})
			args := map[string]any{"sourceService": "appdev", "targetService": "appstage"}
			res, m := h.callWith(t, context.Background(), "zerops_deploy", args, "v1")
			if m["verdict"] != "not-answering" {
				t.Fatalf("verdict %v, want not-answering: %s", m["verdict"], text(res))
			}
			next := str(m["next"])
			if !strings.Contains(next, "app.rb, line 3") || strings.Contains(next, "rails server") {
				t.Errorf("next does not send the fix to app.rb's set :bind: %s", next)
			}
		})
	}
}
