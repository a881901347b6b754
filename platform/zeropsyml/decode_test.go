package zeropsyml_test

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/zeropsyml"
)

// Shaped like the official recipes (zeropsio/recipe-*), written here from
// what they hold: build.deploy as a string and as a list, null envVariables,
// a base list, an Alpine run base, a bin/~ deploy.
const (
	goHello = `zerops:
  - setup: hello 
    build:
      base: go@1
      buildCommands:
        - go build -o app main.go
      deploy: app
    run:
      start: ./app
      ports:
        - port: 8080
          httpSupport: true
`
	python = `zerops:
  - setup: api
    build:
      base: python@3.12
      deploy:
        - app.py
      addToRunPrepare:
        - requirements.txt
    run:
      base: python@3.12
      prepareCommands:
        - python3 -m pip install -r requirements.txt
      start: python3 app.py
      ports:
        - port: 8000
          httpSupport: true
      envVariables:
        DB_HOST: ${db_hostname}
`
	laravel = `zerops:
  - setup: app
    build:
      base:
        - php@8.4
      os: alpine
      buildCommands:
        - composer install
      deployFiles: ./
      cache:
        - vendor
    deploy:
      readinessCheck:
        httpGet:
          port: 80
          path: /up
    run:
      base: php-nginx@8.4
      siteConfigPath: site.conf.tmpl
      envVariables:
        APP_NAME: "Laravel"
        DB_PORT: 5432
        MAIL_USERNAME: null
        MAIL_PASSWORD:
        SESSION_ENCRYPT: false
      healthCheck:
        httpGet:
          port: 80
          path: /up
`
	elixir = `zerops:
  - setup: api
    build:
      base: elixir@1.16
      envVariables:
        MIX_ENV: prod
      buildCommands:
        - mix release --overwrite
      deployFiles: _build/prod/rel/app/~
    run:
      base: alpine@latest
      envVariables:
        PORT: 4000
      ports:
        - port: 4000
          httpSupport: true
      start: bin/app start
`
	extends = `zerops:
  - setup: base
    build:
      base: nodejs@22
      buildCommands: [npm ci, npm run build]
      deployFiles: [dist, package.json]
    run:
      base: nodejs@22
      start: npm start
      ports:
        - port: 3000
      envVariables:
        A: base
        B: base
  - setup: prod
    extends: base
    run:
      envVariables:
        A: prod
  - setup: dev
    extends: base
    build:
      deployFiles: ./
    deploy:
      temporaryShutdown: true
`
)

func TestParse_Recipes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, content, setup string
		check                func(t *testing.T, s *zeropsyml.Setup)
	}{
		{"go hello world: build.deploy as a string", goHello, "hello", func(t *testing.T, s *zeropsyml.Setup) {
			eq(t, "deployFiles", s.Build.DeployFiles, []string{"app"})
			eq(t, "base", s.Build.Base, []string{"go@1"})
			eq(t, "base list", s.Build.BaseList, false)
			eq(t, "start", s.Run.Start, "./app")
			eq(t, "ports", s.Run.Ports[0].Port, 8080)
			eq(t, "httpSupport", s.Run.Ports[0].HTTPSupport, true)
			eq(t, "alias written", s.Build.Keys.Has("deploy") && !s.Build.Keys.Has("deployFiles"), true)
		}},
		{"python: build.deploy as a list", python, "api", func(t *testing.T, s *zeropsyml.Setup) {
			eq(t, "deployFiles", s.Build.DeployFiles, []string{"app.py"})
			eq(t, "addToRunPrepare", s.Build.AddToRunPrepare, []string{"requirements.txt"})
			eq(t, "env", s.Run.EnvVariables.Values(), map[string]string{"DB_HOST": "${db_hostname}"})
		}},
		{"laravel: base list, null env values kept", laravel, "app", func(t *testing.T, s *zeropsyml.Setup) {
			eq(t, "base", s.Build.Base, []string{"php@8.4"})
			eq(t, "base list", s.Build.BaseList, true)
			eq(t, "cache", s.Build.Cache.Paths, []string{"vendor"})
			eq(t, "readiness", *s.Deploy.ReadinessCheck.HTTPGet, zeropsyml.HTTPGet{Port: 80, Path: "/up", Keys: s.Deploy.ReadinessCheck.HTTPGet.Keys})
			eq(t, "health path", s.Run.HealthCheck.HTTPGet.Path, "/up")
			eq(t, "values", s.Run.EnvVariables.Values(), map[string]string{"APP_NAME": "Laravel", "DB_PORT": "5432", "SESSION_ENCRYPT": "false"})
			for _, k := range []string{"MAIL_USERNAME", "MAIL_PASSWORD"} {
				v, ok := s.Run.EnvVariables.Get(k)
				eq(t, k, ok && v.Null && v.Value == "", true)
			}
			v, _ := s.Run.EnvVariables.Get("MAIL_USERNAME")
			eq(t, "null line", v.Line, 23)
			eq(t, "order", s.Run.EnvVariables[1].Key, "DB_PORT")
		}},
		{"elixir: alpine run base, ~ deploy", elixir, "api", func(t *testing.T, s *zeropsyml.Setup) {
			eq(t, "run base", s.Run.Base, "alpine@latest")
			eq(t, "deployFiles", s.Build.DeployFiles, []string{"_build/prod/rel/app/~"})
			eq(t, "build env", s.Build.EnvVariables.Values(), map[string]string{"MIX_ENV": "prod"})
		}},
		{"extends: a run key replaces, the rest inherited", extends, "prod", func(t *testing.T, s *zeropsyml.Setup) {
			eq(t, "name", s.Name, "prod")
			eq(t, "env", s.Run.EnvVariables.Values(), map[string]string{"A": "prod"})
			eq(t, "start", s.Run.Start, "npm start")
			eq(t, "build", s.Build.BuildCommands, []string{"npm ci", "npm run build"})
			eq(t, "inherited line", s.Run.Keys.Line("start"), 9)
		}},
		{"extends: a build key replaces, a block inherited whole", extends, "dev", func(t *testing.T, s *zeropsyml.Setup) {
			eq(t, "deployFiles", s.Build.DeployFiles, []string{"./"})
			eq(t, "base", s.Build.Base, []string{"nodejs@22"})
			eq(t, "shutdown", s.Deploy.TemporaryShutdown, true)
			eq(t, "env", s.Run.EnvVariables.Values(), map[string]string{"A": "base", "B": "base"})
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, err := zeropsyml.Parse([]byte(tt.content))
			if err != nil || len(f.Problems) > 0 {
				t.Fatalf("Parse: %v, problems %v", err, f.Problems)
			}
			s := f.Lookup(tt.setup)
			if s == nil {
				t.Fatalf("no setup %q in %v", tt.setup, f.Names())
			}
			tt.check(t, s)
		})
	}
}

