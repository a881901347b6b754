package knowledge

import (
	"errors"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/zeropsio/zcp/platform"
)

// fixtureIndex indexes the small corpus under testdata/fixture.
func fixtureIndex(t testing.TB) *Index {
	t.Helper()
	docs, _, err := parseCorpus(os.DirFS("testdata"), "fixture")
	if err != nil {
		t.Fatalf("parse fixture corpus: %v", err)
	}
	ix, err := BuildIndex(docs)
	if err != nil {
		t.Fatalf("BuildIndex: %v", err)
	}
	return ix
}

func TestSearch_Ranking(t *testing.T) {
	t.Parallel()
	ix := fixtureIndex(t)
	tests := []struct {
		query   string
		wantTop string
	}{
		{"postgresql connection string", "zerops://docs/services/postgresql"},
		{"postgres", "zerops://docs/services/postgresql"},
		{"pg", "zerops://docs/services/postgresql"},
		{"redis password", "zerops://docs/services/valkey"},
		{"node start command", "zerops://docs/runtimes/nodejs"},
		{"typescript", "zerops://docs/runtimes/nodejs"},
		{"why 502 after deploy", "zerops://docs/pitfalls/binding-localhost"},
		{"mongodb", "zerops://docs/pitfalls/unsupported-services"},
		{"build logs severity", "zerops://docs/operations/logs"},
		{"POSTGRESQL", "zerops://docs/services/postgresql"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			t.Parallel()
			res, err := ix.Search(tt.query, 0)
			if err != nil {
				t.Fatalf("Search: %v", err)
			}
			if len(res.Hits) == 0 {
				t.Fatalf("no hits; suggestions %q", res.Suggestions)
			}
			if res.Hits[0].URI != tt.wantTop {
				t.Errorf("top hit %s, want %s (hits %+v)", res.Hits[0].URI, tt.wantTop, res.Hits)
			}
			d, _ := ix.Get(res.Hits[0].URI)
			if res.TopContent != d.Content {
				t.Error("TopContent is not the first hit's body")
			}
			for i := 1; i < len(res.Hits); i++ {
				if res.Hits[i].Score > res.Hits[i-1].Score {
					t.Errorf("hits not sorted by score: %v", res.Hits)
				}
			}
		})
	}
}

func TestSearch_HitFields(t *testing.T) {
	t.Parallel()
	ix := fixtureIndex(t)
	res, err := ix.Search("valkey", 5)
	if err != nil {
		t.Fatal(err)
	}
	h := res.Hits[0]
	if h.URI != "zerops://docs/services/valkey" || h.Title != "Valkey" || h.Description == "" || h.Score <= 0 {
		t.Errorf("hit = %+v", h)
	}
	if !strings.Contains(strings.ToLower(h.Snippet), "valkey") {
		t.Errorf("snippet %q does not show the matched term", h.Snippet)
	}
}

func TestSearch_Expansion(t *testing.T) {
	t.Parallel()
	ix := fixtureIndex(t)
	tests := []struct {
		query     string
		wantTerms []string
		wantNote  string
	}{
		{"redis", []string{"redis", "valkey"}, "Valkey"},
		{"mongodb", []string{"mongodb", "postgresql"}, "MongoDB"},
		{"mysql", []string{"mysql", "mariadb"}, "MariaDB"},
		{"s3 bucket", []string{"s3", "object-storage"}, ""},
		{"golang", []string{"golang", "go"}, ""},
		{"cron job", []string{"cron", "crontab"}, ""},
		{"nodejs@22", []string{"nodejs@22", "nodejs"}, ""},
		{"rabbitmq", []string{"rabbitmq", "nats"}, "RabbitMQ"},
	}
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			t.Parallel()
			res, err := ix.Search(tt.query, 5)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.wantTerms {
				if !strings.Contains(" "+res.ExpandedQuery+" ", " "+w+" ") {
					t.Errorf("ExpandedQuery %q lacks %q", res.ExpandedQuery, w)
				}
			}
			notes := strings.Join(res.Notes, "\n")
			if tt.wantNote != "" && !strings.Contains(notes, tt.wantNote) {
				t.Errorf("notes %q lack %q", notes, tt.wantNote)
			}
			if tt.wantNote != "" && !strings.Contains(notes, "zerops://docs/") {
				t.Errorf("notes %q name no alternative URI", notes)
			}
		})
	}
}

