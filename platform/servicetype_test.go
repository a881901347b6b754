package platform

import (
	"strings"
	"testing"
)

func TestParseServiceType_Syntaxes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in      string
		want    ServiceType
		version string
		mode    string
	}{
		{"nodejs@22", ServiceType{Name: "nodejs", Version: "22"}, "nodejs@22", ""},
		{"alpine/nodejs@22", ServiceType{OS: "alpine", Name: "nodejs", Version: "22"}, "nodejs@22", ""},
		{"postgresql@16", ServiceType{Name: "postgresql", Version: "16"}, "postgresql@16", ""},
		{"postgresql:single@18", ServiceType{Name: "postgresql", Mode: "single", Version: "18"}, "postgresql@18", "NON_HA"},
		{"postgresql:ha@18", ServiceType{Name: "postgresql", Mode: "ha", Version: "18"}, "postgresql@18", "HA"},
		{"object-storage", ServiceType{Name: "object-storage"}, "object-storage", ""},
		{"php-nginx@8.4", ServiceType{Name: "php-nginx", Version: "8.4"}, "php-nginx@8.4", ""},
		{"ubuntu/python@3.14", ServiceType{OS: "ubuntu", Name: "python", Version: "3.14"}, "python@3.14", ""},
	}
	for _, tt := range tests {
		got, err := ParseServiceType(tt.in)
		if err != nil {
			t.Errorf("ParseServiceType(%q): %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("ParseServiceType(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
		if got.VersionName() != tt.version {
			t.Errorf("%q.VersionName() = %q, want %q", tt.in, got.VersionName(), tt.version)
		}
		if got.HAMode() != tt.mode {
			t.Errorf("%q.HAMode() = %q, want %q", tt.in, got.HAMode(), tt.mode)
		}
		if got.String() != tt.in {
			t.Errorf("round trip %q -> %q", tt.in, got.String())
		}
	}
}

func TestParseServiceType_Malformed(t *testing.T) {
	t.Parallel()
	for _, in := range []string{"", "@", "nodejs@", "Node@22", "postgresql:triple@18", "a/b/c@1", "node js@22", "x@$(id)", "/nodejs@22"} {
		if _, err := ParseServiceType(in); ErrorCode(err) != ErrUnknownType {
			t.Errorf("ParseServiceType(%q) err = %v, want UNKNOWN_TYPE", in, err)
		}
	}
}

func TestParseServiceType_HostileModeIsClipped(t *testing.T) {
	t.Parallel()
	_, err := ParseServiceType("postgresql:" + strings.Repeat("x", 40000) + "@16")
	if ErrorCode(err) != ErrUnknownType || len(err.Error()) > 300 {
		t.Fatalf("error is %d bytes: %.120s", len(err.Error()), err)
	}
}

func FuzzParseServiceType(f *testing.F) {
	for _, s := range []string{"nodejs@22", "alpine/nodejs@22", "postgresql:ha@18", "object-storage", "", "@@", "a/b:c@d"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		st, err := ParseServiceType(s)
		if err != nil {
			return
		}
		again, err := ParseServiceType(st.String())
		if err != nil || again != st {
			t.Fatalf("round trip of %q failed: %+v vs %+v (%v)", s, st, again, err)
		}
	})
}

func TestTypeMatches_BareOSVersion(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		written, listed string
		want            bool
	}{
		{"22.04", "ubuntu@22.04", true},
		{"24.04", "ubuntu@24.04", true},
		{"3.20", "alpine@3.20", true},
		{"ubuntu@22.04", "22.04", true},
		{"22.04", "ubuntu@24.04", false},
		{"3.20", "ubuntu@3.20", false},
		{"1.22", "go@1.22", false},
		{"22.04", "alpine@22.04", false},
	} {
		if got := TypeMatches(tc.written, tc.listed); got != tc.want {
			t.Errorf("TypeMatches(%q, %q) = %v, want %v", tc.written, tc.listed, got, tc.want)
		}
	}
}

func TestKind_Forms(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ typ, want string }{
		{"postgresql@16", "postgresql"},
		{"postgresql:single@18", "postgresql"},
		{"alpine/nodejs@22", "nodejs"},
		{"golang@1", "go"},
		{"sharedstorage", "shared-storage"},
		{"objectstorage", "object-storage"},
		{"22.04", "ubuntu"},
		{"3.20", "alpine"},
		{"Node@22", ""},
		{"", ""},
	} {
		if got := Kind(tc.typ); got != tc.want {
			t.Errorf("Kind(%q) = %q, want %q", tc.typ, got, tc.want)
		}
	}
}

func TestOtherKind_Pairs(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"postgresql@16", "mariadb@10.6", true},
		{"valkey:single@7.2", "valkey@7.2", false},
		{"golang@1", "go@1.22", false},
		{"22.04", "ubuntu@24.04", false},
		{"Postgres@16", "mariadb@10.6", false}, // a type that does not parse is no other kind
	} {
		if got := OtherKind(tc.a, tc.b); got != tc.want {
			t.Errorf("OtherKind(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}
