package main

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/zeropsio/zcp/mcp"
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

// envWait reads ZCP_WAIT, how long one call waits on platform work: a
// duration (100s, 2m) or whole seconds; empty: mcp.DefaultWait. It must
// stay under what the client allows a call, and at most mcp.MaxWait.
func envWait(getenv func(string) string) (time.Duration, error) {
	raw := strings.TrimSpace(getenv("ZCP_WAIT"))
	if raw == "" {
		return 0, nil
	}
	d, err := time.ParseDuration(raw)
	if n, nerr := strconv.Atoi(raw); nerr == nil {
		d, err = time.Duration(n)*time.Second, nil
	}
	if err != nil || d <= 0 || d > mcp.MaxWait {
		return 0, fmt.Errorf("ZCP_WAIT=%q: want a duration between 1s and %s, e.g. 100s", clipValue(raw), mcp.MaxWait)
	}
	return d, nil
}
