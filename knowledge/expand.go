package knowledge

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// aliases maps a term an agent may type to the terms the corpus uses. The
// expansion adds these terms; the original term is always kept.
var aliases = map[string][]string{
	// databases
	"postgres":  {"postgresql"},
	"pg":        {"postgresql"},
	"psql":      {"postgresql"},
	"pgsql":     {"postgresql"},
	"mysql":     {"mariadb"},
	"sql":       {"postgresql", "mariadb"},
	"pgbouncer": {"postgresql", "pooling"},
	"pooler":    {"pgbouncer", "postgresql"},
	"pooling":   {"pgbouncer"},
	"replica":   {"replicas"},
	"extension": {"superuser"},
	"pgvector":  {"postgresql", "extension", "superuser"},
	// caches ("cache" alone is no alias: build caches and CDN caches are not Valkey)
	"redis":     {"valkey"},
	"memcached": {"valkey"},
	// storage
	"s3":     {"object-storage", "object", "storage", "bucket"},
	"minio":  {"object-storage", "object", "storage", "bucket"},
	"bucket": {"object-storage", "object", "storage"},
	"nfs":    {"shared-storage", "shared", "storage"},
	"volume": {"shared-storage", "shared", "storage", "mount"},
	"disk":   {"disk", "storage"},
	// runtimes
	"node":       {"nodejs"},
	"js":         {"nodejs"},
	"javascript": {"nodejs"},
	"ts":         {"nodejs"},
	"typescript": {"nodejs"},
	"npm":        {"nodejs"},
	"yarn":       {"nodejs"},
	"pnpm":       {"nodejs"},
	"express":    {"nodejs"},
	"nextjs":     {"nodejs", "next.js"},
	"next.js":    {"nextjs", "nodejs"},
	"nuxt":       {"nodejs"},
	"sveltekit":  {"nodejs"},
	"svelte":     {"sveltekit"},
	"nest":       {"nodejs"},
	"golang":     {"go"},
	"py":         {"python"},
	"django":     {"python"},
	"flask":      {"python"},
	"fastapi":    {"python"},
	"pip":        {"python"},
	"laravel":    {"php"},
	"symfony":    {"php"},
	"composer":   {"php"},
	"rails":      {"ruby"},
	"gem":        {"ruby"},
	"bundler":    {"ruby"},
	"spring":     {"java"},
	"maven":      {"java"},
	"gradle":     {"java"},
	"csharp":     {"dotnet"},
	"aspnet":     {"dotnet"},
	"net":        {"dotnet"},
	"phoenix":    {"elixir"},
	"cargo":      {"rust"},
	"spa":        {"static"},
	"react":      {"static", "nodejs"},
	"vue":        {"static", "nodejs"},
	// search and queues
	"elastic":    {"elasticsearch"},
	"es":         {"elasticsearch"},
	"opensearch": {"elasticsearch"},
	"meili":      {"meilisearch"},
	"vector":     {"qdrant"},
	"mq":         {"nats", "kafka", "queue"},
	"queue":      {"nats", "kafka"},
	"pubsub":     {"nats"},
	"messaging":  {"nats", "kafka"},
	"broker":     {"nats", "kafka"},
	// intent words (stop words to the analyzer, but they signal a decision)
	"pick":      {"choose"},
	"compare":   {"choose"},
	"vs":        {"choose"},
	"versus":    {"choose"},
	"recommend": {"choose"},
	// configuration and operations
	"sshfs":       {"ssh", "mount"},
	"cron":        {"crontab"},
	"cronjob":     {"crontab"},
	"schedule":    {"crontab"},
	"scheduled":   {"crontab"},
	"periodic":    {"crontab"},
	"hourly":      {"crontab"},
	"daily":       {"crontab"},
	"weekly":      {"crontab"},
	"monthly":     {"crontab"},
	"internet":    {"public", "access", "subdomain"},
	"publicly":    {"public", "access", "subdomain"},
	"upload":      {"storage", "object-storage"},
	"uploads":     {"storage", "object-storage"},
	"uploaded":    {"storage", "object-storage"},
	"env":         {"environment", "variables"},
	"envs":        {"environment", "variables"},
	"vars":        {"environment", "variables"},
	"ssl":         {"https", "tls"},
	"tls":         {"https"},
	"cert":        {"https", "tls"},
	"domain":      {"subdomain", "public", "access"},
	"url":         {"subdomain", "public"},
	"ha":          {"high", "availability"},
	"k8s":         {"docker"},
	"container":   {"containers"},
	"dockerfile":  {"docker"},
	"healthcheck": {"health", "check"},
	"readiness":   {"readinesscheck", "health"},
	"vpn":         {"vpn", "wireguard"},
	"laptop":      {"vpn", "local"},
	"locally":     {"vpn", "local"},
	"wireguard":   {"vpn"},
	"rollback":    {"roll", "back", "previous", "version"},
	"revert":      {"roll", "back", "previous", "version"},
	"smtp":        {"smtp", "587"},
	"catch":       {"mailpit"},
	"email":       {"smtp"},
	"emails":      {"smtp"},
	"mail":        {"smtp"},
	"backup":      {"backups"},
	"backups":     {"backup"},
	"backed":      {"backup"},
	"restore":     {"backup"},
	"cloudflare":  {"domain", "dns"},
	"websocket":   {"websockets"},
	"websockets":  {"websocket"},
	"socket.io":   {"websocket", "sticky"},
	"sse":         {"streaming", "proxy_buffering"},
	"prometheus":  {"metrics"},
	"grafana":     {"metrics", "prometheus"},
	"papertrail":  {"log", "forwarding"},
	"ci":          {"ci/cd", "pipeline"},
	"github":      {"ci/cd", "github"},
	"gitlab":      {"ci/cd", "gitlab"},
	"yaml":        {"yml"},
	"yml":         {"yaml"},
	// desktop database clients reach a project over the VPN
	"pgadmin":   {"vpn", "desktop", "client"},
	"dbeaver":   {"vpn", "desktop", "client"},
	"tableplus": {"vpn", "desktop", "client"},
	"datagrip":  {"vpn", "desktop", "client"},
	"heidisql":  {"vpn", "desktop", "client"},
	// framework tools name their framework
	"artisan":  {"laravel", "php"},
	"celery":   {"django", "python"},
	"sidekiq":  {"rails", "ruby"},
	"puma":     {"rails", "ruby"},
	"gunicorn": {"python"},
	"uvicorn":  {"python"},
	// operations in everyday words
	"syslog":     {"forwarding"},
	"ship":       {"forwarding"},
	"forward":    {"forwarding"},
	"hide":       {"sensitive", "secret"},
	"hidden":     {"sensitive", "secret"},
	"mask":       {"sensitive", "secret"},
	"redact":     {"sensitive", "secret"},
	"migration":  {"execonce", "zsc"},
	"migrations": {"execonce", "zsc"},
	"migrate":    {"execonce", "zsc"},
	"abort":      {"cancel"},
	"stop":       {"cancel"},
	"minimum":    {"min"},
	"maximum":    {"max"},
}

