package diagnose

import "testing"

// A URL or connection string parsed from a variable left unset is a
// missing variable, in each parser's or client's words; a real URL
// refused, or a form's validation of one, is not.
func TestClassify_UnsetURLIsAMissingVariable(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"NodeInvalidURLInputBelow", Runtime, []string{"node:internal/url:818", "TypeError: Invalid URL", "    at new URL (node:internal/url:818:25)", "    at connectQueue (/var/www/build/queue.js:4:15) {", "  code: 'ERR_INVALID_URL',", "  input: 'undefined/jobs'", "}", "Node.js v20.18.0"}, "missing-env-variable", "URL or connection string"},
		{"NodeInvalidURLHostUnset", Runtime, []string{"TypeError [ERR_INVALID_URL]: Invalid URL: ws://undefined:undefined/socket"}, "missing-env-variable", "`run.envVariables`"},
		{"UndiciFetchUnset", Runtime, []string{"TypeError: Failed to parse URL from undefined/v3/rates", "    at node:internal/deps/undici/undici:13502:13"}, "missing-env-variable", ""},
		{"RequestsNone", Runtime, []string{"requests.exceptions.MissingSchema: Invalid URL 'None/webhooks': No scheme supplied. Perhaps you meant https://None/webhooks?"}, "missing-env-variable", ""},
		{"RubyNilURI", Runtime, []string{"/var/www/lib/feed.rb:8:in 'parse': bad URI (is not URI?): nil (URI::InvalidURIError)"}, "missing-env-variable", ""},
		{"DotnetEmptyURI", Runtime, []string{"Unhandled exception. System.UriFormatException: Invalid URI: The URI is empty."}, "missing-env-variable", ""},
		{"GoEmptyScheme", Runtime, []string{`2026/11/30 08:00:01 fetch rates: Get "/latest": unsupported protocol scheme ""`}, "missing-env-variable", ""},
		{"MongooseUndefinedURI", Runtime, []string{"MongooseError: The `uri` parameter to `openUri()` must be a string, got \"undefined\". Make sure the first parameter to `mongoose.connect()` or `mongoose.createConnection()` is a string."}, "missing-env-variable", ""},
		{"JavaNullProtocol", Runtime, []string{"Exception in thread \"main\" java.net.MalformedURLException: no protocol: null/v1/rates", "\tat java.base/java.net.URL.<init>(URL.java:674)"}, "missing-env-variable", ""},
		{"UrllibNone", Runtime, []string{"ValueError: unknown url type: 'None/hooks/ping'"}, "missing-env-variable", ""},
		{"PgPasswordUnset", Runtime, []string{"Error: SASL: SCRAM-SERVER-FIRST-MESSAGE: client password must be a string"}, "missing-env-variable", ""},
		{"NodeInvalidURLRealInputIsCrash", Runtime, []string{"TypeError: Invalid URL", "    at new URL (node:internal/url:818:25) {", "  code: 'ERR_INVALID_URL',", "  input: 'htp//shop.example.org'", "}"}, "app-crash", ""},
		{"FormValidationIsNone", Runtime, []string{`{"level":"info","msg":"signup rejected","field":"website","reason":"Invalid URL"}`}, "", ""},
	}
	runFamilyCases(t, tests)
}
