package diagnose

import "testing"

// The database refusing the credentials, the host or the database, in
// Active Record's, SQL Server's or a driver's words; an app's own failed
// login is none.
func TestClassify_DatabaseRefusalInAnORMsWords(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"RailsRequestLog", Runtime, []string{"[b7f0] ActiveRecord::DatabaseConnectionError (There is an issue connecting to your database with your username/password, username: shop."}, "db-auth-failed", ""},
		{"RailsTaskAborted", Runtime, []string{"bin/rails aborted!", "ActiveRecord::DatabaseConnectionError: There is an issue connecting to your database with your username/password, username: app. (ActiveRecord::DatabaseConnectionError)"}, "db-auth-failed", ""},
		{"SqlServerLogin", Runtime, []string{"Microsoft.Data.SqlClient.SqlException (0x80131904): Login failed for user 'orders'."}, "db-auth-failed", ""},
		{"PymssqlLogin", Runtime, []string{`sqlalchemy.exc.OperationalError: (pymssql.exceptions.OperationalError) (18456, b"Login failed for user 'etl'.")`}, "db-auth-failed", ""},
		{"RailsHostname", Runtime, []string{"ActiveRecord::DatabaseConnectionError: There is an issue connecting with your hostname: pgdb."}, "host-not-found", ""},
		{"RailsNoDatabase", Runtime, []string{"ActiveRecord::NoDatabaseError: We could not find your database: shop_production. Available database configurations can be found in config/database.yml."}, "db-schema-missing", ""},
		{"AppLoginFailedIsNone", Runtime, []string{"WARN auth: authentication failed for user carol@example.org from 10.0.2.7"}, "", ""},
	}
	runFamilyCases(t, tests)
}