// symptoms map error signatures (exit codes, HTTP statuses, error names)
// to the words of the documents that explain them. Unlike aliases, their
// terms weigh as much as typed ones: an error code is the strongest signal of
// what the question is about, stronger than the context words around it
// ("curl to the zerops.app url gives 502" is about the 502, not the URL).
var symptoms = map[string][]string{
	"137":              {"oom", "memory", "ram"},
	"oom":              {"memory", "ram"},
	"oomkilled":        {"oom", "memory", "ram"},
	"killed":           {"oom", "memory", "ram"},
	"memoryerror":      {"oom", "memory", "ram"},
	"outofmemoryerror": {"oom", "memory", "ram"},
	"heap":             {"oom", "memory", "ram"},
	"econnrefused":     {"connection", "refused", "hostname"},
	"502":              {"bad", "gateway", "troubleshoot"},
	"413":              {"upload", "client_max_body_size", "upload_max_filesize"},
	"403":              {"forbidden", "access", "policy"},
	"unhealthy":        {"healthcheck", "health", "check"},
	"eaddrinuse":       {"port", "listen"},
	"eacces":           {"permission", "denied"},
	"eperm":            {"permission", "denied"},
	"enotfound":        {"host-not-found", "resolve"},
	"enospc":           {"disk", "space"},
	"etimedout":        {"timeout"},
	"504":              {"timeout", "upstream-timeout"},
	"sigkill":          {"oom", "memory", "ram"},
}

