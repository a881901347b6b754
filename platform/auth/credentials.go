package auth

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// Environment variables read by LoadCredentials.
const (
	EnvAPIKey  = "ZEROPS_ZCP_API_KEY"
	EnvAPIHost = "ZEROPS_API_HOST"
	// The names the Zerops documentation of the zcp service uses; each is
	// read only when its PRD name above is unset or empty.
	EnvAPIKeyAlias  = "ZCP_API_KEY"
	EnvAPIHostAlias = "ZCP_API_HOST"
)

// maxCliDataBytes bounds how much of cli.data is read; the real file is tiny.
const maxCliDataBytes = 1 << 20

// cliData is the part of zcli's cli.data ZCP reads.
type cliData struct {
	Token      string `json:"Token"`
	RegionData *struct {
		Address string `json:"address"`
	} `json:"RegionData"`
	ScopeProjectID *string `json:"ScopeProjectId"`
}

// LoadCredentials finds the API token. ZEROPS_ZCP_API_KEY (else ZCP_API_KEY)
// wins, with the API at ZEROPS_API_HOST (else ZCP_API_HOST; a host or URL;
// default api.app-prg1.zerops.io). Without
// it, zcli's cli.data under homeDir is read (Linux and macOS locations, and
// $XDG_CONFIG_HOME). getenv is os.Getenv in production and a map in tests.
// Neither source → AUTH_REQUIRED naming both fixes.
func LoadCredentials(getenv func(string) string, homeDir string) (*Credentials, error) {
	getenv = withAliases(getenv)
	if token := strings.TrimSpace(getenv(EnvAPIKey)); token != "" {
		if err := checkToken(token, EnvAPIKey); err != nil {
			return nil, err
		}
		apiURL, err := zeropsapi.NormalizeAPIURL(getenv(EnvAPIHost))
		if err != nil {
			return nil, err
		}
		return &Credentials{Token: token, APIURL: apiURL, Source: SourceEnv}, nil
	}

	for _, p := range CLIDataPaths(getenv, homeDir) {
		creds, err := readCliData(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, err
		}
		return creds, nil
	}
	return nil, platform.NewError(platform.ErrAuthRequired,
		EnvAPIKey+" is not set and zcli is not logged in",
		"Set "+EnvAPIKey+" to a Zerops personal access token (inside Zerops, add it as an env variable of the ZCP service), or run `zcli login <token>` on this machine; then restart ZCP.")
}

// withAliases reads each PRD variable name, falling back to its alias.
func withAliases(getenv func(string) string) func(string) string {
	if getenv == nil {
		return func(string) string { return "" }
	}
	return func(name string) string {
		v := getenv(name)
		if strings.TrimSpace(v) != "" {
			return v
		}
		switch name {
		case EnvAPIKey:
			return getenv(EnvAPIKeyAlias)
		case EnvAPIHost:
			return getenv(EnvAPIHostAlias)
		}
		return v
	}
}

// APIHostHint returns a warning when the API address has no scheme but a
// port (127.0.0.1:8765): it is reached over https, which a local plain-HTTP
// API (zcp sandbox --api) does not speak. Empty when there is nothing to say.
func APIHostHint(getenv func(string) string) string {
	getenv = withAliases(getenv)
	v := strings.TrimSpace(getenv(EnvAPIHost))
	if v == "" || strings.Contains(v, "://") {
		return ""
	}
	if u, err := url.Parse("https://" + v); err != nil || u.Port() == "" {
		return ""
	}
	return fmt.Sprintf("the API address %q has no scheme, so https:// is used; for a plain-HTTP API (such as zcp sandbox --api) write http://%s", platform.Clip(v, 100), platform.Clip(v, 100))
}

// CLIDataPaths lists where zcli keeps cli.data, most specific first:
// $XDG_CONFIG_HOME when set, then this OS's location under home, then the
// other OS's. It is the one list every reader of zcli's login uses.
func CLIDataPaths(getenv func(string) string, home string) []string {
	var paths []string
	if xdg := getenv("XDG_CONFIG_HOME"); xdg != "" && filepath.IsAbs(xdg) {
		paths = append(paths, filepath.Join(xdg, "zerops", "cli.data"))
	}
	if home == "" {
		return paths
	}
	linux := filepath.Join(home, ".config", "zerops", "cli.data")
	mac := filepath.Join(home, "Library", "Application Support", "zerops", "cli.data")
	if runtime.GOOS == "darwin" {
		return append(paths, mac, linux)
	}
	return append(paths, linux, mac)
}

// readCliData parses one cli.data. A missing file is fs.ErrNotExist; a file
// without a token means zcli is logged out.
func readCliData(path string) (*Credentials, error) {
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		return nil, cliDataError(path, "cannot be read", err)
	}
	defer func() { _ = f.Close() }()
	data, err := io.ReadAll(io.LimitReader(f, maxCliDataBytes+1))
	if err != nil {
		return nil, cliDataError(path, "cannot be read", err)
	}
	if len(data) > maxCliDataBytes {
		return nil, cliDataError(path, "is too large to be zcli's cli.data", nil)
	}
	return parseCliData(path, data)
}

// parseCliData reads the token, region and scope out of cli.data's content;
// path only names the file in errors. Hostile content yields an error that
// never quotes it.
func parseCliData(path string, data []byte) (*Credentials, error) {
	var d cliData
	if err := json.Unmarshal(data, &d); err != nil {
		return nil, cliDataError(path, "is not valid JSON", err)
	}
	token := strings.TrimSpace(d.Token)
	if token == "" {
		return nil, platform.NewError(platform.ErrAuthRequired,
			EnvAPIKey+" is not set and zcli is logged out (cli.data holds no token)",
			"Run `zcli login <token>`, or set "+EnvAPIKey+" to a Zerops personal access token; then restart ZCP.")
	}
	host := ""
	if d.RegionData != nil {
		host = d.RegionData.Address
	}
	if err := checkToken(token, "zcli's "+path); err != nil {
		return nil, err
	}
	apiURL, err := zeropsapi.NormalizeAPIURL(host)
	if err != nil {
		// The fix is zcli's, not ZEROPS_API_HOST (which this path does not read).
		return nil, cliDataError(path, "names an unusable API address in RegionData.address", err)
	}
	creds := &Credentials{Token: token, APIURL: apiURL, Source: SourceZcli}
	if d.ScopeProjectID != nil {
		creds.ScopeProjectID = strings.TrimSpace(*d.ScopeProjectID)
	}
	return creds, nil
}

// checkToken refuses a token that cannot travel in an Authorization header
// (spaces, control or non-ASCII characters: usually a paste gone wrong), so
// that the failure names its source instead of surfacing later as a
// network error. The token is never quoted.
func checkToken(token, source string) error {
	for i := 0; i < len(token); i++ {
		if c := token[i]; c <= ' ' || c >= 0x7f {
			return platform.NewError(platform.ErrAuthInvalidToken,
				fmt.Sprintf("the API token from %s contains a space, control or non-ASCII character", source),
				"Copy the Zerops personal access token again, exactly, into "+EnvAPIKey+" (or run `zcli login <token>`); then restart ZCP.")
		}
	}
	return nil
}

// cliDataError reports an unusable cli.data without echoing its content.
func cliDataError(path, what string, cause error) error {
	return &platform.PlatformError{
		Code:       platform.ErrAuthRequired,
		Message:    fmt.Sprintf("zcli's %s %s", path, what),
		Suggestion: "Run `zcli login <token>` again to rewrite it, or set " + EnvAPIKey + " instead; then restart ZCP.",
		Err:        cause,
	}
}
