package diagnose

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// httpTarget marks a refused call as an HTTP client's: a URL, or the
// client's own words (Python's requests/urllib3/httpx/aiohttp, PHP's cURL
// and Guzzle, node's fetch/undici and axios, .NET's HttpClient, Ruby's
// Faraday and Net::HTTP, Rust's reqwest).
var httpTarget = lazyregexp.New(`(?i)https?://|HTTPS?ConnectionPool|cURL error 7|Failed to connect to \S+ port \d+|\b(httpx|urllib3|aiohttp|requests\.exceptions|GuzzleHttp|undici|axios|HttpRequestException|Faraday|Net::HTTP|reqwest)\b|fetch failed`)

// refusedAddr finds the host:port or "host port N" a refused line names.
var refusedAddr = lazyregexp.New(`(?i)(\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]+\]|::1|localhost|[a-z][\w-]*(?:\.[\w-]+)*):(\d{2,5})\b|(?:host='([\w.-]+)', )?port[ =:'"]+(\d{2,5})\b|connect to ([\w.-]+) port (\d{2,5})\b`)

// managedPorts are the ports of the managed services that are no database
// (message brokers, search, memcached): a refusal there is that service's,
// reached by its generated hostname and port, not by an app's run.ports.
var managedPorts = map[string]string{"5672": "the message broker (RabbitMQ)", "4222": "NATS", "9200": "Elasticsearch",
	"7700": "Meilisearch", "8108": "Typesense", "6333": "Qdrant", "6334": "Qdrant", "11211": "Memcached"}

var dbWordsRe = lazyregexp.New(dbWords)

// refusalContext is how many lines around an addressless refusal are read
// for the client that made the call: the frames and wrapping errors of the
// same exception.
const refusalContext = 8

// plainRefused reports whether the refused connection in lines[n] is an
// app's or a non-database service's, not a database's. A refusal is a
// database's only when something says so: the line names a database, its
// client or a database port; a line with no client and no address takes the
// nearest line around it that names a client (a database's, or an HTTP
// one's); with none, it is a plain refusal.
func plainRefused(lines []string, n int) bool {
	if plain, ok := refusalKind(stripStamp(stripANSI(lines[n])), true); ok {
		return plain
	}
	for d := 1; d <= refusalContext; d++ {
		for _, i := range []int{n - d, n + d} {
			if i < 0 || i >= len(lines) {
				continue
			}
			if plain, ok := refusalKind(stripStamp(stripANSI(lines[i])), false); ok {
				return plain
			}
		}
	}
	return true
}