// phraseAliases match several words of the query.
var phraseAliases = []struct {
	phrase string
	terms  []string
}{
	{"disk share", []string{"shared-storage", "shared", "storage"}},
	{"shared disk", []string{"shared-storage", "shared", "storage"}},
	{"message queue", []string{"nats", "kafka"}},
	{"bad gateway", []string{"502", "troubleshoot"}},
	{"edit code", []string{"sshfs", "mount"}},
	{"edit files", []string{"sshfs", "mount"}},
	{"too many clients", []string{"pgbouncer", "pooling", "postgresql"}},
	{"connection pool", []string{"pgbouncer", "pooling"}},
	{"entity too large", []string{"413", "upload", "client_max_body_size"}},
	{"from my laptop", []string{"vpn", "local"}},
	{"from my machine", []string{"vpn", "local"}},
	{"roll back", []string{"rollback", "previous", "version"}},
	{"go live", []string{"production", "checklist"}},
	{"goes to production", []string{"production", "checklist"}},
	{"before production", []string{"production", "checklist"}},
	{"more ram", []string{"zsc", "scale"}},
	{"command line", []string{"zsc", "zcli"}},
	{"build output", []string{"log", "logs"}},
}

// commands are tool invocations whose words would read as other topics
// ("npm ci" is an install from the lockfile, not CI/CD); their tokens are
// replaced by what the command does.
var commands = map[[2]string][]string{
	{"npm", "ci"}: {"npm", "install", "lockfile"},
}

// rewriteCommands replaces the commands in toks.
func rewriteCommands(toks []string) []string {
	out := make([]string, 0, len(toks))
	for i := 0; i < len(toks); i++ {
		if i+1 < len(toks) {
			if r, ok := commands[[2]string{toks[i], toks[i+1]}]; ok {
				out = append(out, r...)
				i++
				continue
			}
		}
		out = append(out, toks[i])
	}
	return out
}

// unsupportedService names a service Zerops does not offer and what to use instead.
type unsupportedService struct {
	name        string
	alternative string
	uri         string
	expand      []string
}

// unsupported services, keyed by the terms an agent types.
var unsupported = map[string]unsupportedService{
	"mongodb":     {"MongoDB", "PostgreSQL (JSONB columns cover most document-store needs)", "zerops://docs/services/postgresql", []string{"postgresql", "unsupported"}},
	"mongo":       {"MongoDB", "PostgreSQL (JSONB columns cover most document-store needs)", "zerops://docs/services/postgresql", []string{"postgresql", "unsupported"}},
	"mysql":       {"MySQL", "MariaDB (MySQL-compatible wire protocol and SQL; use the mysql drivers)", "zerops://docs/services/mariadb", []string{"mariadb"}},
	"redis":       {"Redis", "Valkey (Redis-compatible; use any Redis client)", "zerops://docs/services/valkey", []string{"valkey"}},
	"memcached":   {"Memcached", "Valkey (an in-memory key-value cache)", "zerops://docs/services/valkey", []string{"valkey"}},
	"rabbitmq":    {"RabbitMQ (legacy only: rabbitmq@3.9 is kept for old projects)", "NATS for new projects (or Kafka for durable streams)", "zerops://docs/services/nats", []string{"nats", "unsupported"}},
	"rabbit":      {"RabbitMQ (legacy only)", "NATS for new projects (or Kafka for durable streams)", "zerops://docs/services/nats", []string{"nats", "unsupported"}},
	"amqp":        {"RabbitMQ / AMQP brokers (legacy only)", "NATS for new projects", "zerops://docs/services/nats", []string{"nats", "unsupported"}},
	"cassandra":   {"Cassandra", "ClickHouse for analytics-scale writes, or PostgreSQL", "zerops://docs/services/clickhouse", []string{"clickhouse", "unsupported"}},
	"scylla":      {"ScyllaDB", "ClickHouse for analytics-scale writes, or PostgreSQL", "zerops://docs/services/clickhouse", []string{"clickhouse", "unsupported"}},
	"dynamodb":    {"DynamoDB", "PostgreSQL, or Valkey for key-value access", "zerops://docs/services/postgresql", []string{"postgresql", "unsupported"}},
	"sqlite":      {"SQLite as a service (files in a container are lost on redeploy and not shared between containers)", "PostgreSQL, or SQLite on shared storage for a single container", "zerops://docs/services/postgresql", []string{"postgresql", "unsupported"}},
	"mssql":       {"Microsoft SQL Server", "PostgreSQL or MariaDB", "zerops://docs/services/postgresql", []string{"postgresql", "unsupported"}},
	"oracle":      {"Oracle Database", "PostgreSQL", "zerops://docs/services/postgresql", []string{"postgresql", "unsupported"}},
	"couchdb":     {"CouchDB", "PostgreSQL (JSONB)", "zerops://docs/services/postgresql", []string{"postgresql", "unsupported"}},
	"influxdb":    {"InfluxDB", "ClickHouse for time-series data", "zerops://docs/services/clickhouse", []string{"clickhouse", "unsupported"}},
	"neo4j":       {"Neo4j", "PostgreSQL (recursive queries) — or run it yourself on a docker/ubuntu service", "zerops://docs/services/postgresql", []string{"postgresql", "unsupported"}},
	"solr":        {"Solr", "Elasticsearch, Meilisearch or Typesense", "zerops://docs/services/elasticsearch", []string{"elasticsearch", "unsupported"}},
	"opensearch":  {"OpenSearch", "Elasticsearch", "zerops://docs/services/elasticsearch", []string{"elasticsearch"}},
	"sqs":         {"Amazon SQS", "NATS (JetStream) or Kafka", "zerops://docs/services/nats", []string{"nats", "unsupported"}},
	"firebase":    {"Firebase", "PostgreSQL plus your own API on a runtime service", "zerops://docs/services/postgresql", []string{"postgresql", "unsupported"}},
	"elasticache": {"ElastiCache", "Valkey", "zerops://docs/services/valkey", []string{"valkey"}},
	"lambda":      {"serverless functions (Zerops runs full containers)", "a runtime service such as nodejs or python", "zerops://docs/platform/overview", []string{"runtime", "containers"}},
}

