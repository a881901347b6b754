package editdist

import (
	"math"
	"strings"
)

// EditDistance is the Levenshtein distance of a and b, counted in runes.
func EditDistance(a, b string) int { return EditDistanceWithin(a, b, math.MaxInt) }

// EditDistanceWithin is EditDistance, or limit when it is at least limit: a row
// whose every cell reaches limit ends the count (near-match searches stay cheap).
func EditDistanceWithin(a, b string, limit int) int { return distanceWithin(a, b, limit, false) }

// SwapDistanceWithin is EditDistanceWithin counting a swap of two
// neighbouring runes as one edit too (optimal string alignment): "kafak" is
// one edit from "kafka", as a typist's slip is.
func SwapDistanceWithin(a, b string, limit int) int { return distanceWithin(a, b, limit, true) }

// distanceWithin counts the edits from a to b, a swap of neighbouring runes
// one edit when swaps is set, up to limit.
func distanceWithin(a, b string, limit int, swaps bool) int {
	ra, rb := []rune(a), []rune(b)
	if d := len(ra) - len(rb); d >= limit || -d >= limit {
		return limit
	}
	before, prev, cur := make([]int, len(rb)+1), make([]int, len(rb)+1), make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		rowMin := cur[0]
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if swaps && i > 1 && j > 1 && ra[i-1] == rb[j-2] && ra[i-2] == rb[j-1] {
				cur[j] = min(cur[j], before[j-2]+1)
			}
			rowMin = min(rowMin, cur[j])
		}
		if rowMin >= limit {
			return limit
		}
		before, prev, cur = prev, cur, before
	}
	return min(prev[len(rb)], limit)
}

// NearKey is the allowed key an unknown key most likely misspells: the same
// key in other case, one a single edit away, one that starts with it or it
// with one (a dropped or added suffix: port for ports, enableSubdomain for
// enableSubdomainAccess), or the closest within two edits, in that order
// (start:prod, one edit, before start, a prefix, for start:prd). "" when
// none is near.
func NearKey(unknown string, allowed []string) string {
	u := strings.ToLower(unknown)
	// Scores in half edits: an edit is 2, a prefix 3, so one edit beats
	// a prefix and a prefix two edits.
	best, bestScore := "", 6
	for _, a := range allowed {
		l := strings.ToLower(a)
		if l == u {
			return a
		}
		score := 6
		if d := EditDistanceWithin(u, l, 3); d < 3 && 2*d <= len(l) {
			score = 2 * d
		}
		if len(u) >= 4 && (strings.HasPrefix(l, u) || strings.HasPrefix(u, l)) {
			score = min(score, 3)
		}
		if score < bestScore || score == 3 && bestScore == 3 && len(a) > len(best) { // of prefixes, the longer
			best, bestScore = a, score
		}
	}
	return best
}
