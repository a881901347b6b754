package mcp_test

import (
	"strings"
	"testing"
)

// walk26bGleam is the gleam recipe's api: `gleam export erlang-shipment`
// built, deployFiles deploying (the shipment's contents with
// `build/erlang-shipment/~` in the recipe), started by start
// (`./entrypoint.sh run` in the recipe); its mist server binds 0.0.0.0:3000.
func walk26bGleam(deploy, start string) map[string]string {
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: api\n    build:\n      base: gleam@1.5\n      buildCommands:\n        - gleam export erlang-shipment\n      deployFiles: " + deploy + "\n" +
			"    run:\n      base: gleam@1.5\n      ports:\n        - port: 3000\n          httpSupport: true\n      start: " + start + "\n",
		"gleam.toml": "name = \"app\"\nversion = \"1.0.0\"\n\n[dependencies]\ngleam_stdlib = \">= 0.34.0 and < 2.0.0\"\nmist = \">= 3.0.0 and < 4.0.0\"\n",
		"src/app.gleam": "import gleam/erlang/process\nimport mist\n\npub fn main() {\n  let assert Ok(_) =\n    handler\n    |> mist.new\n" +
			"    |> mist.bind(\"0.0.0.0\")\n    |> mist.port(3000)\n    |> mist.start_http\n\n  process.sleep_forever()\n}\n",
	}
}

// TestDeploy_GleamRunWithoutTheProjectWalk26b: the gleam recipe deploys
// the Erlang shipment's contents (`build/erlang-shipment/~`) and starts
// `./entrypoint.sh run`. Started `gleam run` on that deploy, the answer
// said "api is live … nothing to fix", though /var/www holds no gleam.toml
// for gleam to run (Gleam stops: "Project not found"); it names the
// shipment's entrypoint, and the fix leads to the recipe's verdict.
func TestDeploy_GleamRunWithoutTheProjectWalk26b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: api\n    type: gleam@1.5\n"
	shipment := "build/erlang-shipment/~"
	runWalkCases(t, []deployCase{
		{name: "recipe", services: svc, dir: "gleam", target: "api", files: walk26bGleam(shipment, "./entrypoint.sh run"), verdict: "live"},
		{name: "gleam run the whole project", services: svc, dir: "gleam", target: "api", files: walk26bGleam("./", "gleam run"), verdict: "live"},
		{name: "gleam run the shipment", services: svc, dir: "gleam", target: "api", files: walk26bGleam(shipment, "gleam run"), verdict: "not-answering",
			signal: "start-file-missing", says: []string{"Project not found", "unable to find gleam.toml"},
			next: []string{"./entrypoint.sh run"}, lacks: []string{"nothing to fix"},
			then: []deployCase{{name: "the entrypoint started", files: walk26bGleam(shipment, "./entrypoint.sh run"), verdict: "live"}}},
	})
}

// walk26bNette is the nette-api recipe's api in today's format (its
// zerops.yml predates `zerops:`; zerops_validate gives the rewrite): its
// build (the recipe runs `composer install --optimize-autoloader
// --no-dev`), the whole tree deployed, www/ its document root.
func walk26bNette(build ...string) map[string]string {
	y := "zerops:\n  - setup: api\n    build:\n      base: php@8.3\n"
	if len(build) > 0 {
		y += "      buildCommands:\n"
		for _, c := range build {
			y += "        - " + c + "\n"
		}
	}
	y += "      deployFiles: [ . ]\n    run:\n      base: php-nginx@8.3\n      documentRoot: www/\n"
	return map[string]string{
		"zerops.yml":        y,
		"composer.json":     `{"name":"zeropsio/recipe-nette-api","require":{"php":"^8.1","nette/application":"^3.1"},"autoload":{"psr-4":{"App\\":"app"}}}` + "\n",
		"composer.lock":     `{"packages":[]}` + "\n",
		"www/index.php":     "<?php\n\ndeclare(strict_types=1);\n\nrequire __DIR__ . '/../vendor/autoload.php';\n\n$configurator = App\\Bootstrap::boot();\n",
		"app/Bootstrap.php": "<?php\n\nnamespace App;\n\nclass Bootstrap\n{\n}\n",
	}
}

