package appsim

import (
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// serverLineRe is a line of docs/sandbox.md's Servers section: "- `name` — …".
var serverLineRe = regexp.MustCompile("^- `([^`]+)` — (.+)$")

// Each server record has its line in docs/sandbox.md, naming its default
// port, and each line there has its record.
func TestDocs_ServersMatchRecords(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../../docs/sandbox.md")
	if err != nil {
		t.Fatal(err)
	}
	_, servers, ok := strings.Cut(string(src), "\n## Servers\n")
	if !ok {
		t.Fatal("docs/sandbox.md has no Servers section")
	}
	servers, _, _ = strings.Cut(servers, "\n## ")
	var documented []string
	for _, l := range strings.Split(servers, "\n") {
		m := serverLineRe.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		documented = append(documented, m[1])
		s, has := ownAddrs[m[1]]
		switch {
		case !has:
			t.Errorf("docs/sandbox.md documents %q, which has no record in ownAddrs", m[1])
		case s.port != 0 && !strings.Contains(m[2], strconv.Itoa(s.port)):
			t.Errorf("docs/sandbox.md's line for %q does not name its default port %d", m[1], s.port)
		}
	}
	for name := range ownAddrs {
		if !slices.Contains(documented, name) {
			t.Errorf("record %q has no line in docs/sandbox.md's Servers section", name)
		}
	}
}

// Each tool record has its line in docs/sandbox.md's Tools section, naming
// its commands, servers and web-server bases; each line there has its
// record.
func TestDocs_ToolsMatchRecords(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../../docs/sandbox.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(src), "\n## Tools\n")
	if !ok {
		t.Fatal("docs/sandbox.md has no Tools section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	lines := map[string]string{}
	for _, l := range strings.Split(section, "\n") {
		if m := serverLineRe.FindStringSubmatch(l); m != nil {
			lines[m[1]] = m[2]
		}
	}
	named := map[string]bool{}
	for _, tl := range tools {
		if tl.name == "" {
			continue
		}
		named[tl.name] = true
		line, has := lines[tl.name]
		if !has {
			t.Errorf("record %q has no line in docs/sandbox.md's Tools section", tl.name)
			continue
		}
		var want []string
		want = append(want, tl.names...)
		want = append(want, tl.webServer...)
		for s := range tl.servers {
			want = append(want, s)
		}
		for _, w := range want {
			if !strings.Contains(line, "`"+w+"`") {
				t.Errorf("docs/sandbox.md's line for %q does not name `%s`", tl.name, w)
			}
		}
	}
	for name := range lines {
		if !named[name] {
			t.Errorf("docs/sandbox.md's Tools section documents %q, which has no record", name)
		}
	}
}
