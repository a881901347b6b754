package deploy

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/zeropsio/zcp/deploy/sshdtest"
)

// inertCorpus is hostile input placed straight into a Plan, past validation,
// to prove the remote script's quoting alone keeps it inert. "MARKER" is
// replaced by a per-case file that must never be created.
var inertCorpus = []string{
	"x; touch MARKER",
	"x && touch MARKER",
	"x || touch MARKER",
	"x | touch MARKER",
	"x & touch MARKER",
	"$(touch MARKER)",
	"${IFS}touch${IFS}MARKER",
	"`touch MARKER`",
	"x\ntouch MARKER",
	"x\rtouch MARKER",
	"x'; touch MARKER; '",
	"x'\"'\"'; touch MARKER",
	`x"; touch MARKER; "`,
	`x\'; touch MARKER`,
	`'\''; touch MARKER; '\''`,
	"-oProxyCommand=touch MARKER",
	"--help",
	"-",
	"x y",
	"x\ty",
	"x>MARKER",
	"x>>MARKER",
	"x<MARKER",
	"*",
	"?",
	"[x]",
	"~root",
	"x#; touch MARKER",
	"!!",
	"{a,b}",
	"%s%n",
	"ａｐｐ",
	"app\u200bdev",
	"\u202etxt",
	"\x1b[31mred",
	"$HOME",
	"$tok",
	"$(cat /etc/passwd)",
	"\\",
	"'",
	`"`,
	strings.Repeat("A", 200),
}

func TestRemoteScript_Inert(t *testing.T) {
	t.Parallel()
	if len(inertCorpus) < 30 {
		t.Fatalf("corpus has %d values, want ≥ 30", len(inertCorpus))
	}
	shells := []string{"sh", "bash"}
	fields := []string{"targetServiceId", "setup", "workingDir"}
	for _, shell := range shells {
		shellPath, err := exec.LookPath(shell)
		if err != nil {
			t.Fatalf("%s is not installed: the scripts run under it on every Zerops container, so this test needs it", shell)
		}
		for _, field := range fields {
			for i, raw := range inertCorpus {
				t.Run(shell+"/"+field+"/"+strconv.Itoa(i), func(t *testing.T) {
					t.Parallel()
					runInertCase(t, shellPath, field, raw)
				})
			}
		}
	}
}

func runInertCase(t *testing.T, shell, field, raw string) {
	z := sshdtest.NewZcli(t, sshdtest.ZcliOptions{})
	base := t.TempDir()
	marker := filepath.Join(base, "pwned")
	v := strings.ReplaceAll(raw, "MARKER", marker)
	p := Plan{Mode: ModeSSH, SourceService: "appdev", TargetServiceID: "svc", WorkingDir: base}
	wantArgs := []string{"push", "--service-id", "svc"}
	switch field {
	case "targetServiceId":
		p.TargetServiceID = v
		wantArgs = []string{"push", "--service-id", v}
	case "setup":
		p.Setup = v
		wantArgs = append(wantArgs, "--setup", v)
	case "workingDir":
		// A directory with exactly that name exists when the name is legal,
		// so the push runs inside it; otherwise cd fails.
		dir := base + "/" + v
		if !strings.Contains(v, "/") && os.Mkdir(dir, 0o755) != nil {
			t.Fatalf("mkdir %q", dir)
		}
		p.WorkingDir = dir
	}

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, shell, "-c", remoteScript(p))
	cmd.Dir = base
	cmd.Env = []string{"PATH=" + z.BinDir() + ":/usr/bin:/bin", "HOME=" + base}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	_, _ = io.WriteString(stdin, "the-token\n")
	_ = cmd.Wait()
	code := cmd.ProcessState.ExitCode()

	if _, err := os.Stat(marker); err == nil {
		t.Fatalf("value %q executed: marker created (exit %d)", v, code)
	}
	if field == "workingDir" && strings.Contains(v, "/") {
		if len(z.Pushes()) > 0 && z.PushDir() != filepath.Clean(p.WorkingDir) {
			t.Errorf("push ran in %q for workingDir %q", z.PushDir(), p.WorkingDir)
		}
		return
	}
	if code != 0 {
		t.Fatalf("exit %d for %q", code, v)
	}
	pushes := z.Pushes()
	if len(pushes) != 1 || strings.Join(pushes[0], "\x00") != strings.Join(wantArgs, "\x00") {
		t.Errorf("zcli got %q, want %q", pushes, wantArgs)
	}
	if field == "workingDir" && !strings.ContainsAny(v, "\n\r") && z.PushDir() != p.WorkingDir {
		t.Errorf("push ran in %q, want %q", z.PushDir(), p.WorkingDir)
	}
	if got := z.LoggedInToken(); got != "the-token" {
		t.Errorf("login token %q", got)
	}
}

// TestDeploySSH_InertThroughSSHD sends a few hostile values past validation
// through a real sshd and the user's login shell.
func TestDeploySSH_InertThroughSSHD(t *testing.T) {
	t.Parallel()
	s := sshdtest.Start(t, sshdtest.Options{})
	base := t.TempDir()
	marker := filepath.Join(base, "pwned")
	d := New(Config{SSHConfigPath: s.ConfigPath(), Token: "tok-inert"})
	values := []string{"x; touch MARKER", "$(touch MARKER)", "x'; touch MARKER; '", "x\ntouch MARKER"}
	for _, raw := range values {
		v := strings.ReplaceAll(raw, "MARKER", marker)
		for _, field := range []string{"targetServiceId", "setup"} {
			p := Plan{Mode: ModeSSH, SourceService: "appdev", TargetServiceID: "svc", WorkingDir: base}
			want := []string{"push", "--service-id", "svc"}
			if field == "setup" {
				p.Setup = v
				want = append(want, "--setup", v)
			} else {
				p.TargetServiceID = v
				want = []string{"push", "--service-id", v}
			}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			res, err := d.deploySSH(ctx, p)
			cancel()
			if err != nil {
				t.Fatalf("%s %q: %v (%+v)", field, v, err, res)
			}
			pushes := s.Pushes()
			if last := pushes[len(pushes)-1]; strings.Join(last, "\x00") != strings.Join(want, "\x00") {
				t.Errorf("%s %q: zcli got %q", field, v, last)
			}
			if _, err := os.Stat(marker); err == nil {
				t.Fatalf("%s %q executed", field, v)
			}
		}
	}
}
