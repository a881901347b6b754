package deploy

import (
	"strings"
	"testing"
)

func TestRedactor_Redact(t *testing.T) {
	t.Parallel()
	r := newRedactor("my-Secret-Token-123")
	tests := []struct {
		in, want string
	}{
		{"logging in with my-Secret-Token-123 now", "logging in with [REDACTED] now"},
		{"Authorization: Bearer abc.def-ghi", "Authorization: Bearer [REDACTED]"},
		{"password=hunter2 user=x", "password=[REDACTED] user=x"},
		{`"apiKey": "k-123"`, `"apiKey": "[REDACTED]"`},
		{"GET https://h/logs?accessToken=xyz&limit=5", "GET https://h/logs?accessToken=[REDACTED]&limit=5"},
		{"postgresql://db:s3cr3t@db:5432/x", "postgresql://db:[REDACTED]@db:5432/x"},
		{"SECRET_ACCESS_KEY: AKIAXXXX", "SECRET_ACCESS_KEY: [REDACTED]"},
		{"key " + strings.Repeat("Ab1", 20), "key [REDACTED]"},
		{"Deploying service Ab1Cd2Ef3Gh4Ij5Kl6Mn7o", "Deploying service Ab1Cd2Ef3Gh4Ij5Kl6Mn7o"},
		{"BUILD ARTEFACTS READY TO DEPLOY", "BUILD ARTEFACTS READY TO DEPLOY"},
	}
	for _, tc := range tests {
		if got := r.redact(tc.in); got != tc.want {
			t.Errorf("redact(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestRedactor_EmptySecretIgnored(t *testing.T) {
	t.Parallel()
	r := newRedactor("", "  ")
	if got := r.redact("plain text"); got != "plain text" {
		t.Errorf("redact = %q", got)
	}
}

func TestRedactor_KeepsProse(t *testing.T) {
	t.Parallel()
	r := newRedactor("tok-value-1")
	for _, s := range []string{"Error: a token is required", "password must be set", "Welcome! You are logged in."} {
		if got := r.redact(s); got != s {
			t.Errorf("redact(%q) = %q", s, got)
		}
	}
}
