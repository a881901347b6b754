package ops_test

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

func TestReadFileInDir_Containment(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	work := filepath.Join(root, "work")
	must(t, os.MkdirAll(filepath.Join(work, "sub"), 0o755))
	must(t, os.WriteFile(filepath.Join(work, "import.yml"), []byte("services: []\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(work, "sub", "z.yml"), []byte("zerops: []\n"), 0o644))
	must(t, os.WriteFile(filepath.Join(root, "secret.txt"), []byte("token"), 0o644))
	must(t, os.WriteFile(filepath.Join(work, "big.yml"), []byte(strings.Repeat("x", platform.MaxFileSize+1)), 0o644))
	must(t, os.Symlink(filepath.Join(root, "secret.txt"), filepath.Join(work, "escape.yml")))
	must(t, os.Symlink(filepath.Join(work, "import.yml"), filepath.Join(work, "inside.yml")))

	tests := []struct {
		path string
		code string // "" = success
	}{
		{"import.yml", ""},
		{"sub/z.yml", ""},
		{"./sub/../import.yml", platform.ErrPathTraversal},
		{"inside.yml", ""},
		{"../secret.txt", platform.ErrPathTraversal},
		{"/etc/passwd", platform.ErrPathTraversal},
		{filepath.Join(root, "secret.txt"), platform.ErrPathTraversal},
		{filepath.Join(work, "import.yml"), ""},
		{filepath.Join(work, "sub", "z.yml"), ""},
		{filepath.Join(work, "escape.yml"), platform.ErrPathTraversal},
		{filepath.Join(work, "sub", "..", "..", "secret.txt"), platform.ErrPathTraversal},
		{filepath.Join(work, "missing.yml"), platform.ErrFileNotFound},
		{"escape.yml", platform.ErrPathTraversal},
		{"missing.yml", platform.ErrFileNotFound},
		{"big.yml", platform.ErrFileTooLarge},
		{"sub", platform.ErrFileNotFound},
		{"a\x00b", platform.ErrPathTraversal},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			t.Parallel()
			_, err := ops.ReadFileInDir(t.Context(), work, tt.path)
			if tt.code == "" {
				if err != nil {
					t.Fatalf("unexpected %v", err)
				}
				return
			}
			wantCode(t, err, tt.code)
			if tt.code == platform.ErrFileNotFound && tt.path != "sub" {
				// where ZCP runs is not the agent's to see: the answer names it
				var pe *platform.PlatformError
				if !errors.As(err, &pe) || !strings.Contains(pe.Suggestion, "working directory ("+work+")") {
					t.Errorf("FILE_NOT_FOUND %v does not name the working directory %s", err, work)
				}
			}
		})
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