func TestParse_Problems(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, content string
		want          []string // "line: path: problem"
	}{
		{"start as a list", "zerops:\n  - setup: a\n    run:\n      start: [a, b]\n", []string{"line 4: zerops[0].run.start: must be a string, got a list"}},
		{"port not a number", "zerops:\n  - setup: a\n    run:\n      ports:\n        - port: http\n", []string{"line 5: zerops[0].run.ports[0].port: must be a whole number, got a string"}},
		{"env not a mapping", "zerops:\n  - setup: a\n    run:\n      envVariables: [A]\n", []string{"line 4: zerops[0].run.envVariables: must be a mapping, got a list"}},
		{"env value a list", "zerops:\n  - setup: a\n    build:\n      envVariables:\n        A: [1]\n", []string{"line 5: zerops[0].build.envVariables.A: must be a scalar value, got a list"}},
		{"zerops a string", "zerops: x\n", []string{"line 1: zerops: must be a list of setups, got a string"}},
		{"item a string", "zerops:\n  - x\n", []string{"line 2: zerops[0]: must be a mapping (setup, build, run), got a string"}},
		{"root a string", "hello\n", []string{"line 1: : must be a mapping with the key zerops, got a string"}},
		{"unknown keys are not its business", "zerops:\n  - setup: a\n    nope: 1\n    run:\n      mount: x\n", nil},
		{"base list item a mapping", "zerops:\n  - setup: a\n    build:\n      base:\n        - {a: b}\n", []string{"line 5: zerops[0].build.base[0]: must be a string, got a mapping"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, err := zeropsyml.Parse([]byte(tt.content))
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, p := range f.Problems {
				got = append(got, p.Error())
			}
			eq(t, "problems", got, tt.want)
		})
	}
}

