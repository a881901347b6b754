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

// heldOutFiles are the held-apart log sets, each written before the
// classifier first ran over it; first-run scores are in their headers.
var heldOutFiles = []string{"testdata/heldout_logs.txt", "testdata/heldout_logs2.txt", "testdata/heldout_logs3.txt", "testdata/heldout_logs4.txt", "testdata/heldout_logs5.txt", "testdata/heldout_logs6.txt", "testdata/heldout_logs7.txt", "testdata/heldout_logs8.txt", "testdata/heldout_logs9.txt", "testdata/heldout_logs10.txt", "testdata/heldout_logs11.txt", "testdata/heldout_logs12.txt", "testdata/heldout_logs13.txt", "testdata/heldout_logs14.txt", "testdata/heldout_logs15.txt", "testdata/heldout_logs16.txt", "testdata/heldout_logs17.txt", "testdata/heldout_logs18.txt", "testdata/heldout_logs19.txt"}

// readHeldOut reads one held-apart log set (heldout_logs.txt's header says
// the format).
func readHeldOut(t *testing.T, file string) []heldOutLog {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []heldOutLog
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "=== "); ok {
			f := strings.Fields(rest)
			if len(f) != 3 {
				t.Fatalf("%s: record header %q: want === <name> <stage> <expect>", file, line)
			}
			stage := map[string]Stage{"build": Build, "runtime": Runtime}[f[1]]
			if stage == 0 || (f[2] != "healthy" && signalByID[f[2]] == nil) {
				t.Fatalf("%s: record header %q: unknown stage or signal", file, line)
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

// TestClassify_HeldApart runs the classifier over each held-apart log set,
// logs its score and each miss, and guards each set's score.
func TestClassify_HeldApart(t *testing.T) {
	t.Parallel()
	for _, file := range heldOutFiles {
		var failing, right, healthy, diagnosed int
		for _, l := range readHeldOut(t, file) {
			ds := Classify(l.lines, l.stage)
			if l.expect == "healthy" {
				healthy++
				if len(ds) > 0 {
					diagnosed++
					t.Logf("%s: healthy %s diagnosed %v (%q)", file, l.name, signalIDs(ds), ds[0].Evidence)
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
			t.Logf("%s: failing %s: want %s first, got %s", file, l.name, l.expect, got)
		}
		if failing < 30 || healthy < 20 {
			t.Fatalf("%s: %d failing and %d healthy logs; a set holds at least 30 and 20", file, failing, healthy)
		}
		rightShare, healthyShare := float64(right)/float64(failing), float64(diagnosed)/float64(healthy)
		t.Logf("%s: first diagnosis right for %d/%d failing logs (%.3f); %d/%d healthy logs diagnosed (%.3f)",
			file, right, failing, rightShare, diagnosed, healthy, healthyShare)
		if rightShare < heldOutRightFloor || healthyShare > heldOutHealthyCeil {
			t.Errorf("%s: held-apart score fell: right %.3f (floor %.3f), healthy diagnosed %.3f (ceiling %.3f)",
				file, rightShare, heldOutRightFloor, healthyShare, heldOutHealthyCeil)
		}
	}
}
