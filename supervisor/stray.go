//go:build unix

package supervisor

import (
	"bufio"
	"fmt"
	"os"
	"strings"

	"go.uber.org/zap"
	"golang.org/x/sys/unix"
)

// maxStrayLine bounds one logged line of stray output.
const maxStrayLine = 2000

// RouteStrayStdout sends what still writes to fd 1 after GuardStdout (the
// zerops-go SDK prints "Method Do error: …" for every failed request) to
// log at debug level, line by line, so ZCP_LOG_LEVEL decides whether it
// shows. stop points fd 1 back at stderr and waits for the last line.
func RouteStrayStdout(log *zap.Logger) (stop func(), err error) {
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
				log.Debug("stray output on stdout", zap.String("text", text))
			}
			if err != nil {
				return
			}
		}
	}()
	return func() {
		_ = dup2(unix.Stderr, unix.Stdout) // closes the pipe's last writer
		<-done
		_ = r.Close()
	}, nil
}
