package yamlcheck

import (
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// NearKey is the allowed key an unknown key most likely misspells: the same
// key in other case, one that starts with it or it with one (a dropped or
// added suffix: port for ports, enableSubdomain for enableSubdomainAccess),
// or the closest within two edits. "" when none is near.
func NearKey(unknown string, allowed []string) string {
	u := strings.ToLower(unknown)
	best, bestDist := "", 3
	for _, a := range allowed {
		l := strings.ToLower(a)
		if l == u {
			return a
		}
		if len(u) >= 4 && (strings.HasPrefix(l, u) || strings.HasPrefix(u, l)) {
			if bestDist > 1 {
				best, bestDist = a, 1
			}
			continue
		}
		if d := platform.EditDistanceWithin(u, l, bestDist); d < bestDist && 2*d <= len(l) {
			best, bestDist = a, d
		}
	}
	return best
}
