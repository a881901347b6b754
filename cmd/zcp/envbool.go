package main

import (
	"fmt"
	"strings"
)

// boolWords are the accepted spellings of a boolean environment variable.
var boolWords = map[string]bool{
	"1": true, "true": true, "yes": true, "on": true,
	"0": false, "false": false, "no": false, "off": false,
}

// envBool reads the boolean environment variable name: 1/0, true/false,
// yes/no or on/off in any case; unset or empty is false. Anything else is
// an error naming the variable and the accepted values, so that a typo
// (ZCP_READ_ONLY=ture) stops start-up instead of quietly meaning false.
func envBool(getenv func(string) string, name string) (bool, error) {
	raw := getenv(name)
	v := strings.ToLower(strings.TrimSpace(raw))
	if v == "" {
		return false, nil
	}
	b, ok := boolWords[v]
	if !ok {
		return false, fmt.Errorf("%s=%q is not a boolean; use 1/0, true/false, yes/no or on/off", name, clipValue(raw))
	}
	return b, nil
}

// clipValue bounds a value quoted back in a start-up error.
func clipValue(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}
