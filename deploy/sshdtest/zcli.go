package sshdtest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// pollInterval is how often the helpers look at files the fake zcli writes;
// there is no signal to await across the ssh boundary.
const pollInterval = 10 * time.Millisecond

// ZcliOptions configures a fake zcli.
type ZcliOptions struct {
	// APIURL is the fake Zerops API base URL (fakeapi's Server.URL()); empty
	// means a push only prints zcli-like output and touches no API.
	APIURL string
	// Token pre-logs the fake in (local mode, where zcli uses its own stored
	// login); SSH mode logs in through `zcli login` instead.
	Token string
}

// Zcli is an installed fake zcli: a script in BinDir plus its state directory.
// Its methods read and write files, so it is safe for concurrent use.
type Zcli struct {
	binDir   string
	stateDir string
}

// NewZcli installs a fake zcli into a fresh temporary directory (BinDir) for
// local-mode tests; put BinDir on the PATH the code under test searches.
func NewZcli(tb testing.TB, opts ZcliOptions) *Zcli {
	tb.Helper()
	z, err := installZcli(tb.TempDir(), opts)
	if err != nil {
		tb.Fatalf("sshdtest: %v", err)
	}
	return z
}

func installZcli(root string, opts ZcliOptions) (*Zcli, error) {
	z := &Zcli{binDir: filepath.Join(root, "bin"), stateDir: filepath.Join(root, "zcli-state")}
	for _, d := range []string{z.binDir, z.stateDir, filepath.Join(z.stateDir, "calls")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, fmt.Errorf("create %s: %w", d, err)
		}
	}
	// World-writable so a session of another user can still record calls.
	if err := os.Chmod(filepath.Join(z.stateDir, "calls"), 0o777); err != nil {
		return nil, fmt.Errorf("chmod calls dir: %w", err)
	}
	if err := syscall.Mkfifo(filepath.Join(z.stateDir, "hold.fifo"), 0o666); err != nil {
		return nil, fmt.Errorf("create hold fifo: %w", err)
	}
	script := fmt.Sprintf(zcliScript, shQuote(z.stateDir))
	if err := writeExecutable(filepath.Join(z.binDir, "zcli"), []byte(script)); err != nil {
		return nil, fmt.Errorf("write fake zcli: %w", err)
	}
	if err := os.WriteFile(filepath.Join(z.stateDir, "api-url"), []byte(opts.APIURL), 0o644); err != nil {
		return nil, fmt.Errorf("write api url: %w", err)
	}
	if opts.Token != "" {
		if err := z.writeLogin(opts.Token); err != nil {
			return nil, err
		}
	}
	return z, nil
}

// writeExecutable writes an executable file while holding syscall.ForkLock
// for reading. A process forked by another goroutine meanwhile would inherit
// the open write descriptor until its exec, and running the file during that
// window fails with ETXTBSY ("text file busy"): parallel tests that start
// shells hit it. Holding the lock keeps every fork in this process out of the
// window.
func writeExecutable(path string, data []byte) error {
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	return os.WriteFile(path, data, 0o755)
}

func (z *Zcli) writeLogin(token string) error {
	if err := os.WriteFile(filepath.Join(z.stateDir, "token"), []byte(token), 0o600); err != nil {
		return fmt.Errorf("write token: %w", err)
	}
	hdr := "Authorization: Bearer " + token + "\n"
	if err := os.WriteFile(filepath.Join(z.stateDir, "auth-header"), []byte(hdr), 0o600); err != nil {
		return fmt.Errorf("write auth header: %w", err)
	}
	return nil
}

// BinDir is the directory holding the fake `zcli`.
func (z *Zcli) BinDir() string { return z.binDir }

// Path is the fake zcli's absolute path.
func (z *Zcli) Path() string { return filepath.Join(z.binDir, "zcli") }

// StateDir is where the fake keeps its records and switches.
func (z *Zcli) StateDir() string { return z.stateDir }

// Calls returns the argument lists of every invocation so far, oldest first.
// The token given to `login` is recorded as "***".
func (z *Zcli) Calls() [][]string {
	dir := filepath.Join(z.stateDir, "calls")
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	names := make([]string, 0, len(entries))
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	var calls [][]string
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			continue
		}
		args := strings.Split(string(bytes.TrimSuffix(b, []byte{0})), "\x00")
		calls = append(calls, args)
	}
	return calls
}

