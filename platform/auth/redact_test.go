package auth_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/zeropsio/zcp/platform/auth"
)

var errorsAs = errors.As

const tok = "pat-SECRET-value-123"

func TestInfo_NeverShowsToken(t *testing.T) {
	t.Parallel()
	info := auth.Info{Token: tok, APIURL: "https://api.app-prg1.zerops.io", ClientID: "cl1", ProjectID: "p1", ProjectName: "demo", Source: "env"}
	creds := auth.Credentials{Token: tok, APIURL: "https://api.app-prg1.zerops.io", ScopeProjectID: "p1", Source: "zcli"}
	type holder struct {
		Info  *auth.Info
		Creds auth.Credentials
	}
	outputs := map[string]func() (string, error){
		"String":          func() (string, error) { return info.String(), nil },
		"GoString":        func() (string, error) { return info.GoString(), nil },
		"%v":              func() (string, error) { return fmt.Sprintf("%v", info), nil },
		"%+v":             func() (string, error) { return fmt.Sprintf("%+v", info), nil },
		"%#v":             func() (string, error) { return fmt.Sprintf("%#v", info), nil },
		"%s pointer":      func() (string, error) { return fmt.Sprintf("%s", &info), nil },
		"%+v pointer":     func() (string, error) { return fmt.Sprintf("%+v", &info), nil },
		"%x":              func() (string, error) { return fmt.Sprintf("%x", info), nil },
		"%q":              func() (string, error) { return fmt.Sprintf("%q", info), nil },
		"nested %+v":      func() (string, error) { return fmt.Sprintf("%+v", holder{&info, creds}), nil },
		"nested %#v":      func() (string, error) { return fmt.Sprintf("%#v", holder{&info, creds}), nil },
		"slice %v":        func() (string, error) { return fmt.Sprint([]auth.Info{info}), nil },
		"json":            func() (string, error) { b, err := json.Marshal(info); return string(b), err },
		"json pointer":    func() (string, error) { b, err := json.Marshal(&info); return string(b), err },
		"json nested":     func() (string, error) { b, err := json.Marshal(holder{&info, creds}); return string(b), err },
		"creds String":    func() (string, error) { return creds.String(), nil },
		"creds %+v":       func() (string, error) { return fmt.Sprintf("%+v", &creds), nil },
		"creds %#v":       func() (string, error) { return fmt.Sprintf("%#v", creds), nil },
		"creds json":      func() (string, error) { b, err := json.Marshal(creds); return string(b), err },
		"error with info": func() (string, error) { return fmt.Errorf("startup: %v", info).Error(), nil },
	}
	for name, out := range outputs {
		s, err := out()
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if strings.Contains(s, tok) {
			t.Errorf("%s shows the token: %s", name, s)
		}
		if !strings.Contains(s, "p1") {
			t.Errorf("%s lost the non-secret fields: %s", name, s)
		}
	}
	// JSON still says a token is present, without its value.
	b, _ := json.Marshal(info)
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil || m["token"] != "[redacted]" || m["projectName"] != "demo" {
		t.Errorf("json = %s", b)
	}
}
