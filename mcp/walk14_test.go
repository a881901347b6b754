package mcp_test

import (
	"maps"
	"strings"
	"testing"
)

// Walk 14 on the official Ruby, Remix and Rust recipes' layouts: starts
// and builds the sandbox answered live (or unverified for another reason)
// while the platform fails them.

// sinatraYml is the Ruby recipe's zerops.yml shape: bundle install into
// vendor/bundle, the whole tree deployed, `ruby app.rb` started.
const sinatraYml = `zerops:
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

// sinatraLock is a Gemfile.lock of sinatra and, when puma, puma.
func sinatraLock(puma bool) string {
	specs, deps := "    sinatra (4.1.1)\n", "  sinatra\n"
	if puma {
		specs, deps = "    puma (6.4.3)\n"+specs, "  puma\n"+deps
	}
	return "GEM\n  remote: https://rubygems.org/\n  specs:\n" + specs + "\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n" + deps + "\nBUNDLED WITH\n   2.5.3\n"
}

// A Ruby app that reads a variable with ENV.fetch and no default as it
// loads raises KeyError when no variable sets it (a secret the recipe's
// import generates, dropped): the answer must not be live, and names the
// variable and its line (walk 14: "app is live" for
// `SECRET = ENV.fetch('SESSION_SECRET')`).
func TestDeploy_RubyEnvFetchUnset(t *testing.T) {
	t.Parallel()
	app := func(line string) map[string]string {
		return map[string]string{
			"zerops.yml":   sinatraYml,
			"app.rb":       "require 'sinatra'\n" + line + "set :port, 8080\nset :bind, '0.0.0.0'\nget('/') { 'ok' }\n",
			"Gemfile":      "source 'https://rubygems.org'\ngem 'sinatra'\n",
			"Gemfile.lock": sinatraLock(false),
		}
	}
	runDeployCases(t, []deployCase{
		{name: "fetch without default", files: app("SECRET = ENV.fetch('SESSION_SECRET')\n"), verdict: "unverified", says: []string{"SESSION_SECRET: app.rb:2"}},
		{name: "fetch with a default", files: app("SECRET = ENV.fetch('SESSION_SECRET', 'dev')\n"), verdict: "live"},
		{name: "fetch with a block", files: app("SECRET = ENV.fetch('SESSION_SECRET') { 'dev' }\n"), verdict: "live"},
	})
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
	app := map[string]string{
		"zerops.yml": yml,
		"app.rb":     "require 'sinatra'\nset :port, 8080\nset :bind, '0.0.0.0'\nget('/') { 'ok' }\n",
		"Gemfile":    "source 'https://rubygems.org'\ngem 'sinatra'\n",
	}
	locked := maps.Clone(app)
	locked["Gemfile.lock"] = sinatraLock(false)
	runDeployCases(t, []deployCase{
		{name: "no lock", files: app, verdict: "build-failed", says: []string{"requires a lockfile"}},
		{name: "lock uploaded", files: locked, verdict: "live"},
	})
}

// The Remix recipe starts `pnpm start`, whose script is `cross-env
// NODE_ENV=production node ./server.js`: without node_modules deployed the
// shell finds no cross-env (walk 14: unverified, "reads no port or
// address" for `pnpm start`). cross-env is a Node package: the fix deploys
// node_modules, not an OS package in run.prepareCommands.
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
	app := func(yml string) map[string]string {
		return map[string]string{
			"zerops.yml":   yml,
			"package.json": `{"type":"module","scripts":{"start":"cross-env NODE_ENV=production node ./server.js"},"dependencies":{"express":"^4.19.2"},"devDependencies":{"cross-env":"^7.0.3"}}`,
			"server.js":    "import express from \"express\";\nconst app = express();\napp.get('/', (req, res) => res.send('ok'));\napp.listen(process.env.PORT || 3000);\n",
		}
	}
	runDeployCases(t, []deployCase{
		{name: "node_modules deployed", files: app(yml), verdict: "live"},
		{name: "node_modules left out", files: app(strings.Replace(yml, "        - node_modules\n", "", 1)), verdict: "not-answering",
			says: []string{"cross-env: not found"}, next: []string{"node_modules"}, lacks: []string{"apk add"}},
	})
}

// A Sinatra app (the Ruby recipe's `ruby app.rb`) whose code binds
// localhost: Puma prints the same line as under rackup or rails, but the
// address is in the code, so the fix changes `set :bind`, not run.start
// (walk 14: "bind every address in `run.start`: `rails server -b 0.0.0.0
// -p 8080`, `rackup -o 0.0.0.0 -p 8080` …").
func TestDeploy_SinatraBindsLocalhostInCode(t *testing.T) {
	t.Parallel()
	app := func(bind string) map[string]string {
		return map[string]string{
			"zerops.yml":   sinatraYml,
			"app.rb":       "require 'sinatra'\nset :port, 8080\nset :bind, '" + bind + "'\nget('/') { 'ok' }\n",
			"Gemfile":      "source 'https://rubygems.org'\ngem 'sinatra'\ngem 'puma'\n",
			"Gemfile.lock": sinatraLock(true),
		}
	}
	runDeployCases(t, []deployCase{
		{name: "localhost", files: app("localhost"), verdict: "not-answering", next: []string{"app.rb, line 3"}, lacks: []string{"rails server"}},
		{name: "loopback address", files: app("127.0.0.1"), verdict: "not-answering", next: []string{"app.rb, line 3"}, lacks: []string{"rails server"}},
	})
}
