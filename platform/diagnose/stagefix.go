package diagnose

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// tsModule finds the module TypeScript's TS2307 cannot find.
var tsModule = lazyregexp.New(`TS2307: Cannot find module '([^']+)'`)

// tsModuleFix names, in d, a compile error that is an import TypeScript
// cannot resolve: a path in the source, or a package the manifest lacks.
func (d *Diagnosis) tsModuleFix(line string, c *Code) {
	m := tsModule.FindStringSubmatch(line)
	if m == nil {
		return
	}
	mod := m[1]
	if strings.HasPrefix(mod, ".") || strings.HasPrefix(mod, "/") || strings.HasPrefix(mod, "@/") || strings.HasPrefix(mod, "~/") {
		d.Cause = fmt.Sprintf("The TypeScript compiler cannot find the imported module %s: no such file under that path (or alias) in the source.", mod)
		d.Fix = "Fix the import path (the file's name and its case: the build runs on Linux, where names are case-sensitive), or the alias in tsconfig.json `paths`, and commit the file if it is missing from the repository; then deploy again."
		return
	}
	d.Cause = fmt.Sprintf("The TypeScript compiler cannot find the package %s or its type declarations: it is not in package.json, or it ships no types.", mod)
	d.Fix = fmt.Sprintf("Add %s to package.json (%s %s; for a package without its own types also @types/…) and commit the lock file; then deploy again.", mod, c.nodePM().add, mod)
}

// missingScript finds the script a package manager reports missing:
// npm's and pnpm's `Missing script: "X"`, yarn's `Command "X" not found`.
var missingScript = lazyregexp.New(`Missing script: "?([^"\s]+)"?|` + yarnNoCommand)

// envSchema finds an env schema's report (t3-env, envalid, NestJS's Joi):
// variables missing or with values it rejects.
var envSchema = lazyregexp.New(`(?i)^\s*(❌\s*)?(\w*Error: )?Invalid environment variables?\b|Config validation error: "`)

// stageFix fits d's fix to what the line names and the log it is from.
func (d *Diagnosis) stageFix(line string, stage Stage) {
	low := strings.ToLower(line)
	switch {
	case strings.Contains(low, "secret_key_base"):
		d.Cause = "Rails has no secret_key_base: SECRET_KEY_BASE is not set (and no credentials master key is)."
		if stage == Build {
			d.Cause = "Rails needs secret_key_base to load the app for a build task (assets:precompile), and SECRET_KEY_BASE is not set in the build."
			d.Fix = "Set SECRET_KEY_BASE_DUMMY: \"1\" in `build.envVariables` (Rails 7.1+ lets build tasks run with a throwaway key), then deploy again; the running app still needs its real SECRET_KEY_BASE as a secret variable (zerops_env)."
			return
		}
		d.Fix = "Set SECRET_KEY_BASE as a secret: zerops_env action=set variables=[\"SECRET_KEY_BASE=<64+ random hex characters, e.g. from bin/rails secret>\"] restart=true (no deploy needed), or RAILS_MASTER_KEY when the app keeps it in encrypted credentials."
		d.envOnly = true
	case strings.Contains(line, "Failed to configure a DataSource"):
		d.Cause = "Spring Boot has no database URL: spring.datasource.url is not set, so the app cannot configure its DataSource."
		d.Fix = "Set SPRING_DATASOURCE_URL (jdbc:postgresql://${db_hostname}:${db_port}/${db_dbName} for PostgreSQL, jdbc:mariadb://… the same for MariaDB), SPRING_DATASOURCE_USERNAME (${db_user}) and SPRING_DATASOURCE_PASSWORD (${db_password}) in `run.envVariables` of zerops.yml, naming the project's database service, then zerops_deploy."
	case d.Signal == "missing-env-variable" && stage == Build:
		d.Cause = "A build step needs an environment variable that the build does not have (an env schema validates it, or the code reads it while building)."
		d.Fix = "Set the variables it names in `build.envVariables` of zerops.yml: the build sees neither `run.envVariables` nor the service's secrets, except by reference with the RUNTIME_ prefix (NAME: ${RUNTIME_NAME}); then deploy again."
	case d.Signal == "missing-env-variable" && envSchema.MatchString(line):
		d.Cause = "The app's env schema rejected its environment at start: a variable it requires is not set, or its value fails the schema (the lines after the report name each)."
		d.Fix = "Set each variable the report names, with a value the schema accepts, in `run.envVariables` of zerops.yml (then deploy) or as a secret with `zerops_env` (then restart); a reference like ${db_connectionString} needs the service named before the underscore to exist."
	case d.Signal == "missing-env-variable" && stage == Runtime:
		if name := missingVar(line); name != "" {
			d.missingVarFix(name)
		}
	case d.Signal == "npm-missing-script" && stage == Runtime:
		// The running app's log: the start (or a command it runs) names
		// the script, not the build.
		d.Cause = "The start runs a package.json script (or deno task) that the project does not define."
		what := "the script"
		if m := missingScript.FindStringSubmatch(line); m != nil {
			what = "`" + strings.Join(m[1:], "") + "`"
		}
		d.Fix = fmt.Sprintf("Correct %s where `run.start` names it (npm run, pnpm run, yarn run) to a script package.json's \"scripts\" has, or add it there, or start the entry itself (node <file>).", what)
	case d.Signal == "disk-full" && stage == Build:
		d.Cause = "The build container ran out of disk while the build wrote dependencies, caches or artefacts."
		d.Fix = "Cut what the build writes: the build container's disk is fixed (zerops_manage cannot scale it), so install only what the build needs (no dev or GPU-sized packages you do not use), clear caches the build fills (npm cache clean --force, pip --no-cache-dir) and keep `build.cache` to dependency folders; then deploy again."
	}
}

