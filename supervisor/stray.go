//go:build unix

package supervisor

import (
	"bufio"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"golang.org/x/sys/unix"
)

// maxStrayLine bounds one logged line of stray output.
const maxStrayLine = 2000

// RouteStrayStdout sends what still writes to fd 1 after GuardStdout (the
// zerops-go SDK prints "Method Do error: …" for every failed request) to
// log at debug level, line by line, so ZCP_LOG_LEVEL decides whether it
// shows. stop points fd 1 at /dev/null and waits for the last line: an API
// call abandoned at shutdown may still print when it fails, after the log
// is gone, and that line must not reach the user's stderr either.
func RouteStrayStdout(log *slog.Logger) (stop func(), err error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("route stray stdout: %w", err)
	}
	if err := dup2(int(w.Fd()), unix.Stdout); err != nil {
		_ = r.Close()
		_ = w.Close()
		return nil, fmt.Errorf("route stray stdout: %w", err)
	}
	_ = w.Close() // fd 1 is now the only writer
	done := make(chan struct{})
	go func() {
		defer close(done)
		br := bufio.NewReader(r)
		for {
			line, err := br.ReadString('\n')
			if text := strings.TrimRight(line, "\r\n"); text != "" {
				if len(text) > maxStrayLine {
					text = text[:maxStrayLine] + "…"
				}
				log.Debug("stray output on stdout", slog.String("text", text))
			}
			if err != nil {
				return
			}
		}
	}()
	return func() {
		sink := unix.Stderr // if /dev/null cannot be opened
		if null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0); err == nil {
			defer func() { _ = null.Close() }()
			sink = int(null.Fd())
		}
		_ = dup2(sink, unix.Stdout) // closes the pipe's last writer
		<-done
		_ = r.Close()
	}, nil
}
