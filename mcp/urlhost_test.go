package mcp_test

import (
	"strings"
	"testing"
)

// TestValidate_ConnectionURLHostOfNoService: walk 81 wrote DATABASE_URL:
// postgresql://${db_user}:${db_password}@postgres:5432/db in a project
// whose database is db; validate and the deploy said nothing (DB_HOST:
// postgres was warned, a URL's host was not read), and the sandbox called
// the app live. A connection URL whose scheme names a kind of service and
// whose host no service has is warned now, the fix naming the service of
// that kind; the URLs recipes write (a reference, a host that exists) are
// not.
func TestValidate_ConnectionURLHostOfNoService(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	tests := []struct {
		name, value, fix string // fix "": no warning
	}{
		{"postgres host of no service", "postgresql://${db_user}:${db_password}@postgres:5432/db", "In DATABASE_URL, replace the host postgres with db (or ${db_hostname}; db is postgresql@16)"},
		{"a driver's scheme", "postgresql+asyncpg://u:p@pg/db", "replace the host pg with db"},
		{"redis with TLS", "rediss://valkey:6379", "replace the host valkey with cache (or ${cache_hostname}; cache is valkey@7.2)"},
		{"the database's hostname", "postgresql://${db_user}:${db_password}@db:5432/db", ""},
		{"a reference", "postgresql://${db_user}:${db_password}@${db_hostname}:5432/db", ""},
		{"the connection string", "${db_connectionString}", ""},
		{"a public host", "https://api.example.com/v1", ""},
		{"a scheme of no service", "http://backend:8080", ""},
	}
	for _, tt := range tests {
		yml := "zerops:\n  - setup: appstage\n    run:\n      base: nodejs@22\n      start: node index.js\n      envVariables:\n        DATABASE_URL: \"" + tt.value + "\"\n"
		res, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
		var at []map[string]string
		for _, is := range issuesOf(m, "warnings") {
			if strings.HasSuffix(is["path"], ".DATABASE_URL") {
				at = append(at, is)
			}
		}
		switch {
		case tt.fix == "" && len(at) > 0:
			t.Errorf("%s: warned: %s", tt.name, text(res))
		case tt.fix != "" && (len(at) != 1 || !strings.Contains(at[0]["fix"], tt.fix) || !strings.Contains(at[0]["problem"], "so the app gets a host that does not resolve")):
			t.Errorf("%s: want one warning whose fix says %q: %s", tt.name, tt.fix, text(res))
		}
	}
}

// TestValidate_HostOfAKindTheProjectLacks: walk 82's NestJS recipe sets
// SMTP_HOST: mailpit; the project has no mail server, and the fix said
// "Set SMTP_HOST to the hostname of the service it means (the project's
// services: appdev, appstage, cache, db, storage)", none of which speaks
// SMTP. Where no service is of the kind the key or scheme names, the fix
// says so and offers importing one or a host outside the project.
func TestValidate_HostOfAKindTheProjectLacks(t *testing.T) {
	t.Parallel()
	h := newHarness(t, harnessOpts{})
	tests := []struct {
		name, key, value, fix string
	}{
		{"mail", "SMTP_HOST", "mailpit", "No service of the project is a mail (SMTP) server (services: appdev, appstage, cache, db, storage): import one (zerops_import) and set SMTP_HOST to its hostname, or to the host of one outside the project."},
		{"a mongo URL", "MONGO_URL", "mongodb://mongo:27017/app", "No service of the project is a mongodb service (services: appdev, appstage, cache, db, storage): import one (zerops_import) and in MONGO_URL, replace the host mongo with its hostname, or with the host of one outside the project."},
		{"a broker", "QUEUE_HOST", "rabbit", "No service of the project is a message broker"},
	}
	for _, tt := range tests {
		yml := "zerops:\n  - setup: appstage\n    run:\n      base: nodejs@22\n      start: node index.js\n      envVariables:\n        " + tt.key + ": \"" + tt.value + "\"\n"
		res, m := h.call(t, "zerops_validate", map[string]any{"content": yml})
		var fixes []string
		for _, is := range issuesOf(m, "warnings") {
			if strings.HasSuffix(is["path"], "."+tt.key) {
				fixes = append(fixes, is["fix"])
			}
		}
		if len(fixes) != 1 || !strings.Contains(fixes[0], tt.fix) {
			t.Errorf("%s: want one warning whose fix says %q: %s", tt.name, tt.fix, text(res))
		}
	}
}

// urlHostApp is walk 81's app: express and pg, DATABASE_URL the
// connection URL url, and index.js the entry (main: its lines after the
// app's route).
func urlHostApp(url, main string, esm bool) map[string]string {
	kind, req := "", "const express = require('express');\nconst pg = require('pg');\n"
	if esm {
		kind, req = `"type":"module",`, "import express from 'express';\nimport pg from 'pg';\n"
	}
	return map[string]string{
		"zerops.yml": "zerops:\n  - setup: appstage\n    build:\n      base: nodejs@22\n      buildCommands:\n        - npm install\n      deployFiles:\n        - index.js\n        - node_modules\n        - package.json\n" +
			"    run:\n      base: nodejs@22\n      ports:\n        - port: 3000\n          httpSupport: true\n      envVariables:\n        PORT: \"3000\"\n        DATABASE_URL: \"" + url + "\"\n      start: node index.js\n",
		"index.js":     req + "const app = express();\napp.get('/', (req, res) => res.send('ok'));\n" + main,
		"package.json": `{"name":"api","version":"1.0.0",` + kind + `"main":"index.js","dependencies":{"express":"^4.19.2","pg":"^8.11.0"}}`,
	}
}

