package auth

import (
	"encoding/json"
	"fmt"
)

// Credential sources.
const (
	SourceEnv  = "env"  // ZEROPS_ZCP_API_KEY
	SourceZcli = "zcli" // zcli's cli.data
)

const redacted = "[redacted]"

// Credentials is what LoadCredentials found: a token, the API base URL and,
// from zcli, an optional scoped project. Token never appears when the value
// is printed or marshalled. A Credentials is immutable once returned and safe
// to share.
type Credentials struct {
	Token          string
	APIURL         string
	ScopeProjectID string
	Source         string
}

// Info is the authenticated identity ZCP runs as: the token, API URL, the
// user's client (organisation) and the one project it manages. It is kept in
// memory only. Printing it (%v, %+v, %#v, %s), String, GoString and JSON all
// redact the token. An Info is immutable once Discover returns it.
type Info struct {
	Token       string
	APIURL      string
	ClientID    string
	ProjectID   string
	ProjectName string
	Source      string
}

func tokenMark(token string) string {
	if token == "" {
		return ""
	}
	return redacted
}

// String implements fmt.Stringer without the token.
func (i Info) String() string {
	return fmt.Sprintf("auth.Info{Token:%s APIURL:%s ClientID:%s ProjectID:%s ProjectName:%q Source:%s}",
		tokenMark(i.Token), i.APIURL, i.ClientID, i.ProjectID, i.ProjectName, i.Source)
}

// GoString implements fmt.GoStringer (%#v) without the token.
func (i Info) GoString() string { return i.String() }

// Format makes every fmt verb print the redacted form.
func (i Info) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(i.String())) }

// MarshalJSON encodes Info with the token redacted.
func (i Info) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Token       string `json:"token,omitempty"`
		APIURL      string `json:"apiUrl"`
		ClientID    string `json:"clientId"`
		ProjectID   string `json:"projectId"`
		ProjectName string `json:"projectName"`
		Source      string `json:"source"`
	}{tokenMark(i.Token), i.APIURL, i.ClientID, i.ProjectID, i.ProjectName, i.Source})
}

// String implements fmt.Stringer without the token.
func (c Credentials) String() string {
	return fmt.Sprintf("auth.Credentials{Token:%s APIURL:%s ScopeProjectID:%s Source:%s}",
		tokenMark(c.Token), c.APIURL, c.ScopeProjectID, c.Source)
}

// GoString implements fmt.GoStringer (%#v) without the token.
func (c Credentials) GoString() string { return c.String() }

// Format makes every fmt verb print the redacted form.
func (c Credentials) Format(f fmt.State, _ rune) { _, _ = f.Write([]byte(c.String())) }

// MarshalJSON encodes Credentials with the token redacted.
func (c Credentials) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Token          string `json:"token,omitempty"`
		APIURL         string `json:"apiUrl"`
		ScopeProjectID string `json:"scopeProjectId,omitempty"`
		Source         string `json:"source"`
	}{tokenMark(c.Token), c.APIURL, c.ScopeProjectID, c.Source})
}
