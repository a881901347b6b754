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
