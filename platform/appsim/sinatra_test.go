package appsim_test

import (
	"testing"

	"github.com/zeropsio/zcp/platform/appsim"
)

// Sinatra listens on localhost:4567 in development (its default mode) and
// on every address in another; `set :port`/`set :bind`, -p/-o and APP_ENV
// or RACK_ENV move it.
func TestRun_Sinatra(t *testing.T) {
	t.Parallel()
	app := func(sets string) map[string]string {
		return map[string]string{"Gemfile": "gem 'sinatra'\n", "app.rb": "require 'sinatra'\n" + sets + "get('/') { 'ok' }\n"}
	}
	tests := []struct {
		name    string
		start   string
		env     map[string]string
		files   map[string]string
		answers bool // on port 8080 from the network
	}{
		{"set port and bind", "ruby app.rb", nil, app("set :port, 8080\nset :bind, '0.0.0.0'\n"), true},
		{"set port only: localhost in development", "ruby app.rb", nil, app("set :port, 8080\n"), false},
		{"set port in production", "ruby app.rb", map[string]string{"APP_ENV": "production"}, app("set :port, 8080\n"), true},
		{"port from PORT", "bundle exec ruby app.rb", map[string]string{"PORT": "8080", "RACK_ENV": "production"},
			app("set :port, ENV.fetch('PORT', 4567)\n"), true},
		{"default port 4567", "ruby app.rb -o 0.0.0.0", nil, app(""), false},
		{"flags", "ruby app.rb -p 8080 -o 0.0.0.0", nil, app(""), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			d := &appsim.Setup{Start: tt.start, RunBase: "ruby@3.4", Ports: []appsim.Port{{Port: 8080, HTTP: true}}}
			got := appsim.Run(d, files(tt.files), nil, d.RunBase, appsim.Env{Vars: tt.env}, "seed")
			if got.Answers(8080) != tt.answers || len(got.Unchecked) > 0 || got.Crash != nil {
				t.Errorf("answers 8080 = %v (listens %v, unchecked %v, crash %v), want %v", got.Answers(8080), got.Listens, got.Unchecked, got.Crash, tt.answers)
			}
		})
	}
}
