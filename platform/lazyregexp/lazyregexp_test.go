package lazyregexp

import (
	"regexp"
	"slices"
	"sync"
	"testing"
)

// TestRegexp_FirstUseAnswersAsCompiled: the first call, which compiles the
// expression, answers what an expression compiled up front answers, also
// when many goroutines make it at once.
func TestRegexp_FirstUseAnswersAsCompiled(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ re, in string }{
		{`(?i)listen\w* on :(\d+)`, "Listening on :8080 and :9090"},
		{`^[A-Za-z_][A-Za-z0-9_]{0,127}$`, "DB_PASSWORD"},
		{`x(y)?`, "no match here"},
	} {
		want := regexp.MustCompile(tt.re)
		lazy := New(tt.re)
		if lazy.String() != tt.re {
			t.Errorf("String %q, want %q", lazy.String(), tt.re)
		}
		var wg sync.WaitGroup
		got := make([][]string, 8)
		for i := range got {
			wg.Go(func() { got[i] = lazy.FindStringSubmatch(tt.in) })
		}
		wg.Wait()
		for _, g := range got {
			if !slices.Equal(g, want.FindStringSubmatch(tt.in)) {
				t.Errorf("%s on %q: %q, compiled %q", tt.re, tt.in, g, want.FindStringSubmatch(tt.in))
			}
		}
		if lazy.MatchString(tt.in) != want.MatchString(tt.in) ||
			lazy.ReplaceAllString(tt.in, "_") != want.ReplaceAllString(tt.in, "_") ||
			!slices.Equal(lazy.FindAllString(tt.in, -1), want.FindAllString(tt.in, -1)) {
			t.Errorf("%s on %q: answers differ from the compiled expression's", tt.re, tt.in)
		}
	}
}

// TestNew_CompilesNothing: New only keeps the text; an invalid expression
// panics at its first use, as regexp.MustCompile would.
func TestNew_CompilesNothing(t *testing.T) {
	t.Parallel()
	bad := New(`(`)
	if bad.rx != nil {
		t.Fatal("New compiled the expression")
	}
	defer func() {
		if recover() == nil {
			t.Error("first use of an invalid expression did not panic")
		}
	}()
	bad.MatchString("x")
}
