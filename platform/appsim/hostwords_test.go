package appsim

import (
	"strings"
	"testing"
)

// Every runtime the sandbox knows reports a host that does not resolve in
// its own words: Node's ENOTFOUND only for Node and Bun (walk 15: a
// Gleam app crashed with "Error: getaddrinfo ENOTFOUND postgres").
func TestHostNotFound_InEachRuntimesWords(t *testing.T) {
	t.Parallel()
	langs := map[string]bool{"elixir": true, "ubuntu": true, "alpine": true}
	for _, tl := range tools {
		if tl.lang != "" {
			langs[tl.lang] = true
		}
	}
	for lang := range langs {
		t.Run(lang, func(t *testing.T) {
			t.Parallel()
			line := hostNotFound(lang, "postgres")
			node := strings.Contains(line, "ENOTFOUND") // libuv's code, which PHP's getaddrinfo line lacks
			if node != (lang == "node" || lang == "bun") {
				t.Errorf("%s reports a host not found as %q", lang, line)
			}
		})
	}
}