func TestExpandQuery_Aliases(t *testing.T) {
	t.Parallel()
	if n := len(aliases); n < 25 {
		t.Errorf("%d aliases, want at least 25", n)
	}
	e := expandQuery("postgres redis")
	if strings.Join(e.terms, " ") != "postgres redis postgresql valkey" {
		t.Errorf("terms = %q", e.terms)
	}
	if len(e.notes) != 1 {
		t.Errorf("notes = %q, want one (redis)", e.notes)
	}
}

// TestExpandQuery_VersionedTermKeepsOriginals: "nodejs@22" adds its base
// name mid-query; the words typed after it must stay typed terms (full
// weight), not be mistaken for added ones.
func TestExpandQuery_VersionedTermKeepsOriginals(t *testing.T) {
	t.Parallel()
	e := expandQuery("nodejs@22 express prisma")
	if got := strings.Join(e.original, " "); got != "nodejs@22 express prisma" {
		t.Errorf("original = %q", got)
	}
	if got := strings.Join(e.added, " "); got != "nodejs version" {
		t.Errorf("added = %q", got)
	}
	if len(e.terms) != len(e.original)+len(e.added) {
		t.Errorf("terms %q are not original %q plus added %q", e.terms, e.original, e.added)
	}
}

func TestSearch_Limit(t *testing.T) {
	t.Parallel()
	ix := fixtureIndex(t)
	tests := []struct {
		limit, max int
	}{{0, DefaultSearchLimit}, {-3, DefaultSearchLimit}, {1, 1}, {2, 2}, {1000, MaxSearchLimit}}
	for _, tt := range tests {
		res, err := ix.Search("the database cache runtime logs localhost unsupported node", tt.limit)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Hits) > tt.max || len(res.Hits) == 0 {
			t.Errorf("limit %d: %d hits, want 1..%d", tt.limit, len(res.Hits), tt.max)
		}
	}
}

func TestSearch_EmptyQuery(t *testing.T) {
	t.Parallel()
	ix := fixtureIndex(t)
	for _, q := range []string{"", "   ", "\n\t", "\xff\xfe"} {
		_, err := ix.Search(q, 5)
		if !errors.Is(err, ErrEmptyQuery) {
			t.Errorf("Search(%q) err = %v, want ErrEmptyQuery", q, err)
		}
		var pe *platform.PlatformError
		if !errors.As(err, &pe) || pe.Code != platform.ErrInvalidParameter {
			t.Errorf("Search(%q) err = %v, want an INVALID_PARAMETER platform error", q, err)
		}
	}
}

func TestSearch_NoMatchSuggests(t *testing.T) {
	t.Parallel()
	ix := fixtureIndex(t)
	tests := []struct {
		query string
		want  string
	}{
		{"postgrxyz", "PostgreSQL (zerops://docs/services/postgresql)"}, // too far to be read as a typo, close enough to suggest
		{"zzzzqqq", ""}, // nothing similar: any suggestions
		{"the and of", ""},
	}
	for _, tt := range tests {
		res, err := ix.Search(tt.query, 5)
		if err != nil {
			t.Fatalf("Search(%q): %v", tt.query, err)
		}
		if len(res.Hits) != 0 {
			t.Errorf("Search(%q) hits = %+v, want none", tt.query, res.Hits)
			continue
		}
		if len(res.Suggestions) == 0 {
			t.Errorf("Search(%q): no suggestions", tt.query)
		}
		if tt.want != "" && res.Suggestions[0] != tt.want {
			t.Errorf("Search(%q) suggestions = %q, want first %q", tt.query, res.Suggestions, tt.want)
		}
	}
}

