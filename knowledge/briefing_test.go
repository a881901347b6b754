package knowledge

import (
	"errors"
	"strings"
	"testing"
)

func TestBriefing_RuntimeAndServices(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, d := range docs {
		have[d.Path] = true
	}
	tests := []struct {
		name     string
		runtime  string
		services []string
		want     []string
		needDocs []string
	}{
		{"RuntimeAndServices", "nodejs@22", []string{"postgresql@16", "valkey@7.2"},
			[]string{"## Core principles", "## Runtime: ", "zerops://docs/runtimes/nodejs", "zerops://docs/services/postgresql",
				"zerops://docs/services/valkey", "## Wiring", "${db_connectionString}", "${cache_password}"},
			[]string{"runtimes/nodejs", "services/postgresql", "services/valkey"}},
		{"NewTypeSyntax", "alpine/nodejs@22", []string{"postgresql:single@18"},
			[]string{"zerops://docs/runtimes/nodejs", "zerops://docs/services/postgresql"}, []string{"runtimes/nodejs", "services/postgresql"}},
		{"PHPVariant", "php-nginx@8.4", nil, []string{"zerops://docs/runtimes/php"}, []string{"runtimes/php"}},
		{"AliasRuntime", "golang", nil, []string{"zerops://docs/runtimes/go"}, []string{"runtimes/go"}},
		{"ServicesOnly", "", []string{"object-storage"}, []string{"zerops://docs/services/object-storage", "${storage_apiUrl}"}, []string{"services/object-storage"}},
		{"UnknownRuntimeIsANote", "cobol@85", []string{"postgresql@16"}, []string{"## Notes", `No runtime guide for "cobol@85"`}, nil},
		{"UnsupportedServiceIsANote", "nodejs@22", []string{"mongodb@7"}, []string{"# Zerops briefing: nodejs + MongoDB (not on Zerops)\n", "Zerops has no MongoDB", "zerops://docs/services/postgresql"}, nil},
		{"RedisMapsToValkey", "", []string{"redis@7"}, []string{"Zerops has no Redis"}, nil},
		{"HostileNames", strings.Repeat("x", 5000), []string{"\xff\xfe", "a b c"}, []string{"## Notes"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			for _, p := range tt.needDocs {
				if !have[p] {
					t.Skipf("corpus has no %s yet", p)
				}
			}
			got, err := Briefing(tt.runtime, tt.services)
			if err != nil {
				t.Fatalf("Briefing: %v", err)
			}
			for _, w := range tt.want {
				if !strings.Contains(got, w) {
					t.Errorf("briefing lacks %q", w)
				}
			}
			if strings.Count(got, "\n# ") > 0 {
				t.Error("a document heading was not demoted below the briefing title")
			}
		})
	}
}

func TestBriefing_NothingRequested(t *testing.T) {
	t.Parallel()
	if _, err := Briefing("  ", []string{"", " "}); err == nil {
		t.Error("empty request accepted")
	}
}

func TestBaseName_TypeForms(t *testing.T) {
	t.Parallel()
	tests := map[string]string{
		"nodejs@22": "nodejs", "alpine/nodejs@22": "nodejs", "postgresql:ha@18": "postgresql",
		"Valkey@7.2": "valkey", "object-storage": "object-storage", "bad type!@1": "bad type!",
	}
	for in, want := range tests {
		if got := baseName(in); got != want {
			t.Errorf("baseName(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestKnowledge_ConcurrentUse(t *testing.T) {
	t.Parallel()
	done := make(chan error, 40)
	for i := range 40 {
		go func() {
			var err error
			switch i % 4 {
			case 0:
				_, err = Documents()
			case 1:
				_, err = Briefing("python@3.12", []string{"valkey@7.2"})
			case 2:
				if _, ok := Workflow("deploy"); !ok {
					err = errNoWorkflow
				}
			default:
				_ = ContextText() + ClaudeMD()
			}
			done <- err
		}()
	}
	for range 40 {
		if err := recv(t, done); err != nil {
			t.Error(err)
		}
	}
}

var errNoWorkflow = errors.New("deploy workflow missing")
