package diagnose

import (
	"strings"
	"testing"
)

// A localhost bind no server's line or start command explains is fixed in
// the app's language, with no HOST variable offered first: where the code
// is known to write the address, none at all, and the answer names the
// file and line; where it reads HOST, the variable; once HOST is 0.0.0.0,
// where the address really is (issue 34).
func TestClassifyWith_LocalhostFixCutToTheLanguage(t *testing.T) {
	t.Parallel()
	literal := &Code{File: "server.js", Read: true, Line: 3, Text: "server.listen(3000, '127.0.0.1');", Literal: "127.0.0.1"}
	tests := []struct {
		name     string
		runtime  string
		code     *Code
		env      map[string]string
		want     []string
		not      []string
		hostLast bool // a HOST variable is offered, after the code's bind
		envOnly  bool
	}{
		{"node, code not read", "nodejs@22", nil, nil,
			[]string{"server.listen(3000, '0.0.0.0')", "app.listen(3000, '0.0.0.0')", "Only if the code reads a HOST variable (`process.env.HOST`)"},
			[]string{"Flask", "gunicorn", "uvicorn", "ListenAndServe", "Bun.serve"}, true, false},
		{"python, code not read", "python@3.12", nil, nil,
			[]string{`app.run(host="0.0.0.0", port=3000)`, "--bind 0.0.0.0:3000", "uvicorn"},
			[]string{"Node", "listen(", "ListenAndServe"}, true, false},
		{"go, code not read", "go@1", nil, nil,
			[]string{`http.ListenAndServe(":3000", handler)`},
			[]string{"Node", "Flask", "gunicorn"}, true, false},
		{"unknown runtime keeps every form", "", nil, nil,
			[]string{"Node `listen(3000, '0.0.0.0')`", "Flask", "gunicorn"}, nil, true, false},
		{"node, literal read in the code", "nodejs@22", literal, nil,
			[]string{"server.js, line 3", "server.listen(3000, '127.0.0.1');", "Change server.js, line 3 to bind 0.0.0.0 on port 3000: `server.listen(3000, '0.0.0.0');`"},
			[]string{"HOST", "Flask", "zerops_env"}, false, false},
		{"node, the code reads HOST", "nodejs@22", &Code{File: "index.js", Read: true, Line: 2, Text: "listen(3000, process.env.HOST || 'localhost')", Literal: "localhost", ReadsHost: true}, nil,
			[]string{"reads a HOST variable that is not set", "index.js, line 2", `zerops_env action=set variables=["HOST=0.0.0.0"] restart=true`},
			[]string{"Flask"}, false, true},
		{"HOST set, code not read", "nodejs@22", &Code{File: "index.js"}, map[string]string{"HOST": "0.0.0.0"},
			[]string{"although HOST is set to 0.0.0.0", "hard-coded", "in the file `run.start` starts (index.js)", "ZCP did not read", "server.listen(3000, '0.0.0.0')"},
			[]string{"HOST=0.0.0.0", "zerops_env", "Flask"}, false, false},
		{"HOST set, literal read", "nodejs@22", literal, map[string]string{"HOST": "0.0.0.0"},
			[]string{"although HOST is set to 0.0.0.0", "in server.js, line 3: `server.listen(3000, '127.0.0.1');`"},
			[]string{"HOST=0.0.0.0", "zerops_env", "Flask"}, false, false},
		{"HOST set, the bind reads it", "nodejs@22", &Code{File: "index.js", Read: true, Line: 2, Text: "listen(3000, process.env.HOST || 'localhost')", Literal: "localhost", ReadsHost: true},
			map[string]string{"HOST": "0.0.0.0"},
			[]string{"binds by HOST (index.js, line 2)", "did not get HOST", "zerops_manage action=restart"},
			[]string{"hard-coded", "HOST=0.0.0.0", "Flask"}, false, true},
		{"HOST set, entry read without the bind", "python@3.12", &Code{File: "app.py", Read: true}, map[string]string{"HOST": "0.0.0.0"},
			[]string{"found no line there binding a local address", "the module app.py loads", `app.run(host="0.0.0.0", port=3000)`},
			[]string{"HOST=0.0.0.0", "Node"}, false, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ds := ClassifyWith([]string{"Listening on 127.0.0.1:3000"}, Runtime, Options{Ports: []int{3000}, Runtime: tt.runtime, Code: tt.code, Env: tt.env})
			if len(ds) == 0 || ds[0].Signal != "listening-on-localhost" {
				t.Fatalf("diagnoses %+v, want listening-on-localhost", ds)
			}
			said := ds[0].Cause + " " + ds[0].Fix
			for _, w := range tt.want {
				if !strings.Contains(said, w) {
					t.Errorf("%q lacks %q", said, w)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(said, n) {
					t.Errorf("%q has %q", said, n)
				}
			}
			host, bind := strings.Index(ds[0].Fix, "HOST=0.0.0.0"), strings.Index(ds[0].Fix, "0.0.0.0")
			if tt.hostLast && (host < 0 || host <= bind) {
				t.Errorf("fix %q does not offer the HOST variable after the code's bind", ds[0].Fix)
			}
			if ds[0].NeedsDeploy() == tt.envOnly {
				t.Errorf("NeedsDeploy = %v, want %v", ds[0].NeedsDeploy(), !tt.envOnly)
			}
		})
	}
}

