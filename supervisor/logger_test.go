package supervisor

import (
	"bytes"
	"errors"
	"log"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func TestParseLevel_Values(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in      string
		want    slog.Level
		wantErr bool
	}{
		{"", slog.LevelWarn, false},
		{"debug", slog.LevelDebug, false},
		{"INFO", slog.LevelInfo, false},
		{"warning", slog.LevelWarn, false},
		{"error", slog.LevelError, false},
		{"loud", slog.LevelWarn, true},
		{"fatal", slog.LevelWarn, true},
		{"info+2", slog.LevelWarn, true},
	}
	for _, tt := range tests {
		l, err := ParseLevel(tt.in)
		if l != tt.want || (err != nil) != tt.wantErr {
			t.Errorf("ParseLevel(%q) = %s, %v", tt.in, l, err)
		}
	}
}

func TestNewLogger_LevelAndAttributes(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	l, err := NewLogger("warn", &buf)
	if err != nil {
		t.Fatal(err)
	}
	l.Info("hidden info")
	l.Warn("shown warn", "deadline", 5*time.Second)
	l.With("session", "s1").WithGroup("req").Warn("grouped warn", "id", 7, slog.Group("g", "k", "v"), "err", errors.New("boom"))
	out := buf.String()
	if strings.Contains(out, "hidden") {
		t.Errorf("below-level lines written:\n%s", out)
	}
	for _, want := range []string{`msg="shown warn"`, "deadline=5s", "session=s1", "req.id=7", "req.g.k=v", "req.err=boom"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
}

func TestNewLogger_InvalidLevelStillLogsWarn(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	l, err := NewLogger("loud", &buf)
	if err == nil {
		t.Fatal("no error for an invalid level")
	}
	l.Info("hidden info")
	l.Warn("shown warn")
	if out := buf.String(); strings.Contains(out, "hidden") || !strings.Contains(out, "shown warn") {
		t.Errorf("output:\n%s", out)
	}
}

func TestRedirectStdLog_ToLogger(t *testing.T) {
	// Not parallel: it swaps the global std logger.
	var buf bytes.Buffer
	l, _ := NewLogger("info", &buf)
	restore := RedirectStdLog(l)
	log.Print("from std log")
	restore()
	log.Print("after restore")
	if out := buf.String(); !strings.Contains(out, `msg="from std log"`) || !strings.Contains(out, "logger=stdlog") || strings.Contains(out, "after restore") {
		t.Errorf("std log not routed: %q", out)
	}
}