// TestDeploy_ConnectionURLHostOfNoService: walk 81's DATABASE_URL named
// the host postgres where the project's database is db, and the app
// connected as it started, exiting when that failed; the sandbox called it
// live. On Zerops the lookup fails (Node's ENOTFOUND) and the app exits:
// the deploy is not-answering, its diagnosis names db. A failure the code
// catches and goes on from is unverified, saying what was not checked; the
// database's own hostname is live.
func TestDeploy_ConnectionURLHostOfNoService(t *testing.T) {
	t.Parallel()
	const (
		wrong  = "postgresql://${db_user}:${db_password}@postgres:5432/db"
		right  = "postgresql://${db_user}:${db_password}@db:5432/db"
		listen = "app.listen(process.env.PORT, '0.0.0.0')"
		names  = "whether the app connects with DATABASE_URL as it starts (DATABASE_URL names postgres, a service the project lacks"
	)
	pool := "const pool = new pg.Pool({connectionString: process.env.DATABASE_URL}); pool.connect().then(() => " + listen + ").catch(e => { console.error(e); process.exit(1) });\n"
	await := "const client = new pg.Client({ connectionString: process.env.DATABASE_URL });\nawait client.connect();\n" + listen + ";\n"
	logs := "const pool = new pg.Pool({connectionString: process.env.DATABASE_URL});\npool.connect().then(() => console.log('db ok')).catch(e => console.error(e));\n" + listen + ";\n"
	block := []string{"Error: getaddrinfo ENOTFOUND postgres", "errno: -3008", "code: 'ENOTFOUND'", "syscall: 'getaddrinfo'", "hostname: 'postgres'"}
	fix := "replace the host postgres with db"
	runWalkCases(t, []deployCase{
		{name: "pool connect whose catch exits", dir: "app", target: "appstage", files: urlHostApp(wrong, pool, false),
			verdict: "not-answering", signal: "host-not-found", says: block, next: []string{fix}, once: []string{fix},
			then: []deployCase{{name: "the fix", files: urlHostApp(right, pool, false), verdict: "live"}}},
		{name: "top-level await connect", dir: "app", target: "appstage", files: urlHostApp(wrong, await, true),
			verdict: "not-answering", signal: "host-not-found", says: block[:1], next: []string{fix}, once: []string{fix}},
		{name: "catch logs and goes on", dir: "app", target: "appstage", files: urlHostApp(wrong, logs, false),
			verdict: "unverified", reason: []string{names, "connects with it as it starts (index.js:6), and catches the failure without ending the process"}, lacks: []string{`"diagnoses"`}},
		{name: "a host of the project", dir: "app", target: "appstage", files: urlHostApp(right, logs, false),
			verdict: "live", lacks: []string{"ENOTFOUND"}},
	})
}

// TestDeploy_HostVariableOfNoService: walk 82 deployed DB_HOST: database in
// a project whose database is db; validate warned at the push, but the
// follow's verdict and reason said nothing of it, the sandbox never
// looking the host up. A host variable of a kind of service (DB_HOST,
// REDIS_HOST) naming no service is looked up as a URL's host is: an eager
// connect fails the start, a lazy one is named as not checked.
func TestDeploy_HostVariableOfNoService(t *testing.T) {
	t.Parallel()
	app := func(host, main string) map[string]string {
		files := urlHostApp("", main, false)
		files["zerops.yml"] = strings.Replace(files["zerops.yml"], "        DATABASE_URL: \"\"\n", "        DB_HOST: "+host+"\n", 1)
		return files
	}
	const listen = "app.listen(process.env.PORT, '0.0.0.0')"
	pool := "const pool = new pg.Pool({host: process.env.DB_HOST}); pool.connect().then(() => " + listen + ").catch(e => { console.error(e); process.exit(1) });\n"
	lazy := "app.get('/users', async (req, res) => { const c = new pg.Client({host: process.env.DB_HOST}); await c.connect(); res.send('ok'); });\n" + listen + ";\n"
	runWalkCases(t, []deployCase{
		{name: "an eager connect", dir: "app", target: "appstage", files: app("database", pool),
			verdict: "not-answering", signal: "host-not-found", says: []string{"Error: getaddrinfo ENOTFOUND database"}},
		{name: "a connect at a request", dir: "app", target: "appstage", files: app("database", lazy),
			verdict: "unverified", reason: []string{"DB_HOST names database, a service the project lacks"}},
		{name: "the database's hostname", dir: "app", target: "appstage", files: app("db", pool), verdict: "live"},
	})
}
