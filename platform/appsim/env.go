package appsim

import (
	"cmp"
	"strings"

	"github.com/zeropsio/zcp/platform/lazyregexp"
)

// Env is the environment a container starts with: each variable's value,
// references resolved, the first hostname the project has no service of
// that a reference to its address names ("" when none), and the
// references left as written: to a variable an existing service lacks, or
// to a missing service's key that holds no address.
type Env struct {
	Vars        map[string]string
	MissingHost string
	MissingIn   string // the variable whose value holds that reference ("": not known)
	// MissingLookup is what the app looks up for MissingHost when the
	// variable holds the reference alone (DB_HOST: ${mysql_hostname}): the
	// platform leaves it as written, so that text is the name looked up.
	MissingLookup string
	Unresolved    []string // "KEY holds ${host_key}", in key order: a variable its service (or the container) lacks, or a hostname with capitals
	// Braceless are the references written $host_key that the sandbox
	// expanded ("KEY holds $host_key"): official recipes write them, the
	// docs document only ${host_key}, so the platform's reading is unknown.
	Braceless []string
	// ProjectPrefixed are the references written ${PROJECT_KEY} to a
	// variable KEY the container has (a project variable), which the
	// sandbox expanded: the docs describe no such prefix, official
	// recipes write it.
	ProjectPrefixed []string
	// Mounts are the shared storages connected to the service: each is
	// mounted at /mnt/<hostname>.
	Mounts []string
	// Peers are the project's other services, hostname → type as the
	// catalog names it (valkey@7.2): a variable the code reads with a
	// fallback at localhost names the one service of its kind.
	Peers map[string]string
}

// envKeyRe is a variable name.
var envKeyRe = lazyregexp.New(`^[a-zA-Z_][a-zA-Z0-9_]*$`)

// clip shortens what the user wrote before a line echoes it.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "…"
}

// orStr is s, or d when s is empty.
func orStr(s, d string) string { return cmp.Or(s, d) }
