package knowledge

import (
	"slices"
	"testing"
)

// TestExpandQuery_PastedLiteralKeepsName checks that a pasted ${…} literal
// leaves its variable's name among the typed terms: the key of a reference
// to another service, the whole name of one with no hostname part.
func TestExpandQuery_PastedLiteralKeepsName(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, q, want string
	}{
		{"own variable", "where does ${zeropsSubdomain} come from", "zeropssubdomain"},
		{"own variable in yaml", "PUBLIC_URL: ${zeropsSubdomain} is empty", "zeropssubdomain"},
		{"system variable", "what is ${appVersionId} in initCommands", "appversionid"},
		{"reference keeps the key", "DATABASE_URL: ${db_connectionString} not set", "connectionstring"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := expandQuery(tt.q)
			if !slices.Contains(e.original, tt.want) {
				t.Errorf("expandQuery(%q).original = %v, want it to hold %q", tt.q, e.original, tt.want)
			}
		})
	}
}
