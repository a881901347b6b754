package diagnose

import "testing"

// php-fpm finding no script where the web server's root points, as the
// web server relays it or in its own words, is deploy files missing; a
// stray file, or the words in a build, are none.
func TestClassify_PHPScriptUnknownIsDeployFilesMissing(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"NginxRelaysPrimaryScriptUnknown", Runtime, []string{`2026/01/04 10:00:00 [error] 31#31: *2 FastCGI sent in stderr: "Primary script unknown" while reading response header from upstream, client: 10.0.1.9, server: _, request: "GET / HTTP/1.1", upstream: "fastcgi://127.0.0.1:9000"`}, "deploy-files-missing", "run.documentRoot"},
		{"ApacheRelaysPrimaryScriptUnknown", Runtime, []string{`[proxy_fcgi:error] [pid 44:tid 71] [client 10.0.1.9:50122] AH01071: Got error 'Primary script unknown'`}, "deploy-files-missing", "run.documentRoot"},
		{"FpmCannotOpenPrimaryScript", Runtime, []string{"[04-Jan-2026 10:00:00] ERROR: Unable to open primary script: /var/www/public/index.php (No such file or directory)"}, "deploy-files-missing", "/var/www/public/index.php"},
		{"NoInputFileSpecified", Runtime, []string{"No input file specified."}, "deploy-files-missing", "run.documentRoot"},
		{"ApacheIndexDoesNotExist", Runtime, []string{"[core:info] [pid 12] [client 10.0.1.9:5000] AH00128: File does not exist: /var/www/public/index.php"}, "deploy-files-missing", "`/var/www/public/index.php`"},
		{"ApacheStrayFileIsNothing", Runtime, []string{"[core:info] [pid 12] [client 10.0.1.9:5000] AH00128: File does not exist: /var/www/public/favicon.ico"}, "", ""},
		{"PrimaryScriptInABuildIsNothing", Build, []string{"php -r 'echo \"Primary script unknown\";'"}, "", ""},
	}
	runFamilyCases(t, tests)
}
