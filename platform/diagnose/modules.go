package diagnose

import (
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/editdist"
	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Evidence of a dependency missing at run time, by ecosystem.
var (
	nodeMissingRe = lazyregexp.New(`Cannot find (?:module|package) ['"]([^'"./][^'"]*)['"]`)
	pyMissingRe   = lazyregexp.New(`No module named '?([A-Za-z_][\w.]*)'?`)
	cmdMissingRe  = lazyregexp.New(`sh: (?:line )?(?:\d+: )?([\w.@+-]+): (?:command )?not found`)
	gemsMissingRe = lazyregexp.New(`Could not find (.+?) in locally installed gems`)
	gemLoadRe     = lazyregexp.New(`cannot load such file -- ([a-z][\w-]*)\b(?:[^/.]|$)`)
)

// pyCommands come from a pip package; nodeCommands from node_modules/.bin.
var (
	pyCommands   = strings.Fields("gunicorn uvicorn hypercorn daphne celery flask fastapi django-admin streamlit waitress-serve alembic litestar granian sanic pserve")
	nodeCommands = strings.Fields("next nuxt nuxi nodemon ts-node ts-node-dev tsx pm2 pm2-runtime vite nest react-scripts remix-serve react-router-serve react-router remix astro serve http-server tsc concurrently cross-env strapi svelte-kit ng")
)

// pyPackages are the import names of widely used PyPI packages (and
// namespaces): a submodule of one missing is the package's install.
var pyPackages = strings.Fields("django rest_framework flask fastapi starlette werkzeug jinja2 pydantic pydantic_settings sqlalchemy alembic celery kombu " +
	"redis psycopg psycopg2 pymongo motor asyncpg uvicorn gunicorn requests httpx urllib3 aiohttp boto3 botocore google azure " +
	"numpy pandas scipy sklearn torch tensorflow transformers openai anthropic langchain PIL cv2 yaml jwt dotenv sentry_sdk stripe")

// The fixes, per ecosystem, in the words of the build-vs-run pitfall.
const (
	nodeDepsFix = "Deploy the packages with the app: add `node_modules` and `package.json` to `build.deployFiles` (or deploy `./`), after the install in `build.buildCommands` (`npm ci` needs a package-lock.json; without one, `npm install`); the run container gets only the deployed files, so packages installed in the build container stay there."
	rubyDepsFix = "Install the gems into the app's directory and deploy them: `bundle config set --local path vendor/bundle` before `bundle install` in `build.buildCommands`, and `vendor/bundle` and `.bundle` in `build.deployFiles` (or deploy `./`); gems installed into the build container's own gem path stay there."
	pyDepsFix   = "Install the packages into the run image: `build.addToRunPrepare: [requirements.txt]` and `run.prepareCommands: [python3 -m pip install --no-cache-dir --ignore-installed -r requirements.txt]`; packages pip-installed in `build.buildCommands` stay in the build container."
)

// nodeDepsFixFor is nodeDepsFix for the pushed code: when its
// build.deployFiles already list package.json, only node_modules is added;
// the install is named in the build's package manager.
func nodeDepsFixFor(code *Code) string {
	fix := strings.Replace(nodeDepsFix, "`npm ci` needs a package-lock.json; without one, `npm install`", code.nodePM().install, 1)
	if dir := code.tildeDir(); dir != "" {
		// The app is deployed out of a folder (`dir/~…`): the install
		// there wrote dir/node_modules, which `dir/~node_modules` deploys
		// to /var/www/node_modules.
		with := ", with `" + dir + "/~package.json`"
		if slices.Contains(code.DeployFiles, dir+"/~package.json") {
			with = ""
		}
		return strings.Replace(fix, "add `node_modules` and `package.json` to `build.deployFiles` (or deploy `./`)",
			"add `"+dir+"/~node_modules` to `build.deployFiles` (the install in "+strings.TrimPrefix(dir, "./")+" writes its node_modules there; `~` deploys it to /var/www/node_modules)"+with+", or deploy `"+dir+"/~`", 1)
	}
	if code == nil || !slices.ContainsFunc(code.DeployFiles, func(f string) bool { return path.Clean(strings.TrimSpace(f)) == "package.json" }) {
		return fix
	}
	return strings.Replace(fix, "add `node_modules` and `package.json` to", "add `node_modules` to", 1)
}

// tildeDir is the folder every build.deployFiles entry of c deploys out
// of with `~` (`./backend/~` or `./backend/~index.mjs`), written as the
// entries write it; "" when they do not all share one.
func (c *Code) tildeDir() string {
	if c == nil || len(c.DeployFiles) == 0 {
		return ""
	}
	dir := ""
	for _, f := range c.DeployFiles {
		d, _, ok := strings.Cut(strings.TrimSpace(f), "/~")
		if !ok || d == "" || d == "." || dir != "" && d != dir {
			return ""
		}
		dir = d
	}
	return dir
}

// nodePM is how a fix names a Node package manager's commands: its
// install in a build, the command adding a package, its lock file.
type nodePM struct {
	name, install, add, lock string
}

// nodePM is the package manager the build of c uses (c.PackageManager,
// else Bun's on a bun base), npm when nothing tells.
func (c *Code) nodePM() nodePM {
	pm := ""
	if c != nil {
		pm = c.PackageManager
		if pm == "" && strings.HasPrefix(c.Base, "bun") {
			pm = "bun"
		}
	}
	switch pm {
	case "pnpm":
		return nodePM{"pnpm", "`pnpm install`, which reads pnpm-lock.yaml", "pnpm add", "pnpm-lock.yaml"}
	case "yarn":
		return nodePM{"yarn", "`yarn install`, which reads yarn.lock", "yarn add", "yarn.lock"}
	case "bun":
		return nodePM{"bun", "`bun install`", "bun add", "bun.lock"}
	}
	return nodePM{"npm", "`npm ci` needs a package-lock.json; without one, `npm install`", "npm install", "package-lock.json"}
}

// devOnlyFix names in d, for a Node package pkg missing at start, that
// package.json lists it in devDependencies alone, which the build leaves
// out of the deployed node_modules (code: --omit=dev, --production).
func (d *Diagnosis) devOnlyFix(pkg string, code *Code) bool {
	if code == nil || !code.Modules || !code.OmitsDev || !slices.Contains(code.DevOnly, pkg) {
		return false
	}
	d.Cause = "The app imports the package `" + pkg + "`, which package.json lists in `devDependencies` only, and the build leaves those out of the deployed `node_modules` (`--omit=dev` or `--production` in `build.buildCommands`)."
	d.Fix = "Move `" + pkg + "` to package.json `dependencies`: `npm install " + pkg + " --save-prod` moves it and updates package-lock.json (deploy both); then deploy again."
	if pm := code.nodePM(); pm.name != "npm" {
		d.Fix = "Move `" + pkg + "` from `devDependencies` to `dependencies` in package.json and run `" + pm.name + " install`, which updates " + pm.lock + " (deploy both); then deploy again."
	}
	return true
}

// moduleFix names in d the dependency line shows missing, with its
// ecosystem's fix; a line it cannot place keeps the general one.
func (d *Diagnosis) moduleFix(line string, code *Code) {
	if m := nodeMissingRe.FindStringSubmatch(line); m != nil {
		d.nodeModuleFix(nodePackage(m[1]), code) // "dotenv/config" is the package dotenv
		return
	}
	if m := pyMissingRe.FindStringSubmatch(line); m != nil {
		mod, _, _ := strings.Cut(m[1], ".")
		if i := strings.LastIndexByte(m[1], '.'); i > 0 && !slices.Contains(pyPackages, mod) {
			// Its parent imported: the app's own package lacks a file, or a
			// package's installed version lacks the module.
			parent, file := m[1][:i], strings.ReplaceAll(m[1], ".", "/")+".py"
			d.Cause = "The app imports `" + m[1] + "`: `" + parent + "` is there, but has no module `" + m[1][i+1:] + "` in the run container."
			d.Fix = "If `" + mod + "` is the app's own package, deploy `" + file + "`: it must be uploaded and `build.deployFiles` must include it (or correct the import). If it is an installed package's, pin the version that provides `" + m[1] + "` in requirements.txt, which `run.prepareCommands` installs."
			if code.pyOwn(mod) == mod+"/" {
				d.Fix = "`" + mod + "` is the app's own package (`" + mod + "/` in its source), so deploy `" + file + "`: it must be uploaded and `build.deployFiles` must include it (or correct the import)."
			}
			return
		}
		if at := code.nestedModule(m[1]); at != "" {
			// The start's own module, deployed one folder down.
			dir := relPath(code.Nested)
			d.Cause = "The app's own module `" + m[1] + "` is " + at + " in the source, and `" + strings.TrimSpace(code.Nested) + "` in `build.deployFiles` deploys the folder itself, so it lands at /var/www/" + at +
				"; `run.start` runs in /var/www, where Python does not find it. No package is missing."
			d.Fix = "Deploy the folder's contents to /var/www with `./" + dir + "/~` in `build.deployFiles` (run.start stays as it is; paths in run.prepareCommands and addToRunPrepare stay as written), or keep `" + strings.TrimSpace(code.Nested) +
				"` and start the app from that folder (gunicorn `--chdir " + dir + "`, uvicorn `--app-dir " + dir + "`); then deploy again."
			return
		}
		if own := code.pyOwn(mod); own != "" && mod == m[1] {
			if code.Whole { // deployFiles ./ uploaded it: it is there, but not on the import path
				d.Cause = "The app imports `" + mod + "`, its own module (`" + own + "` in its source), which `deployFiles: ./` deployed to /var/www; Python does not look for it there because the app starts from another directory or as a script in a subdirectory."
				d.Fix = "Put /var/www on the import path: set `PYTHONPATH: /var/www` in `run.envVariables`, or start the app as a module from /var/www (`python -m pkg.main`, `gunicorn pkg.main:app`); deploying the file again changes nothing."
				return
			}
			d.Cause = "The app imports `" + mod + "`, its own module (`" + own + "` in its source), which is not in the run container: the deploy left it out; no package is missing."
			d.Fix = "Deploy `" + own + "`: add it to `build.deployFiles` (or deploy `./`); the run container gets only the deployed files."
			return
		}
		if d.appModuleFix(mod, code) {
			return
		}
		d.Cause = "The app imports the Python module `" + mod + "`, which is not installed in the run container."
		d.Fix = pyDepsFix + " List its package in requirements.txt."
		if where := code.pyUnlisted(mod); where != "" {
			d.Fix += " ZCP did not see all of " + where + ": if `" + mod + "` is the app's own module (`" + mod + ".py` or `" + mod + "/` there), no package is missing; deploy it with `build.deployFiles` instead."
			if code.Whole { // deployFiles ./ deployed what was uploaded: widening it changes nothing
				d.Fix = strings.TrimSuffix(d.Fix, " deploy it with `build.deployFiles` instead.") +
					" `deployFiles: ./` deployed every file uploaded, so it is not in the source there: add it, or correct the import."
			}
		}
		return
	}
	if m := gemsMissingRe.FindStringSubmatch(line); m != nil {
		d.Cause = "The app's gems (" + m[1] + ") are not in the run container: bundler finds none where it looks, so the build's `bundle install` put them where the deploy does not take them."
		d.Fix = rubyDepsFix
		return
	}
	if m := gemLoadRe.FindStringSubmatch(line); m != nil {
		d.Cause = "The app requires the gem `" + m[1] + "`, which is not installed in the run container."
		d.Fix = rubyDepsFix + " Keep `" + m[1] + "` in the Gemfile."
		return
	}
	if strings.Contains(line, "vendor/autoload.php") {
		d.phpVendorFix(code)
		return
	}
	if class := phpMissingClass(line); class != "" {
		d.Cause = "PHP cannot find the class `" + class + "`: the Composer package that provides it is not in the deployed `vendor` (composer.json does not require it, requires it only under require-dev, or `vendor` was not deployed)."
		d.Fix = "Require the package that provides `" + class + "` in composer.json (`composer require <vendor/package>`, then commit composer.json and composer.lock; not under require-dev, which `composer install --no-dev` skips), run `composer install` in `build.buildCommands` and keep `vendor` in `build.deployFiles`; then deploy again."
		return
	}
	m := cmdMissingRe.FindStringSubmatch(line)
	if m == nil {
		return
	}
	cmd := m[1]
	switch {
	case d.bareOSFix(cmd, code):
	case cmd == "sbt":
		d.Cause = "The start runs `sbt`, which no run image brings (the catalog has no Scala runtime): the run container has no sbt."
		d.Fix = "Install the JDK and sbt in `run.prepareCommands`, as `build.prepareCommands` do: on an Ubuntu `run.base` (ubuntu@22.04, as the official Scala recipe), " +
			"add sbt's apt repository (`deb https://repo.scala-sbt.org/scalasbt/debian all main` in /etc/apt/sources.list.d/sbt.list, with its key), " +
			"then `sudo apt-get update -y` and `sudo apt-get install -y default-jdk sbt`; Ubuntu's and Alpine's own repositories have no sbt."
	case slices.Contains(pyCommands, cmd):
		d.Cause = "The start runs `" + cmd + "`, a command of a pip package that is not installed in the run container."
		d.Fix = pyDepsFix + " Keep the package of `" + cmd + "` in requirements.txt (add it where it is missing)."
	case slices.Contains(nodeCommands, cmd):
		d.nodeCommandFix(cmd, code)
	default:
		d.Cause = "The start runs `" + cmd + "`, a command the run container does not have."
		d.Fix = "Install it into the run image in `run.prepareCommands` (OS packages with `sudo apk add` on Alpine, `sudo apt-get install -y` on Ubuntu), or deploy it with the app in `build.deployFiles` and run it by its path."
	}
}

// nodeModuleFix names in d the Node package pkg missing at run time: not
// deployed, a devDependency the build left out, unlisted, or never
// installed.
func (d *Diagnosis) nodeModuleFix(pkg string, code *Code) {
	d.Cause = "The app imports the package `" + pkg + "`, which is not in the run container: `node_modules` was not deployed (or does not hold it)."
	d.Fix = nodeDepsFixFor(code) + " Keep `" + pkg + "` in package.json `dependencies`."
	if d.devOnlyFix(pkg, code) {
		return
	}
	if code != nil && code.Modules && code.PackagesRead && !slices.Contains(code.Packages, pkg) {
		// node_modules is deployed: the install put in what package.json and its lock name.
		d.Cause = "The app imports the package `" + pkg + "`, which package.json does not list, so the install in the build does not put it in `node_modules`."
		pm := code.nodePM()
		d.Fix = "Add `" + pkg + "` to package.json `dependencies`: `" + pm.add + " " + pkg + "` adds it and updates " + pm.lock + " (deploy both); then deploy again."
		return
	}
	if code != nil && code.NoInstall { // deployFiles ./ deploys node_modules once the build makes it
		d.Cause = "The app imports the package `" + pkg + "`, which is not in the run container: no command in `build.buildCommands` installs the packages, so the deployed tree has no `node_modules`."
		install := "`npm ci` (needs a package-lock.json; without one, `npm install`)"
		if pm := code.nodePM(); pm.name != "npm" {
			install = "`" + pm.name + " install`"
		}
		d.Fix = "Install the packages in `build.buildCommands`: " + install + "; `deployFiles: ./` then deploys `node_modules`. Keep `" + pkg + "` in package.json `dependencies`."
	}
}

// phpVendorFix names in d composer's vendor missing at run time: not
// deployed, or, with the whole tree deployed, never installed.
func (d *Diagnosis) phpVendorFix(code *Code) {
	d.Cause = "The PHP app requires composer's `vendor/autoload.php`, which is not in the run container: `vendor` was not deployed."
	d.Fix = "Add `vendor` to `build.deployFiles` (after `composer install` in `build.buildCommands`), or deploy `./`; the run container gets only the deployed files."
	if code != nil && code.NoComposer { // deployFiles ./ deploys vendor once the build makes it
		d.Cause = "The PHP app requires composer's `vendor/autoload.php`, which is not in the run container: no command in `build.buildCommands` runs `composer install`, so the deployed tree has no `vendor`."
		d.Fix = "Install the packages in `build.buildCommands`: `composer install --optimize-autoloader --no-dev` (on a php build.base); `deployFiles: ./` then deploys `vendor`."
	}
}

// bareOSLangs are the languages, by a command that runs them by its bare
// name, with a run base that brings each.
var bareOSLangs = map[string][2]string{
	"node": {"Node.js", "nodejs@22"}, "npm": {"Node.js", "nodejs@22"}, "npx": {"Node.js", "nodejs@22"}, "yarn": {"Node.js", "nodejs@22"}, "pnpm": {"Node.js", "nodejs@22"},
	"python": {"Python", "python@3.12"}, "python3": {"Python", "python@3.12"}, "pip": {"Python", "python@3.12"}, "pip3": {"Python", "python@3.12"},
	"php": {"PHP", "php-nginx@8.4"}, "ruby": {"Ruby", "ruby@3.4"}, "bundle": {"Ruby", "ruby@3.4"}, "java": {"Java", "java@21"},
	"mix": {"Elixir", "elixir@1.16"}, "elixir": {"Elixir", "elixir@1.16"}, "iex": {"Elixir", "elixir@1.16"},
	"bun": {"Bun", "bun@1.2"}, "deno": {"Deno", "deno@2"}, "dotnet": {".NET", "dotnet@9"},
}

// bareOSFix names in d a language's command (cmd) that the run base, a
// bare OS (alpine, ubuntu: no language preinstalled), does not have: the
// language's run base first; true when it did. Bun, on any other base
// too: the docs list it on bun's images alone.
func (d *Diagnosis) bareOSFix(cmd string, code *Code) bool {
	if bunBase := code == nil || !strings.HasPrefix(strings.ToLower(code.Base), "alpine") && !strings.HasPrefix(strings.ToLower(code.Base), "ubuntu"); bunBase && (cmd == "bun" || cmd == "bunx") {
		d.Cause, d.Fix = bunMissing(cmd, "run") // on another runtime's base: only bun's has Bun
		return true
	}
	lang, ok := bareOSLangs[cmd]
	if !ok || code == nil {
		return false
	}
	base, _, _ := strings.Cut(strings.ToLower(code.Base), "@")
	if base != "alpine" && base != "ubuntu" {
		return false
	}
	pm := "sudo apk add"
	if base == "ubuntu" {
		pm = "sudo apt-get install -y"
	}
	d.Cause = "The start runs `" + cmd + "`, but `run.base` is " + code.Base + ", a bare OS image with no language preinstalled: the run container has no " + lang[0] + "."
	d.Fix = "Set `run.base` to a " + lang[0] + " runtime (the one `build.base` names if it is one, e.g. " + lang[1] + "), or install " + lang[0] + " in `run.prepareCommands` (`" + pm + " <its package>`)."
	if lang[0] == "Elixir" {
		d.Fix = "Start the release the build makes: `mix release` writes it to `_build/prod/rel/<app>/` (deploy that folder) and `_build/prod/rel/<app>/bin/<app> start` in `run.start` runs it; it carries the Erlang runtime and runs on " + code.Base + ", as the official Phoenix recipe does. Or set `run.base` to an Elixir runtime (e.g. " + lang[1] + ") and deploy what `mix` needs."
	}
	return true
}

// nodeCommandFix names in d the Node command cmd (from node_modules/.bin)
// the start runs without node_modules deployed: the packages deployed, a
// dev tool replaced by the compiled output, Qwik's dev server by its
// production start (the official Qwik recipe's).
func (d *Diagnosis) nodeCommandFix(cmd string, code *Code) {
	if cmd == "vite" && code != nil && slices.Contains(code.Packages, "@builder.io/qwik-city") {
		d.Cause = "The start runs `vite`, Qwik's dev server, a command from `node_modules/.bin`, and `node_modules` is not in the run container."
		d.Fix = "Start Qwik's production server instead of the dev server: build it with the Node adapter (`npm run qwik add express` adds `adapters/express` and the `serve` script), " +
			"put `npm run serve` (`node server/entry.express`) in `run.start` and deploy `server`, `dist`, `public` and package.json, as the official Qwik recipe does with `pnpm serve`."
		return
	}
	d.Cause = "The start runs `" + cmd + "`, a command from `node_modules/.bin`, and `node_modules` is not in the run container."
	d.Fix = nodeDepsFixFor(code)
	if code == nil || code.OmitsDev || !code.PackagesRead {
		// Where the build keeps devDependencies (the official remix
		// recipe's cross-env is one), deploying node_modules is enough.
		d.Fix += " Keep the package of `" + cmd + "` in `dependencies` (not only `devDependencies`)."
	}
	if cmd == "ts-node" || cmd == "tsx" || cmd == "nodemon" || cmd == "ts-node-dev" {
		d.Fix += " Better: compile in `build.buildCommands` (`npx tsc`) and start the output with `node`, no dev tool at run time."
	}
}

// tsFix explains Node refusing a TypeScript entry.
func (d *Diagnosis) tsFix(line string) {
	if !strings.Contains(line, "ERR_UNKNOWN_FILE_EXTENSION") {
		return
	}
	d.Cause = "The start hands Node.js a TypeScript file, which Node before 23.6 does not run (it strips no types without --experimental-strip-types)."
	d.Fix = "Compile in `build.buildCommands` (`npm ci`, `npx tsc`), deploy the output with `node_modules` and `package.json`, and start the JavaScript (`node dist/index.js`); or run on `nodejs@24`, which strips types itself."
}

// Evidence of a module of the app's own missing: Bun's specifier and its
// importer, require's relative path, an ES import's absolute one and its
// importer, Deno's file URL.
var (
	bunModuleRe  = lazyregexp.New(`Cannot find module ["'](\.\.?/[^"']+)["'] from ["']([^"']+)["']`)
	ownRequireRe = lazyregexp.New(`Cannot find module '(\.\.?/[^']+)'`)
	ownImportRe  = lazyregexp.New(`Cannot find module '(/[^']+)' imported from (\S+)`)
	denoModuleRe = lazyregexp.New(`Module not found "file://(/[^"]+)"`)
)

// didYouMeanRe is Node's hint under an ES import it could not resolve,
// naming the file that is there: `Did you mean to import "./db.js"?`.
var didYouMeanRe = lazyregexp.New(`Did you mean to import "?([^"\s?]+)"?\??`)

// didYouMeanFix fits d, an ES import of the app's own module not found
// (lines[n]), to Node's hint a few lines below it: the file is deployed,
// and the import names it without its extension (or its index), which an
// ES import does not add (walk 77: the fix led with deploying the file).
func (d *Diagnosis) didYouMeanFix(lines []string, n int) {
	m := ownImportRe.FindStringSubmatch(lines[n])
	if m == nil {
		return
	}
	for _, l := range lines[n+1 : min(n+6, len(lines))] {
		hint := didYouMeanRe.FindStringSubmatch(l)
		if hint == nil {
			continue
		}
		mod, from := strings.TrimPrefix(m[1], "/var/www/"), strings.TrimPrefix(strings.TrimPrefix(m[2], "file://"), "/var/www/")
		d.Cause = "The app's ES import of `" + mod + "` (from " + from + ") names no file: an ES import takes the path as written, without adding `.js` or a folder's index, and the file deployed is `" + hint[1] + "`."
		d.Fix = "Write the import as `" + hint[1] + "` in " + from + " (and the other imports of its own modules with their extensions), then deploy again; `build.deployFiles` stays as it is."
		return
	}
}

// ownModuleFix names in d a module of the app's own code, imported by a
// path, that the deploy lacks: the file is to be deployed or the import
// corrected; no package manager or run.start is involved. A Deno module
// is the entry's import only when it is not the file run.start starts.
func (d *Diagnosis) ownModuleFix(line string, code *Code) {
	var mod, from string
	switch {
	case bunModuleRe.MatchString(line): // Bun names the specifier and its importer
		m := bunModuleRe.FindStringSubmatch(line)
		mod, from = m[1], strings.TrimPrefix(m[2], "/var/www/")
	case ownRequireRe.MatchString(line):
		mod, from = ownRequireRe.FindStringSubmatch(line)[1], "the module listed first under `Require stack:` in the log"
	case ownImportRe.MatchString(line):
		m := ownImportRe.FindStringSubmatch(line)
		mod, from = strings.TrimPrefix(m[1], "/var/www/"), m[2]
	case denoModuleRe.MatchString(line) && code != nil && code.File != "":
		mod = strings.TrimPrefix(denoModuleRe.FindStringSubmatch(line)[1], "/var/www/")
		if mod == strings.TrimPrefix(code.File, "./") {
			return // the entry itself: run.start's file
		}
		from = "the module the next line names"
	default:
		return
	}
	d.Cause = "The app imports its own module `" + mod + "` by a path (from " + from + "), and the deploy has no file there."
	d.Fix = "Deploy that file: it must be uploaded (or made by a build command) and `build.deployFiles` must include it or its directory; or correct the import's path (names are case-sensitive on Linux; an ES import names the file with its extension, e.g. `./routes.js`)."
	if bunModuleRe.MatchString(line) { // Bun finds a file without its extension
		d.Fix = strings.Replace(d.Fix, "; an ES import names the file with its extension, e.g. `./routes.js`", "", 1)
	}
	if more := code.undeployed(mod); len(more) > 0 { // the runtime names one at a time: all in one deploy
		const most = 8
		names := make([]string, 0, most)
		for _, m := range more[:min(len(more), most)] {
			names = append(names, "`"+m+"`")
		}
		list := strings.Join(names, ", ")
		if len(more) > most {
			list += fmt.Sprintf(" and %d more", len(more)-most)
		}
		d.Fix += " `build.deployFiles` does not cover these the app imports either: " + list +
			"; deploy them (or their folders) in the same edit, or deploy `./`."
	}
}

// nodePackage is the package an import path names: its first segment, or
// its first two for a scoped package ("@aws-sdk/client-s3/dist" →
// "@aws-sdk/client-s3").
func nodePackage(spec string) string {
	parts := strings.SplitN(spec, "/", 3)
	if strings.HasPrefix(spec, "@") && len(parts) > 1 {
		return parts[0] + "/" + parts[1]
	}
	return parts[0]
}

// phpClassRe reads the class phpPackageClass found: PHP's quoted name (its
// backslashes doubled in a JSON log), or Symfony's class and namespace.
var (
	phpClassRe   = lazyregexp.New(`\b(?:Class|Interface|Trait|Enum) \\?["']\\*([A-Za-z_][\w\\]*?)\\?["'] not found`)
	phpSymfonyRe = lazyregexp.New(`Attempted to load (?:class|interface|trait) "(\w+)" from namespace "([\w\\]+)"`)
)

// phpMissingClass is the class a PHP line says it cannot find; "" when none.
func phpMissingClass(line string) string {
	if m := phpSymfonyRe.FindStringSubmatch(line); m != nil {
		return strings.ReplaceAll(m[2], `\\`, `\`) + `\` + m[1]
	}
	if m := phpClassRe.FindStringSubmatch(line); m != nil {
		for strings.Contains(m[1], `\\`) {
			m[1] = strings.ReplaceAll(m[1], `\\`, `\`)
		}
		return strings.TrimPrefix(m[1], `\`)
	}
	return ""
}

// appServerRe is a Python app server in a start command.
var appServerRe = lazyregexp.New(`\b(?:gunicorn|uvicorn|hypercorn|daphne|waitress-serve)\b`)

// appModuleFix fits d, the Python module mod not found, to a start whose
// app server names mod as the app's module (`gunicorn myproject.wsgi`) while
// the source the app is deployed from holds no such module: run.start names
// the wrong one, no package is missing (walk 78: the fix installed
// packages first). It names the source's own packages, and reports
// whether it applied.
func (d *Diagnosis) appModuleFix(mod string, c *Code) bool {
	if c == nil || !c.PyOwnAll || c.pyOwn(mod) != "" || !appServerRe.MatchString(c.Start) {
		return false
	}
	named := ""
	for _, w := range strings.Fields(c.Start) {
		m, _, _ := strings.Cut(w, ":")
		if top, _, _ := strings.Cut(m, "."); top == mod && !strings.HasPrefix(w, "-") {
			named = w
			break
		}
	}
	if named == "" {
		return false
	}
	var pkgs, mods []string
	for _, n := range c.PyOwn {
		if p, ok := strings.CutSuffix(n, "/"); ok {
			pkgs = append(pkgs, "`"+p+"`")
			mods = append(mods, p)
		} else if m, ok := strings.CutSuffix(n, ".py"); ok {
			mods = append(mods, m)
		}
	}
	d.Cause = "`run.start` names `" + named + "` as the app's module, and the source has no `" + mod + "` (no `" + mod + "/` nor `" + mod + ".py`): no package is missing."
	if near := editdist.NearKey(mod, mods); near != "" {
		// walk 81: `wsgii:app` beside wsgi.py met a Django hint in a
		// Flask app; the near name is the fix.
		d.Fix = "Name the app's own module in `run.start`: the source has `" + near + "`, the name nearest `" + mod + "` (`" +
			strings.Replace(named, mod, near, 1) + "`), then deploy again."
		return true
	}
	d.Fix = "Name the app's own module in `run.start` (for Django, the package that holds wsgi.py"
	if len(pkgs) > 0 {
		d.Fix += "; the source's packages: " + strings.Join(pkgs, ", ")
	}
	d.Fix += "), then deploy again."
	return true
}