// expansion is the result of expanding one query.
type expansion struct {
	terms    []string // every term in the order found, no duplicates
	original []string // the typed terms only
	added    []string // the added terms only (terms = original ∪ added)
	strong   []string // the added terms that explain an error signature (weighed as typed)
	focus    []string // managed services the query names, typed or through an alias
	files    []string // config files the query names (import.yml, zerops.yml)
	notes    []string
}

// managedServices are the documents of services/: a query that names one is
// about that service first.
var managedServices = map[string]bool{"postgresql": true, "mariadb": true, "clickhouse": true, "valkey": true,
	"keydb": true, "elasticsearch": true, "meilisearch": true, "typesense": true, "qdrant": true, "nats": true,
	"kafka": true}

// addFocus records t when it names a managed service (once).
func (e *expansion) addFocus(t string) {
	if managedServices[t] && !slices.Contains(e.focus, t) {
		e.focus = append(e.focus, t)
	}
}

// tokenize lower-cases q and splits it into words of letters, digits and the
// characters service names use (-, ., @, _).
func tokenize(q string) []string {
	return strings.FieldsFunc(strings.ToLower(q), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '-' && r != '.' && r != '@' && r != '_'
	})
}

// expandQuery adds alias terms to the query's tokens and notes services Zerops
// does not offer.
func expandQuery(q string) expansion {
	var e expansion
	seen := map[string]bool{}
	add := func(t string, original bool) {
		if t == "" || seen[t] {
			return
		}
		seen[t] = true
		e.terms = append(e.terms, t)
		if original {
			e.original = append(e.original, t)
		} else {
			e.added = append(e.added, t)
		}
	}
	// A pasted reference literal ("${db_connectionString}") is about env
	// references: its variable name is kept, the literal itself says the
	// reference did not resolve (or refers to itself: "KEY: ${KEY}").
	for _, m := range refLiteral.FindAllStringSubmatch(q, 4) {
		for _, a := range []string{"reference", "literal"} {
			add(a, false)
			e.strong = append(e.strong, a)
		}
		if _, v, ok := strings.Cut(m[1], "_"); ok {
			add(strings.ToLower(v), true)
		}
		if regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(m[1]) + `\s*[:=]\s*"?\$\{`).MatchString(q) {
			add("self", false)
			e.strong = append(e.strong, "self")
		}
	}
	toks := rewriteCommands(tokenize(refLiteral.ReplaceAllString(q, " ")))
	for _, raw := range toks {
		t := strings.Trim(raw, "-.@_")
		add(t, true)
		// "nodejs@22" and "postgresql:single@18" carry the base name.
		if base, _, ok := strings.Cut(t, "@"); ok {
			if i := strings.LastIndexByte(base, '/'); i >= 0 {
				base = base[i+1:]
			}
			add(base, false)
			add("version", false)
		}
	}
	noted := map[string]bool{}
	for _, t := range append([]string(nil), e.terms...) {
		base, _, _ := strings.Cut(t, "@")
		e.addFocus(base)
		// An alias naming one managed service ("postgres") focuses on it; one
		// fanning out to several ("broker" → nats, kafka) names a category.
		named := 0
		for _, a := range aliases[base] {
			if managedServices[a] {
				named++
			}
		}
		for _, a := range aliases[base] {
			add(a, false)
			if named == 1 {
				e.addFocus(a)
			}
		}
		for _, a := range symptoms[base] {
			add(a, false)
			if !slices.Contains(e.strong, a) {
				e.strong = append(e.strong, a)
			}
		}
		if u, ok := unsupported[base]; ok && !noted[u.name] {
			noted[u.name] = true
			e.notes = append(e.notes, "Zerops has no "+u.name+" service; the closest alternative is "+u.alternative+": "+u.uri+" (see also zerops://docs/pitfalls/unsupported-services).")
			for _, a := range u.expand {
				add(a, false)
			}
		}
	}
	if isErrorish(q, toks) {
		e.focus = nil // in an error message a service's name is context, the error the subject
	}
	if asksChoice(toks) {
		// "postgres or mariadb?" is about the choice, not about either service.
		e.focus = nil
		add("choose", false)
		if slices.Contains(e.added, "choose") && !slices.Contains(e.strong, "choose") {
			e.strong = append(e.strong, "choose") // the decision documents are titled "Choose …"
		}
	}
	for _, f := range configFiles {
		if slices.Contains(toks, f) {
			e.files = append(e.files, f)
		}
	}
	for i := 0; i+1 < len(toks); i++ {
		// "minimum ram" / "max containers" name the minRam / maxContainers keys.
		if p, ok := limitPrefixes[toks[i]]; ok {
			add(p+strings.Trim(toks[i+1], "-.@_"), false)
		}
		// "run three containers", "scale to 3 instances" ask for a container
		// count: horizontal scaling.
		if i > 0 && scaleVerbs[toks[i-1]] && countWords[toks[i]] && (toks[i+1] == "containers" || toks[i+1] == "instances") {
			for _, a := range []string{"mincontainers", "horizontal"} {
				add(a, false)
			}
		}
	}
	joined := " " + strings.Join(toks, " ") + " "
	for _, pa := range phraseAliases {
		if strings.Contains(joined, " "+pa.phrase+" ") {
			for _, a := range pa.terms {
				add(a, false)
			}
		}
	}
	return e
}

