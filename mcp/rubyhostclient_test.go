package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A Ruby app whose Valkey (cache) is deleted reports the host in the words
// of redis-rb, the client its reference is for, not libpq's (walk 10:
// `PG::ConnectionBad: could not translate host name "cache"` for a
// REDIS_URL); a deleted PostgreSQL stays in libpq's; and the diagnosis
// still names the deleted service and its backup.
func TestDeletedService_RubyHostInItsClientsWords(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: ruby@3.3
      buildCommands:
        - bundle config set --local path vendor/bundle
        - bundle install
      deployFiles:
        - app.rb
        - Gemfile
        - Gemfile.lock
        - vendor/bundle
        - .bundle
    run:
      base: ruby@3.3
      ports:
        - port: 4567
          httpSupport: true
      envVariables:
        %s
      start: bundle exec ruby app.rb
`
	tests := []struct {
		name, env, gems, deleted, says, notSays string
		connect                                 string // the line that reads the variable and connects with it as the app loads
	}{
		{"RedisURL", "REDIS_URL: ${cache_connectionString}", "gem 'pg'\ngem 'redis'\n", "cache",
			"Redis::CannotConnectError: getaddrinfo: Name or service not known (redis://cache:6379)", "PG::ConnectionBad",
			"Redis.new(url: ENV['REDIS_URL']).ping"},
		{"CacheHostOnlyRedisGem", "CACHE_HOST: ${cache_hostname}", "gem 'redis'\n", "cache",
			"Redis::CannotConnectError: getaddrinfo: Name or service not known (redis://${cache_hostname}:6379)", "PG::ConnectionBad",
			"Redis.new(host: ENV['CACHE_HOST']).ping"},
		{"DatabaseURL", "DATABASE_URL: ${db_connectionString}", "gem 'pg'\ngem 'redis'\n", "db",
			`PG::ConnectionBad: could not translate host name \"db\"`, "Redis::CannotConnectError", // as the JSON answer escapes it
			"DB = PG.connect(ENV['DATABASE_URL'])"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			ctx := context.Background()
			h.ownApp(t, map[string]string{
				"zerops.yml": strings.Replace(yml, "%s", tt.env, 1),
				// it connects with the variable as it loads: its start fails
				"app.rb":       "require 'sinatra'\n" + tt.connect + "\nset :bind, '0.0.0.0'\nset :port, 4567\nget('/') { 'ok' }\n",
				"Gemfile":      "source 'https://rubygems.org'\ngem 'sinatra'\ngem 'puma'\n" + tt.gems,
				"Gemfile.lock": "GEM\n  remote: https://rubygems.org/\n  specs:\n    pg (1.5.9)\n    puma (6.4.3)\n    redis (5.3.0)\n    sinatra (4.1.1)\n\nPLATFORMS\n  ruby\n\nDEPENDENCIES\n  pg\n  puma\n  redis\n  sinatra\n\nBUNDLED WITH\n   2.5.3\n",
			})
			if res, m := h.callWith(t, ctx, "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1"); m["verdict"] != "live" {
				t.Fatalf("deploy: %s", text(res))
			}
			if res, _ := h.call(t, "zerops_manage", map[string]any{"action": "backup", "serviceHostname": tt.deleted}); res.IsError {
				t.Fatalf("backup: %s", text(res))
			}
			del, _ := h.callWith(t, ctx, "zerops_delete", map[string]any{"serviceHostname": tt.deleted, "confirm": true}, "del")
			wantOK(t, del)
			if res, _ := h.callWith(t, ctx, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appstage"}, "rs"); res.IsError {
				t.Fatalf("restart: %s", text(res))
			}
			res, _ := h.call(t, "zerops_logs", map[string]any{"serviceHostname": "appstage"})
			answer := text(res)
			if !strings.Contains(answer, tt.says) || strings.Contains(answer, tt.notSays) {
				t.Errorf("logs: want %q, not %q: %s", tt.says, tt.notSays, answer)
			}
			if !strings.Contains(answer, tt.deleted+" (") || !strings.Contains(answer, "was deleted") || !strings.Contains(answer, "its latest backup is "+tt.deleted+"-") {
				t.Errorf("logs do not name the deleted %s and its backup: %s", tt.deleted, answer)
			}
		})
	}
}