// missingVars find the variable a line reports missing, in the ways the
// missing-env-variable rules read it, the likeliest first: Python's and
// Ruby's KeyError, Spring's placeholder, "environment variable X", an
// app's own "X is required", Rust's "reading X: NotPresent".
var missingVars = []*lazyregexp.Regexp{
	lazyregexp.New(`KeyError: '([A-Z][A-Z0-9_]{1,})'|key not found: "([A-Z][A-Z0-9_]{1,})"|Could not resolve placeholder '([A-Z][A-Z0-9_]{1,})'`),
	lazyregexp.New(`(?i:\benv(?:ironment)?[ _-]?var(?:iable)?) ["']?([A-Z][A-Z0-9_]{1,})\b`),
	lazyregexp.New(`\b([A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]) (?i:env(?:ironment)?[ _-]?var)`),
	lazyregexp.New(`(?:\b([A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9])\b|"([A-Z][A-Z0-9_]{2,})"|'([A-Z][A-Z0-9_]{2,})') (?:is (?:a )?required|must be (?:set|defined|provided)|is (?:not (?:set|defined)|missing))\b`),
	lazyregexp.New(`reading ([A-Z][A-Z0-9_]{1,}): NotPresent`),
}

// missingVar is the variable line reports missing, or "".
func missingVar(line string) string {
	for _, re := range missingVars {
		for _, g := range re.FindStringSubmatch(line) {
			if g != "" && g != line && !strings.ContainsAny(g, " '\"") {
				return g
			}
		}
	}
	return ""
}

// secretName finds a variable name that holds a secret: a key, token,
// password, salt or private credential.
var secretName = lazyregexp.New(`(?:^|_)(?:SECRET|TOKEN|PASSWORD|PASSWD|PASS|PWD|KEY|APIKEY|PRIVATE|CREDENTIALS?|SALT|SIGNING|HMAC)(?:_|$)|SECRET|PASSWORD|TOKEN`)

// missingVarFix names in d the variable name the app stops without, and
// the one place to set it: a secret as the service's secret, applied by a
// restart (a secret stays out of zerops.yml); another in run.envVariables,
// applied by a deploy.
func (d *Diagnosis) missingVarFix(name string) {
	d.unset = name
	d.Cause = "The app stops at start because " + name + " is not set: no variable gives it a value (or the value is empty)."
	if secretName.MatchString(name) {
		d.Fix = "Set " + name + " as a secret of the service (a secret stays out of zerops.yml): zerops_env action=set variables=[\"" + name + "=<value>\"] restart=true; no deploy is needed."
		d.envOnly = true
		return
	}
	d.Fix = "Set " + name + " in `run.envVariables` of zerops.yml: its value, or a reference to another service's variable (${<hostname>_<variable>}); then deploy again."
	d.envOnly = false
}

// buildOnlyFix fits d, an app that stopped at start without its
// variable, to code whose zerops.yml sets that variable in
// build.envVariables only: the build container alone gets those, so the
// fix puts it where the run container reads it (a secret as the
// service's secret, another in run.envVariables), not "no variable".
func (d *Diagnosis) buildOnlyFix(c *Code) {
	if d.unset == "" || c == nil || !slices.Contains(c.BuildOnlyEnv, d.unset) {
		return
	}
	name := d.unset
	d.Cause = "The app stops at start because " + name + " is not set where it runs: zerops.yml sets it in `build.envVariables`, " +
		"which only the build container gets; the running app reads `run.envVariables` and the service's secrets."
	if secretName.MatchString(name) {
		d.Fix = "Set " + name + " as a secret of the service: zerops_env action=set variables=[\"" + name + "=<value>\"] restart=true " +
			"(no deploy needed); at the next deploy drop it from `build.envVariables` unless the build reads it (a secret stays out of zerops.yml)."
		d.envOnly = true
		return
	}
	d.Fix = "Move " + name + " from `build.envVariables` to `run.envVariables` of zerops.yml (keep it in both if the build reads it too); then deploy again."
	d.envOnly = false
}

// UnsetVariable is the variable d's cause says the app started without,
// or "".
func (d Diagnosis) UnsetVariable() string { return d.unset }

// SetRef rewrites the fix of d, whose app stopped at start without its
// variable, to the reference that gives it (ref, ${db_hostname}; whose:
// "db is postgresql@16"): the variable names another service's value,
// which the project's one service of that kind holds (walk 82: "its value,
// or a reference …" left the agent to guess a literal).
func (d *Diagnosis) SetRef(ref, whose string) {
	if d.unset == "" {
		return
	}
	d.Fix = "Set " + d.unset + ": " + ref + " in `run.envVariables` of zerops.yml (" + whose + "); then deploy again."
	d.envOnly = false
}

// SetHostBack rewrites d, whose app could not resolve host at its start,
// for host created since (a deleted service made again): a restart of
// hostname resolves it, and nothing else needs to change.
func (d *Diagnosis) SetHostBack(hostname, host string) {
	d.Cause = "The app could not resolve " + host + " when it last started; " + host + " exists now (created since), but the app looks it up only when it starts, and it has not started since."
	d.Fix = "Restart " + hostname + " so the app starts with " + host + " there: zerops_manage action=restart serviceHostname=" + hostname +
		"; the references to " + host + " resolve as they are, so no change of zerops.yml or the variables is needed."
	d.envOnly = true
}

// SetSince rewrites d, whose app started without its variable, for a
// variable set since (where: "service" or "project" variable): the
// running app started before it, a restart of hostname gives it the
// value, and setting it again would change nothing.
func (d *Diagnosis) SetSince(hostname, where string) {
	if d.unset == "" {
		return
	}
	d.Cause = "The app stopped at start because " + d.unset + " was not set when it started; it is set now (a " + where +
		" variable), but variables reach the app only when it starts, and it has not started since."
	d.Fix = "Restart " + hostname + " so the app starts with " + d.unset + ": zerops_manage action=restart serviceHostname=" + hostname +
		"; setting " + d.unset + " again changes nothing, and no deploy is needed."
	d.envOnly = true
}
