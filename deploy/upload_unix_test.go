//go:build unix

package deploy_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/ops"
)

// uploadTap is the real client, keeping a copy of each archive it uploads.
type uploadTap struct {
	platform.Client
	mu       sync.Mutex
	archives [][]byte
}

func (u *uploadTap) UploadAppVersion(ctx context.Context, id string, archive io.Reader) error {
	b, err := io.ReadAll(archive)
	if err != nil {
		return err
	}
	u.mu.Lock()
	u.archives = append(u.archives, b)
	u.mu.Unlock()
	return u.Client.UploadAppVersion(ctx, id, bytes.NewReader(b))
}

// names are the entries of the archives uploaded so far.
func (u *uploadTap) names(t *testing.T) []string {
	t.Helper()
	u.mu.Lock()
	defer u.mu.Unlock()
	var names []string
	for _, a := range u.archives {
		zr, err := gzip.NewReader(bytes.NewReader(a))
		if err != nil {
			t.Fatal(err)
		}
		tr := tar.NewReader(zr)
		for {
			h, err := tr.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			names = append(names, h.Name)
		}
	}
	return names
}

// deployWithin runs the push in its own goroutine and fails the test when
// it does not return within a deadline of its own (a FIFO opened for
// reading would wait for a writer for ever).
func deployWithin(t *testing.T, p *deploy.APIPusher, req deploy.Request) (*deploy.Result, error) {
	t.Helper()
	type answer struct {
		res *deploy.Result
		err error
	}
	done := make(chan answer, 1)
	go func() {
		res, err := p.Deploy(testContext(t), req)
		done <- answer{res, err}
	}()
	select {
	case a := <-done:
		return a.res, a.err
	case <-time.After(2 * time.Minute): // a hang, not a slow read: 32 MiB under -race on a loaded machine took 20 s
		t.Fatal("the push did not return: it blocked reading the working directory")
		return nil, nil
	}
}

// The sandbox's upload never leaves ZCP's working directory: a working
// directory that is a symbolic link to elsewhere is refused as a local
// deploy's is (even when the zerops.yml there links back in), links leading
// out of the tree are left out, and a FIFO is skipped without blocking.
func TestAPIPusher_UploadStaysInTheTree(t *testing.T) {
	t.Parallel()
	fake, c := startFake(t, time.Minute)
	stage := fake.ServiceID("appstage")

	// newTree is ZCP's working directory with a zerops.yml, and a directory
	// outside it holding a secret and a zerops.yml linking back in.
	newTree := func(t *testing.T) (root, outside string) {
		root, outside = t.TempDir(), t.TempDir()
		writeFile(t, filepath.Join(root, "zerops.yml"), pythonYml)
		writeFile(t, filepath.Join(root, "app.py"), "print(1)\n")
		writeFile(t, filepath.Join(outside, "secret.txt"), "token")
		must(t, os.Symlink(filepath.Join(root, "zerops.yml"), filepath.Join(outside, "zerops.yml")))
		return root, outside
	}
	t.Run("working directory links out", func(t *testing.T) {
		t.Parallel()
		root, outside := newTree(t)
		must(t, os.Symlink(outside, filepath.Join(root, "app")))
		for _, req := range []deploy.Request{
			{SourceService: "appdev", TargetServiceID: stage, WorkingDir: "/var/www/app"},
			{ServiceID: stage, WorkingDir: filepath.Join(root, "app")},
		} {
			tap := &uploadTap{Client: c}
			_, err := deployWithin(t, deploy.NewAPIPusher(tap, root, ops.ReadFileInDir), req)
			if pe := wantCode(t, err, platform.ErrPathTraversal); !strings.Contains(pe.Message, "app") {
				t.Errorf("%+v: the refusal does not name the working directory: %s", req, pe.Message)
			}
			if names := tap.names(t); len(names) != 0 {
				t.Errorf("%+v: uploaded %v from outside the tree", req, names)
			}
		}
	})
	t.Run("links inside lead out", func(t *testing.T) {
		t.Parallel()
		root, outside := newTree(t)
		must(t, os.Symlink(filepath.Join(outside, "secret.txt"), filepath.Join(root, "secret.txt")))
		must(t, os.Symlink(outside, filepath.Join(root, "shared")))
		must(t, syscall.Mkfifo(filepath.Join(root, "pipe"), 0o644))
		tap := &uploadTap{Client: c}
		res, err := deployWithin(t, deploy.NewAPIPusher(tap, root, ops.ReadFileInDir),
			deploy.Request{SourceService: "appdev", TargetServiceID: stage})
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(tap.names(t)); got != "[app.py zerops.yml]" {
			t.Errorf("uploaded %s, want only the tree's regular files and the links inside it (output %q)", got, res.Output)
		}
	})
}

// Hard links to one big file are each read: the upload stops at its total,
// naming the limit and a file, and nothing reaches the API.
func TestAPIPusher_UploadStopsAtItsTotal(t *testing.T) {
	t.Parallel()
	fake, c := startFake(t, time.Minute)
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "zerops.yml"), pythonYml)
	big := filepath.Join(root, "data", "big.bin")
	writeFile(t, big, strings.Repeat("x", 1<<20))
	for i := range 150 {
		must(t, os.Link(big, filepath.Join(root, "data", fmt.Sprintf("link%03d.bin", i))))
	}
	tap := &uploadTap{Client: c}
	_, err := deployWithin(t, deploy.NewAPIPusher(tap, root, ops.ReadFileInDir),
		deploy.Request{SourceService: "appdev", TargetServiceID: fake.ServiceID("appstage")})
	pe := wantCode(t, err, platform.ErrFileTooLarge)
	if !strings.Contains(pe.Message, "MiB") || !strings.Contains(pe.Message, "data/") || !strings.Contains(pe.Suggestion, "workingDir") {
		t.Errorf("the error does not name the limit, the file and the fix: %s / %s", pe.Message, pe.Suggestion)
	}
	if n := fake.CountRequests("PUT", "/app-version/"); n != 0 || len(tap.names(t)) != 0 {
		t.Errorf("%d upload requests after the limit was hit", n)
	}
}

// The zerops.yml a real local push would send is read without blocking: a
// FIFO in its place is refused at once.
func TestDeployerReadZeropsYml_FIFORefusedAtOnce(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	pipe := filepath.Join(dir, "zerops.yaml")
	must(t, syscall.Mkfifo(pipe, 0o644))
	errc := make(chan error, 1)
	go func() {
		_, _, err := deploy.New(deploy.Config{}).ReadZeropsYml(testContext(t), deploy.Request{WorkingDir: dir, ServiceID: "svc1"})
		errc <- err
	}()
	select {
	case err := <-errc:
		if pe := wantCode(t, err, platform.ErrNotRegularFile); !strings.Contains(pe.Message, "zerops.yaml") {
			t.Errorf("the refusal does not name the file: %s", pe.Message)
		}
	case <-time.After(2 * time.Minute): // a hang, not a slow read: 32 MiB under -race on a loaded machine took 20 s
		// Release the blocked reader before failing.
		if f, err := os.OpenFile(pipe, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			_ = f.Close()
		}
		t.Fatal("reading a FIFO zerops.yml blocked")
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
