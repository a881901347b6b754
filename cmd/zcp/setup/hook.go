package setup

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/zeropsio/zcp/platform"
	"github.com/zeropsio/zcp/platform/auth"
)

// maxHookLines bounds what the SessionStart hook adds to every session.
const maxHookLines = 10

// SessionStart writes the few lines Claude Code's SessionStart hook adds
// to a session: the project, its services with their status, and the
// reminder to call zerops_workflow first. When the API rejects the token it
// writes one line saying so and how to fix it (the server itself still
// starts, so nothing else would tell); on any other failure it writes
// nothing (the caller decides how long it may take through ctx).
func SessionStart(ctx context.Context, w io.Writer, c platform.Client, creds *auth.Credentials) error {
	info, err := auth.Discover(ctx, c, creds)
	if err != nil {
		if line, ok := rejectedLine(err, creds); ok {
			_, werr := io.WriteString(w, line+"\n")
			return werr
		}
		return err
	}
	services, err := c.ListServices(ctx, info.ProjectID)
	if err != nil {
		return err
	}
	lines := []string{fmt.Sprintf("Zerops project %q (managed through the zerops MCP server), %d services:", info.ProjectName, len(services))}
	room := maxHookLines - 2 // the heading and the reminder
	for i, s := range services {
		if len(services) > room && i == room-1 {
			lines = append(lines, fmt.Sprintf("  … and %d more (zerops_discover lists them all)", len(services)-i))
			break
		}
		typ := s.Type.VersionName
		if typ == "" {
			typ = s.Type.Name
		}
		lines = append(lines, fmt.Sprintf("  %-20s %-22s %s", platform.Clip(s.Name, 20), platform.Clip(typ, 22), s.Status))
	}
	lines = append(lines, "Call zerops_workflow before infrastructure work.")
	_, err = io.WriteString(w, strings.Join(lines, "\n")+"\n")
	return err
}

// rejectedLine is the hook's one line for a token the API refused (invalid,
// revoked or expired), never showing the token.
func rejectedLine(err error, creds *auth.Credentials) (string, bool) {
	var pe *platform.PlatformError
	if !errors.As(err, &pe) || (pe.Code != platform.ErrAuthInvalidToken && pe.Code != platform.ErrAuthTokenExpired) {
		return "", false
	}
	line := fmt.Sprintf("Zerops: the API rejected ZCP's token (%s), so every zerops tool but knowledge, context, workflow and validate fails. Fix: %s (ZCP restarts with each new Claude Code session.)", pe.Message, pe.Suggestion)
	line = strings.Join(strings.Fields(line), " ") // one line whatever the texts hold
	if creds != nil && creds.Token != "" {
		line = strings.ReplaceAll(line, creds.Token, "[redacted]")
	}
	return line, true
}
