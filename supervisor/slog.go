package supervisor

import (
	"context"
	"log/slog"
	"slices"

	"go.uber.org/zap"
	"go.uber.org/zap/zapcore"
)

// SlogHandler is a slog.Handler writing to a zap logger, so that libraries
// taking a *slog.Logger (the MCP SDK) log to the same sink, at the same level
// threshold. Safe for concurrent use.
type SlogHandler struct {
	core   zapcore.Core
	groups []string // open groups: attribute keys are prefixed "g1.g2."
}

// NewSlogHandler returns a handler over l's core.
func NewSlogHandler(l *zap.Logger) *SlogHandler { return &SlogHandler{core: l.Core()} }

// NewSlogLogger returns a *slog.Logger over l.
func NewSlogLogger(l *zap.Logger) *slog.Logger { return slog.New(NewSlogHandler(l)) }

func zapLevel(l slog.Level) zapcore.Level {
	switch {
	case l >= slog.LevelError:
		return zapcore.ErrorLevel
	case l >= slog.LevelWarn:
		return zapcore.WarnLevel
	case l >= slog.LevelInfo:
		return zapcore.InfoLevel
	}
	return zapcore.DebugLevel
}

// Enabled implements slog.Handler.
func (h *SlogHandler) Enabled(_ context.Context, l slog.Level) bool {
	return h.core.Enabled(zapLevel(l))
}

// Handle implements slog.Handler.
func (h *SlogHandler) Handle(_ context.Context, r slog.Record) error {
	ent := zapcore.Entry{Level: zapLevel(r.Level), Time: r.Time, Message: r.Message, LoggerName: "zcp.slog"}
	ce := h.core.Check(ent, nil)
	if ce == nil {
		return nil
	}
	fields := make([]zapcore.Field, 0, r.NumAttrs())
	r.Attrs(func(a slog.Attr) bool {
		fields = h.appendAttr(fields, "", a)
		return true
	})
	ce.Write(fields...)
	return nil
}

// WithAttrs implements slog.Handler.
func (h *SlogHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	fields := make([]zapcore.Field, 0, len(attrs))
	for _, a := range attrs {
		fields = h.appendAttr(fields, "", a)
	}
	return &SlogHandler{core: h.core.With(fields), groups: h.groups}
}

// WithGroup implements slog.Handler.
func (h *SlogHandler) WithGroup(name string) slog.Handler {
	if name == "" {
		return h
	}
	return &SlogHandler{core: h.core, groups: append(slices.Clip(h.groups), name)}
}

func (h *SlogHandler) appendAttr(fields []zapcore.Field, prefix string, a slog.Attr) []zapcore.Field {
	a.Value = a.Value.Resolve()
	if a.Equal(slog.Attr{}) {
		return fields
	}
	key := prefix + a.Key
	if prefix == "" {
		for _, g := range slices.Backward(h.groups) {
			key = g + "." + key
		}
	}
	switch a.Value.Kind() {
	case slog.KindGroup:
		p := key + "."
		if a.Key == "" {
			p = prefix
		}
		for _, ga := range a.Value.Group() {
			fields = h.appendAttr(fields, p, ga)
		}
		return fields
	case slog.KindString:
		return append(fields, zap.String(key, a.Value.String()))
	case slog.KindInt64:
		return append(fields, zap.Int64(key, a.Value.Int64()))
	case slog.KindUint64:
		return append(fields, zap.Uint64(key, a.Value.Uint64()))
	case slog.KindFloat64:
		return append(fields, zap.Float64(key, a.Value.Float64()))
	case slog.KindBool:
		return append(fields, zap.Bool(key, a.Value.Bool()))
	case slog.KindDuration:
		return append(fields, zap.Duration(key, a.Value.Duration()))
	case slog.KindTime:
		return append(fields, zap.Time(key, a.Value.Time()))
	}
	if err, ok := a.Value.Any().(error); ok {
		return append(fields, zap.NamedError(key, err))
	}
	return append(fields, zap.Any(key, a.Value.Any()))
}
