package sshdtest

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// DefaultHosts are the ssh Host aliases a Server answers when Options.Hosts
// is empty: the runtime hostnames of the fake API's seeded project and a few
// more.
var DefaultHosts = []string{"appdev", "appstage", "apidev", "apistage", "workerdev"}

// startTimeout bounds how long sshd may take to listen; it guards against a
// hung start, it is not a speed assertion.
const startTimeout = 15 * time.Second

// Options configures a Server.
type Options struct {
	// Hosts are the aliases written to the ssh config; empty means DefaultHosts.
	Hosts []string
	// UnreachableHosts are aliases pointing at a closed port on 127.0.0.1 (ssh
	// answers "Connection refused" and exits 255).
	UnreachableHosts []string
	// APIURL is the fake Zerops API the fake zcli pushes to (fakeapi's
	// Server.URL()); empty means pushes only print.
	APIURL string
}

// Server is a running sshd plus the fake zcli its sessions find on PATH. The
// embedded *Zcli gives its records and switches.
type Server struct {
	*Zcli
	dir        string
	configPath string
	port       int
	user       string
	hosts      []string
	cmd        *exec.Cmd
	exited     chan struct{}
	log        *logWriter
	closeOnce  sync.Once
	closedFD   int // a socket bound to the unreachable hosts' port, never listening (-1: none)
}

// Start runs sshd for the test and stops it in tb.Cleanup. Without sshd,
// ssh, ssh-keygen or curl it skips the test, unless the CI environment
// variable is set, where it fails it.
func Start(tb testing.TB, opts Options) *Server {
	tb.Helper()
	tools, err := findTools()
	if err != nil {
		if os.Getenv("CI") != "" {
			tb.Fatalf("sshdtest: %v (CI must install openssh-server, openssh-client and curl)", err)
		}
		tb.Skipf("sshdtest: %v", err)
	}
	s, err := start(tb.TempDir(), tools, opts)
	if err != nil {
		tb.Fatalf("sshdtest: %v", err)
	}
	tb.Cleanup(s.Close)
	if err := s.verify(tools); err != nil {
		tb.Fatalf("sshdtest: %v\nsshd log:\n%s", err, s.Log())
	}
	return s
}

type tools struct{ sshd, ssh, keygen string }

func findTools() (tools, error) {
	var t tools
	var err error
	if t.sshd, err = lookPath("sshd", "/usr/sbin/sshd", "/usr/local/sbin/sshd"); err != nil {
		return t, err
	}
	if t.ssh, err = lookPath("ssh", "/usr/bin/ssh"); err != nil {
		return t, err
	}
	if t.keygen, err = lookPath("ssh-keygen", "/usr/bin/ssh-keygen"); err != nil {
		return t, err
	}
	if _, err = lookPath("curl", "/usr/bin/curl"); err != nil {
		return t, err
	}
	return t, nil
}

// lookPath finds name on PATH or at one of the usual places (sbin is often
// missing from a non-root PATH); sshd must be started by absolute path.
func lookPath(name string, fallbacks ...string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return filepath.Abs(p)
	}
	for _, p := range fallbacks {
		if st, err := os.Stat(p); err == nil && !st.IsDir() && st.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s not found", name)
}

