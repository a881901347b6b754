package platform

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"
)

// HostnamePattern is the platform's hostname rule (official import
// reference): a lowercase letter, then up to 24 lowercase letters or digits.
const HostnamePattern = `^[a-z][a-z0-9]{0,24}$`

var hostnameRe = regexp.MustCompile(HostnamePattern)

// MaxHostnameLen is the longest hostname the platform accepts.
const MaxHostnameLen = 25

// ValidHostname reports whether s satisfies the platform's hostname rule.
func ValidHostname(s string) bool { return hostnameRe.MatchString(s) }

// ValidateHostname returns an INVALID_HOSTNAME error naming the rule and, where
// one exists, a corrected hostname; nil when s is valid.
func ValidateHostname(s string) error {
	if ValidHostname(s) {
		return nil
	}
	suggestion := "Hostnames must match " + HostnamePattern + ": start with a lowercase letter, then up to 24 lowercase letters or digits (25 characters in all); no '-', '_' or uppercase."
	if fixed := SuggestHostname(s); fixed != "" && fixed != s {
		suggestion += fmt.Sprintf(" Try %q.", fixed)
	}
	return NewError(ErrInvalidHostname, fmt.Sprintf("invalid hostname %q", Clip(s, 60)), suggestion)
}

// SuggestHostname derives a valid hostname from s by lowercasing it and dropping
// every other character, or returns "" when nothing usable remains.
func SuggestHostname(s string) string {
	out := make([]byte, 0, len(s))
	for _, r := range s {
		switch {
		case r >= 'A' && r <= 'Z':
			r += 'a' - 'A'
			fallthrough
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			if len(out) == 0 && r >= '0' && r <= '9' {
				continue
			}
			out = append(out, byte(r))
		}
		if len(out) == MaxHostnameLen {
			break
		}
	}
	return string(out)
}

// Clip shortens hostile input to at most n runes, marking the cut with "…",
// before it is echoed in an error or a result. It never splits a character.
func Clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}

// JoinClipped joins items with sep, whole items only, while the text stays
// within n runes, and counts the ones left out ("… and 3 more"); an item
// longer than n alone is clipped. A list is never cut mid-word (walk 83:
// "S3_EN…").
func JoinClipped(items []string, sep string, n int) string {
	var b strings.Builder
	for i, it := range items {
		next := it
		if i > 0 {
			next = sep + it
		}
		if i > 0 && utf8.RuneCountInString(b.String()+next) > n {
			return b.String() + sep + fmt.Sprintf("… and %d more", len(items)-i)
		}
		if i == 0 {
			next = Clip(it, n)
		}
		b.WriteString(next)
	}
	return b.String()
}