// Pushes returns the argument lists of the `push` invocations only.
func (z *Zcli) Pushes() [][]string {
	var out [][]string
	for _, c := range z.Calls() {
		if len(c) > 0 && c[0] == "push" {
			out = append(out, c)
		}
	}
	return out
}

// LoggedInToken is the token the last `zcli login` stored ("" when none).
func (z *Zcli) LoggedInToken() string {
	b, _ := os.ReadFile(filepath.Join(z.stateDir, "token"))
	return string(b)
}

// PushDir is the working directory of the last push ("" when none ran).
func (z *Zcli) PushDir() string {
	b, _ := os.ReadFile(filepath.Join(z.stateDir, "push.cwd"))
	return strings.TrimSpace(string(b))
}

// SetFailure makes every later push print "Error: <msg>" and exit 1; an empty
// msg clears it.
func (z *Zcli) SetFailure(msg string) { z.setSwitch("fail", msg, msg != "") }

// SetHold makes every later push block, after recording its pid, until
// Release (or until it is killed).
func (z *Zcli) SetHold(on bool) { z.setSwitch("hold", "", on) }

// SetHoldInChild makes a held push (SetHold) block in a child process of
// zcli rather than in zcli itself, and record the child's pid for
// WaitHoldChild: killing zcli alone then leaves the child behind, so a test
// can prove a whole process group was killed. Local mode only: across ssh the
// remote side stops zcli, not its children.
func (z *Zcli) SetHoldInChild(on bool) { z.setSwitch("hold-child", "", on) }

// SetExit255 makes every later push, after its success output, kill the
// sshd session that runs it, so the ssh client exits 255 although the push
// succeeded (a plain exit 255 outside an ssh session).
func (z *Zcli) SetExit255(on bool) { z.setSwitch("exit255", "", on) }

func (z *Zcli) setSwitch(name, content string, on bool) {
	p := filepath.Join(z.stateDir, name)
	if !on {
		_ = os.Remove(p)
		return
	}
	_ = os.WriteFile(p, []byte(content), 0o644)
}

// WaitPushStarted waits until a push has recorded its pid and returns it. The
// pid file is left in place: call ClearPushPID before starting another push.
func (z *Zcli) WaitPushStarted(ctx context.Context) (int, error) {
	return z.waitPID(ctx, "push.pid", "the fake zcli push to start")
}

// WaitHoldChild waits until a push held in a child process (SetHoldInChild)
// has recorded the child's pid and returns it.
func (z *Zcli) WaitHoldChild(ctx context.Context) (int, error) {
	return z.waitPID(ctx, "push.child", "the held push's child process")
}

func (z *Zcli) waitPID(ctx context.Context, name, what string) (int, error) {
	p := filepath.Join(z.stateDir, name)
	t := time.NewTicker(pollInterval)
	defer t.Stop()
	for {
		if b, err := os.ReadFile(p); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && pid > 0 {
				return pid, nil
			}
		}
		select {
		case <-ctx.Done():
			return 0, fmt.Errorf("waiting for %s: %w", what, ctx.Err())
		case <-t.C:
		}
	}
}

// ClearPushPID forgets the pid of the last push.
func (z *Zcli) ClearPushPID() { _ = os.Remove(filepath.Join(z.stateDir, "push.pid")) }

// Release lets one held push continue. It waits (until ctx ends) for the push
// to be blocked on the hold fifo.
func (z *Zcli) Release(ctx context.Context) error {
	p := filepath.Join(z.stateDir, "hold.fifo")
	t := time.NewTicker(pollInterval)
	defer t.Stop()
	for {
		f, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0)
		if err == nil {
			_, werr := f.Write([]byte("go\n"))
			cerr := f.Close()
			return errors.Join(werr, cerr)
		}
		if !errors.Is(err, syscall.ENXIO) {
			return fmt.Errorf("open hold fifo: %w", err)
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("no held push to release: %w", ctx.Err())
		case <-t.C:
		}
	}
}

// WaitGone waits until the process pid no longer exists (or is a zombie).
func WaitGone(ctx context.Context, pid int) error {
	t := time.NewTicker(pollInterval)
	defer t.Stop()
	for {
		if !Alive(pid) {
			return nil
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("process %d still alive: %w", pid, ctx.Err())
		case <-t.C:
		}
	}
}

// Alive reports whether pid names a running (non-zombie) process.
func Alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return syscall.Kill(pid, 0) == nil
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 || i+2 >= len(s) {
		return true
	}
	return s[i+2] != 'Z' && s[i+2] != 'X'
}

// shQuote single-quotes s for sh.
func shQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }
