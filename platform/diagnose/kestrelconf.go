package diagnose

import (
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// kestrelURL is a Kestrel endpoint's Url line of appsettings.json bound
// to a local address: group 1 the address.
var kestrelURL = lazyregexp.New(`"Url"\s*:\s*"https?://(localhost|127\.0\.0\.1|\[::1\])(?::\d+)?[^"]*"`)

// ScanKestrelSettings reads content, an ASP.NET Core appsettings.json
// (file), for the first Url of Kestrel's Endpoints bound to a local
// address: Kestrel's endpoints win over ASPNETCORE_URLS and --urls (the
// dotnet recipe binds in them), so the address is changed there. ok is
// false when no such line is under a "Kestrel" key.
func ScanKestrelSettings(file, content string) (c Code, ok bool) {
	c = Code{File: file, Read: true}
	in := false
	for n, line := range strings.Split(content, "\n") {
		if strings.Contains(line, `"Kestrel"`) {
			in = true
		}
		if m := kestrelURL.FindStringSubmatch(line); in && m != nil {
			c.Line, c.Text, c.Literal = n+1, clipTo(strings.TrimSpace(line), maxCodeText), strings.Trim(m[1], "[]")
			if m[1] == "[::1]" {
				c.Literal = m[1]
			}
			return c, true
		}
	}
	return c, false
}
