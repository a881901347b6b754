package diagnose

import (
	"os"
	"strings"
	"testing"
)

// heldOutLog is one record of testdata/heldout_logs.txt.
type heldOutLog struct {
	name, expect string // expect is a signal, or "healthy"
	stage        Stage
	lines        []string
}

// readHeldOut reads the held-apart log set (its header says the format).
func readHeldOut(t *testing.T) []heldOutLog {
	t.Helper()
	data, err := os.ReadFile("testdata/heldout_logs.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out []heldOutLog
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "=== "); ok {
			f := strings.Fields(rest)
			if len(f) != 3 {
				t.Fatalf("record header %q: want === <name> <stage> <expect>", line)
			}
			stage := map[string]Stage{"build": Build, "runtime": Runtime}[f[1]]
			if stage == 0 || (f[2] != "healthy" && signalByID[f[2]] == nil) {
				t.Fatalf("record header %q: unknown stage or signal", line)
			}
			out = append(out, heldOutLog{name: f[0], stage: stage, expect: f[2]})
			continue
		}
		if len(out) == 0 || strings.TrimSpace(line) == "" {
			continue // the header, or a blank line
		}
		out[len(out)-1].lines = append(out[len(out)-1].lines, line)
	}
	return out
}

// Held-apart bounds, issue 34 Acceptance 2's, which the first run reached
// (58/62 right, 0/27 healthy diagnosed): the share of failing logs whose
// first diagnosis is right, and of healthy logs diagnosed at all.
const (
	heldOutRightFloor  = 0.9
	heldOutHealthyCeil = 0.1
)

// TestClassify_HeldApart runs the classifier over the held-apart log set,
// logs its score and each miss, and guards the score.
func TestClassify_HeldApart(t *testing.T) {
	t.Parallel()
	logs := readHeldOut(t)
	var failing, right, healthy, diagnosed int
	for _, l := range logs {
		ds := Classify(l.lines, l.stage)
		if l.expect == "healthy" {
			healthy++
			if len(ds) > 0 {
				diagnosed++
				t.Logf("healthy %s diagnosed %v (%q)", l.name, signalIDs(ds), ds[0].Evidence)
			}
			continue
		}
		failing++
		if len(ds) > 0 && ds[0].Signal == l.expect {
			right++
			continue
		}
		got := "nothing"
		if len(ds) > 0 {
			got = strings.Join(signalIDs(ds), ",") + " (" + ds[0].Evidence + ")"
		}
		t.Logf("failing %s: want %s first, got %s", l.name, l.expect, got)
	}
	if failing < 30 || healthy < 20 {
		t.Fatalf("%d failing and %d healthy logs; the set holds at least 30 and 20", failing, healthy)
	}
	rightShare, healthyShare := float64(right)/float64(failing), float64(diagnosed)/float64(healthy)
	t.Logf("held apart: first diagnosis right for %d/%d failing logs (%.3f); %d/%d healthy logs diagnosed (%.3f)",
		right, failing, rightShare, diagnosed, healthy, healthyShare)
	if rightShare < heldOutRightFloor || healthyShare > heldOutHealthyCeil {
		t.Errorf("held-apart score fell: right %.3f (floor %.3f), healthy diagnosed %.3f (ceiling %.3f)",
			rightShare, heldOutRightFloor, healthyShare, heldOutHealthyCeil)
	}
}
