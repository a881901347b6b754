package platform

import (
	"regexp"
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
