package yamlcheck

import "github.com/zeropsio/zcp/platform"

// NearKey is platform.NearKey: the allowed key an unknown key most likely misspells.
func NearKey(unknown string, allowed []string) string { return platform.NearKey(unknown, allowed) }
