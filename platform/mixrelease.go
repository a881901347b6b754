package platform

import (
	"regexp"
	"strings"
)

// mixApp is the app's name in a mix.exs project (`app: :myapp`).
var mixApp = regexp.MustCompile(`\bapp:\s*:(\w+)`)

// mixReleasesKey opens the releases keyword of a mix.exs project.
var mixReleasesKey = regexp.MustCompile(`\breleases:\s*`)

// mixKey is a keyword key at the head of a list item (`myapp: [`).
var mixKey = regexp.MustCompile(`^(\w+):\s`)

// MixReleases are the releases `mix release` assembles for the project
// whose mix.exs is src, each written to _build/<MIX_ENV>/rel/<name>: the
// keys of its `releases:` list, else the app's name. ok is false when src
// gives them in a form not read here (a function's result).
func MixReleases(src string) (names []string, ok bool) {
	var code strings.Builder
	for _, l := range strings.Split(src, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(l), "#") {
			code.WriteString(l + "\n")
		}
	}
	s := code.String()
	if loc := mixReleasesKey.FindStringIndex(s); loc != nil {
		rest := s[loc[1]:]
		if !strings.HasPrefix(rest, "[") {
			return nil, false
		}
		depth := 0
		for i := 0; i < len(rest); i++ {
			switch c := rest[i]; {
			case c == '[' || c == '{' || c == '(':
				depth++
			case c == ']' || c == '}' || c == ')':
				if depth--; depth == 0 {
					return names, len(names) > 0
				}
				continue
			case c != ',':
				continue
			}
			if depth == 1 { // an item of the releases list begins after its [ or a ,
				if m := mixKey.FindStringSubmatch(strings.TrimLeft(rest[i+1:], " \t\n")); m != nil {
					names = append(names, m[1])
				}
			}
		}
		return nil, false
	}
	if m := mixApp.FindStringSubmatch(s); m != nil {
		return []string{m[1]}, true
	}
	return nil, false
}

// mixRelPath is a path into a Mix release: _build/<env>/rel/<name>.
var mixRelPath = regexp.MustCompile(`^_build/([^/\s]+)/rel/([^/\s]+)(?:/|$)`)

// MixRelease reads rel, a path relative to the Mix project, as one into
// the release name built for the environment env.
func MixRelease(rel string) (env, name string, ok bool) {
	m := mixRelPath.FindStringSubmatch(strings.TrimPrefix(rel, "./"))
	if m == nil {
		return "", "", false
	}
	return m[1], m[2], true
}
