package supervisor

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// OpenAppend opens path for appending, creating it (mode 0600). The open
// never blocks (O_NONBLOCK: a FIFO without a reader fails at once) and
// anything but a regular file is refused, so no output file can hang
// start-up or shutdown.
func OpenAppend(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY|syscall.O_NONBLOCK, 0o600)
	if err != nil {
		if fi, serr := os.Stat(path); serr == nil && !fi.Mode().IsRegular() {
			return nil, notRegular(path, fi.Mode())
		}
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = notRegular(path, fi.Mode())
	}
	if err != nil {
		_ = f.Close()
		return nil, err
	}
	return f, nil
}

// CheckStatusFile refuses a status file path the dump could not replace:
// one naming something other than a regular file, or in a missing
// directory. An empty path (no status file) passes.
func CheckStatusFile(path string) error {
	if path == "" {
		return nil
	}
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() {
		return notRegular(path, fi.Mode())
	}
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("directory of %s: %w", path, err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("directory of %s: %s is %s", path, dir, fileKind(fi.Mode()))
	}
	return nil
}

// notRegular is the refusal of a path that is not a regular file.
func notRegular(path string, mode os.FileMode) error {
	return fmt.Errorf("%s is %s, not a regular file: name a regular file (created if missing) or unset the variable", path, fileKind(mode))
}

// fileKind names a file's type for a message.
func fileKind(mode os.FileMode) string {
	switch {
	case mode&os.ModeNamedPipe != 0:
		return "a FIFO"
	case mode.IsDir():
		return "a directory"
	case mode&os.ModeSocket != 0:
		return "a socket"
	case mode&os.ModeDevice != 0:
		return "a device"
	case mode.IsRegular():
		return "a regular file"
	default:
		return "a special file (" + mode.Type().String() + ")"
	}
}
