package appsim

import (
	"reflect"
	"testing"
)

func TestParseShell_Forms(t *testing.T) {
	t.Parallel()
	tests := []struct {
		line string
		want []shellStep
	}{
		{"npm ci", []shellStep{{words: []string{"npm", "ci"}, line: 1}}},
		{"npm run biuld && exit 1", []shellStep{{words: []string{"npm", "run", "biuld"}, line: 1}, {op: "&&", words: []string{"exit", "1"}, line: 1}}},
		{"npm ci || npm install; echo done", []shellStep{{words: []string{"npm", "ci"}, line: 1}, {op: "||", words: []string{"npm", "install"}, line: 1}, {op: ";", words: []string{"echo", "done"}, line: 1}}},
		{`echo "a && b" 'c;d'`, []shellStep{{words: []string{"echo", "a && b", "c;d"}, line: 1}}},
		{"cat x | grep y > out.txt 2>&1", []shellStep{{words: []string{"grep", "y"}, redir: []string{"out.txt"}, line: 1}}},
		{"build 2> err.log >> dist/app.log", []shellStep{{words: []string{"build"}, redir: []string{"dist/app.log"}, line: 1}}},
		{"PORT=3000 node x.js # start", []shellStep{{words: []string{"PORT=3000", "node", "x.js"}, line: 1}}},
		{"a\nb", []shellStep{{words: []string{"a"}, line: 1}, {op: ";", words: []string{"b"}, nl: true, line: 2}}},
		{"a; b\n\nc", []shellStep{{words: []string{"a"}, line: 1}, {op: ";", words: []string{"b"}, line: 1}, {op: ";", words: []string{"c"}, nl: true, line: 3}}},
		{"a &&\n  b", []shellStep{{words: []string{"a"}, line: 1}, {op: "&&", words: []string{"b"}, line: 2}}},
		{"npm \\\n  ci && \\\n  cd x", []shellStep{{words: []string{"npm", "ci"}, line: 1}, {op: "&&", words: []string{"cd", "x"}, line: 3}}},
		{"# go\n\"a\nb\" c\nd", []shellStep{{op: ";", words: []string{"a\nb", "c"}, nl: true, line: 2}, {op: ";", words: []string{"d"}, nl: true, line: 4}}},
		{`echo "unterminated`, []shellStep{{words: []string{"echo", "unterminated"}, line: 1}}},
		{"", nil},
	}
	for _, tt := range tests {
		if got := parseShell(tt.line); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("parseShell(%q) = %+v, want %+v", tt.line, got, tt.want)
		}
	}
}

// Hostile input never panics and never takes long.
func FuzzParseShell(f *testing.F) {
	for _, s := range []string{"npm ci && exit 1", `"'\`, "a>|b", "2>&", "#"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		_ = parseShell(line)
		b := &buildSim{produced: map[string]bool{}}
		_ = b.run(line, 0)
	})
}

// Whatever run.start and entry file the user wrote, the runtime's reading
// never panics.
func FuzzSimulateRun(f *testing.F) {
	f.Add("node index.js", "app.listen(process.env.PORT || 8080, 'localhost')", "${db_x}")
	f.Add("npm start", `{"scripts":{"start":"npm start"}}`, "")
	f.Add("gunicorn a.b:app -b :$PORT", "port=80", "${ghost_y} ${")
	f.Fuzz(func(t *testing.T, start, entry, ref string) {
		d := &Setup{Start: start, DeployFiles: []string{"./"}, EnvVariables: map[string]string{"X": ref, "PORT": entry},
			Ports: []Port{{Port: 3000}}}
		files := &Files{paths: map[string]bool{"index.js": true, "package.json": true},
			text: map[string]string{"index.js": entry, "package.json": entry}}
		_ = Run(d, files, &BuildResult{Produced: map[string]bool{}}, "nodejs@22", Env{}, "seed")
	})
}