func start(dir string, t tools, opts Options) (*Server, error) {
	u, err := user.Current()
	if err != nil {
		return nil, fmt.Errorf("current user: %w", err)
	}
	z, err := installZcli(dir, ZcliOptions{APIURL: opts.APIURL})
	if err != nil {
		return nil, err
	}
	hosts := opts.Hosts
	if len(hosts) == 0 {
		hosts = DefaultHosts
	}
	s := &Server{Zcli: z, dir: dir, user: u.Username, hosts: hosts, closedFD: -1}
	hostKey := filepath.Join(dir, "ssh_host_ed25519_key")
	userKey := filepath.Join(dir, "id_ed25519")
	for _, k := range []string{hostKey, userKey} {
		if out, err := exec.Command(t.keygen, "-q", "-t", "ed25519", "-N", "", "-C", "sshdtest", "-f", k).CombinedOutput(); err != nil {
			return nil, fmt.Errorf("ssh-keygen %s: %w: %s", k, err, out)
		}
	}
	pub, err := os.ReadFile(userKey + ".pub")
	if err != nil {
		return nil, fmt.Errorf("read user key: %w", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "authorized_keys"), pub, 0o600); err != nil {
		return nil, fmt.Errorf("write authorized_keys: %w", err)
	}
	if os.Geteuid() == 0 {
		// sshd running as root insists on its privilege-separation directory,
		// which a container without a started sshd service lacks.
		if err := os.MkdirAll("/run/sshd", 0o755); err != nil {
			return nil, fmt.Errorf("create /run/sshd: %w", err)
		}
	}
	// A free port can be taken between probing and sshd's bind: retry.
	var lastErr error
	for attempt := 0; attempt < 5; attempt++ {
		port, err := freePort()
		if err != nil {
			return nil, err
		}
		if lastErr = s.run(t.sshd, port, hostKey); lastErr == nil {
			break
		}
	}
	if lastErr != nil {
		return nil, lastErr
	}
	closed, fd, err := boundPort()
	if err != nil {
		s.Close()
		return nil, err
	}
	s.closedFD = fd
	if err := s.writeClientConfig(userKey, closed, opts.UnreachableHosts); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

func (s *Server) run(sshd string, port int, hostKey string) error {
	cfg := strings.Join([]string{
		fmt.Sprintf("Port %d", port),
		"ListenAddress 127.0.0.1",
		"AddressFamily inet",
		fmt.Sprintf("HostKey %q", hostKey),
		fmt.Sprintf("PidFile %q", filepath.Join(s.dir, "sshd.pid")),
		fmt.Sprintf("AuthorizedKeysFile %q", filepath.Join(s.dir, "authorized_keys")),
		"StrictModes no",
		"PubkeyAuthentication yes",
		"PasswordAuthentication no",
		"KbdInteractiveAuthentication no",
		"PermitRootLogin prohibit-password",
		"UsePAM no",
		"PermitUserEnvironment no",
		// The session's PATH starts with the fake zcli. A login shell's rc
		// files may prepend more; verify checks zcli still resolves to ours.
		fmt.Sprintf("SetEnv %q", "PATH="+s.binDir+":/usr/local/bin:/usr/bin:/bin"),
		"X11Forwarding no",
		"AllowTcpForwarding no",
		"AllowAgentForwarding no",
		"PrintMotd no",
		"PrintLastLog no",
		"MaxStartups 100",
		"MaxSessions 100",
		"LogLevel INFO",
		"",
	}, "\n")
	cfgPath := filepath.Join(s.dir, "sshd_config")
	if err := os.WriteFile(cfgPath, []byte(cfg), 0o600); err != nil {
		return fmt.Errorf("write sshd_config: %w", err)
	}
	s.log = newLogWriter(fmt.Sprintf("Server listening on 127.0.0.1 port %d", port))
	cmd := exec.Command(sshd, "-D", "-e", "-f", cfgPath)
	cmd.Stdout = s.log
	cmd.Stderr = s.log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.WaitDelay = 2 * time.Second
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start sshd: %w", err)
	}
	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(exited)
	}()
	timer := time.NewTimer(startTimeout)
	defer timer.Stop()
	select {
	case <-s.log.ready:
		s.cmd, s.exited, s.port = cmd, exited, port
		return nil
	case <-exited:
		return fmt.Errorf("sshd exited at start: %s", s.log.String())
	case <-timer.C:
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		<-exited
		return fmt.Errorf("sshd did not listen within %s: %s", startTimeout, s.log.String())
	}
}

func (s *Server) writeClientConfig(userKey string, closedPort int, unreachable []string) error {
	var b strings.Builder
	block := func(hosts []string, port int) {
		fmt.Fprintf(&b, "Host %s\n", strings.Join(hosts, " "))
		fmt.Fprintf(&b, "  HostName 127.0.0.1\n  Port %d\n  User %s\n", port, s.user)
		fmt.Fprintf(&b, "  IdentityFile %q\n  IdentitiesOnly yes\n", userKey)
		b.WriteString("  StrictHostKeyChecking no\n  UserKnownHostsFile /dev/null\n  LogLevel ERROR\n  BatchMode yes\n")
	}
	block(s.hosts, s.port)
	if len(unreachable) > 0 {
		block(unreachable, closedPort)
	}
	s.configPath = filepath.Join(s.dir, "ssh_config")
	if err := os.WriteFile(s.configPath, []byte(b.String()), 0o600); err != nil {
		return fmt.Errorf("write ssh_config: %w", err)
	}
	return nil
}