// TestDeploy_PHPWholeTreeWithoutComposerWalk26b: the nette-api recipe
// deploys the whole tree (`deployFiles: [ . ]`) after `composer install`.
// Without that build command, the answer said "Add `vendor` to
// `build.deployFiles` (after `composer install` in `build.buildCommands`),
// or deploy `./`": the tree is deployed already, and a deployFiles
// `vendor` fails the build (nothing makes it). It names the install.
func TestDeploy_PHPWholeTreeWithoutComposerWalk26b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: api\n    type: php-nginx@8.3\n"
	install := "composer install --optimize-autoloader --no-dev"
	runWalkCases(t, []deployCase{
		{name: "no composer install", services: svc, dir: "nette", target: "api", files: walk26bNette(), verdict: "not-answering",
			signal: "module-not-found-at-runtime", next: []string{"`composer install", "build.buildCommands"}, lacks: []string{"Add `vendor` to `build.deployFiles`", "or deploy `./`"},
			then: []deployCase{{name: "the install added", files: walk26bNette(install), verdict: "live"}}},
	})
}

// walk26bAssets is the shared-assets repository (SVG covers and buttons,
// no page) served by the static runtime, deployed as deploy with no build
// command.
func walk26bAssets(deploy string) map[string]string {
	return map[string]string{
		"zerops.yml":                 "zerops:\n  - setup: assets\n    build:\n      deployFiles: " + deploy + "\n    run:\n      base: static\n",
		"README.md":                  "# Recipe Shared Assets\n",
		"package.json":               `{"name":"recipe-shared-assets","main":"index.js","scripts":{"svg":"node index.js"},"dependencies":{"svgo":"^3.3.2"}}` + "\n",
		"covers/svg/cover-go.svg":    "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
		"buttons/discord.svg":        "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
		"deploy-button/dark/btn.svg": "<svg xmlns=\"http://www.w3.org/2000/svg\"/>\n",
	}
}

// TestDeploy_StaticAssetsWithoutAPageWalk26b: the shared-assets
// repository holds images and no index.html. Served as uploaded (no build
// command), the 404 at / was answered "deploy the contents of the build
// output's folder that holds index.html with `dist/~`" (no build makes a
// dist: following it fails the build), and with `covers/~` "index.html is
// in a folder below it", which nothing read says. The answer says the
// upload holds no index.html and no build makes one; a page elsewhere in
// the source is named with its folder.
func TestDeploy_StaticAssetsWithoutAPageWalk26b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: assets\n    type: static\n"
	paged := walk26bAssets("./")
	paged["public/index.html"] = "<!doctype html><title>assets</title>\n"
	runWalkCases(t, []deployCase{
		{name: "whole tree", services: svc, dir: "assets", target: "assets", files: walk26bAssets("./"), verdict: "degraded",
			next: []string{"no index.html", "no build command", "serves files only"}, lacks: []string{"`dist/~`", "in a folder below it"}},
		{name: "covers contents", services: svc, dir: "assets", target: "assets", files: walk26bAssets("covers/~"), verdict: "degraded",
			next: []string{"no index.html", "serves files only"}, lacks: []string{"`dist/~`", "in a folder below it"}},
		{name: "a page in public", services: svc, dir: "assets", target: "assets", files: paged, verdict: "degraded",
			next: []string{"`public/~`"}, lacks: []string{"`dist/~`"},
			then: []deployCase{{name: "public contents", files: map[string]string{"zerops.yml": walk26bAssets("public/~")["zerops.yml"]}, verdict: "live"}}},
	})
}

// TestDeploy_SelfReferenceNamedAsAServiceVariableWalk26b: the nette-api
// recipe reads getenv('db_hostname'), db's variable as the legacy
// envIsolation none gave it. Its reason said to read a variable of the
// service's own set to ${db_hostname}; written `db_hostname:
// ${db_hostname}` in run.envVariables, the warning's fix said "reference
// another service's variable as ${<hostname>_db_hostname}", a variable no
// service has: the key itself is what must change.
func TestDeploy_SelfReferenceNamedAsAServiceVariableWalk26b(t *testing.T) {
	t.Parallel()
	svc := "services:\n  - hostname: api\n    type: php-nginx@8.3\n"
	files := walk26bNette("composer install --optimize-autoloader --no-dev")
	files["zerops.yml"] = strings.Replace(files["zerops.yml"], "      documentRoot: www/\n", "      documentRoot: www/\n      envVariables:\n        db_hostname: ${db_hostname}\n", 1)
	runWalkCases(t, []deployCase{
		{name: "db_hostname", services: svc, dir: "nette", target: "api", files: files,
			says: []string{"references itself", "APP_DB_HOSTNAME: ${db_hostname}"}, lacks: []string{"${<hostname>_db_hostname}"}},
	})
}
