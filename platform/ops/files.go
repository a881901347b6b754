package ops

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/zeropsio/zcp/platform"
)

// MaxFileSize is the largest file ZCP reads for the agent (import.yml and
// zerops.yml included): the platform refuses larger imports anyway.
const MaxFileSize = 100 * 1024

// ReadFileInDir reads path, relative to workDir, refusing anything that leaves
// workDir: absolute paths, ".." segments and symlinks pointing outside are
// PATH_TRAVERSAL. A missing file is FILE_NOT_FOUND and one over [MaxFileSize]
// is FILE_TOO_LARGE.
func ReadFileInDir(workDir, path string) (string, error) {
	if strings.TrimSpace(path) == "" {
		return "", invalidParam("filePath is empty", "Pass a path relative to the working directory, or inline content.")
	}
	real, err := resolveInDir(workDir, path)
	if err != nil {
		return "", err
	}
	f, err := os.Open(real)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", notFound(path)
		}
		return "", platform.NewError(platform.ErrFileNotFound, fmt.Sprintf("cannot open %q", platform.Clip(path, 80)),
			"Check the file's permissions.")
	}
	defer func() { _ = f.Close() }()
	st, err := f.Stat()
	if err != nil {
		return "", fmt.Errorf("stat %s: %w", path, err)
	}
	if st.IsDir() {
		return "", platform.NewError(platform.ErrFileNotFound, fmt.Sprintf("%q is a directory", platform.Clip(path, 80)),
			"Point filePath at a file, e.g. import.yml.")
	}
	data, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return "", fmt.Errorf("reading %s: %w", path, err)
	}
	if len(data) > MaxFileSize {
		return "", platform.NewError(platform.ErrFileTooLarge,
			fmt.Sprintf("%q is larger than %d kB", platform.Clip(path, 80), MaxFileSize/1024),
			"Split the file or trim it; the platform accepts at most 100 kB.")
	}
	return string(data), nil
}

// ResolveDirInDir resolves dir ("." included) against workDir with the
// confinement of ReadFileInDir and returns the directory's real absolute path.
func ResolveDirInDir(workDir, dir string) (string, error) {
	if strings.TrimSpace(dir) == "" {
		return "", invalidParam("workingDir is empty", `Pass a directory relative to ZCP's working directory, e.g. ".".`)
	}
	real, err := resolveInDir(workDir, dir)
	if err != nil {
		return "", err
	}
	st, err := os.Stat(real)
	if err != nil || !st.IsDir() {
		return "", platform.NewError(platform.ErrFileNotFound, fmt.Sprintf("%q is not a directory", platform.Clip(dir, 80)),
			`Pass the directory holding zerops.yml, relative to ZCP's working directory (e.g. ".").`)
	}
	return real, nil
}

// resolveInDir returns the real path of path under workDir, refusing
// absolute paths, ".." segments and symlinks that lead outside.
func resolveInDir(workDir, path string) (string, error) {
	if strings.ContainsRune(path, 0) {
		return "", traversal(path)
	}
	if filepath.IsAbs(path) || strings.HasPrefix(path, "/") || strings.HasPrefix(path, `\`) {
		return "", traversal(path)
	}
	for _, seg := range strings.FieldsFunc(path, func(r rune) bool { return r == '/' || r == '\\' }) {
		if seg == ".." {
			return "", traversal(path)
		}
	}
	if workDir == "" {
		workDir = "."
	}
	root, err := filepath.Abs(workDir)
	if err != nil {
		return "", fmt.Errorf("resolving working directory: %w", err)
	}
	if r, err := filepath.EvalSymlinks(root); err == nil {
		root = r
	}
	full := filepath.Join(root, filepath.Clean(path))
	real, err := filepath.EvalSymlinks(full)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return "", notFound(path)
		}
		return "", platform.NewError(platform.ErrFileNotFound, fmt.Sprintf("cannot read %q", platform.Clip(path, 80)),
			"Check the path (relative to the working directory) and its permissions.")
	}
	if !within(root, real) {
		return "", traversal(path)
	}
	return real, nil
}

func within(root, p string) bool {
	rel, err := filepath.Rel(root, p)
	if err != nil {
		return false
	}
	return rel == "." || (rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)))
}

func traversal(path string) error {
	return platform.NewError(platform.ErrPathTraversal,
		fmt.Sprintf("path %q leaves the working directory", platform.Clip(path, 80)),
		"Use a path relative to the working directory without '..', or pass the content inline.")
}

func notFound(path string) error {
	return platform.NewError(platform.ErrFileNotFound, fmt.Sprintf("file %q not found", platform.Clip(path, 80)),
		"Paths are relative to the working directory; check the name or pass the content inline.")
}