func TestSearch_HostileInput(t *testing.T) {
	t.Parallel()
	ix := fixtureIndex(t)
	queries := []string{
		`title:postgresql +content:"x" -y`, `*`, `?`, `"unterminated`, `(a OR b) AND c~2`, `/regex.*/`,
		`\`, `^5`, `field:`, `+-+-`, `{}[]<>!@#$%^&*()`, "a\x00b", "post\xffgres", "💥💥💥 postgres",
		strings.Repeat("postgres ", 10000), strings.Repeat("x", 1<<20), strings.Repeat("ž", 5000),
	}
	for _, q := range queries {
		res, err := ix.Search(q, 5)
		if err != nil {
			if errors.Is(err, ErrEmptyQuery) {
				continue
			}
			t.Errorf("Search(%.40q): %v", q, err)
			continue
		}
		if !utf8.ValidString(res.Query) || utf8.RuneCountInString(res.Query) > maxQueryRunes {
			t.Errorf("Search(%.40q): query echoed unsafely (%d runes)", q, utf8.RuneCountInString(res.Query))
		}
		for _, h := range res.Hits {
			if !utf8.ValidString(h.Snippet) {
				t.Errorf("Search(%.40q): invalid UTF-8 snippet", q)
			}
		}
	}
}

func TestSearch_Concurrent(t *testing.T) {
	t.Parallel()
	ix := fixtureIndex(t)
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for i := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			q := []string{"postgres", "redis password", "502", "node", "logs"}[i%5]
			res, err := ix.Search(q, 3)
			if err != nil {
				errs <- err
				return
			}
			if len(res.Hits) == 0 {
				errs <- errors.New("no hits for " + q)
			}
			_ = ix.List()
			_, _ = ix.Get("zerops://docs/services/valkey")
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestIndex_GetAndList(t *testing.T) {
	t.Parallel()
	ix := fixtureIndex(t)
	list := ix.List()
	if len(list) != 6 {
		t.Fatalf("List has %d documents, want 6", len(list))
	}
	for i := 1; i < len(list); i++ {
		if list[i-1].URI >= list[i].URI {
			t.Errorf("List not sorted: %s before %s", list[i-1].URI, list[i].URI)
		}
	}
	if d, ok := ix.Get("zerops://docs/services/valkey"); !ok || d.Title != "Valkey" {
		t.Errorf("Get valkey = %+v, %v", d, ok)
	}
	for _, uri := range []string{"", "zerops://docs/services/mongodb", "services/valkey", "zerops://docs/services/valkey.md"} {
		if _, ok := ix.Get(uri); ok {
			t.Errorf("Get(%q) found a document", uri)
		}
	}
	list[0].Title = "changed"
	if ix.List()[0].Title == "changed" {
		t.Error("List returned the index's own slice")
	}
}

func TestBuildIndex_Errors(t *testing.T) {
	t.Parallel()
	if _, err := BuildIndex([]Document{{URI: "zerops://docs/a/b", Title: "x"}, {URI: "zerops://docs/a/b", Title: "y"}}); err == nil {
		t.Error("duplicate URI accepted")
	}
	if _, err := BuildIndex([]Document{{Title: "x"}}); err == nil {
		t.Error("empty URI accepted")
	}
	ix, err := BuildIndex(nil)
	if err != nil {
		t.Fatalf("empty corpus: %v", err)
	}
	res, err := ix.Search("anything", 5)
	if err != nil || len(res.Hits) != 0 {
		t.Errorf("search on empty index: %+v, %v", res, err)
	}
}

func TestSnippet_Cases(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("filler words here ", 40) + "the valkey password is generated " + strings.Repeat("tail text ", 40)
	tests := []struct {
		name    string
		content string
		terms   []string
		want    string
	}{
		{"AroundMatch", long, []string{"password"}, "valkey password"},
		{"NoMatchStart", "short body only", []string{"zzz"}, "short body only"},
		{"WordStartOnly", "use mongo here and go there", []string{"go"}, "go there"},
		{"MultiByte", strings.Repeat("žluťoučký kůň ", 50) + "valkey", []string{"valkey"}, "valkey"},
		{"StemFallback", "we configure databases here", []string{"databased"}, "databases"},
		{"HeadingMarks", "# Title\n\n## Section\nbody", []string{"section"}, "Title Section body"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := snippet(tt.content, [][]string{tt.terms}, snippetRunes)
			if !utf8.ValidString(got) {
				t.Fatalf("invalid UTF-8: %q", got)
			}
			if n := utf8.RuneCountInString(got); n > snippetRunes+2 {
				t.Errorf("snippet has %d runes", n)
			}
			if !strings.Contains(got, tt.want) {
				t.Errorf("snippet %q lacks %q", got, tt.want)
			}
		})
	}
}