// ScanCode finds the line that writes a local address where the app
// binds, and a HOST read, in each language's words; a database's host or
// a comment is no bind.
func TestScanCode_FindsTheBind(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, content string
		line          int
		literal       string
		readsHost     bool
	}{
		{"node literal", "const http = require('node:http');\nhttp.createServer(h).listen(3000, '127.0.0.1');\n", 2, "127.0.0.1", false},
		{"express localhost", "const app = express();\n// app.listen(3000, '0.0.0.0')\napp.listen(PORT, 'localhost', () => {});\n", 3, "localhost", false},
		{"host const", "const HOST = '127.0.0.1';\nserver.listen(3000, HOST);\n", 1, "127.0.0.1", false},
		{"HOST with fallback", "server.listen(3000, process.env.HOST || '127.0.0.1');\n", 1, "127.0.0.1", true},
		{"flask", "if __name__ == '__main__':\n    app.run(host=\"127.0.0.1\", port=8000)\n", 2, "127.0.0.1", false},
		{"go", "func main() {\n\thttp.ListenAndServe(\"localhost:8080\", nil)\n}\n", 2, "localhost", false},
		{"python reads HOST", "host = os.environ.get(\"HOST\", \"127.0.0.1\")\napp.run(host=host)\n", 1, "127.0.0.1", true},
		{"a database host is no bind", "const db = new Client({ connectionString: process.env.DB });\nserver.listen(3000, '0.0.0.0');\n", 0, "", false},
		{"a cache's host is no bind", "const redis = createClient({ host: 'localhost', port: 6379 });\napp.listen(3000, '127.0.0.1');\n", 2, "127.0.0.1", false},
		{"a URL logged beside the bind", "app.listen(3000, 'localhost', () => console.log('at http://localhost:3000'));\n", 1, "localhost", false},
		{"a database URL is no bind", "const db = { host: 'localhost', database: 'app' };\nserver.listen(3000);\n", 0, "", false},
		{"a comment is no bind", "# app.run(host='127.0.0.1')\napp.run(host='0.0.0.0')\n", 0, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := ScanCode("f", tt.content)
			if c.Line != tt.line || c.Literal != tt.literal || c.ReadsHost != tt.readsHost || !c.Read {
				t.Errorf("ScanCode = %+v, want line %d literal %q readsHost %v", c, tt.line, tt.literal, tt.readsHost)
			}
		})
	}
}

// EntryFile names the source file a start command runs.
func TestEntryFile_NamesTheStartedSource(t *testing.T) {
	t.Parallel()
	tests := []struct{ start, want string }{
		{"node index.js", "index.js"},
		{"node --enable-source-maps dist/server.js", "dist/server.js"},
		{"NODE_ENV=production node ./src/main.mjs", "src/main.mjs"},
		{"python app.py", "app.py"},
		{"gunicorn --bind 0.0.0.0:8000 app.main:app", "app/main.py"},
		{"uvicorn main:app --host 0.0.0.0", "main.py"},
		{"bun run server.ts", "server.ts"},
		{"npm start", ""},
		{"./app", ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := EntryFile(tt.start); got != tt.want {
			t.Errorf("EntryFile(%q) = %q, want %q", tt.start, got, tt.want)
		}
	}
}

// TestScanCode_FindsThePortWrittenAndItsRead checks the port half of the
// scan: the first listen call with a number in it, and a read of PORT in
// the languages' forms; a comment is no call.
func TestScanCode_FindsThePortWrittenAndItsRead(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, content string
		line          int
		readsPort     bool
	}{
		{"NodeLiteral", "const http = require('http');\n// app.listen(3000)\nhttp.createServer(h).listen(8080, '0.0.0.0');\n", 3, false},
		{"NodeReadsPort", "const port = process.env.PORT || 3000;\napp.listen(port, '0.0.0.0');\n", 0, true},
		{"NodeFallbackInTheCall", "app.listen(process.env.PORT || 3000);\n", 1, true},
		{"PythonReadsPort", "import os\napp.run(host='0.0.0.0', port=int(os.environ['PORT']))\n", 0, true},
		{"GoLiteral", "func main() {\n\thttp.ListenAndServe(\":8080\", nil)\n}\n", 2, false},
		// Go's address or port in a variable written once (fix30a: the
		// answer led with "set PORT" for these).
		{"GoAddrVariable", "func main() {\n\taddr := \":3000\"\n\tlog.Fatal(http.ListenAndServe(addr, nil))\n}\n", 2, false},
		{"GoPortConstJoined", "const port = \"3000\"\n\nfunc main() {\n\thttp.ListenAndServe(\":\"+port, nil)\n}\n", 1, false},
		{"GoAddrAssignedTwice", "func main() {\n\taddr := \":3000\"\n\tif x {\n\t\taddr = \":4000\"\n\t}\n\thttp.ListenAndServe(addr, nil)\n}\n", 0, false},
		{"GoAddrFromEnv", "func main() {\n\taddr := \":\" + os.Getenv(\"PORT\")\n\thttp.ListenAndServe(addr, nil)\n}\n", 0, true},
		{"NoListen", "console.log(42)\n", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := ScanCode("f", tt.content)
			if c.PortLine != tt.line || c.ReadsPort != tt.readsPort {
				t.Fatalf("port line %d, reads PORT %v; want %d, %v", c.PortLine, c.ReadsPort, tt.line, tt.readsPort)
			}
		})
	}
}
