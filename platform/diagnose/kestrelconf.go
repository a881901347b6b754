package diagnose

import (
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// kestrelURL is a Kestrel endpoint's Url in appsettings.json bound to a
// local address: group 1 the address; kestrelPort one naming its port.
var (
	kestrelURL  = lazyregexp.New(`"Url"\s*:\s*"https?://(localhost|127\.0\.0\.1|\[::1\])(?::\d+)?[^"]*"`)
	kestrelPort = lazyregexp.New(`"Url"\s*:\s*"https?://[^"/]*:\d{2,5}[^"]*"`)
)

// ScanKestrelSettings reads content, an ASP.NET Core appsettings.json
// (file), for the first Url of Kestrel's Endpoints bound to a local
// address, and the first Url giving a port: Kestrel's endpoints win over
// ASPNETCORE_URLS and --urls (the dotnet recipe binds in them), so the
// address and the port are changed there. ok is false when no such line
// is under a "Kestrel" key.
func ScanKestrelSettings(file, content string) (c Code, ok bool) {
	c = Code{File: file, Read: true}
	in := false
	for n, line := range strings.Split(content, "\n") {
		if strings.Contains(line, `"Kestrel"`) {
			in = true
		}
		if !in {
			continue
		}
		if p := kestrelPort.FindString(line); p != "" && c.PortLine == 0 {
			c.PortLine, c.PortText, ok = n+1, p, true
		}
		if m := kestrelURL.FindStringSubmatch(line); m != nil && c.Line == 0 {
			c.Line, c.Text, c.Literal, ok = n+1, clipTo(strings.TrimSpace(line), maxCodeText), strings.Trim(m[1], "[]"), true
			if m[1] == "[::1]" {
				c.Literal = m[1]
			}
		}
	}
	return c, ok
}