func TestSnippet_TypedTermsFirst(t *testing.T) {
	t.Parallel()
	content := "postgresql is early here. " + strings.Repeat("filler ", 60) + "mongodb is mentioned late."
	got := snippet(content, [][]string{{"mongodb"}, {"postgresql"}}, 80)
	if !strings.Contains(got, "mongodb") {
		t.Errorf("snippet %q does not centre on the typed term", got)
	}
}

func TestTruncateRunes_MultiByte(t *testing.T) {
	t.Parallel()
	if got := truncateRunes("žžžž", 2); got != "žž" {
		t.Errorf("got %q", got)
	}
	if got := truncateRunes("ab", 5); got != "ab" {
		t.Errorf("got %q", got)
	}
}

// TestBuildQuery_SymptomsAndGenericWords: an error signature's meaning
// weighs as much as typed words, other aliases half; generic words (container,
// service, app) barely count in titles and keywords but fully in content.
func TestBuildQuery_SymptomsAndGenericWords(t *testing.T) {
	t.Parallel()
	e := expandQuery("container exits with 137")
	if !slices.Contains(e.strong, "oom") || slices.Contains(e.strong, "containers") {
		t.Fatalf("strong = %v, want the meaning of 137 only", e.strong)
	}
	q := buildQuery(e.original, e.added, e.strong, e.phrased, e.focus)
	boosts := map[string]map[string]float64{} // text → field → boost
	for _, m := range q {
		if boosts[m.text] == nil {
			boosts[m.text] = map[string]float64{}
		}
		boosts[m.text][m.field] = m.boost
	}
	tests := []struct {
		text, field string
		want        float64
	}{
		{"exits with 137", fieldTitle, boostTitle},
		{"container", fieldTitle, boostTitle * genericBoost},
		{"container", fieldContent, boostContent},
		{"oom memory ram", fieldTitle, boostTitle * symptomBoost},
		{"containers", fieldContent, boostContent * expandedBoost},
	}
	for _, tt := range tests {
		if got := boosts[tt.text][tt.field]; got != tt.want {
			t.Errorf("%q in %s: boost %v, want %v (query %+v)", tt.text, tt.field, got, tt.want, q)
		}
	}
	// a query of generic words only keeps their full weight
	only := buildQuery([]string{"zerops"}, nil, nil, nil, nil)
	if len(only) == 0 || only[0].field != fieldTitle || only[0].boost != boostTitle {
		t.Errorf("generic-only query = %+v, want full title boost", only)
	}
}

// TestExpandQuery_CategoryAliasNoFocus: an alias that names one managed
// service focuses on it; one that fans out to several (a category such as
// "broker") does not, so the service the query names keeps the lead.
func TestExpandQuery_CategoryAliasNoFocus(t *testing.T) {
	t.Parallel()
	tests := []struct {
		query string
		focus []string
	}{
		{"kafka consumer needs the list of all broker hosts", []string{"kafka"}},
		{"connect to postgres", []string{"postgresql"}},
		{"pick a message queue", nil},
		{"python app crashes with MemoryError", nil},
	}
	for _, tt := range tests {
		if got := expandQuery(tt.query).focus; !slices.Equal(got, tt.focus) {
			t.Errorf("expandQuery(%q).focus = %v, want %v", tt.query, got, tt.focus)
		}
	}
	if e := expandQuery("python app crashes with MemoryError"); !slices.Contains(e.strong, "memory") {
		t.Errorf("MemoryError: strong = %v, want the out-of-memory terms", e.strong)
	}
}