func TestParse_Decoding(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, content string
		check         func(t *testing.T, f *zeropsyml.File)
	}{
		{"empty file", "", func(t *testing.T, f *zeropsyml.File) { eq(t, "setups", len(f.Setups), 0) }},
		{"bare list", "- setup: a\n", func(t *testing.T, f *zeropsyml.File) {
			eq(t, "list", f.List, true)
			eq(t, "names", f.Names(), []string{"a"})
		}},
		{"merge keys and aliases", "x: &run\n  start: go\n  ports: [{port: 80}]\nzerops:\n  - setup: a\n    run:\n      <<: *run\n      start: mine\n  - setup: b\n    run: *run\n", func(t *testing.T, f *zeropsyml.File) {
			a, b := f.Setup("a"), f.Setup("b")
			eq(t, "own key wins", a.Run.Start, "mine")
			eq(t, "merged", a.Run.Ports[0].Port, 80)
			eq(t, "alias", b.Run.Start, "go")
		}},
		{"start commands", "zerops:\n  - setup: a\n    run:\n      startCommands:\n        - command: npm start\n          name: web\n          workingDir: api\n", func(t *testing.T, f *zeropsyml.File) {
			eq(t, "cmd", f.Setup("a").Run.StartCommands, []zeropsyml.StartCommand{{Command: "npm start", Name: "web", WorkingDir: "api", Keys: f.Setup("a").Run.StartCommands[0].Keys}})
		}},
		{"deployFiles wins over the alias", "zerops:\n  - setup: a\n    build:\n      deploy: x\n      deployFiles: y\n", func(t *testing.T, f *zeropsyml.File) {
			eq(t, "deployFiles", f.Setup("a").Build.DeployFiles, []string{"y"})
		}},
		{"cache true", "zerops:\n  - setup: a\n    build:\n      cache: true\n", func(t *testing.T, f *zeropsyml.File) {
			eq(t, "cache", *f.Setup("a").Build.Cache.Enabled, true)
		}},
		{"numbers as written", "zerops:\n  - setup: 7\n    run:\n      envVariables:\n        N: 0x10\n        F: 1.50\n", func(t *testing.T, f *zeropsyml.File) {
			s := f.Setup("7")
			eq(t, "env", s.Run.EnvVariables.Values(), map[string]string{"N": "0x10", "F": "1.50"})
			eq(t, "kind", s.Keys["setup"].Kind, "a number")
		}},
		{"extends itself or a missing setup: unresolved", "zerops:\n  - setup: a\n    extends: a\n  - setup: b\n    extends: zzz\n", func(t *testing.T, f *zeropsyml.File) {
			eq(t, "self", f.Parents(f.Setup("a")) == nil, true)
			eq(t, "missing", f.Lookup("b") == f.Setup("b"), true)
		}},
		{"extends a list: later parents over earlier", "zerops:\n  - setup: a\n    run: {start: a, base: nodejs@22}\n  - setup: b\n    run: {start: b}\n  - setup: c\n    extends: [a, b]\n", func(t *testing.T, f *zeropsyml.File) {
			eq(t, "extends", f.Setup("c").Extends, []string{"a", "b"})
			eq(t, "start", f.Lookup("c").Run.Start, "b")
			eq(t, "base", f.Lookup("c").Run.Base, "nodejs@22")
		}},
		{"extends one level only", "zerops:\n  - setup: a\n    run: {start: a}\n  - setup: b\n    extends: a\n  - setup: c\n    extends: b\n", func(t *testing.T, f *zeropsyml.File) {
			eq(t, "b", f.Lookup("b").Run.Start, "a")
			eq(t, "c", f.Lookup("c").Run == nil, true)
		}},
		{"duplicate setup: the first", "zerops:\n  - setup: a\n    run: {start: one}\n  - setup: a\n    run: {start: two}\n", func(t *testing.T, f *zeropsyml.File) {
			eq(t, "first", f.Setup("a").Run.Start, "one")
			eq(t, "names", f.Names(), []string{"a"})
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			f, err := zeropsyml.Parse([]byte(tt.content))
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, f)
		})
	}
}

func TestParse_SyntaxErrorHasLine(t *testing.T) {
	t.Parallel()
	_, err := zeropsyml.Parse([]byte("zerops:\n  - setup: a\n   run: x\n  bad\n"))
	var se *zeropsyml.SyntaxError
	if !errors.As(err, &se) || se.Line == 0 {
		t.Fatalf("err %v, want a SyntaxError with a line", err)
	}
}

func TestParse_AliasBomb(t *testing.T) {
	t.Parallel()
	// Merge keys nested seven deep, ten to a level: 10^7 mappings to walk.
	var b strings.Builder
	b.WriteString("m0: &m0 {A: x}\n")
	for i := 1; i <= 7; i++ {
		fmt.Fprintf(&b, "m%d: &m%d {<<: [", i, i)
		for j := range 10 {
			if j > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "*m%d", i-1)
		}
		b.WriteString("]}\n")
	}
	b.WriteString("zerops:\n  - setup: s\n    run:\n      envVariables: *m7\n")
	f, err := zeropsyml.Parse([]byte(b.String()))
	if !errors.Is(err, zeropsyml.ErrTooComplex) || f == nil {
		t.Fatalf("err %v, want ErrTooComplex with what was read", err)
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{goHello, python, laravel, elixir, extends, "- a\n", "zerops: &z [*z]\n", "zerops:\n  - <<: [*x]\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, content string) {
		file, err := zeropsyml.Parse([]byte(content))
		if err != nil {
			return
		}
		for _, s := range file.Setups {
			_ = file.Resolve(s)
			_ = s.Path()
		}
		_ = file.Names()
	})
}

func eq[T any](t *testing.T, what string, got, want T) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s = %#v, want %#v", what, got, want)
	}
}
