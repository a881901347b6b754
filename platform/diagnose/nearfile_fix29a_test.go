package diagnose_test

import (
	"testing"

	"github.com/zeropsio/zcp/platform/diagnose"
)

// TestNearFile_Typos: the file a start's typo means is the listing's file
// of the same extension one or two letters off, a swap counting one;
// none when nothing is that near, the extension differs, or two are.
func TestNearFile_Typos(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, file string
		names      []string
		want       string
	}{
		{"a dropped letter", "serer.js", []string{"package.json", "server.js", "src/"}, "server.js"},
		{"a swap", "mian.js", []string{"main.js", "README.md"}, "main.js"},
		{"a short name", "ap.py", []string{"app.py", "requirements.txt"}, "app.py"},
		{"another extension", "server.ts", []string{"server.js"}, ""},
		{"a folder", "dist.js", []string{"dist/"}, ""},
		{"nothing alike", "index.js", []string{"server.js"}, ""},
		{"two as near", "ap.py", []string{"app.py", "api.py"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := diagnose.NearFile(tt.file, tt.names); got != tt.want {
				t.Errorf("NearFile(%q, %q) = %q, want %q", tt.file, tt.names, got, tt.want)
			}
		})
	}
}
