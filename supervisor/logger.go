package supervisor

import (
	"fmt"
	"io"
	"log"
	"log/slog"
	"strings"
)

// DefaultLogLevel is the level when ZCP_LOG_LEVEL is unset.
const DefaultLogLevel = "warn"

// ParseLevel parses a ZCP_LOG_LEVEL value (debug, info, warn, error; "" is warn).
func ParseLevel(level string) (slog.Level, error) {
	switch l := strings.ToLower(strings.TrimSpace(level)); l {
	case "":
		return ParseLevel(DefaultLogLevel)
	case "debug":
		return slog.LevelDebug, nil
	case "info":
		return slog.LevelInfo, nil
	case "warn", "warning":
		return slog.LevelWarn, nil
	case "error":
		return slog.LevelError, nil
	}
	return slog.LevelWarn, fmt.Errorf("parse log level %q: want debug, info, warn or error", level)
}

// NewLogger returns a logger writing slog's text lines to w (stderr in zcp:
// stdout is the protocol); the MCP SDK logs through the same logger. An
// invalid level yields a warn-level logger and an error saying so, so that
// the caller can still log it. The standard library's log/slog is the one
// logging library in the binary (the SDK brings it in anyway).
func NewLogger(level string, w io.Writer) (*slog.Logger, error) {
	lvl, err := ParseLevel(level)
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: lvl})), err
}

// RedirectStdLog routes the standard library's log package to l at info
// level and returns a func restoring the previous output.
func RedirectStdLog(l *slog.Logger) (restore func()) {
	prevFlags, prevPrefix, prevOut := log.Flags(), log.Prefix(), log.Writer()
	log.SetFlags(0)
	log.SetPrefix("")
	log.SetOutput(slog.NewLogLogger(l.With("logger", "stdlog").Handler(), slog.LevelInfo).Writer())
	return func() {
		log.SetFlags(prevFlags)
		log.SetPrefix(prevPrefix)
		log.SetOutput(prevOut)
	}
}
