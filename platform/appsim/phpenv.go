package appsim

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// PHP apps read their database address in config files with a fallback at
// the container itself: Laravel's config/database.php
// (`'host' => env('DB_HOST', '127.0.0.1')` in the block of its default
// connection), plain PHP's `getenv('db_hostname') ?: 'localhost'`. With no
// variable set, the app (and an init command migrating its database)
// reaches for a database where nothing listens; the sandbox serves PHP
// pages without running them, so the deploy is unverified, naming the
// variable, its line and how to set it.

// phpLocalFallbackRe is a PHP read of a variable with a fallback at the
// container's own address: Laravel's env('X', '…'), getenv('X') ?: '…',
// $_ENV['X'] ?? '…'.
var phpLocalFallbackRe = lazyregexp.New(`(?:\benv\(\s*['"](\w+)['"]\s*,|\\?\bgetenv\(\s*['"](\w+)['"]\s*\)\s*\?:|\$_(?:ENV|SERVER)\[\s*['"](\w+)['"]\s*\]\s*\?\?)\s*['"]([^'"]*(?:localhost|127\.0\.0\.1)[^'"]*)['"]`)

// laravelDefaultRe is the default connection of Laravel's database config.
var laravelDefaultRe = lazyregexp.New(`['"]default['"]\s*=>\s*env\(\s*['"]DB_CONNECTION['"]\s*(?:,\s*['"](\w+)['"])?\s*\)`)

// laravelURLRe is a connection's URL read from a variable ('url' =>
// env('DATABASE_URL')), which Laravel prefers to the host when set.
var laravelURLRe = lazyregexp.New(`['"]url['"]\s*=>\s*env\(\s*['"](\w+)['"]`)

// zeropsVarRe is a variable named as another service's generated one is
// seen under envIsolation none: `db_hostname`, `db_password`.
var zeropsVarRe = lazyregexp.New(`^([a-z][a-z0-9]*)_(hostname|port|user|password|dbName|connectionString)$`)

// phpDBFallbacks is the note of the database variables the deployed
// config/database.php (or config/db.php) reads with a fallback at
// localhost that neither the container's variables nor a deployed .env
// set, on a PHP web server's base; none when there are none.
func (r *runSim) phpDBFallbacks() []string {
	if r.files == nil || r.env.Vars == nil || !strings.HasPrefix(r.base, "php") {
		return nil
	}
	set := func(k string) bool {
		if v, ok := r.env.Vars[k]; ok && v != "" {
			return true
		}
		v, ok := r.dotenvVars("")
		return !ok || v[k] != "" // an unread .env may set it
	}
	var where, refs []string
	for _, rel := range r.phpDBConfigs() {
		src, ok := r.deployedText(rel)
		if !ok {
			continue
		}
		from, to := r.laravelConnection(src, set)
		if from < 0 {
			continue
		}
		block := src[from:to]
		for _, m := range phpLocalFallbackRe.FindAllStringSubmatchIndex(block, -1) {
			key := firstNonEmpty(sub(block, m, 1), sub(block, m, 2), sub(block, m, 3))
			def := sub(block, m, 4)
			if set(key) || !serviceVar.MatchString(key) {
				continue
			}
			line := strings.Count(src[:from+m[0]], "\n") + 1
			w := fmt.Sprintf("%s (%s:%d, falling back to `%s`)", key, rel, line, clip(def, 80))
			if slices.Contains(where, w) {
				continue
			}
			where = append(where, w)
			if z := zeropsVarRe.FindStringSubmatch(key); z != nil {
				refs = append(refs, fmt.Sprintf("%s is %s's own variable, which other services see only under the legacy envIsolation none: set the project variable envIsolation to none and restart, or read a variable of the service's own that run.envVariables sets to ${%s}", key, z[1], key))
				continue
			}
			refs = append(refs, fmt.Sprintf("set `%s: ${<hostname>_%s}` in run.envVariables, <hostname> the service's", key, refKey(key)))
		}
	}
	if len(where) == 0 {
		return nil
	}
	init := ""
	if len(r.d.Prep.Init) > 0 {
		init = ", and run.initCommands run with the same variables"
	}
	return []string{unreachedNote(where) + fmt.Sprintf("%s (%s)", init, strings.Join(refs, "; "))}
}