// refusalKind reads whose refusal line shows: plain (an app's or a
// non-database service's) or a database's; ok is false when it names no
// client (nor, with addr, an address).
func refusalKind(line string, addr bool) (plain, ok bool) {
	switch {
	case dbWordsRe.MatchString(line):
		return false, true
	case httpTarget.MatchString(line):
		return true, true
	case !addr:
		return false, false
	}
	if _, port := refusedHostPort(line); port != "" {
		return true, true // no database port: dbWords names those
	}
	return false, false
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
func (d *Diagnosis) refusedFix(line string, peers map[string]string) {
	host, port := refusedHostPort(line)
	if port == "" {
		return
	}
	local := false
	switch strings.Trim(host, "[]") {
	case "127.0.0.1", "localhost", "::1":
		local = true
		d.Cause = fmt.Sprintf("The app calls %s:%s, which is its own container: nothing listens there, and the service it means runs in another container.", host, port)
		d.Fix = "Call the other service by its hostname and the port its `run.ports` declares, as http://hostname:port (`zerops_discover` lists both; an env variable can reference its hostname); localhost is only the app's own container."
	case "?":
		d.Cause = fmt.Sprintf("The app calls port %s of another server and the connection is refused: nothing listens there.", port)
	default:
		d.Cause = fmt.Sprintf("The app calls %s:%s and the connection is refused: nothing listens at that address (the service is down, or listens on another port or only on its own localhost).", host, port)
	}
	if kind := managedPorts[port]; kind != "" {
		// A managed service has no run.ports: its generated variables name it.
		if !local {
			d.Cause = fmt.Sprintf("The app calls %s:%s, the port of %s, and the connection is refused: no such service listens at that address (it is not running, or the host is wrong).", host, port, kind)
		}
		d.Fix = "Point the app at the service by its generated variables in `run.envVariables` (${<hostname>_hostname} and ${<hostname>_port}), not localhost or a container IP, and check with `zerops_discover` that the service exists and is ACTIVE."
		if name := onePeer(peers, portTypes[port]); name != "" {
			d.Fix = fmt.Sprintf("Point the app at %s by its generated variables in `run.envVariables` (${%s_hostname} and ${%s_port}), not localhost or a container IP, and check with `zerops_discover` that %s is ACTIVE.", name, name, name, name)
		}
	}
}

// dbTypes are the database service types a refused line's port or client
// word points at; a line that names none may mean any of them.
var dbTypes = []struct {
	re    *lazyregexp.Regexp
	types []string
}{
	{lazyregexp.New(`(?i)\b(5432|6432|postgres\w*|postgrex|psql|pgx?|pq|npgsql|psycopg\w*|asyncpg)\b`), []string{"postgresql"}},
	{lazyregexp.New(`(?i)\b(3306|mysql\w*|pymysql|myxql|mariadb)\b`), []string{"mariadb", "mysql"}},
	{lazyregexp.New(`(?i)\b(6379|redis|ioredis|redix|valkey|keydb)\b`), []string{"valkey", "keydb"}},
	{lazyregexp.New(`(?i)\b(27017|mongo\w*|pymongo|mongoose)\b`), []string{"mongodb"}},
}

// dbRefusedFix names the database in the fix when the project has exactly
// one service of the kind the line points at (or, naming none, exactly one
// database): its generated variables, not a guessed hostname.
func (d *Diagnosis) dbRefusedFix(line string, peers map[string]string) {
	var want []string
	for _, k := range dbTypes {
		if k.re.MatchString(line) {
			want = k.types
			break
		}
	}
	if want == nil {
		for _, k := range dbTypes {
			want = append(want, k.types...)
		}
	}
	if name := onePeer(peers, want); name != "" {
		d.Fix = fmt.Sprintf("Point the app at %s by its generated variables in `run.envVariables`, ${%s_hostname}:${%s_port} (not localhost), and check with `zerops_discover` that %s is ACTIVE.", name, name, name, name)
	}
}

// portTypes are the service types whose default port is the key.
var portTypes = map[string][]string{"5672": {"rabbitmq"}, "4222": {"nats"}, "9200": {"elasticsearch"},
	"7700": {"meilisearch"}, "8108": {"typesense"}, "6333": {"qdrant"}, "6334": {"qdrant"}, "11211": {"memcached"}}

// onePeer is the hostname of the only service in peers of one of types
// (names without a version), or "" when none or several are.
func onePeer(peers map[string]string, types []string) string {
	found := ""
	for name, typ := range peers {
		base, _, _ := strings.Cut(typ, "@")
		if !slices.ContainsFunc(types, func(t string) bool { return strings.EqualFold(base, t) }) {
			continue
		}
		if found != "" {
			return ""
		}
		found = name
	}
	return found
}

// refusal reports whether signal is a refused connection's.
func refusal(signal string) bool {
	return signal == "connection-refused" || signal == "db-connection-refused"
}

// connectedLine is a client's word that it connected (or connected again);
// notConnected is a line that says the opposite with the same word (a
// client still waiting for the service to be ready, or not ready yet).
var (
	connectedLine = lazyregexp.New(`(?i)\b(connected|reconnected|connection (established|restored|successful|ready)|ready)\b`)
	notConnected  = lazyregexp.New(`(?i)\b(not|never|dis|could ?n[o']t|can(no|')t|failed to|unable to|lost)\b[ -]?connect|\bdisconnected\b|refused|\bnot (yet )?ready\b|\bwait(ing|s)? (for|until)\b`)
)

// portNamed is a port a line names: the digits after a colon or after the
// word port (port 5432, "port":5432, PORT=5432).
var portNamed = lazyregexp.New(`(?i)(?::|\bport\W{0,3})(\d+)\b`)

// namesPort reports whether line names port as portNamed reads one.
func namesPort(line, port string) bool {
	for _, m := range portNamed.FindAllStringSubmatch(line, -1) {
		if m[1] == port {
			return true
		}
	}
	return false
}

// recovered reports whether the refused connection f shows was made after
// all: a later line says the client connected (or is ready) at the same
// address or port (a client's ready line names the service's hostname, not
// the IP it was refused at), and no line after that is refused there again. A refusal naming no address
// cannot be matched to a connection and is not recovered.
func recovered(lines []string, f found) bool {
	host, port := refusedHostPort(f.bare)
	if host == "" || host == "?" {
		return false
	}
	addr := strings.ToLower(strings.Trim(host, "[]") + ":" + port)
	ok := false
	for _, l := range lines[min(f.line+1, len(lines)):] {
		low := strings.ToLower(l)
		if !strings.Contains(low, addr) && !namesPort(l, port) {
			continue
		}
		switch {
		case notConnected.MatchString(l):
			ok = false
		case connectedLine.MatchString(l):
			ok = true
		}
	}
	return ok
}

// balancerLine is the Zerops balancer's (or a proxy's) refusal of the app's
// own port: a 502 answered because nothing accepted the connection, or
// nginx's refusal "while connecting to upstream", the balancer's own words.
var balancerLine = lazyregexp.New(`(?i)\b502\b|\bbad gateway\b|\bwhile connecting to upstream\b`)

// balancerRefusedPort is the port a refused connection the balancer logs
// names (the service's declared port); 0 when no refusal is the balancer's.
func balancerRefusedPort(got []found) int {
	for _, f := range got {
		if f.sig.id != "connection-refused" || !balancerLine.MatchString(f.bare) {
			continue
		}
		if _, port := refusedHostPort(f.bare); port != "" {
			p, _ := strconv.Atoi(port)
			return p
		}
	}
	return 0
}
