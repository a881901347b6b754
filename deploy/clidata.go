package deploy

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/auth"
)

// maxCLIData bounds how much of cli.data is read; the real file is tiny.
const maxCLIData = 1 << 20

// checkCLILogin makes sure the local zcli is logged in: cli.data exists and
// has a non-empty Token. The token itself is not kept.
func (d *Deployer) checkCLILogin() error {
	paths := []string{d.cfg.CLIDataPath}
	if d.cfg.CLIDataPath == "" {
		home := d.cfg.HomeDir
		if home == "" {
			var err error
			if home, err = os.UserHomeDir(); err != nil {
				return loginRequired("cannot find the home directory to read zcli's cli.data", err)
			}
		}
		getenv := d.cfg.Getenv
		if getenv == nil {
			getenv = os.Getenv
		}
		// The same places ZCP's own authentication reads zcli's login from.
		paths = auth.CLIDataPaths(getenv, home)
	}
	var lastErr error
	for _, p := range paths {
		tok, err := readCLIToken(p)
		if errors.Is(err, os.ErrNotExist) {
			lastErr = err
			continue
		}
		if err != nil {
			return loginRequired(fmt.Sprintf("zcli's %s is unreadable", p), err)
		}
		if tok == "" {
			return loginRequired(fmt.Sprintf("zcli is not logged in (%s has no token)", p), nil)
		}
		return nil
	}
	return loginRequired("zcli is not logged in (no cli.data found)", lastErr)
}

func readCLIToken(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer func() { _ = f.Close() }()
	b, err := io.ReadAll(io.LimitReader(f, maxCLIData))
	if err != nil {
		return "", fmt.Errorf("read %s: %w", path, err)
	}
	var data struct {
		Token *string `json:"Token"`
	}
	if err := json.Unmarshal(b, &data); err != nil {
		return "", fmt.Errorf("parse %s: %w", path, err)
	}
	if data.Token == nil {
		return "", nil
	}
	return strings.TrimSpace(*data.Token), nil
}

func loginRequired(msg string, err error) error {
	return &platform.PlatformError{Code: platform.ErrAuthRequired, Message: msg,
		Suggestion: "Deploy requires zcli login. Run 'zcli login <token>' first.", Err: err}
}
