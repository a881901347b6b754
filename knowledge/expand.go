package knowledge

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	porterstemmer "github.com/blevesearch/go-porterstemmer"
)

// aliases maps a term an agent may type to the terms the corpus uses. The
// expansion adds these terms; the original term is always kept. Words with
// no topic of their own (url, extension) have no alias: "the
// API URL" is not about subdomains, a PHP extension not about PostgreSQL.
// Nor do words that are mostly the context of a question, not its topic
// (locally, laptop, disk, upload): the documents use them literally where
// they are the topic, and a lone alias would pull the topic they are only
// context of ("works locally but nothing answers on port 3000" is not about
// the VPN, "zcli push should not upload my .env" not about object storage);
// the phrases in which they are the topic ("from my laptop", "users upload")
// are phraseAliases.
var aliases = tableMap(aliasEntries)

// aliasEntries are the entries of aliases, as static data (see tableEntry).
var aliasEntries = []tableEntry[[]string]{
	// databases
	{"postgres", []string{"postgresql"}},
	{"pg", []string{"postgresql"}},
	{"psql", []string{"postgresql"}},
	{"pgsql", []string{"postgresql"}},
	{"mysql", []string{"mariadb"}},
	{"sql", []string{"postgresql", "mariadb"}},
	{"pgbouncer", []string{"postgresql", "pooling"}},
	{"pooler", []string{"pgbouncer", "postgresql"}},
	{"pooling", []string{"pgbouncer"}},
	{"replica", []string{"replicas"}},
	{"pgvector", []string{"postgresql", "extension", "superuser"}},
	// caches ("cache" alone is no alias: build caches and CDN caches are not Valkey)
	{"redis", []string{"valkey"}},
	{"memcached", []string{"valkey"}},
	// storage
	{"s3", []string{"object-storage", "object", "storage", "bucket"}},
	{"minio", []string{"object-storage", "object", "storage", "bucket"}},
	{"bucket", []string{"object-storage", "object", "storage"}},
	{"nfs", []string{"shared-storage", "shared", "storage"}},
	{"volume", []string{"shared-storage", "shared", "storage", "mount"}},
	// runtimes
	{"node", []string{"nodejs"}},
	{"js", []string{"nodejs"}},
	{"javascript", []string{"nodejs"}},
	{"ts", []string{"nodejs"}},
	{"typescript", []string{"nodejs"}},
	{"npm", []string{"nodejs"}},
	{"yarn", []string{"nodejs"}},
	{"pnpm", []string{"nodejs"}},
	{"express", []string{"nodejs"}},
	{"nextjs", []string{"nodejs", "next.js"}},
	{"next.js", []string{"nextjs", "nodejs"}},
	{"nuxt", []string{"nodejs"}},
	{"sveltekit", []string{"nodejs"}},
	{"svelte", []string{"sveltekit"}},
	{"nest", []string{"nodejs"}},
	{"golang", []string{"go"}},
	{"py", []string{"python"}},
	{"django", []string{"python"}},
	{"flask", []string{"python"}},
	{"fastapi", []string{"python"}},
	{"pip", []string{"python"}},
	{"laravel", []string{"php"}},
	{"symfony", []string{"php"}},
	{"composer", []string{"php"}},
	{"rails", []string{"ruby"}},
	{"gem", []string{"ruby"}},
	{"bundler", []string{"ruby"}},
	{"spring", []string{"java"}},
	{"maven", []string{"java"}},
	{"gradle", []string{"java"}},
	{"csharp", []string{"dotnet"}},
	{"aspnet", []string{"dotnet"}},
	{"net", []string{"dotnet"}},
	{"phoenix", []string{"elixir"}},
	{"cargo", []string{"rust"}},
	{"spa", []string{"static"}},
	{"react", []string{"static", "nodejs"}},
	{"vue", []string{"static", "nodejs"}},
	// search and queues
	{"elastic", []string{"elasticsearch"}},
	{"es", []string{"elasticsearch"}},
	{"opensearch", []string{"elasticsearch"}},
	{"meili", []string{"meilisearch"}},
	{"vector", []string{"qdrant"}},
	{"mq", []string{"nats", "kafka", "queue"}},
	{"queue", []string{"nats", "kafka"}},
	{"pubsub", []string{"nats"}},
	{"messaging", []string{"nats", "kafka"}},
	{"broker", []string{"nats", "kafka"}},
	// intent words (stop words to the analyzer, but they signal a decision)
	{"pick", []string{"choose"}},
	{"compare", []string{"choose"}},
	{"vs", []string{"choose"}},
	{"versus", []string{"choose"}},
	{"recommend", []string{"choose"}},
	// configuration and operations
	{"sshfs", []string{"ssh", "mount"}},
	{"cron", []string{"crontab"}},
	{"cronjob", []string{"crontab"}},
	{"schedule", []string{"crontab"}},
	{"scheduled", []string{"crontab"}},
	{"periodic", []string{"crontab"}},
	{"hourly", []string{"crontab"}},
	{"daily", []string{"crontab"}},
	{"weekly", []string{"crontab"}},
	{"monthly", []string{"crontab"}},
	{"internet", []string{"public", "access", "subdomain"}},
	{"publicly", []string{"public", "access", "subdomain"}},
	{"uploads", []string{"storage", "object-storage"}},
	{"uploaded", []string{"storage", "object-storage"}},
	{"env", []string{"environment", "variables"}},
	{"envs", []string{"environment", "variables"}},
	{"vars", []string{"environment", "variables"}},
	{"ssl", []string{"https", "tls"}},
	{"tls", []string{"https"}},
	{"cert", []string{"https", "tls"}},
	{"domain", []string{"subdomain", "public", "access"}},
	{"ha", []string{"high", "availability"}},
	{"k8s", []string{"docker"}},
	{"container", []string{"containers"}},
	{"dockerfile", []string{"docker"}},
	{"healthcheck", []string{"health", "check"}},
	{"readiness", []string{"readinesscheck", "health"}},
	{"vpn", []string{"vpn", "wireguard"}},
	{"wireguard", []string{"vpn"}},
	{"wg", []string{"wireguard", "vpn"}}, // wg show: WireGuard's own tools
	{"wg-quick", []string{"wireguard", "vpn"}},
	{"rollback", []string{"roll", "back", "previous", "version"}},
	{"revert", []string{"roll", "back", "previous", "version"}},
	{"smtp", []string{"smtp", "587"}},
	{"catch", []string{"mailpit"}},
	{"email", []string{"smtp"}},
	{"emails", []string{"smtp"}},
	{"mail", []string{"smtp"}},
	{"backup", []string{"backups"}},
	{"backups", []string{"backup"}},
	{"backed", []string{"backup"}},
	{"restore", []string{"backup"}},
	{"cloudflare", []string{"domain", "dns"}},
	{"websocket", []string{"websockets"}},
	{"websockets", []string{"websocket"}},
	{"socket.io", []string{"websocket", "sticky"}},
	{"sse", []string{"streaming", "proxy_buffering"}},
	{"prometheus", []string{"metrics"}},
	{"grafana", []string{"metrics", "prometheus"}},
	{"papertrail", []string{"log", "forwarding"}},
	{"ci", []string{"ci/cd", "pipeline"}},
	{"github", []string{"ci/cd", "github"}},
	{"gitlab", []string{"ci/cd", "gitlab"}},
	{"yaml", []string{"yml"}},
	{"yml", []string{"yaml"}},
	// desktop database clients reach a project over the VPN
	{"pgadmin", []string{"vpn", "desktop", "client"}},
	{"dbeaver", []string{"vpn", "desktop", "client"}},
	{"tableplus", []string{"vpn", "desktop", "client"}},
	{"datagrip", []string{"vpn", "desktop", "client"}},
	{"heidisql", []string{"vpn", "desktop", "client"}},
	// framework tools name their framework
	{"artisan", []string{"laravel", "php"}},
	{"celery", []string{"django", "python"}},
	{"sidekiq", []string{"rails", "ruby"}},
	{"puma", []string{"rails", "ruby"}},
	{"gunicorn", []string{"python"}},
	{"uvicorn", []string{"python"}},
	// operations in everyday words
	{"syslog", []string{"forwarding"}},
	{"ship", []string{"forwarding"}},
	{"forward", []string{"forwarding"}},
	{"hide", []string{"sensitive", "secret"}},
	{"hidden", []string{"sensitive", "secret"}},
	{"mask", []string{"sensitive", "secret"}},
	{"redact", []string{"sensitive", "secret"}},
	{"migration", []string{"execonce", "zsc"}},
	{"migrations", []string{"execonce", "zsc"}},
	{"migrate", []string{"execonce", "zsc"}},
	{"abort", []string{"cancel"}},
	{"stop", []string{"cancel"}},
	{"minimum", []string{"min"}},
	{"maximum", []string{"max"}},
}

