package diagnose

import (
	"fmt"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// httpTarget marks a refused call as an HTTP client's: a URL or the client's own words.
var httpTarget = lazyregexp.New(`(?i)https?://|HTTPS?ConnectionPool|cURL error 7|Failed to connect to \S+ port \d+`)

// refusedAddr finds the host:port or "host port N" a refused line names.
var refusedAddr = lazyregexp.New(`(?i)(\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\]|::1|localhost|[a-z][\w-]*(?:\.[\w-]+)*):(\d{2,5})\b|(?:host='([\w.-]+)', )?port[ =:'"]+(\d{2,5})\b|connect to ([\w.-]+) port (\d{2,5})\b`)

// managedPorts are the ports of the managed services (databases, caches,
// queues, search): a refused connection there is the service's.
var managedPorts = map[string]bool{"5432": true, "6432": true, "3306": true, "6379": true, "27017": true,
	"5672": true, "4222": true, "9200": true, "7700": true, "8108": true, "11211": true}

var dbWordsRe = lazyregexp.New(dbWords)

// plainRefused reports whether a refused connection in line is to an app's
// port, not a managed service's: an HTTP client's call, or a port no
// database listens on, with no database named.
func plainRefused(line string) bool {
	if dbWordsRe.MatchString(line) {
		return false
	}
	if httpTarget.MatchString(line) {
		return true
	}
	host, port := refusedHostPort(line)
	return port != "" && !managedPorts[port] && host != ""
}

// refusedHostPort is the address a refused line names, or "", "".
func refusedHostPort(line string) (host, port string) {
	m := refusedAddr.FindStringSubmatch(line)
	if m == nil {
		return "", ""
	}
	for i := 1; i+1 < len(m); i += 2 {
		if m[i+1] != "" {
			host = m[i]
			if host == "" {
				host = "?"
			}
			return host, m[i+1]
		}
	}
	return "", ""
}

// refusedFix names, in d, the address that refused: the app's own
// container when it is localhost.
func (d *Diagnosis) refusedFix(line string) {
	host, port := refusedHostPort(line)
	if port == "" {
		return
	}
	switch strings.Trim(host, "[]") {
	case "127.0.0.1", "localhost", "::1":
		d.Cause = fmt.Sprintf("The app calls %s:%s, which is its own container: nothing listens there, and the service it means runs in another container.", host, port)
		d.Fix = "Call the other service by its hostname and the port its `run.ports` declares, as http://hostname:port (`zerops_discover` lists both; an env variable can reference its hostname); localhost is only the app's own container."
	case "?":
		d.Cause = fmt.Sprintf("The app calls port %s of another server and the connection is refused: nothing listens there.", port)
	default:
		d.Cause = fmt.Sprintf("The app calls %s:%s and the connection is refused: nothing listens at that address (the service is down, or listens on another port or only on its own localhost).", host, port)
	}
}
