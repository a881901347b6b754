package knowledge

import (
	"slices"
	"testing"
)

// TestExpandQuery_StrayStemsDropped: everyday words the stemmer folds onto
// a topic's word ("several" → severity, "general" → generate) are not
// terms of the query; the words around them are.
func TestExpandQuery_StrayStemsDropped(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, q string
		gone    string
		kept    string
	}{
		{"several beside containers", "is a service one container or several", "several", "container"},
		{"general beside question", "general question about deploys", "general", "deploys"},
		{"generally in a sentence", "generally how do builds cache", "generally", "cache"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := expandQuery(tt.q)
			if slices.Contains(e.terms, tt.gone) {
				t.Errorf("expandQuery(%q) terms %q include %q", tt.q, e.terms, tt.gone)
			}
			if !slices.Contains(e.terms, tt.kept) {
				t.Errorf("expandQuery(%q) terms %q lack %q", tt.q, e.terms, tt.kept)
			}
		})
	}
}

// TestSearch_SeveralDoesNotPullSeverities: "several" and "severity" share a
// stem, so before they were told apart a question about how many
// containers a service has led to the logs document and its severities.
func TestSearch_SeveralDoesNotPullSeverities(t *testing.T) {
	t.Parallel()
	docs, err := Documents()
	if err != nil {
		t.Fatalf("Documents: %v", err)
	}
	ix, err := BuildIndex(docs)
	if err != nil {
		t.Fatalf("BuildIndex: %v", err)
	}
	res, err := ix.Search("is a zerops service one container or several", 3)
	if err != nil {
		t.Fatalf("Search: %v", err)
	}
	if top := firstURI(res.Hits); top == "zerops://docs/operations/logs" {
		t.Errorf("top = %s, a document about log severities", top)
	}
}

// TestExpandQuery_SelfSignedIsACertificate: "self signed" and "self-signed"
// are about a certificate, so "self" (a variable referring to itself) is
// not a term of the query.
func TestExpandQuery_SelfSignedIsACertificate(t *testing.T) {
	t.Parallel()
	for _, q := range []string{
		"sequelize ConnectionError: self signed certificate",
		"Error: self-signed certificate in certificate chain",
		"SELF SIGNED cert from postgres",
	} {
		e := expandQuery(q)
		if slices.Contains(e.terms, "self") || !slices.Contains(e.terms, "certificate") {
			t.Errorf("expandQuery(%q) terms = %q, want certificate and no self", q, e.terms)
		}
	}
}

// TestExpandQuery_WgIsWireGuard: output of WireGuard's own tool (`wg show`)
// is about the VPN.
func TestExpandQuery_WgIsWireGuard(t *testing.T) {
	t.Parallel()
	for _, q := range []string{"wg show interface zerops transfer: 0 B received", "wg-quick down zerops", "sudo wg show"} {
		if e := expandQuery(q); !slices.Contains(e.terms, "vpn") {
			t.Errorf("expandQuery(%q) terms = %q, want vpn", q, e.terms)
		}
	}
}
