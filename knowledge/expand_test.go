package knowledge

import (
	"slices"
	"strings"
	"testing"
)

// TestExpandQuery_ErrorMessageNoFocus: in a pasted error message a managed
// service's name is context (a hostname, a client), so no service document
// is pushed ahead of the one explaining the error.
func TestExpandQuery_ErrorMessageNoFocus(t *testing.T) {
	t.Parallel()
	tests := []struct {
		query string
		focus []string
	}{
		{"getaddrinfo ENOTFOUND postgres", nil},
		{"psql: error: server does not support SSL", nil},
		{"SQLSTATE[HY000] [1045] Access denied for mariadb", nil},
		{"connect to postgres", []string{"postgresql"}},
		{"ERROR in valkey", nil},
		{"Elixir app with valkey", []string{"valkey"}}, // a capitalised word is no errno code
	}
	for _, tt := range tests {
		if got := expandQuery(tt.query).focus; !slices.Equal(got, tt.focus) {
			t.Errorf("expandQuery(%q).focus = %v, want %v", tt.query, got, tt.focus)
		}
	}
}

// TestExpandQuery_Commands: a command's words are read as what it does.
func TestExpandQuery_Commands(t *testing.T) {
	t.Parallel()
	e := expandQuery("npm ci fails")
	if slices.Contains(e.terms, "ci") || slices.Contains(e.terms, "ci/cd") || !slices.Contains(e.original, "lockfile") {
		t.Errorf("npm ci: terms %v, want the install from the lockfile, not CI/CD", e.terms)
	}
	if e := expandQuery("deploy from ci"); !slices.Contains(e.original, "ci") {
		t.Errorf("ci alone: terms %v, want ci kept", e.terms)
	}
}

// TestCamelWords: camelCase keys are spelled out one a line; names that
// start with a capital are not keys.
func TestCamelWords(t *testing.T) {
	t.Parallel()
	got := camelWords("set `minRam` and run.execOnce; PostgreSQL, JavaScript, readinessCheck.httpGet, plain")
	want := "min Ram\nexec Once\nreadiness Check\nhttp Get\n"
	if got != want {
		t.Errorf("camelWords = %q, want %q", got, want)
	}
	if strings.Contains(camelWords("PostgreSQL TypeScript"), "Postgre") {
		t.Error("a capitalised name was split")
	}
}

// TestExpandQuery_Intent: a choice between two managed services asks for the
// decision document, a named config file for its reference, a bound word
// ("minimum ram") for the config key, a container count for horizontal
// scaling.
func TestExpandQuery_Intent(t *testing.T) {
	t.Parallel()
	tests := []struct {
		query    string
		focus    []string
		files    []string
		strong   []string
		added    []string // terms the expansion must add
		notAdded []string // terms it must not add
	}{
		{query: "postgres vs mariadb for an api", strong: []string{"choose"}},
		{query: "valkey or keydb", strong: []string{"choose"}},
		{query: "is keydb still supported or should I move to valkey", focus: []string{"keydb", "valkey"}, notAdded: []string{"choose"}},
		{query: "connect to postgres", focus: []string{"postgresql"}, notAdded: []string{"choose"}},
		{query: "object storage or shared storage", notAdded: []string{"choose"}},
		{query: "maxRam in import.yml", files: []string{"import.yml"}},
		{query: "ports in zerops.yml and import.yml", files: []string{"import.yml", "zerops.yml"}},
		{query: "set minimum ram and max containers", added: []string{"minram", "maxcontainers"}},
		{query: "scale to 3 containers", added: []string{"mincontainers", "horizontal"}},
		{query: "can two containers share files", notAdded: []string{"mincontainers", "horizontal"}},
	}
	for _, tt := range tests {
		e := expandQuery(tt.query)
		if !slices.Equal(e.focus, tt.focus) || !slices.Equal(e.files, tt.files) || !slices.Equal(e.strong, tt.strong) {
			t.Errorf("expandQuery(%q): focus %v files %v strong %v, want %v %v %v", tt.query, e.focus, e.files, e.strong, tt.focus, tt.files, tt.strong)
		}
		for _, a := range tt.added {
			if !slices.Contains(e.added, a) {
				t.Errorf("expandQuery(%q) added %v, want %q among them", tt.query, e.added, a)
			}
		}
		for _, a := range tt.notAdded {
			if slices.Contains(e.terms, a) {
				t.Errorf("expandQuery(%q) terms %v, want no %q", tt.query, e.terms, a)
			}
		}
	}
}

