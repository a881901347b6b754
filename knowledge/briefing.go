package knowledge

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// runtimeDocs maps catalog runtime names to their corpus document where the
// name differs from the document's.
var runtimeDocs = map[string]string{
	"php-nginx":  "php",
	"php-apache": "php",
	"golang":     "go",
}

// serviceWiring lists, per managed service type, the generated variables a
// runtime typically references and a conventional hostname.
var serviceWiring = map[string]struct {
	host    string
	vars    string
	example string
}{
	"postgresql":     {"db", "hostname, port (5432; TLS 6432 as portTls), user, password, dbName, connectionString, superUser", "connectionString"},
	"mariadb":        {"db", "hostname, port (3306), user, password, connectionString (mysql://…)", "connectionString"},
	"clickhouse":     {"analytics", "hostname, port, user, password", "password"},
	"valkey":         {"cache", "hostname, port (6379; TLS 6380 as portTls), password, connectionString (redis://…), connectionTlsString", "connectionString"},
	"keydb":          {"cache", "hostname, port (6379)", "hostname"},
	"elasticsearch":  {"search", "hostname, port (9200), password", "password"},
	"meilisearch":    {"search", "hostname, port (7700), masterKey", "masterKey"},
	"typesense":      {"search", "hostname, port (8108), apiKey", "apiKey"},
	"qdrant":         {"vectors", "hostname, port (6333 HTTP, 6334 gRPC), apiKey", "apiKey"},
	"nats":           {"queue", "hostname, port (4222), user, password", "password"},
	"kafka":          {"kafka", "hostname, port", "hostname"},
	"object-storage": {"storage", "apiUrl, accessKeyId, secretAccessKey, bucketName", "apiUrl"},
}

var headingRE = regexp.MustCompile(`(?m)^(#{1,4}) `)

