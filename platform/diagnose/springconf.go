package diagnose

import (
	"path"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// SpringConfigs are the Spring Boot config files of a source, in the
// order Spring Boot lets them win: a config/ folder and the top beside
// the jar, then the ones packaged from src/main/resources.
var SpringConfigs = []string{"config/application.properties", "config/application.yml", "config/application.yaml",
	"application.properties", "application.yml", "application.yaml",
	"src/main/resources/application.properties", "src/main/resources/application.yml", "src/main/resources/application.yaml"}

var (
	// springProp is a properties line setting server.address or
	// server.port (`=`, `:` or a space between key and value).
	springProp = lazyregexp.New(`^server\.(address|port)\s*[=:\s]\s*(.*)$`)
	// springYmlFlat is a YAML line setting them as one dotted key;
	// springYmlKey a key under a top-level `server:`.
	springYmlFlat = lazyregexp.New(`^server\.(address|port)\s*:\s*(.*)$`)
	springYmlKey  = lazyregexp.New(`^(address|port)\s*:\s*(.*)$`)
	localAddr     = lazyregexp.New(`^(?:127\.0\.0\.1|localhost|::1|\[::1\])$`)
)

// ScanSpringConfig reads content, the Spring Boot config file (properties
// or YAML, by its extension), for the line setting server.address to a
// local address and the line setting server.port to a number; a
// placeholder (`${SERVER_HOST:…}`) there counts as reading a variable.
// ok is false when the file sets neither.
func ScanSpringConfig(file, content string) (c Code, ok bool) {
	c = Code{File: file, Read: true}
	yml := path.Ext(file) != ".properties"
	inServer, indent := false, -1
	for n, line := range strings.Split(content, "\n") {
		t := strings.TrimSpace(line)
		if t == "" || strings.HasPrefix(t, "#") || strings.HasPrefix(t, "!") {
			continue
		}
		var m []string
		switch {
		case !yml:
			m = springProp.FindStringSubmatch(t)
		case line[0] != ' ' && line[0] != '\t':
			inServer, indent = t == "server:", -1
			m = springYmlFlat.FindStringSubmatch(t)
		case inServer:
			// only the keys right under server: (server.ssl.port is not the port)
			if at := len(line) - len(strings.TrimLeft(line, " \t")); indent < 0 || at == indent {
				indent = at
				m = springYmlKey.FindStringSubmatch(t)
			}
		}
		if m == nil {
			continue
		}
		v := strings.TrimSpace(m[2])
		if yml {
			v = strings.TrimSpace(strings.SplitN(v, " #", 2)[0])
		}
		v = strings.Trim(v, `"'`)
		switch {
		case m[1] == "address" && strings.Contains(v, "${"):
			c.ReadsHost, ok = true, true
		case m[1] == "address" && localAddr.MatchString(v) && c.Line == 0:
			c.Line, c.Text, c.Literal, ok = n+1, clipTo(t, maxCodeText), strings.Trim(v, "[]"), true
		case m[1] == "port" && strings.Contains(v, "${"):
			c.ReadsPort, ok = true, true
		case m[1] == "port" && c.PortLine == 0:
			if _, err := strconv.Atoi(v); err == nil {
				c.PortLine, c.PortText, ok = n+1, clipTo(t, maxCodeText), true
			}
		}
	}
	return c, ok
}
