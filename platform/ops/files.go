package ops

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/zeropsio/zcp/platform"
)

// ReadFileInDir reads path, relative to workDir, refusing anything that leaves
// workDir: absolute paths, ".." segments and symlinks pointing outside are
// PATH_TRAVERSAL. A missing file is FILE_NOT_FOUND, one over [platform.MaxFileSize]
// is FILE_TOO_LARGE, and a FIFO, socket or device is NOT_A_REGULAR_FILE,
// refused without blocking (it is never opened for reading as such). The
// read stops when ctx ends.
func ReadFileInDir(ctx context.Context, workDir, path string) (string, error) {
	if strings.TrimSpace(path) == "" {
		return "", invalidParam("filePath is empty", "Pass a path relative to the working directory, or inline content.")
	}
	real, err := resolveInDir(workDir, path)
	if err != nil {
		return "", err
	}
	// Stat before opening: opening a FIFO waits for a writer.
	if st, err := os.Stat(real); err == nil {
		if err := regularFile(path, st); err != nil {
			return "", err
		}
	}
	f, _, err := OpenRegular(os.OpenFile, real, path)
	if err != nil {
		if platform.ErrorCode(err) != "" {
			return "", err
		}
		if errors.Is(err, fs.ErrNotExist) {
			return "", notFound(path, workDir)
		}
		return "", platform.NewError(platform.ErrFileNotFound, fmt.Sprintf("cannot open %q", platform.Clip(path, 80)),
			"Check the file's permissions.")
	}
	defer func() { _ = f.Close() }()
	data, err := readAllCtx(ctx, io.LimitReader(f, platform.MaxFileSize+1))
	if err != nil {
		if ctx.Err() != nil {
			return "", platform.NewError(platform.ErrCanceled, fmt.Sprintf("reading %q was cancelled", platform.Clip(path, 80)),
				"Retry the call if the file is still needed.")
		}
		return "", fmt.Errorf("reading %s: %w", path, err)
	}
	if len(data) > platform.MaxFileSize {
		return "", platform.NewError(platform.ErrFileTooLarge,
			fmt.Sprintf("%q is larger than %d kB", platform.Clip(path, 80), platform.MaxFileSize/1024),
			"Split the file or trim it; the platform accepts at most 100 kB.")
	}
	return string(data), nil
}

// OpenRegular opens name for reading with open (os.OpenFile or an os.Root's)
// without blocking on a FIFO, and refuses what the open file is unless
// regular, as regularFile does for shown; open's own error is returned as is.
func OpenRegular(open func(string, int, fs.FileMode) (*os.File, error), name, shown string) (*os.File, fs.FileInfo, error) {
	f, err := open(name, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		err = fmt.Errorf("stat %s: %w", shown, err)
	} else {
		err = regularFile(shown, st)
	}
	if err != nil {
		_ = f.Close() // read only: nothing to lose
		return nil, nil, err
	}
	return f, st, nil
}

// regularFile refuses a directory (FILE_NOT_FOUND, as before) and anything
// else that is not a regular file (NOT_A_REGULAR_FILE).
func regularFile(path string, st fs.FileInfo) error {
	switch {
	case st.IsDir():
		return platform.NewError(platform.ErrFileNotFound, fmt.Sprintf("%q is a directory", platform.Clip(path, 80)),
			"Point filePath at a file, e.g. import.yml.")
	case !st.Mode().IsRegular():
		return platform.NewError(platform.ErrNotRegularFile,
			fmt.Sprintf("%q is not a regular file (%s)", platform.Clip(path, 80), fileKind(st.Mode())),
			"Point filePath at an ordinary file such as import.yml, or pass the content inline.")
	}
	return nil
}

func fileKind(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "a device"
	}
	return "a special file"
}