// TestExpandQuery_Literals: a pasted reference literal is about env
// references; it is about one that did not resolve only when the question
// says the literal is what the app got, or the key refers to itself.
func TestExpandQuery_Literals(t *testing.T) {
	t.Parallel()
	tests := []struct {
		query  string
		strong []string
	}{
		{"my app prints ${db_connectionString} instead of the url", []string{"reference", "literal"}},
		{"env value shows the literal ${api_url} text", []string{"reference", "literal"}},
		{"DATABASE_URL: ${DATABASE_URL} does not work", []string{"reference", "literal", "self"}},
		{"S3_ENDPOINT: ${storage_apiUrl} and the sdk tries a bucket host", nil},
		{"${appstage_zeropsSubdomain} right after the import", nil},
	}
	for _, tt := range tests {
		e := expandQuery(tt.query)
		if !slices.Equal(e.strong, tt.strong) {
			t.Errorf("expandQuery(%q).strong = %v, want %v", tt.query, e.strong, tt.strong)
		}
		if !slices.Contains(e.terms, "reference") {
			t.Errorf("expandQuery(%q) terms %v, want reference", tt.query, e.terms)
		}
	}
}

// TestWithoutFiller: words with no topic leave the typed terms, unless they
// are all there is.
func TestWithoutFiller(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want []string }{
		{[]string{"where", "read", "last", "build", "log"}, []string{"where", "build", "log"}},
		{[]string{"get", "one"}, []string{"get", "one"}},
		{[]string{"valkey"}, []string{"valkey"}},
	}
	for _, tt := range tests {
		if got := withoutFiller(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("withoutFiller(%v) = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// TestExpandQuery_ContextWordsNoLoneAlias: a word that is mostly the
// context of a question (locally, laptop, disk, upload) adds no alias alone;
// the phrases in which it is the topic do.
func TestExpandQuery_ContextWordsNoLoneAlias(t *testing.T) {
	t.Parallel()
	tests := []struct {
		query string
		want  string // an alias term the expansion must add; "" for none of the guarded ones
	}{
		{"my fastify server works locally but nothing answers on port 3000", ""},
		{"zcli push should not upload my local .env", ""},
		{"the service still has the larger disk", ""},
		{"deploy with zcli on my laptop", ""},
		{"connect to the database from my laptop", "vpn"},
		{"users upload avatars, where should I store them", "object-storage"},
		{"store user uploads so they survive a redeploy", "object-storage"},
	}
	guarded := []string{"vpn", "storage", "object-storage"}
	for _, tt := range tests {
		e := expandQuery(tt.query)
		if tt.want != "" {
			if !slices.Contains(e.added, tt.want) {
				t.Errorf("expandQuery(%q).added = %v, want %q", tt.query, e.added, tt.want)
			}
			continue
		}
		for _, g := range guarded {
			if slices.Contains(e.added, g) {
				t.Errorf("expandQuery(%q).added = %v: a context word added %q", tt.query, e.added, g)
			}
		}
	}
}

// TestExpandQuery_PhrasesInflected: a phrase alias matches its words
// inflected ("going live", "rolled back"), never a part of a word.
func TestExpandQuery_PhrasesInflected(t *testing.T) {
	t.Parallel()
	tests := []struct {
		query, want string
		found       bool
	}{
		{"go live next week", "checklist", true},
		{"going live next week", "checklist", true},
		{"what to check before going live", "checklist", true},
		{"we rolled back the deploy", "previous", true},
		{"users uploading photos", "object-storage", true},
		{"how often does zerops back up my database", "backup", true},
		{"backing up postgres every night", "backup", true},
		{"golive next week", "checklist", false},
		{"live go", "checklist", false},
	}
	for _, tt := range tests {
		if got := slices.Contains(expandQuery(tt.query).added, tt.want); got != tt.found {
			t.Errorf("expandQuery(%q) adds %q: %v, want %v", tt.query, tt.want, got, tt.found)
		}
	}
}
