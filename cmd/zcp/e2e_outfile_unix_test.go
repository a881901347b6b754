//go:build unix

package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// TestBinary_OutputFileNotRegularRefusedAtOnce: ZCP_AUDIT_LOG or
// ZCP_STATUS_FILE naming a FIFO (with or without a reader) or a directory
// stops zcp within a second, exit 1, naming the variable and what the path
// is; it never waits on the path.
func TestBinary_OutputFileNotRegularRefusedAtOnce(t *testing.T) {
	t.Parallel()
	fake := fakeapi.StartTB(t, fakeapi.Options{})
	api := []string{"ZEROPS_API_HOST=" + fake.URL(), "ZEROPS_ZCP_API_KEY=" + fake.Token()}
	fifo := func(t *testing.T) string {
		p := filepath.Join(t.TempDir(), "fifo")
		if err := syscall.Mkfifo(p, 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// withReader keeps the FIFO open for reading (non-blocking) for the test.
	withReader := func(t *testing.T) string {
		p := fifo(t)
		r, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = r.Close() })
		return p
	}
	tests := []struct {
		name string
		env  string
		path func(t *testing.T) string
		want string
	}{
		{"audit FIFO without reader", "ZCP_AUDIT_LOG", fifo, "a FIFO"},
		{"audit FIFO with reader", "ZCP_AUDIT_LOG", withReader, "a FIFO"},
		{"audit directory", "ZCP_AUDIT_LOG", func(t *testing.T) string { return t.TempDir() }, "a directory"},
		{"status FIFO without reader", "ZCP_STATUS_FILE", fifo, "a FIFO"},
		{"status directory", "ZCP_STATUS_FILE", func(t *testing.T) string { return t.TempDir() }, "a directory"},
		{"status in missing directory", "ZCP_STATUS_FILE", func(t *testing.T) string {
			return filepath.Join(t.TempDir(), "missing", "status.txt")
		}, "directory of"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, zcpBin)
			cmd.Env = append(cleanEnv(), append([]string{tt.env + "=" + tt.path(t)}, api...)...)
			var stdout, stderr syncBuffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			stdin, err := cmd.StdinPipe() // held open: zcp must not wait for EOF
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = stdin.Close() }()
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			// The refusal needs no timer: zcp exiting by itself, with stdin still
			// open, is the behaviour; the old code blocked in open(2) until SIGKILL.
			_ = cmd.Wait()
			if ctx.Err() != nil {
				t.Fatalf("zcp still running after 30 s with %s on a %s; stderr:\n%s", tt.env, tt.name, stderr.String())
			}
			code := cmd.ProcessState.ExitCode()
			if code != 1 || !strings.Contains(stderr.String(), tt.env) || !strings.Contains(stderr.String(), tt.want) {
				t.Fatalf("exit %d, stderr %q; want exit 1 naming %s and %q", code, stderr.String(), tt.env, tt.want)
			}
			if stdout.String() != "" {
				t.Errorf("stdout must stay empty, got %q", stdout.String())
			}
		})
	}
}

// TestBinary_TokenFileNotRegularRefusedAtOnce: an HTTP token file that is a
// FIFO (without a writer, which blocked open(2) before) or a directory stops
// `zcp --http` at once, exit 2, naming what it is and the variables that fix it.
func TestBinary_TokenFileNotRegularRefusedAtOnce(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		make func(path string) error
		want string
	}{
		{"FIFO", func(p string) error { return syscall.Mkfifo(p, 0o600) }, "a FIFO"},
		{"directory", func(p string) error { return os.Mkdir(p, 0o700) }, "a directory"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			cfg := t.TempDir()
			if err := os.MkdirAll(filepath.Join(cfg, "zcp"), 0o700); err != nil {
				t.Fatal(err)
			}
			if err := tt.make(filepath.Join(cfg, "zcp", "http-token")); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, zcpBin, "sandbox", "--http", "127.0.0.1:0")
			cmd.Env = append(cleanEnv(), "XDG_CONFIG_HOME="+cfg)
			var stdout, stderr syncBuffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			_ = cmd.Run()
			if ctx.Err() != nil {
				t.Fatalf("zcp still running after 30 s with a token file that is a %s; stderr:\n%s", tt.name, stderr.String())
			}
			code := cmd.ProcessState.ExitCode()
			if code != 2 || !strings.Contains(stderr.String(), tt.want) || !strings.Contains(stderr.String(), "ZCP_HTTP_TOKEN") {
				t.Fatalf("exit %d, stderr %q; want exit 2 naming %q and ZCP_HTTP_TOKEN", code, stderr.String(), tt.want)
			}
			if stdout.String() != "" {
				t.Errorf("stdout must stay empty, got %q", stdout.String())
			}
		})
	}
}