// readAllCtx reads r to its end in chunks, stopping when ctx ends.
func readAllCtx(ctx context.Context, r io.Reader) ([]byte, error) {
	var out []byte
	buf := make([]byte, 32<<10)
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		n, err := r.Read(buf)
		out = append(out, buf[:n]...)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// ResolveDirInDir resolves dir ("." included) against workDir with the
// confinement of ReadFileInDir and returns the directory's real absolute path.
func ResolveDirInDir(workDir, dir string) (string, error) {
	if strings.TrimSpace(dir) == "" {
		return "", invalidParam("workingDir is empty", `Pass a directory relative to ZCP's working directory, e.g. ".".`)
	}
	real, err := resolveInDir(workDir, dir)
	if err != nil {
		return "", dirError(err, dir)
	}
	st, err := os.Stat(real)
	if err != nil || !st.IsDir() {
		return "", platform.NewError(platform.ErrFileNotFound, fmt.Sprintf("%q is not a directory", platform.Clip(dir, 80)),
			`Pass the directory holding zerops.yml, relative to ZCP's working directory (e.g. ".").`)
	}
	return real, nil
}

// dirError is a file error of resolveInDir said of a directory: a deploy
// takes no inline content, so the file errors' suggestion does not fit.
func dirError(err error, dir string) error {
	var pe *platform.PlatformError
	if !errors.As(err, &pe) {
		return err
	}
	const fix = `Pass the directory holding zerops.yml inside ZCP's working directory (relative, e.g. ".", or absolute under it), without '..'.`
	switch pe.Code {
	case platform.ErrFileNotFound:
		return platform.NewError(pe.Code, fmt.Sprintf("directory %q not found", platform.Clip(dir, 80)), fix)
	case platform.ErrPathTraversal:
		return platform.NewError(pe.Code, pe.Message, fix)
	}
	return err
}

// resolveInDir returns the real path of path under workDir, refusing ".."
// segments, absolute paths outside workDir and symlinks that lead outside.
// An absolute path inside workDir is taken: agents name files absolutely.
func resolveInDir(workDir, path string) (string, error) {
	if strings.ContainsRune(path, 0) {
		return "", traversal(path, workDir)
	}
	for _, seg := range strings.FieldsFunc(path, func(r rune) bool { return r == '/' || r == '\\' }) {
		if seg == ".." {
			return "", traversal(path, workDir)
		}
	}
	if workDir == "" {
		workDir = "."
	}
	root, err := filepath.Abs(workDir)
	if err != nil {
		return "", fmt.Errorf("resolving working directory: %w", err)
	}
	rel := path
	if filepath.IsAbs(path) || strings.HasPrefix(path, "/") || strings.HasPrefix(path, `\`) {
		if rel, err = relativeTo(root, filepath.Clean(path)); err != nil {
			return "", traversal(path, root)
		}
	}
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	full := filepath.Join(root, filepath.Clean(rel))
	real, err := filepath.EvalSymlinks(full)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", notFound(path, root)
		}
		return "", platform.NewError(platform.ErrFileNotFound, fmt.Sprintf("cannot read %q", platform.Clip(path, 80)),
			"Check the path (relative to the working directory) and its permissions.")
	}
	if !within(root, real) {
		return "", traversal(path, root)
	}
	return real, nil
}

// relativeTo is the absolute path p relative to root, root as given or with
// its symlinks resolved; an error when p lies outside both.
func relativeTo(root, p string) (string, error) {
	roots := []string{root}
	if r, err := filepath.EvalSymlinks(root); err == nil && r != root {
		roots = append(roots, r)
	}
	for _, r := range roots {
		if within(r, p) {
			return filepath.Rel(r, p)
		}
	}
	return "", fs.ErrPermission
}

func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	if err != nil {
		return false
	}
	return rel == "." || (rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)))
}

// traversal is the PATH_TRAVERSAL error for path, naming the working directory
// it leaves when known.
func traversal(path, workDir string) error {
	where := "the working directory"
	if workDir != "" {
		where = fmt.Sprintf("the working directory (%s)", platform.Clip(workDir, 120))
	}
	return platform.NewError(platform.ErrPathTraversal,
		fmt.Sprintf("path %q leaves %s", platform.Clip(path, 80), where),
		"Use a path inside the working directory (relative, or absolute under it) without '..', or pass the content inline.")
}

// notFound is the FILE_NOT_FOUND error for path, naming the working
// directory it is relative to (an agent cannot see where ZCP runs).
func notFound(path, workDir string) error {
	where := "the working directory"
	if abs, err := filepath.Abs(workDir); err == nil {
		where = fmt.Sprintf("the working directory (%s)", platform.Clip(abs, 120))
	}
	return platform.NewError(platform.ErrFileNotFound, fmt.Sprintf("file %q not found", platform.Clip(path, 80)),
		"Paths are relative to "+where+"; check the name or pass the content inline.")
}
