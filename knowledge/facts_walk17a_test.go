package knowledge

import "testing"

// TestFacts_Walk17a keeps what walk17a found wrong or missing while
// walking the older official recipes (golang-maria-api, react-app).
func TestFacts_Walk17a(t *testing.T) {
	t.Parallel()
	all := agentTexts(t)
	assertKept(t, all, []keptFact{
		{"services/mariadb", "Go's go-sql-driver/mysql takes its own DSN, not the mysql:// connectionString", "`go-sql-driver/mysql`.{0,80}reads no URL.{0,80}`\\$\\{db_user\\}:\\$\\{db_password\\}@tcp\\(\\$\\{db_hostname\\}:\\$\\{db_port\\}\\)/\\$\\{db_dbName\\}`"},
		{"frameworks/vite-spa", "webpack 4 on Node.js 17+: the OpenSSL error and the legacy provider", "`Error: error:0308010C:digital envelope routines::unsupported`.{0,300}`NODE_OPTIONS: --openssl-legacy-provider`"},
	})
}
