package platform

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform/editdist"
)

// Catalog is the usable part of the live type catalog: ACTIVE, non-build
// versions, by type name. It decides whether a written service type exists
// and what to write instead. Immutable once built; safe for concurrent use.
type Catalog struct {
	types    map[string]*CatalogType
	versions map[string]*CatalogType // version name ("nodejs@22") → its type
}

// CatalogType is one type of the catalog with its usable versions.
type CatalogType struct {
	Name     string
	Category string
	versions []string // version parts ("22", "3.12"), sorted ascending; "" for an unversioned name
}

// NewCatalog builds the catalog from the API's type list; nil or empty types
// give an empty catalog.
func NewCatalog(types []ServiceStackType) *Catalog { return newCatalog(types, false) }

// NewBuildCatalog is the catalog of what a zerops.yml build.base may name:
// the build versions (php@8.4) as well as the runtime ones.
func NewBuildCatalog(types []ServiceStackType) *Catalog { return newCatalog(types, true) }

func newCatalog(types []ServiceStackType, withBuild bool) *Catalog {
	c := &Catalog{types: map[string]*CatalogType{}, versions: map[string]*CatalogType{}}
	for _, t := range types {
		for _, v := range t.Versions {
			if (v.IsBuild && !withBuild) || !strings.EqualFold(string(v.Status), string(TypeVersionActive)) {
				continue
			}
			name, ver, _ := strings.Cut(v.Name, "@")
			if name == "" {
				continue
			}
			ct := c.types[name]
			if ct == nil {
				ct = &CatalogType{Name: name, Category: t.Category}
				c.types[name] = ct
			}
			if _, dup := c.versions[v.Name]; dup {
				continue
			}
			c.versions[v.Name] = ct
			ct.versions = append(ct.versions, ver)
		}
	}
	for _, ct := range c.types {
		sort.Slice(ct.versions, func(i, j int) bool { return VersionLess(ct.versions[i], ct.versions[j]) })
	}
	return c
}

// Empty reports whether the catalog lists nothing (it could not be read).
func (c *Catalog) Empty() bool { return len(c.types) == 0 }

// Type returns the catalog type called name, or nil.
func (c *Catalog) Type(name string) *CatalogType { return c.types[name] }

