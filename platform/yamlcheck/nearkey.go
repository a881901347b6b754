package yamlcheck

import "github.com/zeropsio/zcp/platform/editdist"

// NearKey is editdist.NearKey: the allowed key an unknown key most likely misspells.
func NearKey(unknown string, allowed []string) string { return editdist.NearKey(unknown, allowed) }
