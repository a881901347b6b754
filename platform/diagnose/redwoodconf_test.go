package diagnose_test

import (
	"testing"

	"github.com/zeropsio/zcp/platform/diagnose"
)

// TestScanRedwoodToml_WebPort: the [web] table's port line is read (its
// number and line), a variable there counts as reading one, and the
// [api] table's port or none at all is not the web side's.
func TestScanRedwoodToml_WebPort(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, toml string
		ok, reads  bool
		line       int
		text       string
	}{
		{"web port", "[web]\n  title = \"App\"\n  port = 3000\n[api]\n  port = 8911\n", true, false, 3, "port = 3000"},
		{"quoted, commented", "[web]\nport = \"8910\" # the web side\n", true, false, 2, `port = "8910" # the web side`},
		{"a variable", "[web]\n  port = \"${WEB_PORT:8910}\"\n", true, true, 0, ""},
		{"api only", "[web]\n  title = \"App\"\n[api]\n  port = 8911\n", false, false, 0, ""},
		{"no tables", "port = 3000\n", false, false, 0, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c, ok := diagnose.ScanRedwoodToml("redwood.toml", tt.toml)
			if ok != tt.ok || c.ReadsPort != tt.reads || c.PortLine != tt.line || c.PortText != tt.text {
				t.Errorf("ScanRedwoodToml = %+v, %v; want ok %v, readsPort %v, line %d %q", c, ok, tt.ok, tt.reads, tt.line, tt.text)
			}
		})
	}
}
