package supervisor

import (
	"bytes"
	"errors"
	"log"
	"log/slog"
	"strings"
	"testing"
)

func TestParseLevel_Values(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in      string
		want    string
		wantErr bool
	}{
		{"", "warn", false},
		{"debug", "debug", false},
		{"INFO", "info", false},
		{"warning", "warn", false},
		{"error", "error", false},
		{"loud", "warn", true},
		{"fatal", "warn", true},
	}
	for _, tt := range tests {
		l, err := ParseLevel(tt.in)
		if l.String() != tt.want || (err != nil) != tt.wantErr {
			t.Errorf("ParseLevel(%q) = %s, %v", tt.in, l, err)
		}
	}
}

func TestNewLogger_LevelAndSlogBridge(t *testing.T) {
	t.Parallel()
	var buf bytes.Buffer
	l, err := NewLogger("warn", &buf)
	if err != nil {
		t.Fatal(err)
	}
	l.Info("hidden info")
	l.Warn("shown warn")
	sl := NewSlogLogger(l)
	sl.Info("hidden slog info")
	sl.With("session", "s1").WithGroup("req").Warn("slog warn", "id", 7, slog.Group("g", "k", "v"), "err", errors.New("boom"))
	out := buf.String()
	if strings.Contains(out, "hidden") {
		t.Errorf("below-level lines written:\n%s", out)
	}
	for _, want := range []string{"shown warn", "slog warn", `"session": "s1"`, `"req.id": 7`, `"req.g.k": "v"`, `"req.err": "boom"`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %s:\n%s", want, out)
		}
	}
}

func TestRedirectStdLog_ToZap(t *testing.T) {
	// Not parallel: it swaps the global std logger.
	var buf bytes.Buffer
	l, _ := NewLogger("info", &buf)
	restore := RedirectStdLog(l)
	log.Print("from std log")
	restore()
	if !strings.Contains(buf.String(), "from std log") {
		t.Errorf("std log not routed: %q", buf.String())
	}
}
