package diagnose

// This file owns one family: an app serving TLS where plain HTTP arrives
// (the balancer's), or a plain port reading a caller's TLS handshake.

import "github.com/zeropsio/zcp/platform/lazyregexp"

// appServesTLS is an app's server serving TLS on the port the balancer
// (or a caller) speaks plain HTTP to, in the server's words: Go's
// net/http, nginx's, Kestrel's; TLS ends at the Zerops balancer.
const appServesTLS = `client sent an HTTP request to an HTTPS server|client sent plain HTTP request to HTTPS port|The plain HTTP request was sent to HTTPS port|The handshake failed due to an unexpected packet format`

// tlsToPlainPort is the other way round, read from the server's side: a
// plain HTTP server (Tomcat) reading a caller's TLS handshake (0x16) as
// an HTTP method; the caller speaks https:// inside the project.
const tlsToPlainPort = `Invalid character found in method name \[0x16`

// servesTLSSpecs are the rules of TLS where plain HTTP arrives.
var servesTLSSpecs = []ruleSpec{
	{build: "", runtime: "https-between-services", keys: []string{"http request to an https server", "plain http request", "unexpected packet format", "invalid character found in method name [0x16"}, re: appServesTLS + "|" + tlsToPlainPort},
}

// appServesTLSRe reads appServesTLS.
var appServesTLSRe = lazyregexp.New(appServesTLS)

// tlsServerFix fits d, https-between-services read from the app's own
// server (text), to the app serving TLS where plain HTTP arrives.
func (d *Diagnosis) tlsServerFix(text string) {
	if !appServesTLSRe.MatchString(text) {
		return
	}
	d.Cause = "The app serves HTTPS on its port, but the Zerops balancer (and any service calling it over the private network) speaks plain HTTP to it: TLS ends at the balancer."
	d.Fix = "Serve plain HTTP on the port in `run.ports` (drop the app's certificate and TLS listener, e.g. ListenAndServeTLS, `listen 443 ssl`, Kestrel's HTTPS endpoint, `server.ssl.enabled`); the balancer gives the public domain or subdomain its HTTPS. Then deploy again."
}
