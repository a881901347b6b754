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

// plan is one file's new content, rendered but not yet written.
type plan struct {
	path, target  string // as named; the file a write replaces (a symlink followed)
	old           []byte
	exists        bool
	content       []byte
	mode, dirMode fs.FileMode
}

// unchanged reports whether writing p would change no byte.
func (p plan) unchanged() bool { return p.exists && bytes.Equal(p.old, p.content) }

// stage holds the temporary files (each beside its target) and the
// directories created for them, until commit renames the files into place
// or rollback removes all of it. The zero value is empty.
type stage struct {
	tmps []string // per added plan; "" when the file is unchanged
	dirs []string // created, outermost first
	plan []plan
	done bool
}

// add writes p's content to a temporary file beside its target: the only
// way to know the target's directory takes it. An existing file keeps its
// permissions; a new one gets p.mode, and missing directories p.dirMode.
func (st *stage) add(p plan) error {
	st.plan = append(st.plan, p)
	st.tmps = append(st.tmps, "")
	if p.unchanged() {
		return nil
	}
	mode := p.mode
	if p.exists {
		if fi, err := os.Stat(p.target); err == nil {
			mode = fi.Mode().Perm()
		}
	}
	dir := filepath.Dir(p.target)
	if err := st.mkdirAll(dir, p.dirMode); err != nil {
		return fmt.Errorf("create %s: %w", dir, err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(p.target)+".zcp-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", p.target, err)
	}
	st.tmps[len(st.tmps)-1] = tmp.Name()
	_, err = tmp.Write(p.content)
	err = errors.Join(err, tmp.Chmod(mode), tmp.Sync(), tmp.Close())
	if err != nil {
		return fmt.Errorf("write %s: %w", p.target, err)
	}
	return nil
}

// mkdirAll creates dir and its missing parents, remembering each one
// created so rollback can remove it.
func (st *stage) mkdirAll(dir string, mode fs.FileMode) error {
	var missing []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil {
			break
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	for i := len(missing) - 1; i >= 0; i-- {
		if err := os.Mkdir(missing[i], mode); err != nil && !errors.Is(err, fs.ErrExist) {
			return err
		}
		st.dirs = append(st.dirs, missing[i])
	}
	return nil
}

// commit renames every staged file over its target and returns each
// plan's state. A rename within one directory fails only when the
// filesystem does; the first failure stops there and is returned.
func (st *stage) commit() ([]string, error) {
	st.done = true
	states := make([]string, 0, len(st.plan))
	for i, p := range st.plan {
		switch {
		case st.tmps[i] == "":
			states = append(states, Unchanged)
			continue
		case p.exists:
			states = append(states, Updated)
		default:
			states = append(states, Created)
		}
		if err := os.Rename(st.tmps[i], p.target); err != nil {
			st.done = false // rollback removes what was not renamed
			st.tmps = st.tmps[i:]
			st.dirs = nil
			return states[:len(states)-1], fmt.Errorf("zcp init: write %s: %w", p.target, err)
		}
	}
	return states, nil
}

// rollback removes what add wrote, unless commit renamed it into place.
func (st *stage) rollback() {
	if st.done {
		return
	}
	for _, tmp := range st.tmps {
		if tmp != "" {
			_ = os.Remove(tmp)
		}
	}
	for i := len(st.dirs) - 1; i >= 0; i-- {
		_ = os.Remove(st.dirs[i])
	}
}
