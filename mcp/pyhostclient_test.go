package mcp_test

import (
	"context"
	"strings"
	"testing"
)

// A Python app referencing a service the project lacks fails its start in
// the words of the client it installs for that kind of service, so the
// evidence an agent reads names its own driver (walk 6: a PyMySQL app's
// deleted MariaDB was reported as "psycopg.OperationalError: could not
// translate host name"); the diagnosis stays host-not-found, naming the
// variable to change.
func TestDeploy_PythonHostNotFoundInItsClientsWords(t *testing.T) {
	t.Parallel()
	yml := `zerops:
  - setup: appstage
    build:
      base: python@3.12
      addToRunPrepare: [requirements.txt]
      deployFiles: ./
    run:
      base: python@3.12
      prepareCommands:
        - python3 -m pip install --no-cache-dir -r requirements.txt
      envVariables:
        %s
      ports:
        - port: 8000
          httpSupport: true
      start: gunicorn --bind 0.0.0.0:8000 app:app
`
	tests := []struct {
		name, env, reqs, want string
		connect               string // imports, then the line that reads the variable and connects with it as the app loads
	}{
		{"pymysql", "DB_HOST: ${mysql_hostname}", "flask\ngunicorn\nPyMySQL\n", `pymysql.err.OperationalError: (2003, "Can't connect to MySQL server on '${mysql_hostname}'`, // left as written
			"import pymysql\ndb = pymysql.connect(host=os.environ.get('DB_HOST'))"},
		{"redis beside psycopg", "REDIS_URL: ${redis_connectionString}", "flask\ngunicorn\npsycopg[binary]\nredis\n", "redis.exceptions.ConnectionError: Error -2 connecting to redis:6379",
			"import redis\nredis.Redis.from_url(os.environ.get('REDIS_URL')).ping()"},
		{"psycopg2", "DATABASE_URL: ${postgres_connectionString}", "flask\ngunicorn\npsycopg2-binary\n", `psycopg2.OperationalError: could not translate host name "postgres"`,
			"import psycopg2\nconn = psycopg2.connect(os.environ.get('DATABASE_URL'))"},
		// walk 8: a Celery broker on a missing redis, with no client of
		// the list installed, was worded as psycopg's.
		{"redis without a listed client", "CELERY_BROKER_URL: ${redis_connectionString}", "flask\ngunicorn\ncelery\n", "redis.exceptions.ConnectionError: Error -2 connecting to redis:6379",
			"from celery import Celery\nCelery(broker=os.environ.get('CELERY_BROKER_URL')).connection().connect()"},
		{"no client", "API_HOST: ${search_hostname}", "flask\ngunicorn\n", `could not translate host name "${search_hostname}"`,
			"from urllib.request import urlopen\nurlopen('http://' + os.environ.get('API_HOST'))"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHarness(t, harnessOpts{sandboxPush: true})
			h.ownApp(t, map[string]string{
				"zerops.yml":       strings.Replace(yml, "%s", tt.env, 1),
				"requirements.txt": tt.reqs,
				// it connects with the variable as it loads: its start fails
				"app.py": "import os\nfrom flask import Flask\n" + tt.connect + "\napp = Flask(__name__)\n\n@app.get(\"/\")\ndef index():\n    return \"ok\"\n",
			})
			res, m := h.callWith(t, context.Background(), "zerops_deploy", map[string]any{"sourceService": "appdev", "targetService": "appstage"}, "v1")
			check, _ := m["check"].(map[string]any)
			first := firstDiagnosis(check["diagnoses"])
			if first["signal"] != "host-not-found" || !strings.Contains(first["evidence"], tt.want) {
				t.Errorf("first diagnosis %v; want host-not-found read from %q: %s", first, tt.want, text(res))
			}
		})
	}
}
