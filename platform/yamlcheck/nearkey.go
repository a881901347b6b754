package yamlcheck

import "strings"

// nearKey is the allowed key an unknown key most likely misspells: the same
// key in other case, one that starts with it or it with one (a dropped or
// added suffix: port for ports, enableSubdomain for enableSubdomainAccess),
// or the closest within two edits. "" when none is near.
func nearKey(unknown string, allowed []string) string {
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
		if d := editDistance(u, l, bestDist); d < bestDist && 2*d <= len(l) {
			best, bestDist = a, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance of a and b, or limit when it is
// at least limit (a and b are short: keys are clipped before they get here).
func editDistance(a, b string, limit int) int {
	if d := len(a) - len(b); d >= limit || -d >= limit {
		return limit
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= limit {
			return limit
		}
		prev, cur = cur, prev
	}
	return min(prev[len(b)], limit)
}