// Types returns every type, sorted by name.
func (c *Catalog) Types() []*CatalogType {
	out := make([]*CatalogType, 0, len(c.types))
	for _, ct := range c.types {
		out = append(out, ct)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Compact renders "nodejs@{20,22,24}", "valkey@7.2" or "object-storage";
// a type the catalog also offers bare is written so ("java@{17,21} or java").
func (t *CatalogType) Compact() string {
	versions := slices.DeleteFunc(slices.Clone(t.versions), func(v string) bool { return v == "" })
	out := t.Name
	switch {
	case len(versions) == 1:
		out = joinVersion(t.Name, versions[0])
	case len(versions) > 1:
		out = t.Name + "@{" + strings.Join(versions, ",") + "}"
	}
	if len(versions) > 0 && len(versions) < len(t.versions) {
		out += " or " + t.Name
	}
	return out
}

// Available lists the version names, newest first and named builds (canary,
// nightly) after the numbered ones, each Ubuntu-only one
// marked so ("python@3.14 (Ubuntu only)").
func (t *CatalogType) Available() []string {
	out := make([]string, 0, len(t.versions))
	for _, stable := range []bool{true, false} { // canary, nightly and the like last
		for i := len(t.versions) - 1; i >= 0; i-- {
			if stableVersion(t.versions[i]) == stable {
				out = append(out, labelled(t.Name, t.versions[i]))
			}
		}
	}
	return out
}

// Newest is the newest stable version name: the highest numbered version
// (canary, nightly and other named builds are never suggested), else "stable"
// when the type has only named versions. An Ubuntu-only newest version is
// named with that limit and the newest one that runs anywhere.
func (t *CatalogType) Newest() string {
	best, anywhere := "", ""
	for _, v := range t.versions {
		if !stableVersion(v) || (best != "" && strings.HasPrefix(v, best+".")) {
			continue // a patch pin (bun@1.3.9) of the newest family (bun@1.3): name the family
		}
		best = v
		if !UbuntuOnly(t.Name, v) {
			anywhere = v
		}
	}
	switch {
	case t.has("stable"): // the platform's own pointer to its recommended build (rust@stable)
		return joinVersion(t.Name, "stable")
	case best == "" && t.has("stable"):
		return joinVersion(t.Name, "stable")
	case best == "" && t.has(""):
		return t.Name
	case best == "":
		return joinVersion(t.Name, t.versions[len(t.versions)-1])
	case UbuntuOnly(t.Name, best) && anywhere != "":
		return joinVersion(t.Name, best) + " (Ubuntu only; on Alpine " + joinVersion(t.Name, anywhere) + ")"
	case UbuntuOnly(t.Name, best):
		return joinVersion(t.Name, best) + " (Ubuntu only)"
	}
	return joinVersion(t.Name, best)
}

func (t *CatalogType) has(version string) bool {
	for _, v := range t.versions {
		if v == version {
			return true
		}
	}
	return false
}

// stableVersion reports whether v is a released version number ("22", "3.12").
func stableVersion(v string) bool {
	if v == "" {
		return false
	}
	for _, p := range strings.Split(v, ".") {
		if _, err := strconv.Atoi(p); err != nil {
			return false
		}
	}
	return true
}

// ubuntuOnly lists the versions that run on Ubuntu only (the platform offers
// no Alpine image for them); "" stands for every version of the type.
var ubuntuOnly = map[string][]string{
	"python": {"3.14"},
	"deno":   {""},
}

// ubuntuDefault are the types whose containers are Ubuntu when zerops.yml
// names no os: the docs give Deno's default build environment as Ubuntu
// 24.04, and the official deno and hono-deno recipes write no os.
var ubuntuDefault = map[string]bool{"deno": true}

// UbuntuByDefault reports whether a container of the type is Ubuntu when
// its section of zerops.yml names no os.
func UbuntuByDefault(name string) bool { return ubuntuDefault[name] }

// UbuntuOnlyFix is what a fix offering a version of the type name marked
// Ubuntu only says it needs: os: ubuntu, except on a type whose containers
// are Ubuntu by default (walk 85: deno@1 was said to need it, and validate
// rightly passed it without).
func UbuntuOnlyFix(name string) string {
	if UbuntuByDefault(name) {
		return "A version marked Ubuntu only runs on Ubuntu, " + name + "'s default when zerops.yml names no os (so write no os: alpine)."
	}
	return "A version marked Ubuntu only needs os: ubuntu in the build and run sections of zerops.yml."
}

// ubuntuOnlyFix is UbuntuOnlyFix, after a space, when versions offer one.
func ubuntuOnlyFix(name string, versions []string) string {
	if slices.ContainsFunc(versions, func(v string) bool { return strings.HasSuffix(v, "(Ubuntu only)") }) {
		return " " + UbuntuOnlyFix(name)
	}
	return ""
}

// UbuntuOnly reports whether version of the type runs on Ubuntu only.
func UbuntuOnly(name, version string) bool {
	for _, v := range ubuntuOnly[name] {
		if v == "" || v == version {
			return true
		}
	}
	return false
}

func labelled(name, version string) string {
	if UbuntuOnly(name, version) {
		return joinVersion(name, version) + " (Ubuntu only)"
	}
	return joinVersion(name, version)
}

func joinVersion(name, version string) string {
	if version == "" {
		return name
	}
	return name + "@" + version
}

// TypeCheck is the catalog's verdict on one written service type.
type TypeCheck struct {
	OK      bool
	Type    *CatalogType // nil when the name is not in the catalog
	Parsed  ServiceType
	Problem string // why the type would fail on import (empty when OK)
	Fix     string // what to write instead
	Note    string // a limit worth knowing about a valid type (Ubuntu only)
}

// Check validates one written type ("nodejs@22", "alpine/python@3.12",
// "postgresql:single@16") against the catalog. The forms the platform's
// lists spell otherwise are the version they name (VersionWithin: golang@1,
// nodejs@latest, elixir@1), and a bare base version (3.20, 22.04) is that
// alpine or ubuntu version.
func (c *Catalog) Check(raw string) TypeCheck {
	st, err := ParseServiceType(raw)
	if err != nil {
		return TypeCheck{Problem: "malformed type", Fix: "Write name@version, e.g. nodejs@22 or postgresql@16."}
	}
	if st.Version == "" && st.OS == "" && stableVersion(st.Name) {
		os := "alpine"
		if strings.HasSuffix(st.Name, ".04") {
			os = "ubuntu"
		}
		st = ServiceType{Name: os, Version: st.Name}
	}
	ct := c.types[st.Name]
	if ct == nil {
		ct = c.types[canonicalName(st.Name)]
	}
	out := TypeCheck{Parsed: st, Type: ct}
	if ct == nil {
		out.Problem = fmt.Sprintf("type %q is not in the catalog", Clip(st.Name, 40))
		out.Fix = c.similar(st.Name)
		return out
	}
	if st.Version == "" {
		if ct.has("") || ct.Category == CategoryObject || ct.Category == CategoryShared {
			out.OK = true
			return out
		}
		out.Problem = "no version given"
		out.Fix = fmt.Sprintf("Use %s; available: %s.", ct.Newest(), strings.Join(ct.Available(), ", ")) + ubuntuOnlyFix(ct.Name, ct.Available())
		return out
	}
	if !ct.lists(st.Name + "@" + st.Version) {
		out.Problem = fmt.Sprintf("version %s is not in the catalog", Clip(st.Version, 20))
		out.Fix = fmt.Sprintf("Use %s, the newest stable version; available: %s.", ct.Newest(), strings.Join(ct.Available(), ", ")) + ubuntuOnlyFix(ct.Name, ct.Available())
		return out
	}
	if UbuntuOnly(ct.Name, st.Version) {
		out.Note = joinVersion(ct.Name, st.Version) + " runs on Ubuntu only"
		if st.OS == "alpine" {
			out.Note += ": write it without alpine/ and set os: ubuntu in the build and run sections of zerops.yml"
		}
	}
	out.OK = true
	return out
}

// lists reports whether the type has the version written, in any form
// VersionWithin takes, or a patch pin of one (bun@1.3.9 of bun@1.3).
func (t *CatalogType) lists(written string) bool {
	for _, v := range t.versions {
		if listed := joinVersion(t.Name, v); VersionWithin(written, listed) || (v != "" && VersionWithin(listed, written)) {
			return true
		}
	}
	return false
}

// typeAliases maps names agents write to the catalog's names.
var typeAliases = map[string][]string{
	"redis": {"valkey"}, "memcached": {"valkey"}, "mysql": {"mariadb"},
	"postgres": {"postgresql"}, "pg": {"postgresql"}, "mongodb": {"postgresql"}, "mongo": {"postgresql"},
	"node": {"nodejs"}, "golang": {"go"}, "php": {"php-nginx", "php-apache"},
	"s3": {"object-storage"}, "minio": {"object-storage"}, "elastic": {"elasticsearch"},
	"rabbit": {"rabbitmq", "nats"}, "opensearch": {"elasticsearch"},
}

// similar names catalog types resembling name: aliases (redis → valkey),
// shared prefixes, small edit distances; else the whole list.
func (c *Catalog) similar(name string) string {
	seen := map[string]bool{}
	var out []string
	add := func(n string) {
		if ct := c.types[n]; ct != nil && !seen[n] {
			seen[n] = true
			out = append(out, ct.Compact())
		}
	}
	for _, a := range typeAliases[name] {
		add(a)
	}
	for _, ct := range c.Types() {
		n := ct.Name
		if strings.HasPrefix(n, name) || strings.HasPrefix(name, n) ||
			(len(name) >= 3 && strings.Contains(n, name)) || typo(name, n) {
			add(n)
		}
	}
	if len(out) > 0 {
		return "Use one of: " + strings.Join(out, ", ") + "."
	}
	names := make([]string, 0, len(c.types))
	for _, ct := range c.Types() {
		names = append(names, ct.Name)
	}
	return "Available types: " + strings.Join(names, ", ") + "."
}

// typo reports whether a is a typo of b: within edit distance 1 for short
// names (ruby is not rust), 2 for longer ones.
func typo(a, b string) bool {
	limit := 1
	if len(a) >= 6 {
		limit = 2
	}
	return editdist.EditDistance(a, b) <= limit
}

// VersionLess orders versions numerically part by part ("3.9" < "3.12");
// non-numeric parts ("stable", "nightly") sort after numbers, alphabetically.
func VersionLess(a, b string) bool {
	ap, bp := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(ap) && i < len(bp); i++ {
		an, aErr := strconv.Atoi(ap[i])
		bn, bErr := strconv.Atoi(bp[i])
		switch {
		case aErr == nil && bErr == nil:
			if an != bn {
				return an < bn
			}
		case aErr == nil:
			return true
		case bErr == nil:
			return false
		default:
			if ap[i] != bp[i] {
				return ap[i] < bp[i]
			}
		}
	}
	return len(ap) < len(bp)
}
