package diagnose

import "testing"

// A line of the readiness check (any line naming readiness, whatever its
// words: the facts give none) reporting the checked path answered 4xx or
// 5xx, with no later pass of the check, is readiness-check-failed naming
// the path and status the line shows. A check that passed later is no
// failure; the app's own 503s and 404s, in lines of no check, stay
// undiagnosed; a number of a unit, an IP's or a port's, or a redirect
// followed, is no failing answer.
func TestClassify_ReadinessAnsweredNon2xx(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		// Failing: no later pass.
		{"TaggedURL503Reason", Runtime, []string{"Listening on http://0.0.0.0:3000",
			"[readiness] GET http://10.0.4.9:3000/ready: 503 Service Unavailable"}, "readiness-check-failed", "`/ready` answered 503"},
		{"TaggedCheckFailedHTTP404", Runtime, []string{"INFO  server started addr=0.0.0.0:8080",
			"[readiness] check failed: HTTP 404"}, "readiness-check-failed", "answered 404"},
		{"CamelHttpGetStatusEquals500", Runtime, []string{"Uvicorn running on http://0.0.0.0:8000 (Press CTRL+C to quit)",
			"readinessCheck httpGet :8000/healthz -> status=500 (attempt 6/6)",
			"deploy: the new containers were not activated"}, "readiness-check-failed", "`/healthz` answered 500"},
		{"ProbeStatuscodeColon502", Runtime, []string{"Now listening on: http://[::]:5000",
			"readiness probe GET /status on port 5000 gave statuscode:502"}, "readiness-check-failed", "`/status` answered 502"},
		{"PathWord404NamesPath", Runtime, []string{"Puma starting in single mode...", "* Listening on http://0.0.0.0:9292",
			"[readiness] httpGet port 9292 path /up: 404 Not Found (attempt 3/3)"}, "readiness-check-failed", "path the app serves (it serves no `/up`)"},
		{"PassedThenAnswered503", Runtime, []string{
			"[readiness] GET http://10.0.2.8:8080/health: 200 OK",
			"[readiness] GET http://10.0.2.8:8080/health: 503 Service Unavailable"}, "readiness-check-failed", "answered 503"},
		// Healthy: the check passed later.
		{"Tagged503Then200OK", Runtime, []string{"listening on 0.0.0.0:3000 (warming up)",
			"[readiness] GET http://10.0.4.9:3000/ready: 503 Service Unavailable",
			"[readiness] GET http://10.0.4.9:3000/ready: 200 OK"}, "", ""},
		{"HTTP404ThenCheckPassed", Runtime, []string{
			"[readiness] check failed: HTTP 404",
			"[app] routes reloaded",
			"[readiness] check passed"}, "", ""},
		{"Status503ThenStatus204", Runtime, []string{
			"readinessCheck httpGet :8080/healthz -> status=503 (attempt 1/10)",
			"readinessCheck httpGet :8080/healthz -> status=503 (attempt 2/10)",
			"readinessCheck httpGet :8080/healthz -> status=204 (attempt 3/10)"}, "", ""},
		// Healthy: the app's own answers, in lines of no check.
		{"AppAccessLog404", Runtime, []string{"Server is running on http://0.0.0.0:3000",
			"<-- GET /ready", "--> GET /ready 404 1ms"}, "", ""},
		{"NginxCombined503", Runtime, []string{
			`10.0.0.5 - - [02/Dec/2026:10:00:00 +0000] "GET /api/items HTTP/1.1" 503 19 "-" "curl/8.5.0"`}, "", ""},
		{"StructuredStatus404", Runtime, []string{
			`level=warn msg="no such route" status=404 path=/v1/rates`}, "", ""},
		// Healthy: numbers on a check's line that are no failing answer.
		{"UnitsIPsPortsNoStatus", Runtime, []string{
			"[readiness] probing http://10.0.4.50:500/health every 500 ms, failureTimeout 404s"}, "", ""},
		{"RedirectFollowed", Runtime, []string{
			"[readiness] GET :8080/ answered 301, following to /login"}, "", ""},
	}
	runFamilyCases(t, tests)
}
