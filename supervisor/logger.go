package supervisor

import (
	"fmt"
	"io"
	"log"
	"strings"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// DefaultLogLevel is the level when ZCP_LOG_LEVEL is unset.
const DefaultLogLevel = "warn"

// ParseLevel parses a ZCP_LOG_LEVEL value (debug, info, warn, error; "" is warn).
func ParseLevel(level string) (zapcore.Level, error) {
	level = strings.ToLower(strings.TrimSpace(level))
	if level == "" {
		level = DefaultLogLevel
	}
	if level == "warning" {
		level = "warn"
	}
	var l zapcore.Level
	if err := l.UnmarshalText([]byte(level)); err != nil || l > zapcore.ErrorLevel {
		return zapcore.WarnLevel, fmt.Errorf("parse log level %q: want debug, info, warn or error", level)
	}
	return l, nil
}

// NewLogger returns a zap logger writing console lines to w (stderr in zcp:
// stdout is the protocol). An invalid level yields a warn-level logger and an
// error saying so, so that the caller can still log it.
func NewLogger(level string, w io.Writer) (*zap.Logger, error) {
	lvl, err := ParseLevel(level)
	enc := zap.NewProductionEncoderConfig()
	enc.EncodeTime = zapcore.ISO8601TimeEncoder
	enc.EncodeLevel = zapcore.CapitalLevelEncoder
	enc.EncodeDuration = zapcore.StringDurationEncoder // "5s", not a bare 5
	core := zapcore.NewCore(zapcore.NewConsoleEncoder(enc), zapcore.Lock(zapcore.AddSync(w)), lvl)
	return zap.New(core, zap.ErrorOutput(zapcore.Lock(zapcore.AddSync(w)))).Named("zcp"), err
}

// RedirectStdLog routes the standard library's log package to l at info
// level and returns a func restoring the previous output.
func RedirectStdLog(l *zap.Logger) (restore func()) {
	prevFlags, prevPrefix, prevOut := log.Flags(), log.Prefix(), log.Writer()
	undo := zap.RedirectStdLog(l.Named("stdlog"))
	return func() {
		undo()
		log.SetFlags(prevFlags)
		log.SetPrefix(prevPrefix)
		log.SetOutput(prevOut)
	}
}
