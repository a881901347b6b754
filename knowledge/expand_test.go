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
