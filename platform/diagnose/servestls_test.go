package diagnose

import "testing"

// The app serves TLS where the balancer speaks plain HTTP, or a caller
// speaks TLS to a plain HTTP port, in the server's words.
func TestClassify_AppServingTLSIsHTTPSBetweenServices(t *testing.T) {
	t.Parallel()
	tests := []familyCase{
		{"GoServesTLS", Runtime, []string{"2026/01/04 10:00:00 http: TLS handshake error from 10.0.1.9:50122: client sent an HTTP request to an HTTPS server"}, "https-between-services", "TLS ends at the balancer"},
		{"NginxListensSSL", Runtime, []string{`2026/01/04 10:00:00 [info] 29#29: *4 client sent plain HTTP request to HTTPS port while reading client request headers, client: 10.0.1.9, server: _`}, "https-between-services", "run.ports"},
		{"KestrelHTTPSEndpoint", Runtime, []string{"warn: Microsoft.AspNetCore.Server.Kestrel.Https.Internal.HttpsConnectionMiddleware[1]", "      Failed to authenticate HTTPS connection.", "      System.IO.IOException: The handshake failed due to an unexpected packet format."}, "https-between-services", "Kestrel"},
		{"TomcatReadsCallersTLS", Runtime, []string{"java.lang.IllegalArgumentException: Invalid character found in method name [0x160x030x010x020x000x010x000x01fc0x030x03...]. HTTP method names must be tokens"}, "https-between-services", "http://hostname:port"},
	}
	runFamilyCases(t, tests)
}
