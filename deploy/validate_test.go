package deploy_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/deploy"
	"github.com/zeropsio/zcp/platform"
)

func TestValidate_Modes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name     string
		req      deploy.Request
		wantCode string
		want     deploy.Plan
	}{
		{"ssh defaults", deploy.Request{SourceService: "appdev", TargetServiceID: "svc-1"}, "",
			deploy.Plan{Mode: deploy.ModeSSH, SourceService: "appdev", TargetServiceID: "svc-1", WorkingDir: "/var/www"}},
		{"ssh full", deploy.Request{SourceService: "appdev", TargetServiceID: "Ab_9-x", Setup: "prod", WorkingDir: "/var/www/app.v2"}, "",
			deploy.Plan{Mode: deploy.ModeSSH, SourceService: "appdev", TargetServiceID: "Ab_9-x", Setup: "prod", WorkingDir: "/var/www/app.v2"}},
		{"ssh serviceId alias", deploy.Request{SourceService: "appdev", ServiceID: "svc"}, "",
			deploy.Plan{Mode: deploy.ModeSSH, SourceService: "appdev", TargetServiceID: "svc", WorkingDir: "/var/www"}},
		{"ssh wins over local", deploy.Request{SourceService: "appdev", TargetServiceID: "t", WorkingDir: "/srv", ServiceID: "s"}, "",
			deploy.Plan{Mode: deploy.ModeSSH, SourceService: "appdev", TargetServiceID: "t", WorkingDir: "/srv"}},
		{"local", deploy.Request{WorkingDir: "/home/me/app", ServiceID: "svc"}, "",
			deploy.Plan{Mode: deploy.ModeLocal, TargetServiceID: "svc", WorkingDir: "/home/me/app"}},
		{"local with setup", deploy.Request{WorkingDir: "/w", TargetServiceID: "svc", Setup: "dev"}, "",
			deploy.Plan{Mode: deploy.ModeLocal, TargetServiceID: "svc", Setup: "dev", WorkingDir: "/w"}},
		{"nothing", deploy.Request{}, platform.ErrInvalidParameter, deploy.Plan{}},
		{"local without service", deploy.Request{WorkingDir: "/w"}, platform.ErrInvalidParameter, deploy.Plan{}},
		{"local without dir", deploy.Request{ServiceID: "svc"}, platform.ErrInvalidParameter, deploy.Plan{}},
		{"ssh without target", deploy.Request{SourceService: "appdev"}, platform.ErrInvalidParameter, deploy.Plan{}},
		{"bad hostname", deploy.Request{SourceService: "App-Dev", TargetServiceID: "t"}, platform.ErrInvalidHostname, deploy.Plan{}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			got, err := deploy.Validate(tc.req)
			if tc.wantCode != "" {
				pe := wantCode(t, err, tc.wantCode)
				if tc.name == "nothing" && (!strings.Contains(pe.Suggestion, "sourceService") || !strings.Contains(pe.Suggestion, "workingDir + serviceId")) {
					t.Errorf("suggestion %q does not name both forms", pe.Suggestion)
				}
				return
			}
			if err != nil {
				t.Fatalf("Validate: %v", err)
			}
			if got != tc.want {
				t.Errorf("plan = %+v, want %+v", got, tc.want)
			}
		})
	}
}

// hostileValues is the injection corpus: shell metacharacters, option
// smuggling, path tricks, control characters and unicode.
var hostileValues = []string{
	"x; touch /tmp/pwned",
	"x && touch /tmp/pwned",
	"x || touch /tmp/pwned",
	"x | touch /tmp/pwned",
	"x & touch /tmp/pwned",
	"$(touch /tmp/pwned)",
	"${IFS}touch${IFS}/tmp/pwned",
	"`touch /tmp/pwned`",
	"x\ntouch /tmp/pwned",
	"x\rtouch",
	"x'; touch /tmp/pwned; '",
	`x"; touch /tmp/pwned; "`,
	`x\'`,
	"-oProxyCommand=touch /tmp/pwned",
	"--help",
	"-",
	"x y",
	"x\ty",
	"x\x00y",
	"../../etc/passwd",
	"..",
	"x/../y",
	"x>/tmp/pwned",
	"x</etc/passwd",
	"x*",
	"x?",
	"[x]",
	"~root",
	"x#comment",
	"x!",
	"{a,b}",
	"x%s%n",
	"ａｐｐ",          // fullwidth
	"app\u200bdev", // zero-width space
	"appdév",
	"аppdev", // Cyrillic a
	"x\u202etxt.exe",
	"\x1b[31mred",
	strings.Repeat("a", 100),
	strings.Repeat("9", 65),
	"",
	" ",
}

