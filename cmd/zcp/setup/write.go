package setup

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// File states Run reports, one per file.
const (
	Created   = "created"
	Updated   = "updated"
	Unchanged = "unchanged"
)

// readTarget reads the file a write to path would replace, following a
// symlink (a dotfile manager's link stays a link). A missing file is nil
// content with exists false.
func readTarget(path string) (target string, content []byte, exists bool, err error) {
	target = path
	if resolved, err := filepath.EvalSymlinks(path); err == nil {
		target = resolved
	}
	content, err = os.ReadFile(target)
	if errors.Is(err, fs.ErrNotExist) {
		return target, nil, false, nil
	}
	if err != nil {
		return target, nil, false, fmt.Errorf("read %s: %w", path, err)
	}
	return target, content, true, nil
}

// writeAtomic replaces target with content through a temporary file in the
// same directory and a rename, so a reader never sees half a file. An
// existing file keeps its permissions; a new one gets mode, and missing
// parent directories get dirMode. Identical content is not written.
func writeAtomic(target string, old []byte, exists bool, content []byte, mode, dirMode fs.FileMode) (string, error) {
	if exists && bytes.Equal(old, content) {
		return Unchanged, nil
	}
	if exists {
		if st, err := os.Stat(target); err == nil {
			mode = st.Mode().Perm()
		}
	}
	dir := filepath.Dir(target)
	if err := os.MkdirAll(dir, dirMode); err != nil {
		return "", fmt.Errorf("create %s: %w", dir, err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(target)+".zcp-*")
	if err != nil {
		return "", fmt.Errorf("write %s: %w", target, err)
	}
	defer func() { _ = os.Remove(tmp.Name()) }() // no-op once renamed
	if _, err := tmp.Write(content); err != nil {
		_ = tmp.Close()
		return "", fmt.Errorf("write %s: %w", target, err)
	}
	if err := tmp.Chmod(mode); err != nil {
		_ = tmp.Close()
		return "", fmt.Errorf("write %s: %w", target, err)
	}
	if err := tmp.Sync(); err != nil {
		_ = tmp.Close()
		return "", fmt.Errorf("write %s: %w", target, err)
	}
	if err := tmp.Close(); err != nil {
		return "", fmt.Errorf("write %s: %w", target, err)
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		return "", fmt.Errorf("write %s: %w", target, err)
	}
	if exists {
		return Updated, nil
	}
	return Created, nil
}