// symptoms map error signatures (exit codes, HTTP statuses, error names)
// to the words of the documents that explain them. Unlike aliases, their
// terms weigh as much as typed ones: an error code is the strongest signal of
// what the question is about, stronger than the context words around it
// ("curl to the zerops.app url gives 502" is about the 502, not the URL).
var symptoms = tableMap(symptomEntries)

// symptomEntries are the entries of symptoms, as static data (see tableEntry).
var symptomEntries = []tableEntry[[]string]{
	{"137", []string{"oom", "memory", "ram"}},
	{"oom", []string{"memory", "ram"}},
	{"oomkilled", []string{"oom", "memory", "ram"}},
	{"killed", []string{"oom", "memory", "ram"}},
	{"memoryerror", []string{"oom", "memory", "ram"}},
	{"outofmemoryerror", []string{"oom", "memory", "ram"}},
	{"heap", []string{"oom", "memory", "ram"}},
	{"econnrefused", []string{"connection", "refused", "hostname"}},
	{"502", []string{"bad", "gateway", "troubleshoot"}},
	{"413", []string{"upload", "client_max_body_size", "upload_max_filesize"}},
	{"403", []string{"forbidden", "access", "policy"}},
	{"unhealthy", []string{"healthcheck", "health", "check"}},
	{"eaddrinuse", []string{"port", "listen"}},
	{"eacces", []string{"permission", "denied"}},
	{"eperm", []string{"permission", "denied"}},
	{"enotfound", []string{"host-not-found", "resolve"}},
	{"enospc", []string{"disk", "space"}},
	{"etimedout", []string{"timeout"}},
	{"504", []string{"timeout", "upstream-timeout"}},
	{"sigkill", []string{"oom", "memory", "ram"}},
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
	{"users upload", []string{"storage", "object-storage"}},
	{"user upload", []string{"storage", "object-storage"}},
	{"from my machine", []string{"vpn", "local"}},
	{"roll back", []string{"rollback", "previous", "version"}},
	{"back up", []string{"backup", "backups"}},
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
// A compound written as two words is one too: a "self signed"
// certificate is about TLS, not about a variable referring to itself.
var commands = map[[2]string][]string{
	{"npm", "ci"}:      {"npm", "install", "lockfile"},
	{"self", "signed"}: {"signed", "certificate"},
}

// hyphenated are words read as the commands' replacements.
var hyphenated = map[string][2]string{"self-signed": {"self", "signed"}}

// rewriteCommands replaces the commands in toks.
func rewriteCommands(toks []string) []string {
	out := make([]string, 0, len(toks))
	for i := 0; i < len(toks); i++ {
		if pair, ok := hyphenated[toks[i]]; ok {
			out = append(out, commands[pair]...)
			continue
		}
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

// englishUses are the names (and words of a topic) that are everyday
// words too, each with the neighbours that make it the word: the site does
// not "go" the language when it goes offline, "the next deploy" is not
// Next.js, and users "logged out" are not reading logs. A word so used
// names no document; the phrases it is part of ("go live", "logged out")
// still count.
var englishUses = map[string]struct {
	before, after map[string]bool
	means         []string // what the word so used stands for (weighed as a phrase's terms)
}{
	"go": {after: setOf("down", "up", "offline", "online", "live", "away", "back", "wrong", "faster", "slower",
		"through", "over", "out", "ahead", "missing", "unnoticed", "idle", "quiet", "stale", "bad")},
	"next": {before: setOf("the", "every", "each", "until", "till", "before", "after"),
		after: setOf("deploy", "deploys", "deployment", "time", "step", "steps", "release", "day", "morning",
			"week", "attempt", "request", "restart", "push", "call", "run")},
	// users logged out are sessions lost, not logs ("logs out of a
	// container" are logs)
	"logged": {after: setOf("out", "off"), means: []string{"session", "sessions", "login"}},
	"log":    {after: setOf("out", "off"), means: []string{"session", "sessions", "login"}},
}

// strayStems are everyday words the stemmer folds onto a topic's word
// ("several" and "severity" are both "sever", "general" and "generate"
// both "gener"): they carry no topic of their own, so they are dropped
// before they pull the logs' severities or generated values.
var strayStems = setOf("several", "general", "generally")

// withoutEnglishUses is toks without the words used as everyday words
// (englishUses, strayStems), and what those stand for.
func withoutEnglishUses(toks []string) (kept, means []string) {
	kept = make([]string, 0, len(toks))
	for i, t := range toks {
		if strayStems[t] {
			continue
		}
		if u, ok := englishUses[t]; ok && (i > 0 && u.before[toks[i-1]] || i+1 < len(toks) && u.after[toks[i+1]]) {
			means = append(means, u.means...)
			continue
		}
		kept = append(kept, t)
	}
	return kept, means
}

// setOf is a set of words.
func setOf(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// unsupportedService names a service Zerops does not offer and what to use instead.
type unsupportedService struct {
	name        string
	alternative string
	uri         string
	expand      []string
}

// undocumentedServices are the services of unsupported that the catalog
// does offer, by name, with the version it lists: the platform runs them,
// but neither its docs nor this knowledge base have a guide for them.
var undocumentedServices = map[string]string{"RabbitMQ": "rabbitmq@3.9", "RabbitMQ / AMQP brokers": "rabbitmq@3.9"}

// offered is the version the catalog lists of u ("": none).
func (u unsupportedService) offered() string { return undocumentedServices[u.name] }

// missing is how an answer names u: a service Zerops has not, or one it
// offers without a guide.
func (u unsupportedService) missing() string {
	if v := u.offered(); v != "" {
		return u.name + " is in the catalog (" + v + ") but has no guide in the Zerops docs or here: after creating it, read its variables and ports with zerops_discover rather than guess them"
	}
	return "Zerops has no " + u.name + " service"
}

// unsupported services, keyed by the terms an agent types.
var unsupported = tableMap(unsupportedEntries)

// unsupportedEntries are the entries of unsupported, as static data (see tableEntry).
var unsupportedEntries = []tableEntry[unsupportedService]{
	{"mongodb", unsupportedService{"MongoDB", "PostgreSQL (JSONB columns cover most document-store needs)", "zerops://docs/services/postgresql", []string{"postgresql", "unsupported"}}},
	{"mongo", unsupportedService{"MongoDB", "PostgreSQL (JSONB columns cover most document-store needs)", "zerops://docs/services/postgresql", []string{"postgresql", "unsupported"}}},
	{"mysql", unsupportedService{"MySQL", "MariaDB (MySQL-compatible wire protocol and SQL; use the mysql drivers)", "zerops://docs/services/mariadb", []string{"mariadb"}}},
	{"redis", unsupportedService{"Redis", "Valkey (Redis-compatible; use any Redis client)", "zerops://docs/services/valkey", []string{"valkey"}}},
	{"memcached", unsupportedService{"Memcached", "Valkey (an in-memory key-value cache)", "zerops://docs/services/valkey", []string{"valkey"}}},
	{"rabbitmq", unsupportedService{"RabbitMQ", "NATS, the documented broker (or Kafka for durable streams)", "zerops://docs/services/nats", []string{"nats", "unsupported"}}},
	{"rabbit", unsupportedService{"RabbitMQ", "NATS, the documented broker (or Kafka for durable streams)", "zerops://docs/services/nats", []string{"nats", "unsupported"}}},
	{"amqp", unsupportedService{"RabbitMQ / AMQP brokers", "NATS, the documented broker", "zerops://docs/services/nats", []string{"nats", "unsupported"}}},
	{"cassandra", unsupportedService{"Cassandra", "ClickHouse for analytics-scale writes, or PostgreSQL", "zerops://docs/services/clickhouse", []string{"clickhouse", "unsupported"}}},
	{"scylla", unsupportedService{"ScyllaDB", "ClickHouse for analytics-scale writes, or PostgreSQL", "zerops://docs/services/clickhouse", []string{"clickhouse", "unsupported"}}},
	{"dynamodb", unsupportedService{"DynamoDB", "PostgreSQL, or Valkey for key-value access", "zerops://docs/services/postgresql", []string{"postgresql", "unsupported"}}},
	{"sqlite", unsupportedService{"SQLite as a service (files in a container are lost on redeploy and not shared between containers)", "PostgreSQL, or SQLite on shared storage for a single container", "zerops://docs/services/postgresql", []string{"postgresql", "unsupported"}}},
	{"mssql", unsupportedService{"Microsoft SQL Server", "PostgreSQL or MariaDB", "zerops://docs/services/postgresql", []string{"postgresql", "unsupported"}}},
	{"oracle", unsupportedService{"Oracle Database", "PostgreSQL", "zerops://docs/services/postgresql", []string{"postgresql", "unsupported"}}},
	{"couchdb", unsupportedService{"CouchDB", "PostgreSQL (JSONB)", "zerops://docs/services/postgresql", []string{"postgresql", "unsupported"}}},
	{"influxdb", unsupportedService{"InfluxDB", "ClickHouse for time-series data", "zerops://docs/services/clickhouse", []string{"clickhouse", "unsupported"}}},
	{"neo4j", unsupportedService{"Neo4j", "PostgreSQL (recursive queries) — or run it yourself on a docker/ubuntu service", "zerops://docs/services/postgresql", []string{"postgresql", "unsupported"}}},
	{"solr", unsupportedService{"Solr", "Elasticsearch, Meilisearch or Typesense", "zerops://docs/services/elasticsearch", []string{"elasticsearch", "unsupported"}}},
	{"opensearch", unsupportedService{"OpenSearch", "Elasticsearch", "zerops://docs/services/elasticsearch", []string{"elasticsearch"}}},
	{"sqs", unsupportedService{"Amazon SQS", "NATS (JetStream) or Kafka", "zerops://docs/services/nats", []string{"nats", "unsupported"}}},
	{"firebase", unsupportedService{"Firebase", "PostgreSQL plus your own API on a runtime service", "zerops://docs/services/postgresql", []string{"postgresql", "unsupported"}}},
	{"elasticache", unsupportedService{"ElastiCache", "Valkey", "zerops://docs/services/valkey", []string{"valkey"}}},
	{"lambda", unsupportedService{"serverless functions (Zerops runs full containers)", "a runtime service such as nodejs or python", "zerops://docs/platform/overview", []string{"runtime", "containers"}}},
}

// expansion is the result of expanding one query.
type expansion struct {
	terms    []string // every term in the order found, no duplicates
	original []string // the typed terms only
	added    []string // the added terms only (terms = original ∪ added)
	strong   []string // the added terms that explain an error signature (weighed as typed)
	phrased  []string // the added terms a phrase or word pattern stands for (weighed by phraseBoost)
	focus    []string // managed services the query names, typed or through an alias
	files    []string // config files the query names (import.yml, zerops.yml)
	place    []string // where the user is (laptop, locally), taken out of original when the query ships code from there
	notes    []string
	seen     map[string]bool // the terms added so far
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
	e := expansion{seen: map[string]bool{}}
	e.addLiterals(q)
	toks := rewriteCommands(tokenize(refLiteral.ReplaceAllString(q, " ")))
	kept, means := withoutEnglishUses(toks)
	e.addTokens(kept)
	e.addAliases()
	if isErrorish(q, toks) {
		e.focus = nil // in an error message a service's name is context, the error the subject
	}
	if asksType(toks) {
		e.original = slices.DeleteFunc(e.original, func(t string) bool { return t == "type" }) // the question's form, not its topic
	}
	if asksChoice(toks) || asksType(toks) {
		// "postgres or mariadb?" is about the choice, not about either service.
		e.focus = nil
		e.add("choose", false)
		if slices.Contains(e.added, "choose") {
			e.addStrong("choose") // the decision documents are titled "Choose …"
		}
	}
	for _, f := range configFiles {
		if slices.Contains(toks, f) {
			e.files = append(e.files, f)
		}
	}
	e.addPatterns(toks)
	for _, t := range means {
		e.addPhrased(t)
	}
	e.placeAsContext(toks)
	return e
}

// add records t once, as typed (original) or added.
func (e *expansion) add(t string, original bool) {
	if t == "" || e.seen[t] {
		return
	}
	e.seen[t] = true
	e.terms = append(e.terms, t)
	if original {
		e.original = append(e.original, t)
	} else {
		e.added = append(e.added, t)
	}
}

// addPhrased adds t (once) as a term a phrase of the query stands for.
func (e *expansion) addPhrased(t string) {
	if !e.seen[t] {
		e.phrased = append(e.phrased, t)
	}
	e.add(t, false)
}

// addStrong marks t (once) as an added term weighed as typed.
func (e *expansion) addStrong(t string) {
	if !slices.Contains(e.strong, t) {
		e.strong = append(e.strong, t)
	}
}

// addLiterals reads pasted reference literals ("${db_connectionString}"):
// they are about env references, and the variable name is kept. Only when
// the question says the literal is what the app got ("prints ${…} instead
// of …", "shows the literal ${…}") or the key refers to itself ("KEY:
// ${KEY}") is it about a reference that did not resolve; otherwise the
// literal is just the config the question quotes ("S3_ENDPOINT:
// ${storage_apiUrl} and the sdk …") and the rest of the question decides.
// A reference to another service keeps its key (connectionString); one
// with no hostname part (${zeropsSubdomain}) keeps the whole name.
func (e *expansion) addLiterals(q string) {
	unresolved := false
	for _, t := range tokenize(refLiteral.ReplaceAllString(q, " ")) {
		unresolved = unresolved || unresolvedWords[t]
	}
	for _, m := range refLiteral.FindAllStringSubmatch(q, 4) {
		self := regexp.MustCompile(`(?i)\b` + regexp.QuoteMeta(m[1]) + `\s*[:=]\s*"?\$\{`).MatchString(q)
		if unresolved || self {
			for _, a := range []string{"reference", "literal"} {
				e.add(a, false)
				e.addStrong(a)
			}
		} else {
			e.add("reference", false)
		}
		if _, v, ok := strings.Cut(m[1], "_"); ok {
			e.add(strings.ToLower(v), true)
		} else {
			e.add(strings.ToLower(m[1]), true) // a variable of the service itself: ${zeropsSubdomain}, ${hostname}
		}
		if self {
			e.add("self", false)
			e.addStrong("self")
		}
	}
}

// unresolvedWords say that a quoted literal is what the app got.
var unresolvedWords = map[string]bool{"literal": true, "literally": true, "instead": true, "text": true,
	"prints": true, "printed": true, "shows": true, "shown": true, "empty": true, "unresolved": true,
	"raw": true, "verbatim": true}

// addTokens adds the typed words; a versioned type ("nodejs@22",
// "postgresql:single@18") also carries its base name.
func (e *expansion) addTokens(toks []string) {
	for _, raw := range toks {
		t := strings.Trim(raw, "-.@_")
		e.add(t, true)
		if base, _, ok := strings.Cut(t, "@"); ok {
			if i := strings.LastIndexByte(base, '/'); i >= 0 {
				base = base[i+1:]
			}
			e.add(base, false)
			e.add("version", false)
		}
	}
}

// addAliases adds each term's aliases and symptoms and notes the services
// Zerops does not offer. An alias naming one managed service ("postgres")
// focuses on it; one fanning out to several ("broker" → nats, kafka) names
// a category.
func (e *expansion) addAliases() {
	noted := map[string]bool{}
	for _, t := range append([]string(nil), e.terms...) {
		base, _, _ := strings.Cut(t, "@")
		e.addFocus(base)
		named := 0
		for _, a := range aliases[base] {
			if managedServices[a] {
				named++
			}
		}
		for _, a := range aliases[base] {
			e.add(a, false)
			if named == 1 {
				e.addFocus(a)
			}
		}
		for _, a := range symptoms[base] {
			e.add(a, false)
			e.addStrong(a)
		}
		if u, ok := unsupported[base]; ok && !noted[u.name] {
			noted[u.name] = true
			e.notes = append(e.notes, u.missing()+"; the closest alternative is "+u.alternative+": "+u.uri+" (see also zerops://docs/pitfalls/unsupported-services).")
			for _, a := range u.expand {
				e.add(a, false)
			}
		}
	}
}

// addPatterns adds the terms word pairs and phrases stand for.
func (e *expansion) addPatterns(toks []string) {
	for i := 0; i+1 < len(toks); i++ {
		// "minimum ram" / "max containers" name the minRam / maxContainers keys.
		if p, ok := limitPrefixes[toks[i]]; ok {
			e.addPhrased(p + strings.Trim(toks[i+1], "-.@_"))
		}
		// "run three containers", "scale to 3 instances" ask for a container
		// count: horizontal scaling.
		if i > 0 && scaleVerbs[toks[i-1]] && countWords[toks[i]] && countedWords[toks[i+1]] {
			for _, a := range []string{"mincontainers", "horizontal"} {
				e.addPhrased(a)
			}
		}
	}
	shipping := slices.ContainsFunc(toks, func(t string) bool { return shipWords[t] })
	for _, pa := range phraseAliases {
		if shipping && placePhrases[pa.phrase] {
			continue // see placeAsContext
		}
		if containsPhrase(toks, pa.phrase) {
			for _, a := range pa.terms {
				e.addPhrased(a)
			}
		}
	}
}

// containsPhrase reports whether toks hold the words of phrase in a row,
// each as written or inflected ("going live" for "go live", "rolled back"
// for "roll back").
func containsPhrase(toks []string, phrase string) bool {
	words := strings.Fields(phrase)
	for i := 0; i+len(words) <= len(toks); i++ {
		if matchesAt(toks[i:], words) {
			return true
		}
	}
	return false
}

// matchesAt reports whether toks start with words, each as written or inflected.
func matchesAt(toks, words []string) bool {
	for j, w := range words {
		t := strings.Trim(toks[j], "-.@_")
		if t != w && porterstemmer.StemString(t) != porterstemmer.StemString(w) {
			return false
		}
	}
	return true
}

// shipWords send code or files to Zerops: a query that ships from the
// user's machine is about the push, not about reaching services from there.
var shipWords = map[string]bool{"push": true, "pushed": true, "pushing": true, "pushes": true,
	"deploy": true, "deployed": true, "deploying": true, "deploys": true}

// placeWords say where the user is; placePhrases are the phrase aliases
// that read them as the VPN topic.
var (
	placeWords   = map[string]bool{"laptop": true, "machine": true, "computer": true, "locally": true, "local": true, "pc": true}
	placePhrases = map[string]bool{"from my laptop": true, "from my machine": true}
)

// placeAsContext moves the place words of a query that ships code ("zcli
// push from my laptop", "deploy from my machine") from the typed terms to
// the context, and weighs the push word as strongly as an error signature:
// where the push starts is not what it is about, the push is. Reaching
// services from the laptop ("psql from my laptop") keeps them.
func (e *expansion) placeAsContext(toks []string) {
	if !slices.ContainsFunc(toks, func(t string) bool { return shipWords[t] }) {
		return
	}
	e.original = slices.DeleteFunc(e.original, func(t string) bool {
		if placeWords[t] {
			e.place = append(e.place, t)
			return true
		}
		return false
	})
	if len(e.place) == 0 {
		return
	}
	for _, t := range toks {
		if shipWords[t] {
			e.addStrong(t) // pushing from there is the topic
		}
	}
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

// countedWords are what a container count counts.
var countedWords = map[string]bool{"containers": true, "instances": true}

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

// asksType reports whether toks ask which service type to use ("what
// service type do I add", "which service type for redis"): a choice too.
func asksType(toks []string) bool {
	return containsPhrase(toks, "which service type") || containsPhrase(toks, "what service type")
}

// namesService reports whether t names one managed service, itself or through an alias.
func namesService(t string) bool {
	return len(servicesNamed(strings.Trim(t, "-.@_"))) > 0
}

// servicesNamed are the managed services t (a type with or without its
// version) names: itself, or those of its aliases.
func servicesNamed(t string) []string {
	base, _, _ := strings.Cut(t, "@")
	if managedServices[base] {
		return []string{base}
	}
	var out []string
	for _, a := range aliases[base] {
		if managedServices[a] {
			out = append(out, a)
		}
	}
	return out
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