func TestValidate_InjectionCorpusRejected(t *testing.T) {
	t.Parallel()
	if len(hostileValues) < 30 {
		t.Fatalf("corpus has %d values, want ≥ 30", len(hostileValues))
	}
	fields := []struct {
		name string
		req  func(v string) deploy.Request
	}{
		{"sourceService", func(v string) deploy.Request {
			return deploy.Request{SourceService: v, TargetServiceID: "svc"}
		}},
		{"targetServiceId", func(v string) deploy.Request {
			return deploy.Request{SourceService: "appdev", TargetServiceID: v}
		}},
		{"setup", func(v string) deploy.Request {
			return deploy.Request{SourceService: "appdev", TargetServiceID: "svc", Setup: v}
		}},
		{"workingDir (ssh)", func(v string) deploy.Request {
			return deploy.Request{SourceService: "appdev", TargetServiceID: "svc", WorkingDir: "/var/" + v}
		}},
		{"workingDir (local)", func(v string) deploy.Request {
			return deploy.Request{WorkingDir: "/srv/" + v, ServiceID: "svc"}
		}},
		{"workingDir raw", func(v string) deploy.Request {
			return deploy.Request{WorkingDir: v, ServiceID: "svc"}
		}},
		{"serviceId (local)", func(v string) deploy.Request {
			return deploy.Request{WorkingDir: "/srv", ServiceID: v}
		}},
		{"serviceId (ssh alias)", func(v string) deploy.Request {
			return deploy.Request{SourceService: "appdev", ServiceID: v}
		}},
		{"targetServiceId (local alias)", func(v string) deploy.Request {
			return deploy.Request{WorkingDir: "/srv", TargetServiceID: v}
		}},
	}
	// Values valid under a field's rule, proven inert by TestRemoteScript_Inert:
	// platform ids are base64url and may begin with '-' (zcli takes the word
	// after --service-id as its value), an empty setup means none, and under
	// a directory prefix these are ordinary path names.
	dashes := map[string]bool{"--help": true, "-": true}
	names := map[string]bool{"--help": true, "-": true, strings.Repeat("a", 100): true, strings.Repeat("9", 65): true}
	allowed := map[string]map[string]bool{
		"targetServiceId":               dashes,
		"serviceId (local)":             dashes,
		"serviceId (ssh alias)":         dashes,
		"targetServiceId (local alias)": dashes,
		"setup":                         {"--help": true, "-": true, "": true},
		"workingDir (ssh)":              names,
		"workingDir (local)":            names,
	}
	// Every Request field must be fed the corpus: a field added later without
	// an entry here fails this check.
	covered := map[string]bool{}
	for _, f := range fields {
		rv := reflect.ValueOf(f.req("\x00probe"))
		for i := range rv.NumField() {
			if strings.Contains(rv.Field(i).String(), "\x00probe") {
				covered[rv.Type().Field(i).Name] = true
			}
		}
	}
	for i := range reflect.TypeFor[deploy.Request]().NumField() {
		if name := reflect.TypeFor[deploy.Request]().Field(i).Name; !covered[name] {
			t.Errorf("Request.%s is not fed the injection corpus", name)
		}
	}
	for _, f := range fields {
		for _, v := range hostileValues {
			_, err := deploy.Validate(f.req(v))
			if allowed[f.name][v] {
				continue
			}
			if err == nil {
				t.Errorf("%s: hostile value %q accepted", f.name, v)
				continue
			}
			code := platform.ErrorCode(err)
			if code != platform.ErrInvalidParameter && code != platform.ErrInvalidHostname {
				t.Errorf("%s %q: code %q", f.name, v, code)
			}
			if msg := err.Error(); strings.ContainsAny(msg, "\n\r\x00\x1b") || len(msg) > 400 {
				t.Errorf("%s: error echoes raw hostile input: %q", f.name, msg)
			}
		}
	}
}

func TestValidate_WorkingDirRule(t *testing.T) {
	t.Parallel()
	tests := []struct {
		dir string
		ok  bool
	}{
		{"/var/www", true},
		{"/", true},
		{"/a/b.c/d_e-f", true},
		{"/var/www/", false},
		{"var/www", false},
		{"/var//www", false},
		{"/var/./www", false},
		{"/var/www/..", false},
		{"/var/www/../etc", false},
		{"/var/www/...", true}, // a name, not a parent reference
		{"/var/www app", false},
		{"/" + strings.Repeat("a", 600), false},
	}
	for _, tc := range tests {
		_, err := deploy.Validate(deploy.Request{SourceService: "appdev", TargetServiceID: "s", WorkingDir: tc.dir})
		if (err == nil) != tc.ok {
			t.Errorf("workingDir %q: err = %v, want ok=%v", tc.dir, err, tc.ok)
		}
	}
}
