package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// diagnoseCase is one log of the held-apart evaluation set.
type diagnoseCase struct {
	batch  string // the file it comes from
	header string // "build nodejs npm-missing-script"
	build  bool
	want   string // a signal, or "healthy"
	log    string
}

// readDiagnoseCases parses testdata/diagnose/eval*.txt (format in its README).
func readDiagnoseCases(t *testing.T) []diagnoseCase {
	t.Helper()
	files, err := filepath.Glob("testdata/diagnose/eval*.txt")
	if err != nil || len(files) == 0 {
		t.Fatalf("no evaluation batches: %v", err)
	}
	var cases []diagnoseCase
	for _, f := range files {
		cases = append(cases, readDiagnoseBatch(t, f)...)
	}
	return cases
}

// readDiagnoseBatch parses one batch file.
func readDiagnoseBatch(t *testing.T, file string) []diagnoseCase {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	batch := filepath.Base(file)
	var cases []diagnoseCase
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if head, ok := strings.CutPrefix(line, "=== "); ok {
			f := strings.Fields(head)
			if len(f) != 3 || (f[0] != "build" && f[0] != "runtime") {
				t.Fatalf("bad case header %q", line)
			}
			cases = append(cases, diagnoseCase{batch: batch, header: head, build: f[0] == "build", want: f[2]})
			continue
		}
		if len(cases) == 0 {
			t.Fatalf("log line %q before the first case header", line)
		}
		cases[len(cases)-1].log += line + "\n"
	}
	return cases
}

// runDiagnose pipes log through `zcp diagnose [--build]` and returns the signals.
func runDiagnose(t *testing.T, log string, build bool) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	args := []string{"diagnose"}
	if build {
		args = append(args, "--build")
	}
	cmd := exec.CommandContext(ctx, zcpBin, args...)
	cmd.Env = quickExit()
	cmd.Stdin = strings.NewReader(log)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Errorf("zcp diagnose: %v; stderr: %s", err, stderr.String())
		return nil
	}
	var res struct {
		Diagnoses []struct {
			Signal, Cause, Fix, Evidence, Doc string
		} `json:"diagnoses"`
	}
	if err := json.Unmarshal(out, &res); err != nil || res.Diagnoses == nil {
		t.Errorf("stdout is not {\"diagnoses\":[...]}: %v: %q", err, out)
		return nil
	}
	signals := make([]string, len(res.Diagnoses))
	for i, d := range res.Diagnoses {
		if d.Evidence == "" || d.Fix == "" || !strings.HasPrefix(d.Doc, "zerops://docs/") {
			t.Errorf("diagnosis %+v lacks evidence, fix or doc", d)
		}
		signals[i] = d.Signal
	}
	return signals
}

// quickExit is the environment without the race detector's one-second sleep
// at exit, which would make the 185 runs take minutes.
func quickExit() []string {
	return append(os.Environ(), "GORACE=atexit_sleep_ms=0")
}

// TestDiagnoseEval_HeldApartLogs measures issue 21's Acceptance 2 through the
// built binary: the first diagnosis is right for at least 85% of the failing
// logs, and at most 1 healthy log in 10 yields any diagnosis.
func TestDiagnoseEval_HeldApartLogs(t *testing.T) {
	t.Parallel()
	cases := readDiagnoseCases(t)
	got := make([][]string, len(cases))
	var wg sync.WaitGroup
	sem := make(chan struct{}, 4)
	for i, c := range cases {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			got[i] = runDiagnose(t, c.log, c.build)
		}()
	}
	wg.Wait()
	type score struct{ failing, right, healthy, flagged int }
	batches := map[string]*score{}
	var failing, right, healthy, flagged int
	for i, c := range cases {
		b := batches[c.batch]
		if b == nil {
			b = &score{}
			batches[c.batch] = b
		}
		if c.want == "healthy" {
			healthy++
			b.healthy++
			if len(got[i]) > 0 {
				flagged++
				b.flagged++
				t.Logf("healthy log flagged: %s %s -> %v", c.batch, c.header, got[i])
			}
			continue
		}
		failing++
		b.failing++
		if len(got[i]) > 0 && got[i][0] == c.want {
			right++
			b.right++
		} else {
			t.Logf("miss: %s %s -> %v", c.batch, c.header, got[i])
		}
	}
	for name, b := range batches {
		t.Logf("%s: first diagnosis right for %d/%d failing logs; %d/%d healthy logs flagged", name, b.right, b.failing, b.flagged, b.healthy)
	}
	if failing == 0 || healthy == 0 {
		t.Fatalf("evaluation set has %d failing and %d healthy logs", failing, healthy)
	}
	t.Logf("first diagnosis right for %d/%d failing logs (%.1f%%); %d/%d healthy logs flagged (%.1f%%)",
		right, failing, 100*float64(right)/float64(failing), flagged, healthy, 100*float64(flagged)/float64(healthy))
	if right*100 < failing*85 {
		t.Errorf("first diagnosis right for %d/%d failing logs, want at least 85%%", right, failing)
	}
	if flagged*10 > healthy {
		t.Errorf("%d/%d healthy logs flagged, want at most 1 in 10", flagged, healthy)
	}
}

func TestBinary_Diagnose(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		args  []string
		stdin string
		want  string
		code  int
	}{
		{"Build", []string{"diagnose", "--build"}, "$ npm run biuld\nnpm error Missing script: \"biuld\"\r\n", `{"diagnoses":[{"signal":"npm-missing-script",`, 0},
		{"Healthy", []string{"diagnose"}, "GET /favicon.ico 404\n", "{\"diagnoses\":[]}\n", 0},
		{"Empty", []string{"diagnose"}, "", "{\"diagnoses\":[]}\n", 0},
		{"Help", []string{"diagnose", "--help"}, "", "Usage:\n  zcp diagnose [--build] < LOG", 0},
		{"StrayArgument", []string{"diagnose", "app.log"}, "", "", 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, zcpBin, tt.args...)
			cmd.Env = quickExit()
			cmd.Stdin = strings.NewReader(tt.stdin)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			code := 0
			var ee *exec.ExitError
			switch {
			case errors.As(err, &ee):
				code = ee.ExitCode()
			case err != nil:
				t.Fatal(err)
			}
			if code != tt.code || !strings.HasPrefix(stdout.String(), tt.want) {
				t.Errorf("exit %d, stdout %q (stderr %q); want exit %d, stdout starting %q", code, stdout.String(), stderr.String(), tt.code, tt.want)
			}
			if tt.code == 0 && stderr.Len() > 0 {
				t.Errorf("stderr %q, want nothing", stderr.String())
			}
		})
	}
}