// verify logs in once and checks the session finds the fake zcli first.
func (s *Server) verify(t tools) error {
	ctx, cancel := context.WithTimeout(context.Background(), startTimeout)
	defer cancel()
	// stdout alone holds the answer: a login shell's rc files may write to
	// stderr (pyenv's rehash does when parallel sessions race for its lock).
	var stderr strings.Builder
	cmd := exec.CommandContext(ctx, t.ssh, "-F", s.configPath, "--", s.hosts[0], "command -v zcli")
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return fmt.Errorf("test login over ssh failed: %w: %s%s", err, out, stderr.String())
	}
	if got := strings.TrimSpace(string(out)); got != s.Path() {
		return fmt.Errorf("the ssh session finds zcli at %q, not the fake %q (a shell rc file puts another zcli first on PATH); stderr: %q", got, s.Path(), stderr.String())
	}
	return nil
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("find a free port: %w", err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	if err := l.Close(); err != nil {
		return 0, fmt.Errorf("release probe port: %w", err)
	}
	return port, nil
}

// boundPort holds a port no one can take: a socket bound to 127.0.0.1
// that never listens, so a connection to it is refused, as to a closed
// port, for as long as the fd stays open. A port probed free and released
// could be taken by another test's sshd in the meantime, and ssh then
// reports that server's handshake instead of the refusal.
func boundPort() (port, fd int, err error) {
	fd, err = syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM|syscall.SOCK_CLOEXEC, 0)
	if err != nil {
		return 0, -1, fmt.Errorf("open a socket for the closed port: %w", err)
	}
	if err = syscall.Bind(fd, &syscall.SockaddrInet4{Addr: [4]byte{127, 0, 0, 1}}); err == nil {
		var sa syscall.Sockaddr
		if sa, err = syscall.Getsockname(fd); err == nil {
			if in4, ok := sa.(*syscall.SockaddrInet4); ok {
				return in4.Port, fd, nil
			}
			err = fmt.Errorf("bound to %v, not an IPv4 address", sa)
		}
	}
	_ = syscall.Close(fd)
	return 0, -1, fmt.Errorf("bind the closed port: %w", err)
}

// ConfigPath is the ssh client config to pass with -F (deploy.Config.SSHConfigPath).
func (s *Server) ConfigPath() string { return s.configPath }

// Port is the port sshd listens on (127.0.0.1).
func (s *Server) Port() int { return s.port }

// User is the login user (the user running the test).
func (s *Server) User() string { return s.user }

// Hosts are the reachable Host aliases.
func (s *Server) Hosts() []string { return append([]string(nil), s.hosts...) }

// Log is sshd's output so far (useful in failure messages).
func (s *Server) Log() string { return s.log.String() }

// Close stops sshd; it is idempotent and also registered with tb.Cleanup.
func (s *Server) Close() {
	s.closeOnce.Do(func() {
		if s.closedFD >= 0 {
			_ = syscall.Close(s.closedFD)
		}
		if s.cmd == nil {
			return
		}
		_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGTERM)
		timer := time.NewTimer(5 * time.Second)
		defer timer.Stop()
		select {
		case <-s.exited:
		case <-timer.C:
			_ = syscall.Kill(-s.cmd.Process.Pid, syscall.SIGKILL)
			<-s.exited
		}
	})
}

// logWriter collects sshd's output (bounded) and closes ready when the
// listening line appears.
type logWriter struct {
	mu      sync.Mutex
	buf     bytes.Buffer
	marker  string
	ready   chan struct{}
	readied bool
}

const maxLog = 256 << 10

func newLogWriter(marker string) *logWriter {
	return &logWriter{marker: marker, ready: make(chan struct{})}
}

func (w *logWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.buf.Len() < maxLog {
		w.buf.Write(p)
	}
	if !w.readied && strings.Contains(w.buf.String(), w.marker) {
		w.readied = true
		close(w.ready)
	}
	return len(p), nil
}

func (w *logWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}