// phpDBConfigs are the database configs the deploy puts in /var/www/config.
func (r *runSim) phpDBConfigs() []string {
	var configs []string
	for src := range r.files.paths {
		for _, dest := range deployedAt(r.d.DeployFiles, src) {
			if (dest == "config/database.php" || dest == "config/db.php") && !slices.Contains(configs, dest) {
				configs = append(configs, dest)
			}
		}
	}
	slices.Sort(configs)
	return configs
}

// laravelConnection is the span of src, a database config, that the app
// reads its database from: Laravel's default connection's block (-1 when it
// is sqlite, names no block, its URL variable is set, or a .env the sandbox
// cannot read may name another), the whole file for any other config.
func (r *runSim) laravelConnection(src string, set func(string) bool) (int, int) {
	m := laravelDefaultRe.FindStringSubmatch(src)
	if m == nil {
		return 0, len(src)
	}
	conn := m[1]
	if v := r.env.Vars["DB_CONNECTION"]; v != "" {
		conn = v
	} else if dv, read := r.dotenvVars(""); !read {
		return -1, -1 // the .env may name another connection
	} else if dv["DB_CONNECTION"] != "" {
		conn = dv["DB_CONNECTION"]
	}
	if conn == "" || conn == "sqlite" {
		return -1, -1
	}
	from, to := phpArrayBlock(src, conn)
	if from < 0 {
		return -1, -1
	}
	if u := laravelURLRe.FindStringSubmatch(src[from:to]); u != nil && set(u[1]) {
		return -1, -1
	}
	return from, to
}

// refKey is the generated variable a key naming a service's address or
// credentials is set from.
func refKey(key string) string {
	switch upper := strings.ToUpper(key); {
	case strings.HasSuffix(upper, "HOST"), strings.HasSuffix(upper, "HOSTNAME"):
		return "hostname"
	case strings.HasSuffix(upper, "PORT"):
		return "port"
	case strings.HasSuffix(upper, "USER"), strings.HasSuffix(upper, "USERNAME"):
		return "user"
	case strings.HasSuffix(upper, "PASSWORD"):
		return "password"
	case strings.HasSuffix(upper, "DATABASE"), strings.HasSuffix(upper, "DBNAME"):
		return "dbName"
	}
	return "connectionString"
}

// phpArrayBlock is the span of the array a PHP config gives key
// (`'pgsql' => [ … ]`), -1 when it has none.
func phpArrayBlock(src, key string) (int, int) {
	re := regexp.MustCompile(`['"]` + regexp.QuoteMeta(key) + `['"]\s*=>\s*(?:\[|array\()`)
	loc := re.FindStringIndex(src)
	if loc == nil {
		return -1, -1
	}
	depth := 0
	for i := loc[1] - 1; i < len(src); i++ {
		switch src[i] {
		case '[', '(':
			depth++
		case ']', ')':
			depth--
			if depth == 0 {
				return loc[0], i + 1
			}
		}
	}
	return loc[0], len(src)
}

// laravelKeyRe is Laravel's config/app.php reading its encryption key.
var laravelKeyRe = lazyregexp.New(`['"]key['"]\s*=>\s*env\(\s*['"]APP_KEY['"]\s*\)`)

// laravelAppKey is the note of Laravel's APP_KEY, which the deployed
// config/app.php reads and neither the container's variables nor a
// deployed .env set: Laravel answers 500 wherever it encrypts (cookies,
// sessions) without it, which the sandbox, serving PHP pages without
// running them, cannot show; none otherwise.
func (r *runSim) laravelAppKey() []string {
	if r.files == nil || r.env.Vars == nil || !strings.HasPrefix(r.base, "php") || r.env.Vars["APP_KEY"] != "" {
		return nil
	}
	src, ok := r.deployedText("config/app.php")
	if !ok {
		return nil
	}
	m := laravelKeyRe.FindStringIndex(src)
	if m == nil {
		return nil
	}
	if vars, read := r.dotenvVars(""); !read || vars["APP_KEY"] != "" {
		return nil // an unread .env may set it
	}
	return []string{fmt.Sprintf("whether the app answers without APP_KEY: config/app.php:%d reads Laravel's encryption key from it, which no variable sets, and Laravel answers 500 (\"No application encryption key has been specified.\") wherever it encrypts cookies or sessions; set it as a service secret (the output of `php artisan key:generate --show`)",
		strings.Count(src[:m[0]], "\n")+1)}
}
