package platform

import (
	"fmt"
	"strconv"
	"strings"
)

// severityNames maps syslog severity names and their common short forms to
// their numeric level (0 most severe, 7 least).
var severityNames = map[string]int{
	"emergency": 0, "emerg": 0, "panic": 0,
	"alert":    1,
	"critical": 2, "crit": 2,
	"error": 3, "err": 3,
	"warning": 4, "warn": 4,
	"notice":        5,
	"informational": 6, "info": 6,
	"debug": 7,
}

// ParseSeverity turns a syslog severity name ("error", "err", "warning", …,
// case-insensitive) or number ("0"–"7") into its level. Anything else is an
// INVALID_PARAMETER error naming the accepted values.
func ParseSeverity(s string) (int, error) {
	v := strings.ToLower(strings.TrimSpace(s))
	if n, ok := severityNames[v]; ok {
		return n, nil
	}
	if n, err := strconv.Atoi(v); err == nil && n >= 0 && n <= 7 {
		return n, nil
	}
	return 0, NewError(ErrInvalidParameter,
		fmt.Sprintf("unknown log severity %q", Clip(s, 40)),
		"Use one of emergency, alert, critical, error, warning, notice, info, debug (or 0–7); lines at that severity and worse are returned.")
}
