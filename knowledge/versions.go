package knowledge

import (
	"strings"

	"github.com/zeropsio/zcp/platform"
)

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
// left out. Ubuntu-only versions are named on a closing line. The lines come
// without a heading: callers frame them. An empty catalog gives "".
func FormatStackList(types []platform.ServiceStackType) string {
	c := platform.NewCatalog(types)
	var lines, ubuntu []string
	for _, g := range stackGroups {
		var items []string
		for _, ct := range c.Types() {
			for _, cat := range g.categories {
				if ct.Category == cat {
					items = append(items, ct.Compact())
					for _, v := range ct.Available() {
						if name, ok := strings.CutSuffix(v, " (Ubuntu only)"); ok {
							ubuntu = append(ubuntu, name)
						}
					}
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
	if len(ubuntu) > 0 {
		lines = append(lines, "Ubuntu only (no Alpine image): "+strings.Join(ubuntu, ", "))
	}
	return strings.Join(lines, "\n")
}

// FormatVersionCheck checks the requested runtime and service types against
// the live catalog and renders one line each: "✓ postgresql@16 — valid" or
// "⚠ bun@1 — version 1 is not in the catalog. Use bun@1.3 …". Empty requests
// are skipped; nothing to check gives "". Without a catalog (offline, API
// down) each type is marked as not checked: only the live catalog may call
// a version missing.
func FormatVersionCheck(runtime string, services []string, types []platform.ServiceStackType) string {
	c := platform.NewCatalog(types)
	var lines []string
	for _, req := range append([]string{runtime}, services...) {
		req = strings.TrimSpace(req)
		if req == "" {
			continue
		}
		shown := truncateRunes(req, 60)
		if c.Empty() {
			lines = append(lines, "? "+shown+" — could not be checked: the live catalog was not reachable. "+
				"The import dry run checks it against the platform.")
			continue
		}
		switch chk := c.Check(req); {
		case !chk.OK:
			lines = append(lines, "⚠ "+shown+" — "+chk.Problem+". "+chk.Fix)
		case chk.Note != "":
			lines = append(lines, "✓ "+shown+" — valid ("+chk.Note+")")
		default:
			lines = append(lines, "✓ "+shown+" — valid")
		}
	}
	if len(lines) == 0 {
		return ""
	}
	return "## Version check\n\n" + strings.Join(lines, "\n") + "\n"
}
