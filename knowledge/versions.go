package knowledge

import "github.com/zeropsio/zcp/platform"

// FormatStackList renders the live catalog compactly, grouped by category.
func FormatStackList(types []platform.ServiceStackType) string { return "" }

// FormatVersionCheck validates requested types against the live catalog.
func FormatVersionCheck(runtime string, services []string, types []platform.ServiceStackType) string {
	return ""
}

// ValidateServiceTypes checks import.yml services against the live catalog.
func ValidateServiceTypes(services []map[string]any, types []platform.ServiceStackType) []string {
	return nil
}
