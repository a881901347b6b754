package main

import (
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// benchQueries are realistic agent questions for the knowledge benchmarks.
var benchQueries = []string{
	"how do I connect node to postgres", "valkey password", "why 502 after deploy",
	"start command for python", "mongodb", "cron job", "s3 bucket", "env variable precedence",
	"what does READY_TO_DEPLOY mean", "deployFiles node_modules missing",
}

// startAgainstFake starts the binary against a fake API served over HTTP by
// the benchmark's own process, so the binary's memory is ZCP's alone.
func startAgainstFake(b *testing.B) *rawSession {
	b.Helper()
	fake := fakeapi.StartTB(b, fakeapi.Options{})
	return startRaw(b, []string{"ZEROPS_API_HOST=" + fake.URL(), "ZEROPS_ZCP_API_KEY=" + fake.Token(), "ZCP_API_RATE=100000:100000"})
}

// BenchmarkFirstKnowledgeAnswer measures, from spawning the binary, the time
// to the initialize answer and to the answer of a knowledge search sent right
// behind it (the index is built after start-up; initialize never waits for it).
func BenchmarkFirstKnowledgeAnswer(b *testing.B) {
	var initTotal, firstTotal time.Duration
	var firsts []time.Duration
	for range b.N {
		b.StopTimer()
		fake := fakeapi.StartTB(b, fakeapi.Options{})
		b.StartTimer()
		start := time.Now()
		s := startRaw(b, []string{"ZEROPS_API_HOST=" + fake.URL(), "ZEROPS_ZCP_API_KEY=" + fake.Token()})
		s.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`)
		s.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		s.callTool(2, "zerops_knowledge", map[string]any{"query": "connect nodejs to postgresql"}, "")
		s.await(func(m map[string]any) bool { return m["id"] == float64(1) })
		initTotal += time.Since(start)
		s.result(2)
		first := time.Since(start)
		firstTotal += first
		firsts = append(firsts, first)
		b.StopTimer()
		_ = s.stdin.Close()
		s.wait()
		b.StartTimer()
	}
	sort.Slice(firsts, func(i, j int) bool { return firsts[i] < firsts[j] })
	b.ReportMetric(float64(initTotal.Microseconds())/1000/float64(b.N), "ms-initialize")
	b.ReportMetric(float64(firstTotal.Microseconds())/1000/float64(b.N), "ms-first-answer")
	b.ReportMetric(float64(firsts[len(firsts)/2].Microseconds())/1000, "ms-first-answer-p50")
}

// BenchmarkShortSession runs a short agent session on the binary —
// initialize, tools/list, discover with envs, 5 knowledge queries, events, a
// workflow — and reports the process's peak RSS (getrusage maxrss): the
// median session's and the largest.
func BenchmarkShortSession(b *testing.B) {
	var peaks []int64
	for range b.N {
		s := startAgainstFake(b)
		s.initialize()
		s.send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
		s.await(func(m map[string]any) bool { return m["id"] == float64(2) })
		s.callTool(3, "zerops_discover", map[string]any{"includeEnvs": true}, "")
		s.result(3)
		for i, q := range benchQueries[:5] {
			s.callTool(10+i, "zerops_knowledge", map[string]any{"query": q}, "")
			s.result(10 + i)
		}
		s.callTool(20, "zerops_events", map[string]any{}, "")
		s.result(20)
		s.callTool(21, "zerops_workflow", map[string]any{"workflow": "bootstrap"}, "")
		s.result(21)
		_ = s.stdin.Close()
		if code := s.wait(); code != 0 {
			b.Fatalf("exit code %d", code)
		}
		if ru, ok := s.cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
			peaks = append(peaks, ru.Maxrss) // KiB on Linux
		}
	}
	if len(peaks) == 0 {
		return
	}
	sort.Slice(peaks, func(i, j int) bool { return peaks[i] < peaks[j] })
	mb := func(kib int64) float64 { return float64(kib) * 1024 / 1e6 }
	b.ReportMetric(mb(peaks[len(peaks)/2]), "peak-RSS-MB")
	b.ReportMetric(float64(peaks[len(peaks)/2])/1024, "peak-RSS-MiB")
	b.ReportMetric(mb(peaks[len(peaks)-1]), "peak-RSS-max-MB")
}

// BenchmarkKnowledgeSearchMCP measures warm knowledge searches over stdio,
// request written to answer read, and reports p50 and p99.
func BenchmarkKnowledgeSearchMCP(b *testing.B) {
	s := startAgainstFake(b)
	s.initialize()
	for i, q := range benchQueries { // warm: the index is built, every path taken once
		s.callTool(10+i, "zerops_knowledge", map[string]any{"query": q}, "")
		s.result(10 + i)
	}
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		id := 100 + i
		t0 := time.Now()
		s.callTool(id, "zerops_knowledge", map[string]any{"query": benchQueries[i%len(benchQueries)]}, "")
		s.answerLine(id)
		lat = append(lat, time.Since(t0))
	}
	b.StopTimer()
	_ = s.stdin.Close()
	s.wait()
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000 }
	b.ReportMetric(pct(0.50), "p50-ms")
	b.ReportMetric(pct(0.99), "p99-ms")
	b.ReportMetric(float64(len(lat)), "searches")
}

// answerLine waits for the line that answers id and fails on an error
// answer. It matches the answer's fixed prefix instead of decoding the whole
// line, so the latency measured is ZCP's, not the benchmark's JSON decoding.
func (s *rawSession) answerLine(id int) {
	s.t.Helper()
	prefix := `{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"result":`
	line := s.nextLine("the answer to id "+strconv.Itoa(id), func(line string) bool { return strings.HasPrefix(line, prefix) })
	if strings.Contains(line, `"isError":true`) {
		s.t.Fatalf("answer %d is an error: %s", id, line[:min(len(line), 300)])
	}
}
