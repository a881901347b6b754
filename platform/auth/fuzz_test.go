package auth

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// FuzzParseCliData checks that no cli.data content panics the parser, that a
// failure is an auth error naming a fix and never quoting the token, and
// that a success carries a usable token and API URL.
func FuzzParseCliData(f *testing.F) {
	for _, s := range []string{
		`{"Token":"T0KEN-abc","RegionData":{"name":"prg1","isDefault":true,"address":"api.app-prg1.zerops.io","guiAddress":null},"ScopeProjectId":"proj123","ProjectVpnKeyRegistry":{}}`,
		`{"Token":"T0KEN-abc","RegionData":{"address":"http://127.0.0.1:4567"},"ScopeProjectId":null}`,
		`{"Token":"T0KEN-abc"}`,
		`{"Token":"T0KEN-abc","RegionData":null,"ScopeProjectId":""}`,
		`{"Token":"T0KEN-abc","RegionData":{"address":"ftp://T0KEN-abc"}}`,
		`{"Token":"T0KEN abc"}`,
		`{"Token":"T0KEN-abc\u0000"}`,
		`{"Token":""}`,
		`{"Token":42}`,
		`{"Token":"T0KEN-abc","RegionData":[]}`,
		`{"Token":"T0KEN-abc","ScopeProjectId":{"a":1}}`,
		`{"Token":`,
		`null`,
		``,
		"\xef\xbb\xbf{}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		creds, err := parseCliData("/home/u/.config/zerops/cli.data", data)
		if err != nil {
			var pe *platform.PlatformError
			if !errors.As(err, &pe) || pe.Suggestion == "" ||
				(pe.Code != platform.ErrAuthRequired && pe.Code != platform.ErrAuthInvalidToken) {
				t.Fatalf("parseCliData: %T %v", err, err)
			}
			if tok := tokenOf(data); len(tok) >= 4 && strings.Contains(pe.Message+pe.Suggestion, tok) {
				t.Fatalf("error quotes the token: %v", pe)
			}
			return
		}
		if creds.Token == "" || creds.Source != SourceZcli || checkToken(creds.Token, "x") != nil {
			t.Fatalf("creds %#v", creds)
		}
		if _, err := zeropsapi.NormalizeAPIURL(creds.APIURL); err != nil {
			t.Fatalf("API URL %q: %v", creds.APIURL, err)
		}
	})
}

// tokenOf is the token the data holds, best effort.
func tokenOf(data []byte) string {
	var d cliData
	if err := json.Unmarshal(data, &d); err != nil {
		return ""
	}
	return strings.TrimSpace(d.Token)
}
