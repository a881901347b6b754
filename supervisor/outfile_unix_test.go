//go:build unix

package supervisor

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestOpenAppend_Paths(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		path    func(t *testing.T) string
		wantErr string // "" = opens
	}{
		{"new file", func(t *testing.T) string { return filepath.Join(t.TempDir(), "audit.jsonl") }, ""},
		{"existing file", func(t *testing.T) string {
			p := filepath.Join(t.TempDir(), "audit.jsonl")
			if err := os.WriteFile(p, []byte("old\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			return p
		}, ""},
		{"FIFO without reader", func(t *testing.T) string {
			p := filepath.Join(t.TempDir(), "fifo")
			if err := syscall.Mkfifo(p, 0o600); err != nil {
				t.Fatal(err)
			}
			return p
		}, "a FIFO, not a regular file"},
		{"directory", func(t *testing.T) string { return t.TempDir() }, "a directory, not a regular file"},
		{"missing directory", func(t *testing.T) string { return filepath.Join(t.TempDir(), "no", "audit") }, "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := tt.path(t)
			type result struct {
				f   *os.File
				err error
			}
			done := make(chan result, 1)
			go func() { f, err := OpenAppend(p); done <- result{f, err} }()
			var r result
			select {
			case r = <-done:
			case <-time.After(5 * time.Second):
				t.Fatalf("OpenAppend(%s) blocked", p)
			}
			if tt.wantErr == "" {
				if r.err != nil {
					t.Fatalf("OpenAppend: %v", r.err)
				}
				if _, err := r.f.WriteString("line\n"); err != nil {
					t.Fatal(err)
				}
				_ = r.f.Close()
				b, _ := os.ReadFile(p)
				if !strings.HasSuffix(string(b), "line\n") {
					t.Fatalf("file holds %q, want the line appended", b)
				}
				return
			}
			if r.err == nil || !strings.Contains(r.err.Error(), tt.wantErr) {
				t.Fatalf("OpenAppend error %v, want %q", r.err, tt.wantErr)
			}
		})
	}
}

func TestCheckStatusFile_Paths(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, path, wantErr string
	}{
		{"unset", "", ""},
		{"new file", filepath.Join(dir, "status.txt"), ""},
		{"existing file", file, ""},
		{"FIFO", fifo, "a FIFO, not a regular file"},
		{"directory", dir, "a directory, not a regular file"},
		{"missing directory", filepath.Join(dir, "no", "status.txt"), "no such file"},
		{"under a file", filepath.Join(file, "status.txt"), "is a regular file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := CheckStatusFile(tt.path)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("CheckStatusFile(%q): %v", tt.path, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Fatalf("CheckStatusFile(%q) = %v, want %q", tt.path, err, tt.wantErr)
			}
		})
	}
}
