package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestParse_BenchOutput(t *testing.T) {
	t.Parallel()
	in := `goos: linux
pkg: github.com/zeropsio/zcp/actors
BenchmarkWatcherFanOut/subscribers=50-2   	       1	1023456789 ns/op	         6.000 api-calls	  1234 B/op	  12 allocs/op
BenchmarkGateway-2 	 3	 42 ns/op	 9.8 req/s	 10 budget-req/s
PASS
ok  	github.com/zeropsio/zcp/actors	2.1s
pkg: github.com/zeropsio/zcp/mcp
BenchmarkToolsList-2 	 100	 52000 ns/op	 8123 bytes
BenchmarkBigRequests-2 	 1	 2224966561 ns/op	 41.34 idle-peak-RSS-MiB	 50.97 peak-RSS-MiB
--- FAIL: not a bench line
`
	rows, err := parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 {
		t.Fatalf("got %d rows, want 4: %+v", len(rows), rows)
	}
	if rows[0].pkg != "actors" || rows[0].name != "WatcherFanOut/subscribers=50" {
		t.Errorf("row 0 = %+v", rows[0])
	}
	if rows[2].metrics[1] != (metric{value: 8123, unit: "bytes"}) {
		t.Errorf("row 2 metrics = %+v", rows[2].metrics)
	}
	var out bytes.Buffer
	render(&out, rows)
	for _, want := range []string{"6 api-calls", "1.02s/op", "8123 bytes", "52.0µs/op", "50.97 peak-RSS-MiB"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, out.String())
		}
	}
	if strings.Contains(out.String(), "B/op") {
		t.Errorf("table shows allocation bytes:\n%s", out.String())
	}
}

func TestRender_PreviousFigures(t *testing.T) {
	t.Parallel()
	prev, err := parse(strings.NewReader("pkg: github.com/zeropsio/zcp/cmd/zcp\nBenchmarkLoadMix/calls=200-2 1 21000000000 ns/op 216 api-requests\n"))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := parse(strings.NewReader("pkg: github.com/zeropsio/zcp/cmd/zcp\nBenchmarkLoadMix/calls=200-2 1 15000000000 ns/op 150 api-requests 44 peak-RSS-MiB\nBenchmarkNew-2 1 5 ns/op\n"))
	if err != nil {
		t.Fatal(err)
	}
	withPrevious(rows, prev)
	var out bytes.Buffer
	render(&out, rows)
	for _, want := range []string{"150 api-requests (was 216)", "15.00s/op (was 21.00s/op)", "44 peak-RSS-MiB\n", "5 ns/op\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, out.String())
		}
	}
}

func TestRenderVersus_OneLinePerFigure(t *testing.T) {
	t.Parallel()
	rows, err := parse(strings.NewReader("pkg: github.com/zeropsio/zcp/cmd/zcp\n" +
		"BenchmarkVersusUpstream/binary-2 1 12 ns/op 15.68 MB 20.49 upstream-MB 0.7652 ratio-MB\n" +
		"BenchmarkVersusUpstream/mix=200-2 1 9 ns/op 4.4 s-wall 4.6 upstream-s-wall 0.9565 ratio-s-wall 35 api-requests 481 upstream-api-requests 0.07277 ratio-api-requests\n" +
		"BenchmarkToolsList-2 100 52000 ns/op 8123 bytes\n"))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	renderVersus(&out, rows)
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "VERSUS UPSTREAM") {
		t.Fatalf("want a header and 3 figures:\n%s", out.String())
	}
	for i, want := range [][]string{{"VersusUpstream/binary MB", "15.68", "20.49", "0.77"},
		{"VersusUpstream/mix=200 s-wall", "4.4", "4.6", "0.96"}, {"VersusUpstream/mix=200 api-requests", "35", "481", "0.07"}} {
		if f := strings.Fields(lines[i+1]); len(f) < 4 || !strings.Contains(lines[i+1], want[0]) ||
			f[len(f)-3] != want[1] || f[len(f)-2] != want[2] || f[len(f)-1] != want[3] {
			t.Errorf("line %d = %q, want %v", i+1, lines[i+1], want)
		}
	}
	out.Reset()
	renderVersus(&out, rows[2:])
	if out.Len() != 0 {
		t.Errorf("no comparison in the run, yet:\n%s", out.String())
	}
}
