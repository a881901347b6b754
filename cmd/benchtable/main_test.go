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