// TestExpandQuery_ReferenceLiteral: a pasted ${…} literal searches for env
// references (strongly) and its variable name, never for the literal token;
// "KEY: ${KEY}" adds the self-reference.
func TestExpandQuery_ReferenceLiteral(t *testing.T) {
	t.Parallel()
	tests := []struct {
		q          string
		want, none []string
	}{
		{"app shows ${db_connectionString} literally", []string{"reference", "literal", "connectionstring"}, []string{"db_connectionstring", "self"}},
		{"DATABASE_URL: ${DATABASE_URL} does not work", []string{"reference", "literal", "self"}, nil},
		{"no literal here", nil, []string{"reference", "self"}},
	}
	for _, tt := range tests {
		e := expandQuery(tt.q)
		for _, w := range tt.want {
			if !slices.Contains(e.terms, w) {
				t.Errorf("%q: terms %v lack %q", tt.q, e.terms, w)
			}
		}
		for _, w := range tt.none {
			if slices.Contains(e.terms, w) {
				t.Errorf("%q: terms %v hold %q", tt.q, e.terms, w)
			}
		}
	}
	if e := expandQuery("${cache_password} is empty"); !slices.Contains(e.strong, "reference") {
		t.Errorf("reference is not strong: %v", e.strong)
	}
}

// TestSplitContext: a clause that says what works is context; the other
// clause is the topic; a query without "but" or without such a clause is all
// topic.
func TestSplitContext(t *testing.T) {
	t.Parallel()
	tests := []struct{ q, topic, context string }{
		{"health check keeps failing but curl works from my laptop", "health check keeps failing", "curl works from my laptop"},
		{"cannot find module express after deploy but it built fine", "cannot find module express after deploy", "it built fine"},
		{"my server works locally but nothing answers on port 3000", "nothing answers on port 3000", "my server works locally"},
		{"deploy works", "deploy works", ""},
		{"the build fails but the deploy fails too", "the build fails but the deploy fails too", ""},
		{"it works but works", "it works but works", ""},
	}
	for _, tt := range tests {
		topic, context := splitContext(tt.q)
		if tt.context == "" && (topic != tt.q || context != "") {
			t.Errorf("splitContext(%q) = %q, %q; want it all topic", tt.q, topic, context)
			continue
		}
		if tt.context != "" && (topic != tt.topic || context != tt.context) {
			t.Errorf("splitContext(%q) = %q, %q; want %q, %q", tt.q, topic, context, tt.topic, tt.context)
		}
	}
}

// TestSearch_ContextClause: the clause that says what works neither leads
// the ranking nor loses a note about a service Zerops lacks.
func TestSearch_ContextClause(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	ix, err := BuildIndex(docs)
	if err != nil {
		t.Fatal(err)
	}
	res, err := ix.Search("health check keeps failing but curl works from my laptop", 3)
	if err != nil {
		t.Fatal(err)
	}
	if got := firstURI(res.Hits); got != "zerops://docs/config/zerops-yml-health-checks" {
		t.Errorf("top = %s, want the health checks document", got)
	}
	res, err = ix.Search("my queries time out but the same code works with mongodb", 3)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Notes) == 0 {
		t.Errorf("no note about MongoDB named in the context clause")
	}
}

