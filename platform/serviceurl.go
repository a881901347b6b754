package platform

import (
	"regexp"
	"slices"
	"strings"
)

// KinFamilies maps a word a reference may use for a service's kind to the
// type names of that kind: ${postgres_connectionString} means the
// project's PostgreSQL service, whatever its hostname. A connection URL's
// scheme is such a word (URLHost).
var KinFamilies = map[string][]string{
	"postgres": {"postgresql"}, "postgresql": {"postgresql"}, "pg": {"postgresql"}, "psql": {"postgresql"}, "pgsql": {"postgresql"},
	"mysql": {"mariadb", "mysql"}, "mariadb": {"mariadb", "mysql"}, "maria": {"mariadb"},
	"redis": {"valkey", "keydb", "redis"}, "valkey": {"valkey", "keydb", "redis"}, "keydb": {"keydb", "valkey"}, "cache": {"valkey", "keydb", "redis"},
	"mongo": {"mongodb"}, "mongodb": {"mongodb"},
	"elastic": {"elasticsearch"}, "elasticsearch": {"elasticsearch"}, "es": {"elasticsearch"},
	"meili": {"meilisearch"}, "meilisearch": {"meilisearch"}, "typesense": {"typesense"}, "qdrant": {"qdrant"},
	"nats": {"nats"}, "rabbit": {"rabbitmq"}, "rabbitmq": {"rabbitmq"}, "kafka": {"kafka"}, "clickhouse": {"clickhouse"},
	"storage": {"object-storage"}, "s3": {"object-storage"}, "minio": {"object-storage"}, "bucket": {"object-storage"},
	"db": {"postgresql", "mariadb", "mysql", "mongodb"}, "database": {"postgresql", "mariadb", "mysql", "mongodb"},
}

// serviceURLRe is a connection URL: group 1 its scheme, 2 its host (after
// the user and password, if any).
var serviceURLRe = regexp.MustCompile(`^([a-z][a-z0-9+.-]*)://(?:[^@/\s]*@)?([^:/?#@\s]+)(?:[:/?#]|$)`)

// hostLabelRe is a host a project's service could be reached by: a bare
// hostname (no dot, no port), which resolves only inside the project.
var hostLabelRe = regexp.MustCompile(`^[a-z][a-z0-9]{0,24}$`)

// URLHost is, for value a connection URL whose scheme names a kind of
// service (postgresql://, redis://, mongodb+srv://, a driver's
// postgresql+asyncpg://) and whose host is a bare hostname other than
// localhost (@postgres:5432), that host and the kind: the scheme, its TLS
// form or protocol named as its service (rediss: redis, amqp: rabbitmq), a
// key of KinFamilies; "", "" else. Validation warns of such a host no
// service has, and the sandbox's app fails to look it up.
func URLHost(value string) (host, kind string) {
	m := serviceURLRe.FindStringSubmatch(strings.TrimSpace(value))
	if m == nil || !hostLabelRe.MatchString(m[2]) || m[2] == "localhost" {
		return "", ""
	}
	scheme, _, _ := strings.Cut(m[1], "+")
	switch scheme { // TLS forms and protocols named apart from their service
	case "rediss":
		scheme = "redis"
	case "amqp", "amqps":
		scheme = "rabbitmq"
	}
	if KinFamilies[scheme] == nil || scheme == "db" || scheme == "database" {
		return "", ""
	}
	return m[2], scheme
}

// hostKeyRe is a variable naming the host of a service the app connects to
// (DB_HOST, REDIS_HOST, MAIL_HOSTNAME): group 1 the words before _HOST,
// which say the kind of service.
var hostKeyRe = regexp.MustCompile(`^([A-Z][A-Z0-9_]*?)_HOST(?:NAME)?$`)

// OtherServiceWords are the words of a host variable's name that say it
// is another service's besides KinFamilies': mail, queue, broker.
var OtherServiceWords = []string{"mail", "smtp", "queue", "broker", "search", "memcached"}

// HostKeyKind is the word of key, a host variable of another service
// (DB_HOST: "db", SMTP_HOST: "smtp"), that says its kind: a key of
// KinFamilies or one of OtherServiceWords; "" when key is none.
func HostKeyKind(key string) string {
	m := hostKeyRe.FindStringSubmatch(key)
	if m == nil {
		return ""
	}
	for _, w := range strings.Split(strings.ToLower(m[1]), "_") {
		if KinFamilies[w] != nil || slices.Contains(OtherServiceWords, w) {
			return w
		}
	}
	return ""
}

// IsHostLabel reports whether value is a bare hostname (no dot, no port)
// a project's service could be reached by.
func IsHostLabel(value string) bool { return hostLabelRe.MatchString(value) }
