package mcp

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"strings"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/lazyregexp"
	"github.com/zeropsio/zcp/platform/ops"
)

// auditLine is one line of the audit log. Arguments holds only what the
// redaction could vouch for; Unknown names the arguments the tool does not
// take, whose values are never logged.
type auditLine struct {
	Time       time.Time      `json:"time"`
	CallID     string         `json:"callId"`
	Session    string         `json:"session,omitempty"` // the MCP session over HTTP
	Tool       string         `json:"tool"`
	Arguments  map[string]any `json:"arguments,omitempty"`
	Unknown    []string       `json:"unknownArguments,omitempty"`
	Record     string         `json:"record"`             // outcome; the gate's records are decision and confirmation
	Decision   string         `json:"decision,omitempty"` // how the gate let it through (allow, confirm-accepted, replay …)
	Outcome    string         `json:"outcome"`
	DurationMS int64          `json:"durationMs"`
}

// audit writes one JSON line; writes are serialised so lines never interleave.
func (s *Server) audit(line auditLine) {
	if s.deps.Audit == nil {
		return
	}
	b, err := json.Marshal(line)
	if err != nil {
		return
	}
	if err := s.writeAudit(append(b, '\n')); err != nil {
		s.log.Warn("audit write failed", slog.Any("error", err))
	}
}

// writeAudit writes one whole line to the audit log.
func (s *Server) writeAudit(b []byte) error {
	s.auditMu.Lock()
	defer s.auditMu.Unlock()
	if _, err := s.deps.Audit.Write(b); err != nil {
		return fmt.Errorf("audit log: %w", err)
	}
	return nil
}

// logFailure puts the raw cause of a failed call (Go's error text, which the
// agent's message leaves out) in the debug log. Causes of API errors have
// the token scrubbed already.
func (s *Server) logFailure(tool string, err error) {
	if !s.log.Enabled(context.Background(), slog.LevelDebug) {
		return
	}
	fields := []any{slog.String("tool", tool), slog.String("error", err.Error())}
	var pe *platform.PlatformError
	if errors.As(err, &pe) && pe.Err != nil {
		fields = append(fields, slog.String("cause", pe.Err.Error()))
	}
	s.log.Debug("tool call failed", fields...)
}

// argumentNames lists the arguments a tool takes: the properties of its
// input schema.
func argumentNames(t *sdk.Tool) map[string]bool {
	names := map[string]bool{}
	if t == nil || t.InputSchema == nil {
		return names
	}
	b, err := json.Marshal(t.InputSchema)
	if err != nil {
		return names
	}
	var schema struct {
		Properties map[string]json.RawMessage `json:"properties"`
	}
	if json.Unmarshal(b, &schema) == nil {
		for k := range schema.Properties {
			names[k] = true
		}
	}
	return names
}

// secretish reports whether an argument name suggests a secret value.
func secretish(key string) bool {
	k := strings.ToLower(key)
	for _, w := range []string{"token", "secret", "password", "passwd", "apikey", "api_key", "credential", "auth", "private"} {
		if strings.Contains(k, w) {
			return true
		}
	}
	return false
}

// Bounds of a logged value: a string's characters, an array's items.
const (
	maxAuditText  = 200
	maxAuditItems = 20
)

// redactArguments returns the call's arguments fit for the audit log, and
// the names of those the tool does not take (known lists them). Only values
// of known arguments are logged: env variables as their keys, inline
// content as its hash and size, secret-looking names as ***, nested objects
// as ***; every other string clipped. An unknown argument (Variables, vars,
// Content) is logged by name only: its value was never validated.
func redactArguments(raw json.RawMessage, known map[string]bool) (map[string]any, []string) {
	if len(raw) == 0 {
		return nil, nil
	}
	var args map[string]any
	if err := json.Unmarshal(raw, &args); err != nil {
		return map[string]any{"_unparsed": fmt.Sprintf("%d bytes", len(raw))}, nil
	}
	action, _ := args["action"].(string)
	out := make(map[string]any, len(args))
	var unknown []string
	for k, v := range args {
		switch {
		case !known[k]:
			unknown = append(unknown, argName(k))
		case secretish(k):
			out[k] = "***"
		case k == "variables":
			out[k] = redactEnvList(v, strings.EqualFold(strings.TrimSpace(action), string(ops.EnvDelete)))
		case k == "content":
			out[k] = contentDigest(v)
		default:
			out[k] = redactKnown(v)
		}
	}
	sort.Strings(unknown)
	if len(out) == 0 {
		out = nil
	}
	return out, unknown
}

// plainName is an argument name safe to log as it is.
var plainName = lazyregexp.New(`^[A-Za-z_][A-Za-z0-9_.-]{0,63}$`)

// argName is an unknown argument's name as logged: itself if it is a plain
// identifier, its size otherwise (a name may be anything, a secret too).
func argName(k string) string {
	if plainName.MatchString(k) {
		return k
	}
	return fmt.Sprintf("<%d-byte name>", len(k))
}

// envKey is a variable name as zerops_env accepts it.
var envKey = lazyregexp.New(`^[A-Za-z_][A-Za-z0-9_]{0,127}$`)

// redactEnvList logs the keys of KEY=value items; an item without '=' is a
// key to delete (logged if it is a valid key) or, for any other action, an
// invalid line that may be a value (***).
func redactEnvList(v any, deleting bool) any {
	redact := func(s string) string {
		key, _, hasValue := strings.Cut(s, "=")
		key = strings.TrimSpace(key)
		if !envKey.MatchString(key) || (!hasValue && !deleting) {
			return "***"
		}
		if hasValue {
			return key + "=***"
		}
		return key
	}
	switch x := v.(type) {
	case string:
		return redact(x)
	case []any:
		out := make([]any, len(x))
		for i, item := range x {
			if s, ok := item.(string); ok {
				out[i] = redact(s)
			} else {
				out[i] = "***"
			}
		}
		return out
	}
	return "***"
}

// contentDigest logs inline content (import.yml may hold envSecrets) as its
// SHA-256 and size.
func contentDigest(v any) any {
	s, ok := v.(string)
	if !ok {
		return "***"
	}
	sum := sha256.Sum256([]byte(s))
	return map[string]any{"sha256": hex.EncodeToString(sum[:]), "bytes": len(s)}
}

// redactKnown logs the value of a known argument: scalars (strings clipped),
// arrays element by element, objects (no argument takes one) as ***.
func redactKnown(v any) any {
	switch x := v.(type) {
	case string:
		return platform.Clip(x, maxAuditText)
	case []any:
		n := min(len(x), maxAuditItems)
		out := make([]any, n, n+1)
		for i := range n {
			out[i] = redactKnown(x[i])
		}
		if len(x) > n {
			out = append(out, fmt.Sprintf("… %d more", len(x)-n))
		}
		return out
	case map[string]any:
		return "***"
	}
	return v
}
