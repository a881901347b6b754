package diagnose

// This file owns one family: the database refusing the credentials, the
// host or the database in an ORM's or a driver's own words (Active
// Record's, SQL Server's).

// railsAuth, railsHost and railsNoDatabase are Active Record's own words
// (7.0+) for the database refusing the credentials, a hostname it could
// not resolve and a database that does not exist.
const (
	railsAuth       = `There is an issue connecting to your database with your username/password`
	railsHost       = `There is an issue connecting with your hostname: `
	railsNoDatabase = `We could not find your database: `
)

// dbCredentials is a database or its driver refusing the credentials, in
// the words neither the SQL state nor a server's own message carry (SQL
// Server's "Login failed for user", an ORM's).
const dbCredentials = `(?i)\b(authentication|login) failed\b.{0,40}\b(for )?(user|username|login|credentials)\b|\b(invalid|wrong|incorrect) (username or password|username/password|user name or password|credentials)\b|\bauthentication failed: password is incorrect\b`

// dbWordSpecs are this family's rules.
var dbWordSpecs = []ruleSpec{
	{build: "", runtime: "db-auth-failed", keys: []string{"issue connecting to your database with your username/password"}, re: railsAuth},
	{build: "", runtime: "db-auth-failed", keys: []string{"login failed", "authentication failed", "username or password", "username/password", "user name or password", "credentials"}, re: dbCredentials, and: dbWords + `|(?i)\b(SqlException|SqlClient|mssql|tedious|18456|database|clickhouse\w*)\b|\bDB::Exception\b`},
	{build: "", runtime: "host-not-found", keys: []string{"issue connecting with your hostname"}, re: railsHost},
	{build: "", runtime: "db-schema-missing", keys: []string{"we could not find your database"}, re: railsNoDatabase},
}
