//go:build unix

package ops_test

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

// TestReadFileInDir_SpecialFilesRefusedWithoutBlocking: a FIFO with no
// writer, a socket and a device are NOT_A_REGULAR_FILE, answered at once
// (opening the FIFO for reading would wait for a writer for ever).
func TestReadFileInDir_SpecialFilesRefusedWithoutBlocking(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	must(t, syscall.Mkfifo(filepath.Join(work, "pipe.yml"), 0o644))
	must(t, os.Symlink("pipe.yml", filepath.Join(work, "link-to-pipe.yml")))
	// A unix socket path must be short: bind it under a short temp dir and
	// link to it from the work dir.
	sockDir, err := os.MkdirTemp("", "zcp")
	must(t, err)
	t.Cleanup(func() { _ = os.RemoveAll(sockDir) })
	ln, err := net.Listen("unix", filepath.Join(sockDir, "s"))
	must(t, err)
	t.Cleanup(func() { _ = ln.Close() })
	must(t, os.Rename(filepath.Join(sockDir, "s"), filepath.Join(work, "sock.yml")))
	paths := []string{"pipe.yml", "link-to-pipe.yml", "sock.yml"}
	if err := syscall.Mknod(filepath.Join(work, "null.yml"), syscall.S_IFCHR|0o644, 0x103); err == nil { // /dev/null's 1:3
		paths = append(paths, "null.yml")
	} else {
		t.Logf("no device test: mknod: %v", err)
	}
	for _, p := range paths {
		t.Run(p, func(t *testing.T) {
			t.Parallel()
			errc := make(chan error, 1)
			go func() {
				_, err := ops.ReadFileInDir(context.Background(), work, p)
				errc <- err
			}()
			select {
			case err := <-errc:
				wantCode(t, err, platform.ErrNotRegularFile)
			case <-time.After(10 * time.Second):
				t.Fatalf("reading %s blocked", p) // the goroutine stays blocked: the process is failing anyway
			}
		})
	}
}

func TestReadFileInDir_HonoursContext(t *testing.T) {
	t.Parallel()
	work := t.TempDir()
	must(t, os.WriteFile(filepath.Join(work, "import.yml"), []byte("services: []\n"), 0o644))
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	_, err := ops.ReadFileInDir(ctx, work, "import.yml")
	wantCode(t, err, platform.ErrCanceled)
}
