package knowledge

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// catalog is the usable part of the live type catalog: ACTIVE, non-build
// versions, by type name. It is built per call; the catalog is small.
type catalog struct {
	types    map[string]*catalogType
	versions map[string]*catalogType // version name ("nodejs@22") → its type
}

type catalogType struct {
	name     string
	category string
	versions []string // version parts ("22", "3.12"), sorted ascending; "" for an unversioned name
}

func newCatalog(types []platform.ServiceStackType) *catalog {
	c := &catalog{types: map[string]*catalogType{}, versions: map[string]*catalogType{}}
	for _, t := range types {
		for _, v := range t.Versions {
			if v.IsBuild || !strings.EqualFold(v.Status, "ACTIVE") {
				continue
			}
			name, ver, _ := strings.Cut(v.Name, "@")
			if name == "" {
				continue
			}
			ct := c.types[name]
			if ct == nil {
				ct = &catalogType{name: name, category: t.Category}
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
		sort.Slice(ct.versions, func(i, j int) bool { return versionLess(ct.versions[i], ct.versions[j]) })
	}
	return c
}

func (c *catalog) empty() bool { return len(c.types) == 0 }

// full returns the version names of t ("bun@1.2", "bun@1.3").
func (t *catalogType) full() []string {
	out := make([]string, len(t.versions))
	for i, v := range t.versions {
		out[i] = joinVersion(t.name, v)
	}
	return out
}

// compact renders "nodejs@{20,22,24}", "valkey@7.2" or "object-storage".
func (t *catalogType) compact() string {
	switch {
	case len(t.versions) == 1:
		return joinVersion(t.name, t.versions[0])
	case len(t.versions) > 1:
		return t.name + "@{" + strings.Join(t.versions, ",") + "}"
	}
	return t.name
}

// latest is the highest version name of t.
func (t *catalogType) latest() string {
	return joinVersion(t.name, t.versions[len(t.versions)-1])
}

// hasUnversioned reports whether t is listed without a version part.
func (t *catalogType) hasUnversioned() bool {
	for _, v := range t.versions {
		if v == "" {
			return true
		}
	}
	return false
}

func joinVersion(name, version string) string {
	if version == "" {
		return name
	}
	return name + "@" + version
}

// stackGroups orders the categories FormatStackList prints.
var stackGroups = []struct {
	label      string
	categories []string
}{
	{"Runtime", []string{platform.CategoryUser}},
	{"Managed", []string{platform.CategoryStandard}},
	{"Storage", []string{platform.CategoryShared, platform.CategoryObject}},
}

// FormatStackList renders the live catalog compactly, one line per group:
//
//	Runtime: bun@{1.2,1.3} | nodejs@{20,22,24} | …
//	Managed: postgresql@{14,16,17,18} | valkey@7.2 | …
//	Storage: object-storage | shared-storage
//
// Only ACTIVE, non-build versions are listed; build and core categories are
// left out. The lines come without a heading: callers frame them. An empty
// catalog gives "".
func FormatStackList(types []platform.ServiceStackType) string {
	c := newCatalog(types)
	var lines []string
	for _, g := range stackGroups {
		var items []string
		for _, ct := range c.sortedTypes() {
			for _, cat := range g.categories {
				if ct.category == cat {
					items = append(items, ct.compact())
				}
			}
		}
		if len(items) > 0 {
			lines = append(lines, g.label+": "+strings.Join(items, " | "))
		}
	}
	if len(lines) == 0 {
		return ""
	}
	return strings.Join(lines, "\n")
}

func (c *catalog) sortedTypes() []*catalogType {
	out := make([]*catalogType, 0, len(c.types))
	for _, ct := range c.types {
		out = append(out, ct)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// FormatVersionCheck checks the requested runtime and service types against
// the live catalog and renders one line each: "✓ postgresql@16 — valid" or
// "⚠ bun@1 — …" with the closest valid versions. Empty requests are skipped;
// an empty catalog or nothing to check gives "".
func FormatVersionCheck(runtime string, services []string, types []platform.ServiceStackType) string {
	c := newCatalog(types)
	if c.empty() {
		return ""
	}
	var lines []string
	for _, req := range append([]string{runtime}, services...) {
		req = strings.TrimSpace(req)
		if req == "" {
			continue
		}
		if msg, ok := c.check(req); ok {
			lines = append(lines, "✓ "+msg)
		} else {
			lines = append(lines, "⚠ "+msg)
		}
	}
	if len(lines) == 0 {
		return ""
	}
	return "## Version check\n\n" + strings.Join(lines, "\n") + "\n"
}

// check validates one requested type. The message starts with the type as
// written; ok is false when the type would fail on import.
func (c *catalog) check(raw string) (msg string, ok bool) {
	shown := truncateRunes(raw, 60)
	st, err := platform.ParseServiceType(raw)
	if err != nil {
		return fmt.Sprintf("%s — malformed type. Write name@version, e.g. nodejs@22 or postgresql@16.", shown), false
	}
	ct := c.types[st.Name]
	if ct == nil {
		return fmt.Sprintf("%s — type %q is not in the catalog. %s", shown, st.Name, c.similarHint(st.Name)), false
	}
	if st.Version == "" {
		if ct.hasUnversioned() || ct.category == platform.CategoryObject || ct.category == platform.CategoryShared {
			return shown + " — valid", true
		}
		return fmt.Sprintf("%s — no version given. Available: %s. Use %s.", shown, strings.Join(ct.full(), ", "), ct.latest()), false
	}
	if _, found := c.versions[st.VersionName()]; found {
		return shown + " — valid", true
	}
	return fmt.Sprintf("%s — version not found. Available: %s. Use %s (closest).",
		shown, strings.Join(ct.full(), ", "), joinVersion(ct.name, closestVersion(st.Version, ct.versions))), false
}

// similarHint names catalog types resembling name: alias targets (redis →
// valkey), shared prefixes, small edit distances; else the whole list.
func (c *catalog) similarHint(name string) string {
	seen := map[string]bool{}
	var similar []string
	addName := func(n string) {
		if ct := c.types[n]; ct != nil && !seen[n] {
			seen[n] = true
			similar = append(similar, ct.compact())
		}
	}
	for _, a := range aliases[name] {
		addName(a)
	}
	if u, ok := unsupported[name]; ok {
		for _, a := range u.expand {
			addName(a)
		}
	}
	for _, ct := range c.sortedTypes() {
		n := ct.name
		if strings.HasPrefix(n, name) || strings.HasPrefix(name, n) ||
			(len(name) >= 3 && strings.Contains(n, name)) ||
			editDistance([]rune(name), []rune(n), 3) <= maxTypos(name) {
			addName(n)
		}
	}
	if len(similar) > 0 {
		return "Similar: " + strings.Join(similar, ", ") + "."
	}
	names := make([]string, 0, len(c.types))
	for _, ct := range c.sortedTypes() {
		names = append(names, ct.name)
	}
	return "Available types: " + strings.Join(names, ", ") + "."
}

// maxTypos is the edit distance at which a type name still counts as a typo
// of another: short names need a closer match (ruby is not rust).
func maxTypos(name string) int {
	if len(name) < 6 {
		return 1
	}
	return 2
}

// ValidateServiceTypes checks import.yml services (each a map with at least
// "hostname" and "type") against the live catalog and returns warnings:
// unknown types or versions with valid alternatives, and managed (STANDARD)
// services that say neither `mode` nor the :single/:ha type part. Services
// without a type are left to structural validation. An empty catalog gives
// no warnings.
func ValidateServiceTypes(services []map[string]any, types []platform.ServiceStackType) []string {
	c := newCatalog(types)
	if c.empty() {
		return nil
	}
	var warns []string
	for i, svc := range services {
		typ, _ := svc["type"].(string)
		if strings.TrimSpace(typ) == "" {
			continue
		}
		host, _ := svc["hostname"].(string)
		label := fmt.Sprintf("Service %q", truncateRunes(host, 40))
		if host == "" {
			label = fmt.Sprintf("Service #%d", i+1)
		}
		msg, ok := c.check(typ)
		if !ok {
			warns = append(warns, fmt.Sprintf("%s: type %s", label, msg))
			continue
		}
		st, _ := platform.ParseServiceType(typ)
		ct := c.types[st.Name]
		if ct == nil || ct.category != platform.CategoryStandard || st.Mode != "" {
			continue
		}
		mode, _ := svc["mode"].(string)
		switch strings.ToUpper(strings.TrimSpace(mode)) {
		case "HA", "NON_HA":
		case "":
			warns = append(warns, fmt.Sprintf("%s: missing 'mode' for managed service %s. Add mode: NON_HA (or HA), or write the type as %s:single@%s / %s:ha@%s. HA vs single cannot be changed later.",
				label, st.VersionName(), st.Name, st.Version, st.Name, st.Version))
		default:
			warns = append(warns, fmt.Sprintf("%s: mode %q is not valid. Use NON_HA or HA.", label, truncateRunes(mode, 20)))
		}
	}
	return warns
}

// versionLess orders versions numerically part by part ("3.9" < "3.12");
// non-numeric parts ("stable", "nightly") sort after numbers, alphabetically.
func versionLess(a, b string) bool {
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

// closestVersion picks the available version nearest to want: the highest
// one that extends want as a prefix (bun@1 → 1.3), else the nearest by
// numeric value, the higher on a tie. available is sorted ascending and not
// empty.
func closestVersion(want string, available []string) string {
	best := ""
	for _, v := range available {
		if strings.HasPrefix(v, want+".") {
			best = v
		}
	}
	if best != "" {
		return best
	}
	wv, werr := versionValue(want)
	bestDist := -1.0
	for _, v := range available {
		vv, err := versionValue(v)
		if werr != nil || err != nil {
			continue
		}
		d := vv - wv
		if d < 0 {
			d = -d
		}
		if bestDist < 0 || d <= bestDist {
			best, bestDist = v, d
		}
	}
	if best == "" {
		best = available[len(available)-1]
	}
	return best
}

// versionValue maps "3.12" to 3 + 12/1000 so versions compare by distance.
func versionValue(v string) (float64, error) {
	parts := strings.Split(v, ".")
	val, scale := 0.0, 1.0
	for i, p := range parts {
		if i == 3 {
			break
		}
		n, err := strconv.Atoi(p)
		if err != nil {
			return 0, fmt.Errorf("version %q: %w", v, err)
		}
		val += float64(n) * scale
		scale /= 1000
	}
	return val, nil
}
