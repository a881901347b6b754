package appsim

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Ruby: `ruby FILE`, and the servers of Ruby frameworks that bind an
// address of their own (rails server, rackup, a Sinatra app). Bundler:
// bundler.go.

const (
	pumaBanner = "* Listening on http://%[1]s:%[2]d" // indexed: a line before it may name the port first
	pumaLocal  = "* Listening on http://127.0.0.1:%[2]d\n* Listening on http://[::1]:%[2]d"
)

func rubyRecord() *tool {
	return &tool{name: "ruby", names: []string{"ruby"}, lang: "ruby", run: rubyTool,
		missingEntry: func(file, _ string) []Line {
			return []Line{{3, fmt.Sprintf("ruby: No such file or directory -- %s (LoadError)", file)}}
		},
		hostNotFound: func(host string) string {
			return fmt.Sprintf("PG::ConnectionBad: could not translate host name %q to address: Name or service not known", host)
		},
		servers: map[string]ownAddr{
			"rails server": {lang: "ruby", runs: []string{"rails server", "rails s"}, host: "127.0.0.1", port: 3000,
				hostFlags: []string{"-b", "--binding"}, portFlags: []string{"-p", "--port"}, hostVars: []string{"BINDING"},
				portVars: []string{"PORT"}, modeFlags: []string{"-e", "--environment"}, modeVars: []string{"RAILS_ENV", "RACK_ENV"},
				banner: pumaBanner, local: pumaLocal},
			"rackup": {lang: "ruby", runs: []string{"rackup *"}, host: "127.0.0.1", port: 9292, hostFlags: []string{"-o", "--host"},
				portFlags: []string{"-p", "--port"}, modeFlags: []string{"-E", "--env"}, modeVars: []string{"RACK_ENV"},
				banner: pumaBanner, local: pumaLocal},
			"sinatra": {host: "127.0.0.1", port: 4567, hostFlags: []string{"-o"}, portFlags: []string{"-p"},
				modeFlags: []string{"-e"}, modeVars: []string{"APP_ENV", "RACK_ENV"},
				banner: "== Sinatra has taken the stage on %[2]d with backup from Puma\n" + pumaBanner,
				local:  "== Sinatra has taken the stage on %[2]d with backup from Puma\n" + pumaLocal,
				lang:   "ruby", uses: lazyregexp.New(`\brequire\s*\(?\s*['"]sinatra['"]`),
				setPort: lazyregexp.New(`(?m)^\s*set\s+:port\s*,\s*(.+?)\s*$`),
				setHost: lazyregexp.New(`(?m)^\s*set\s+:bind\s*,\s*(.+?)\s*$`)},
		},
		envRead: `ENV\[\s*['"]%[1]s['"]\s*\]|ENV\.fetch\(\s*['"]%[1]s['"]`, readsAtLoad: true,
		// pg's and mysql2's clients connect as they are made, Sequel's
		// connect tests its connection; redis-rb connects when used (a
		// ping is a use).
		connects: lazyregexp.New(`\.ping\b|\bPG\.connect\b|\bPG::Connection\.(?:new|open|connect)\b|\bMysql2::Client\.new\b|\bSequel\.connect\b|\bNet::HTTP\.get\b`)}
}

// rubyTool runs a file (a Sinatra one listens as its record says).
func rubyTool(r *runSim, _ string, args []string, env map[string]string, _ int) (startCmd, bool) {
	file := firstFile(args, "-I", "-r")
	c := r.entry("ruby", file, args, env)
	if src, ok := r.deployedText(r.path(file)); ok && c.crash == nil {
		r.envCheck(src, r.path(file), rubyEnvNeeds(src), env) // unverified: what it prints is not read
	}
	return c, true
}

// rubyEnvFetchRe is Ruby's ENV.fetch of a variable with no default (no
// second argument, no block), which raises KeyError when it is unset.
var rubyEnvFetchRe = lazyregexp.New(`(?m)^(\S.*)?\bENV\.fetch\(\s*['"](\w+)['"]\s*\)(\s*\{)?`)

// rubyEnvNeeds are the statements of the Ruby file src that fail without a
// variable: ENV.fetch("X") without a default. One not indented runs as the
// file loads; what Ruby prints is not read, so it is named, not run.
func rubyEnvNeeds(src string) []envNeed {
	var out []envNeed
	for _, m := range rubyEnvFetchRe.FindAllStringSubmatchIndex(src, -1) {
		if m[6] >= 0 { // a block gives the default
			continue
		}
		out = append(out, envNeed{keys: []string{src[m[4]:m[5]]}, at: m[0], top: true})
	}
	return out
}

// rubyHostClients are the Ruby clients whose own words report a host that
// does not resolve, by the gems that bring them, with the kind of service
// they connect to (hostKind).
var rubyHostClients = []struct {
	gems, kind, line string
}{
	{"redis redis-client sidekiq", "redis", "Redis::CannotConnectError: getaddrinfo: Name or service not known (redis://%s:6379)"},
	{"pg", "postgresql", "PG::ConnectionBad: could not translate host name %q to address: Name or service not known"},
	{"mysql2", "mysql", "Mysql2::Error::ConnectionError: Unknown MySQL server host '%s' (-2)"},
}

// gemRe is a Gemfile's gem line: its name.
var gemRe = lazyregexp.New(`(?m)^\s*gem\s+['"]([\w-]+)['"]`)

// rubyHostNotFound is how a Ruby app reports host not resolving: in the
// words of the client for the kind of service the reference's variable,
// its URL or the hostname names, else of the only client the Gemfile
// brings, else def (libpq's, through pg).
func (r *runSim) rubyHostNotFound(host, def string) string {
	kind := hostKind(host, r.env.MissingIn, r.env.Vars[r.env.MissingIn])
	var have []int
	if src, ok := r.deployedText("Gemfile"); ok {
		for _, m := range gemRe.FindAllStringSubmatch(src, -1) {
			for i, c := range rubyHostClients {
				if strings.Contains(" "+c.gems+" ", " "+m[1]+" ") && !slices.Contains(have, i) {
					have = append(have, i)
				}
			}
		}
	}
	for _, c := range rubyHostClients {
		if c.kind == kind {
			return fmt.Sprintf(c.line, host)
		}
	}
	if len(have) == 1 {
		return fmt.Sprintf(rubyHostClients[have[0]].line, host)
	}
	return def
}

// hostKinds are the kinds of service an app connects to, with the URL
// schemes and the words of a variable or hostname that name each ("db" and
// "database" name none: any database).
var hostKinds = []struct{ kind, schemes, words string }{
	{"redis", "redis rediss valkey valkeys", "redis valkey keydb cache"},
	{"postgresql", "postgres postgresql", "postgres postgresql pg psql"},
	{"mysql", "mysql mysql2 mariadb", "mysql mariadb maria"},
}

// hostKind is the kind of service a reference to host points at, as the
// variable holding it (key, value as written) says, else the hostname: ""
// when none does. The URL's scheme first, then the key's words, then the
// hostname's.
func hostKind(host, key, value string) string {
	if scheme, _, ok := strings.Cut(value, "://"); ok {
		for _, k := range hostKinds {
			if strings.Contains(" "+k.schemes+" ", " "+strings.ToLower(scheme)+" ") {
				return k.kind
			}
		}
	}
	for _, name := range []string{key, host} {
		for _, k := range hostKinds {
			for _, w := range strings.Fields(k.words) {
				if strings.Contains(strings.ToLower(name), w) {
					return k.kind
				}
			}
		}
	}
	return ""
}
