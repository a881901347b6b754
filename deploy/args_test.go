package deploy

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestSSHArgs_Shape(t *testing.T) {
	t.Parallel()
	p := Plan{Mode: ModeSSH, SourceService: "appdev", TargetServiceID: "svc", Setup: "prod", WorkingDir: "/var/www"}
	tests := []struct {
		name    string
		cfgPath string
		prefix  []string
	}{
		{"with config", "/etc/zcp/ssh_config", []string{"-F", "/etc/zcp/ssh_config", "-o", "BatchMode=yes"}},
		{"default config", "", []string{"-o", "BatchMode=yes"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			d := New(Config{SSHConfigPath: tc.cfgPath, Token: "tok-should-not-appear"})
			args := d.sshArgs(p.SourceService, remoteScript(p))
			if !slices.Equal(args[:len(tc.prefix)], tc.prefix) {
				t.Errorf("args start %q, want %q", args, tc.prefix)
			}
			n := len(args)
			if args[n-3] != "--" || args[n-2] != "appdev" {
				t.Errorf("args end %q, want -- appdev <script>", args[n-3:])
			}
			for _, o := range []string{"BatchMode=yes", "ConnectTimeout=10", "ServerAliveInterval=15", "ServerAliveCountMax=3",
				"StrictHostKeyChecking=no", "UserKnownHostsFile=/dev/null", "LogLevel=ERROR"} {
				if !slices.Contains(args, o) {
					t.Errorf("option %s missing from %q", o, args)
				}
			}
			script := args[n-1]
			for _, want := range []string{"cd '/var/www'", `zcli login -- "$tok"`, "zcli push --service-id 'svc' --setup 'prod'"} {
				if !strings.Contains(script, want) {
					t.Errorf("script lacks %q: %s", want, script)
				}
			}
			if strings.Contains(strings.Join(args, " "), "tok-should-not-appear") {
				t.Error("token in ssh's arguments")
			}
		})
	}
}

func TestChildEnv_DropsToken(t *testing.T) {
	t.Parallel()
	env := []string{"PATH=/bin", "ZEROPS_ZCP_API_KEY=abc", "OTHER=x-secret-tok-y", "HOME=/root", "ZCP_TOKEN=q"}
	got := childEnv(env, "secret-tok")
	if want := []string{"PATH=/bin", "HOME=/root"}; !slices.Equal(got, want) {
		t.Errorf("childEnv = %q, want %q", got, want)
	}
}

func TestConfig_StringRedactsToken(t *testing.T) {
	t.Parallel()
	c := Config{Token: "tok-secret-1234", SSHConfigPath: "/etc/ssh_config"}
	d := New(c)
	for _, out := range []string{fmt.Sprint(c), fmt.Sprintf("%+v", c), fmt.Sprintf("%#v", c), fmt.Sprintf("%+v", d), fmt.Sprintf("%v", *d)} {
		if strings.Contains(out, "tok-secret-1234") {
			t.Errorf("token printed: %s", out)
		}
	}
	if !strings.Contains(fmt.Sprint(c), "/etc/ssh_config") {
		t.Errorf("String lost the other fields: %s", c)
	}
}