// Briefing assembles the briefing to read before writing import.yml and
// zerops.yml for a runtime and managed services (types such as "bun@1.3",
// "alpine/nodejs@22", "postgresql:single@18"; versions are ignored here —
// FormatVersionCheck checks them). It joins the core principles, the
// runtime's document, each service's document and wiring through env
// references; the caller appends the version check and the next step. Names without a document become notes, not
// errors; it fails only when nothing is requested or the corpus is broken.
func Briefing(runtime string, services []string) (string, error) {
	runtime = strings.TrimSpace(runtime)
	var reqServices []string
	for _, s := range services {
		if s = strings.TrimSpace(s); s != "" {
			reqServices = append(reqServices, s)
		}
	}
	if runtime == "" && len(reqServices) == 0 {
		return "", platform.NewError(platform.ErrInvalidParameter, "knowledge briefing: no runtime or service named",
			"Pass runtime (e.g. nodejs@22) and/or services (e.g. [\"postgresql@16\"]).")
	}
	docs, err := Documents()
	if err != nil {
		return "", fmt.Errorf("knowledge briefing: %w", err)
	}
	byPath := make(map[string]Document, len(docs))
	for _, d := range docs {
		byPath[d.Path] = d
	}

	var b strings.Builder
	var notes []string
	// The title names the types without versions: a version may be invented,
	// and the version check (which the caller puts first) judges it. A
	// service Zerops does not offer is named as such, not as if it were one.
	var names []string
	for _, r := range append(nonEmpty(runtime), reqServices...) {
		n := baseName(r)
		if u, ok := unsupported[n]; ok {
			n = u.name + " (not on Zerops)"
			if v := u.offered(); v != "" {
				n = u.name + " (" + v + ", no guide)"
			}
		}
		if n != "" && !contains(names, n) {
			names = append(names, n)
		}
	}
	title := "Zerops briefing: " + truncateRunes(strings.Join(names, " + "), 200)
	b.WriteString("# " + title + "\n\n")
	b.WriteString(strings.TrimSpace(mustContent("principles.md")) + "\n")

	if runtime != "" {
		name := baseName(runtime)
		docName := name
		if alt, ok := runtimeDocs[name]; ok {
			docName = alt
		} else if a := aliases[name]; len(a) > 0 && byPath["runtimes/"+name].URI == "" {
			docName = a[0]
		}
		if d, ok := byPath["runtimes/"+docName]; ok {
			fmt.Fprintf(&b, "\n## Runtime: %s (%s)\n\n%s", d.Title, d.URI, demote(d.Content))
		} else {
			notes = append(notes, fmt.Sprintf("No runtime guide for %q. Known runtimes: %s.",
				truncateRunes(runtime, 60), strings.Join(knownNames(byPath, "runtimes/"), ", ")))
		}
	}

	type wired struct{ name, host, vars, example string }
	var wiring []wired
	seen := map[string]bool{}
	if len(reqServices) > 0 {
		b.WriteString("\n## Services\n")
	}
	for _, s := range reqServices {
		name := baseName(s)
		if seen[name] {
			continue
		}
		seen[name] = true
		if u, ok := unsupported[name]; ok {
			notes = append(notes, u.missing()+"; the closest alternative is "+u.alternative+" ("+u.uri+").")
			continue
		}
		d, ok := byPath["services/"+name]
		if !ok {
			if a := aliases[name]; len(a) > 0 {
				d, ok = byPath["services/"+a[0]]
				name = a[0]
			}
		}
		if ok {
			fmt.Fprintf(&b, "\n### %s (%s)\n\n%s", d.Title, d.URI, demote(d.Content))
		} else {
			notes = append(notes, fmt.Sprintf("No service guide for %q. Known services: %s.",
				truncateRunes(s, 60), strings.Join(knownNames(byPath, "services/"), ", ")))
		}
		if w, ok := serviceWiring[name]; ok {
			wiring = append(wiring, wired{name, w.host, w.vars, w.example})
		}
	}

	if len(wiring) > 0 {
		b.WriteString("\n## Wiring\n\nReference generated variables from the runtime's zerops.yml `run.envVariables` as " +
			"`${<hostname>_<variable>}` — the hostname you give the service in import.yml, then an underscore:\n\n")
		for _, w := range wiring {
			fmt.Fprintf(&b, "- %s (e.g. hostname `%s`): %s — e.g. `${%s_%s}`\n", w.name, w.host, w.vars, w.host, w.example)
		}
		b.WriteString("\nVariables resolve when the runtime container starts: restart it after adding a service it references. " +
			"More: zerops://docs/env/cross-service-references\n")
	}
	if len(notes) > 0 {
		b.WriteString("\n## Notes\n\n")
		for _, n := range notes {
			b.WriteString("- " + n + "\n")
		}
	}
	return b.String(), nil
}

// baseName extracts the type name from "alpine/nodejs@22", "postgresql:ha@18"
// or a bare name; unparsable input is lower-cased and trimmed.
func baseName(s string) string {
	if st, err := platform.ParseServiceType(strings.ToLower(s)); err == nil {
		return st.Name
	}
	s = strings.ToLower(s)
	s, _, _ = strings.Cut(s, "@")
	if i := strings.LastIndexByte(s, '/'); i >= 0 {
		s = s[i+1:]
	}
	s, _, _ = strings.Cut(s, ":")
	return truncateRunes(strings.TrimSpace(s), 60)
}

// demote pushes markdown headings two levels down so documents nest under
// the briefing's sections.
// The document's own title line is dropped: the section heading names it.
func demote(content string) string {
	content = strings.TrimSpace(content)
	if strings.HasPrefix(content, "# ") {
		_, content, _ = strings.Cut(content, "\n")
	}
	return headingRE.ReplaceAllString(strings.TrimSpace(content), "$1## ") + "\n"
}

func knownNames(byPath map[string]Document, prefix string) []string {
	var out []string
	for p := range byPath {
		if name, ok := strings.CutPrefix(p, prefix); ok {
			out = append(out, name)
		}
	}
	sortStrings(out)
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func nonEmpty(s string) []string {
	if s == "" {
		return nil
	}
	return []string{s}
}
