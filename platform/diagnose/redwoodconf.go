package diagnose

import (
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

var (
	// tomlTable is a TOML table header line: `[web]`.
	tomlTable = lazyregexp.New(`^\[\s*([\w.-]+)\s*\]`)
	// tomlPort is a line setting a table's port: `port = 8910`.
	tomlPort = lazyregexp.New(`^port\s*=\s*("?)([^"#\s]*)"?`)
)

// ScanRedwoodToml reads content, a RedwoodJS app's redwood.toml, for the
// line of its [web] table setting the port `rw serve` serves the web side
// on; a `${VAR}` there counts as reading a variable. ok is false when the
// table sets no port (Redwood's default, 8910, then holds).
func ScanRedwoodToml(file, content string) (c Code, ok bool) {
	c = Code{File: file, Read: true}
	table := ""
	for n, line := range strings.Split(content, "\n") {
		t := strings.TrimSpace(line)
		if m := tomlTable.FindStringSubmatch(t); m != nil {
			table = m[1]
			continue
		}
		m := tomlPort.FindStringSubmatch(t)
		if table != "web" || m == nil {
			continue
		}
		if strings.Contains(m[2], "${") {
			c.ReadsPort = true
			return c, true
		}
		if _, err := strconv.Atoi(m[2]); err == nil {
			c.PortLine, c.PortText = n+1, clipTo(t, maxCodeText)
			return c, true
		}
	}
	return c, false
}