// refLiteral is an env reference as written in zerops.yml.
var refLiteral = regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)\}`)

// configFiles are the files whose references are documents titled by them:
// a query naming one favours those documents.
var configFiles = []string{"import.yml", "zerops.yml"}

// limitPrefixes join a bound word to the next word as config keys spell it.
var limitPrefixes = map[string]string{"min": "min", "minimum": "min", "max": "max", "maximum": "max"}

// countWords are small counts spelled out or in digits.
var countWords = map[string]bool{"2": true, "3": true, "4": true, "5": true, "two": true, "three": true,
	"four": true, "five": true}

// scaleVerbs ask for a number of containers before a count.
var scaleVerbs = map[string]bool{"run": true, "scale": true, "to": true, "want": true, "need": true, "start": true}

// choiceWords join the alternatives of a choice ("postgres or mariadb").
var choiceWords = map[string]bool{"or": true, "vs": true, "versus": true}

// asksChoice reports whether toks set two managed services against each
// other with a choice word between them.
func asksChoice(toks []string) bool {
	for i := 1; i+1 < len(toks); i++ {
		if choiceWords[toks[i]] && namesService(toks[i-1]) && namesService(toks[i+1]) {
			return true
		}
	}
	return false
}

// namesService reports whether t names one managed service, itself or through an alias.
func namesService(t string) bool {
	t, _, _ = strings.Cut(strings.Trim(t, "-.@_"), "@")
	if managedServices[t] {
		return true
	}
	for _, a := range aliases[t] {
		if managedServices[a] {
			return true
		}
	}
	return false
}

// errorWords mark a query as a pasted error message.
var errorWords = map[string]bool{"error": true, "err": true, "fatal": true, "exception": true, "errno": true,
	"traceback": true, "panic": true, "sqlstate": true}

// isErrorish reports whether q reads as a pasted error message: an error
// word, or an errno-style code in capitals (ENOTFOUND, EACCES).
func isErrorish(q string, toks []string) bool {
	for _, t := range toks {
		if errorWords[strings.TrimRight(t, ":")] {
			return true
		}
	}
	for _, w := range strings.FieldsFunc(q, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		if len(w) >= 5 && w[0] == 'E' && strings.ToUpper(w) == w && strings.IndexFunc(w, unicode.IsDigit) < 0 {
			return true
		}
	}
	return false
}