// TestPastedDiagnosis_Reading: a pasted line is diagnosed (as a build's when
// it says so); a question in the user's own words and a clause that says
// what works are not read as log lines.
func TestPastedDiagnosis_Reading(t *testing.T) {
	t.Parallel()
	tests := []struct{ query, want string }{
		{"SQLSTATE[HY000] [1045] Access denied for user app", "db-auth-failed"},
		{"npm ERR! JavaScript heap out of memory while running vite build", "build-out-of-memory"},
		{"JavaScript heap out of memory in the api", "out-of-memory"},
		{"why does my api say JavaScript heap out of memory", ""},
		{"JavaScript heap out of memory in the api, but the build works", "out-of-memory"}, // the build is context
		{"Process exited with code 1", ""},                                                 // a generic crash routes nowhere
	}
	for _, tt := range tests {
		d, ok := pastedDiagnosis(tt.query)
		if got := d.Signal; ok != (tt.want != "") || got != tt.want {
			t.Errorf("pastedDiagnosis(%q) = %q %v, want %q", tt.query, got, ok, tt.want)
		}
	}
}

// TestSearch_AsksLiftTheirSection: a question in agents' words that a
// section lists as asked finds its document over one that uses the words,
// and the asks are never shown.
func TestSearch_AsksLiftTheirSection(t *testing.T) {
	t.Parallel()
	docs := []Document{
		{URI: URIPrefix + "platform/processes", Title: "Processes", Content: "# Processes\n\nAsynchronous work is a process.\n\n## Cancel\n\nCall zerops_process with action cancel.\n",
			Asks: map[string][]string{"Cancel": {"stop a build that is still running"}}},
		{URI: URIPrefix + "platform/build-pipeline", Title: "Build pipeline", Content: "# Build pipeline\n\nA build runs in its own container; while it is running, logs stream. Stop words aside, a build is still a build.\n"},
	}
	ix, err := BuildIndex(docs)
	if err != nil {
		t.Fatalf("BuildIndex: %v", err)
	}
	res, err := ix.Search("how do I stop a build that is still running", 2)
	if err != nil {
		t.Fatalf("Search: %v", err)
	}
	if top := firstURI(res.Hits); top != URIPrefix+"platform/processes" {
		t.Errorf("top %s, want platform/processes (hits %+v)", top, res.Hits)
	}
	for _, h := range res.Hits {
		if h.URI == URIPrefix+"platform/processes" && strings.Contains(h.Snippet, "still running") {
			t.Errorf("snippet shows an ask: %q", h.Snippet)
		}
	}
	if strings.Contains(res.TopContent, "stop a build") {
		t.Errorf("TopContent shows an ask: %q", res.TopContent)
	}
}

// TestSearch_NamesUsedAsWords: a runtime's or framework's name used as an
// everyday word ("go offline", "the next deploy", users "logged out") does
// not pull that name's document; typed as the name, it still does.
func TestSearch_NamesUsedAsWords(t *testing.T) {
	t.Parallel()
	ix := testIndex(t)
	tests := []struct {
		query, uri string
		named      bool // the top result is uri (else: it is not)
	}{
		{"does the site go offline while deploying", URIPrefix + "runtimes/go", false},
		{"did it go down during the deploy", URIPrefix + "runtimes/go", false},
		{"will the build go faster with a cache", URIPrefix + "runtimes/go", false},
		{"what happens to uploaded files on the next deploy", URIPrefix + "frameworks/nextjs", false},
		{"go build fails", URIPrefix + "runtimes/go", true},
		{"go down the list of go modules", URIPrefix + "runtimes/go", true},
		{"next build fails", URIPrefix + "frameworks/nextjs", true},
		{"users keep getting logged out after every deploy", URIPrefix + "operations/log-forwarding-metrics", false},
		{"users keep getting logged out after every deploy", URIPrefix + "operations/logs", false},
		{"how to read the logs out of a crashed container", URIPrefix + "operations/logs", true},
	}
	for _, tt := range tests {
		res, err := ix.Search(tt.query, 3)
		if err != nil {
			t.Fatalf("Search(%q): %v", tt.query, err)
		}
		if top := firstURI(res.Hits); (top == tt.uri) != tt.named {
			t.Errorf("%q: top %s (named %v, uri %s)", tt.query, top, tt.named, tt.uri)
		}
	}
}
