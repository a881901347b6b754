package appsim

import (
	"fmt"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Ruby: `ruby FILE`, and the servers of Ruby frameworks that bind an
// address of their own (rails server, rackup, a Sinatra app). Bundler:
// bundler.go.

const (
	pumaBanner = "* Listening on http://%s:%d"
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
		}}
}

// rubyTool runs a file (a Sinatra one listens as its record says).
func rubyTool(r *runSim, _ string, args []string, env map[string]string, _ int) (startCmd, bool) {
	return r.entry("ruby", firstFile(args, "-I", "-r"), args, env), true
}
