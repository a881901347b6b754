package policy

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/zeropsio/zcp/platform"
)

// GrantTTL is how long a one-shot grant waits for the call it allows.
const GrantTTL = 10 * time.Minute

// Grant is a human's one-shot confirmation of one action on one service,
// written by `zcp policy allow` outside the agent and used up by the first
// call it allows.
type Grant struct {
	Action  Action    `json:"action"`
	Service string    `json:"service"`
	Expires time.Time `json:"expires"`
}

// grantFile is the file name prefix of a grant for action on service.
func grantPrefix(action Action, service string) string { return string(action) + "." + service + "." }

// CheckGrantTarget refuses an action or service a grant cannot name.
func CheckGrantTarget(action Action, service string) error {
	if !slices.Contains(Actions, action) || action == ActionRead {
		return fmt.Errorf("unknown action %q; one of %s", platform.Clip(string(action), 40), strings.Join(names(mutating()), ", "))
	}
	if service != ProjectTarget && !platform.ValidHostname(service) {
		return fmt.Errorf("%q is not a hostname (or \"project\")", platform.Clip(service, 40))
	}
	return nil
}

// WriteGrant writes a grant for action on service into dir, valid until now+GrantTTL.
func WriteGrant(dir string, action Action, service string, now time.Time) (Grant, error) {
	g := Grant{Action: action, Service: service, Expires: now.Add(GrantTTL)}
	if err := CheckGrantTarget(action, service); err != nil {
		return g, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return g, fmt.Errorf("grants directory: %w", err)
	}
	var nonce [8]byte
	_, _ = rand.Read(nonce[:])
	b, _ := json.Marshal(g)
	name := filepath.Join(dir, grantPrefix(action, service)+hex.EncodeToString(nonce[:]))
	if err := os.WriteFile(name, b, 0o600); err != nil {
		return g, fmt.Errorf("write grant: %w", err)
	}
	return g, nil
}

// HasGrant reports whether dir holds an unexpired grant for action on service.
func HasGrant(dir string, action Action, service string, now time.Time) bool {
	return len(grantFiles(dir, action, service, now)) > 0
}

// ClaimGrant uses up one unexpired grant for action on service: the file is
// removed, so of two calls racing for it only one wins. Expired grants are
// removed on the way.
func ClaimGrant(dir string, action Action, service string, now time.Time) (bool, error) {
	for _, f := range grantFiles(dir, action, service, now) {
		err := os.Remove(f)
		if err == nil {
			return true, nil
		}
		if !errors.Is(err, os.ErrNotExist) {
			return false, fmt.Errorf("use grant: %w", err)
		}
	}
	return false, nil
}

// grantFiles lists the unexpired grants for action on service, removing
// the expired ones.
func grantFiles(dir string, action Action, service string, now time.Time) []string {
	if dir == "" || CheckGrantTarget(action, service) != nil {
		return nil
	}
	matches, _ := filepath.Glob(filepath.Join(dir, grantPrefix(action, service)+"*"))
	var out []string
	for _, f := range matches {
		var g Grant
		b, err := readSmall(f)
		if err != nil || json.Unmarshal(b, &g) != nil || g.Action != action || g.Service != service {
			continue
		}
		if !now.Before(g.Expires) || g.Expires.After(now.Add(GrantTTL)) {
			_ = os.Remove(f)
			continue
		}
		out = append(out, f)
	}
	return out
}

// readSmall reads a regular file of at most 4 kB.
func readSmall(path string) ([]byte, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() || fi.Size() > 4096 {
		return nil, errors.New("not a grant")
	}
	return os.ReadFile(path)
}
