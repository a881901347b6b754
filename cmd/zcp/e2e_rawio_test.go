package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// rawSession drives the zcp binary over its real stdin/stdout with hand-written
// JSON-RPC, keeping every stdout line so tests can check that nothing but
// JSON-RPC ever reached it.
type rawSession struct {
	t      testing.TB
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string
	stderr *syncBuffer

	mu  sync.Mutex
	all []string
}

type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func startRaw(t testing.TB, env []string, args ...string) *rawSession {
	t.Helper()
	return startBin(t, zcpBin, "", env, args...)
}

// startBin is startRaw of another binary (the upstream server of
// BenchmarkVersusUpstream), in dir ("": the test's directory).
func startBin(t testing.TB, bin, dir string, env []string, args ...string) *rawSession {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Env = append(cleanEnv(), env...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	s := &rawSession{t: t, cmd: cmd, stdin: stdin, lines: make(chan string, 256), stderr: &syncBuffer{}}
	cmd.Stderr = s.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer close(s.lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(make([]byte, 1<<20), 16<<20)
		for sc.Scan() {
			s.mu.Lock()
			s.all = append(s.all, sc.Text())
			s.mu.Unlock()
			s.lines <- sc.Text()
		}
	}()
	t.Cleanup(func() {
		// Stop zcp as a signal would, so it exits through its own shutdown
		// (a -cover binary then writes its counters); kill it if it hangs.
		go func() {
			for range s.lines { // unblock the reader so zcp's writes finish
			}
		}()
		_ = cmd.Process.Signal(syscall.SIGTERM)
		exited := make(chan struct{})
		go func() { _ = cmd.Wait(); close(exited) }()
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			<-exited
		}
	})
	return s
}

// cleanEnv is the test's environment without anything that would point zcp
// at a real account.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "ZEROPS_") || strings.HasPrefix(kv, "ZCP_") {
			continue
		}
		env = append(env, kv)
	}
	return append(env, "HOME="+os.TempDir()+"/zcp-e2e-nohome")
}

func (s *rawSession) send(msg string) {
	s.t.Helper()
	if _, err := io.WriteString(s.stdin, msg+"\n"); err != nil {
		s.t.Fatalf("write to zcp: %v (stderr: %s)", err, s.stderr.String())
	}
}

func (s *rawSession) initialize() {
	s.t.Helper()
	s.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"e2e","version":"1"}}}`)
	s.await(func(m map[string]any) bool { return m["id"] == float64(1) })
	s.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
}

// await returns the first message matching match, failing the test if the
// binary's stdout ends or the deadline passes first.
func (s *rawSession) await(match func(map[string]any) bool) map[string]any {
	s.t.Helper()
	var m map[string]any
	s.nextLine("a matching message", func(line string) bool {
		m = nil
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			s.t.Fatalf("stdout line is not JSON: %q", line)
		}
		return match(m)
	})
	return m
}

// nextLine returns the first stdout line match accepts (what names it in a
// failure), failing the test if the binary's stdout ends or 60 s pass first.
func (s *rawSession) nextLine(what string, match func(line string) bool) string {
	s.t.Helper()
	deadline := time.After(60 * time.Second)
	for {
		select {
		case line, ok := <-s.lines:
			if !ok {
				s.t.Fatalf("zcp closed stdout waiting for %s; stderr:\n%s", what, s.stderr.String())
			}
			if match(line) {
				return line
			}
		case <-deadline:
			s.t.Fatalf("no %s within the deadline; stderr:\n%s", what, s.stderr.String())
		}
	}
}

func (s *rawSession) callTool(id int, name string, args map[string]any, progressToken string) {
	s.t.Helper()
	params := map[string]any{"name": name, "arguments": args}
	if progressToken != "" {
		params["_meta"] = map[string]any{"progressToken": progressToken}
	}
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params})
	if err != nil {
		s.t.Fatal(err)
	}
	s.send(string(b))
}

func (s *rawSession) result(id int) map[string]any {
	s.t.Helper()
	m := s.await(func(m map[string]any) bool { return m["id"] == float64(id) })
	r, _ := m["result"].(map[string]any)
	if r == nil {
		s.t.Fatalf("response %d has no result: %v", id, m)
	}
	return r
}

// wait closes nothing; it waits for the process to exit and returns its code.
func (s *rawSession) wait() int {
	s.t.Helper()
	done := make(chan error, 1)
	go func() { done <- s.cmd.Wait() }()
	select {
	case err := <-done:
		if err == nil {
			return 0
		}
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			return ee.ExitCode()
		}
		s.t.Fatalf("wait: %v", err)
	case <-time.After(30 * time.Second):
		s.t.Fatalf("zcp did not exit; stderr:\n%s", s.stderr.String())
	}
	return -1
}

// assertAllJSONRPC checks every line zcp wrote to stdout is a JSON-RPC 2.0 message.
func (s *rawSession) assertAllJSONRPC() {
	s.t.Helper()
	for range s.lines { // drain what is left
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.all) == 0 {
		s.t.Fatal("zcp wrote nothing to stdout")
	}
	for _, line := range s.all {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil || m["jsonrpc"] != "2.0" {
			s.t.Errorf("stdout carries a non-JSON-RPC line: %q", line)
		}
	}
}

func (s *rawSession) stdoutText() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Join(s.all, "\n")
}

func toolText(t testing.TB, r map[string]any) string {
	t.Helper()
	content, _ := r["content"].([]any)
	var b strings.Builder
	for _, c := range content {
		if m, ok := c.(map[string]any); ok {
			fmt.Fprint(&b, m["text"])
		}
	}
	return b.String()
}
