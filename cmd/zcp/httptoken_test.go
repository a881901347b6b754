package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadOrCreateToken_Cases: a missing file is made (0600, random, reused
// after), and a short or world-readable one is refused naming the fix.
func TestReadOrCreateToken_Cases(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fresh := filepath.Join(dir, "new", "zcp", "http-token")
	tok, err := readOrCreateToken(fresh)
	if err != nil || len(tok) != 64 {
		t.Fatalf("new token %q: %v", tok, err)
	}
	if st, err := os.Stat(fresh); err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("token file mode: %v %v", st, err)
	}
	if again, err := readOrCreateToken(fresh); err != nil || again != tok {
		t.Fatalf("second read %q, %v; want the same token", again, err)
	}
	for _, tt := range []struct {
		name, content string
		mode          os.FileMode
		want          string
	}{
		{"short", "abc\n", 0o600, "at least"},
		{"readable by others", strings.Repeat("a", 32), 0o644, "chmod 600"},
	} {
		p := filepath.Join(dir, tt.name)
		if err := os.WriteFile(p, []byte(tt.content), tt.mode); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(p, tt.mode); err != nil {
			t.Fatal(err)
		}
		if _, err := readOrCreateToken(p); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: err %v, want one naming %q", tt.name, err, tt.want)
		}
	}
}
