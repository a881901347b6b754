package main

import (
	"os"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// server is one of the two binaries BenchmarkVersusUpstream compares: how to
// start it against a fake API.
type server struct {
	name  string
	bin   string
	start func(b *testing.B, fake *fakeapi.Server) *rawSession
}

// BenchmarkVersusUpstream compares ZCP with the Zerops team's own server
// (upstream zcp, built stripped from its public repository) when
// UPSTREAM_BIN names that binary (`make bench UPSTREAM_BIN=…`): each figure
// of the table, measured for both binaries against the same fake API
// on the same machine, the runs interleaved (ours, upstream's, ours, …) so
// that the machine's load falls on both alike. Each figure is reported for
// both, with upstream's divided into ours as the ratio (below 1: ZCP is
// smaller, quicker or lighter). Skipped without UPSTREAM_BIN.
func BenchmarkVersusUpstream(b *testing.B) {
	upBin := os.Getenv("UPSTREAM_BIN")
	if upBin == "" {
		b.Skip("UPSTREAM_BIN is not set: build upstream zcp and pass its path (docs/benchmarks.md)")
	}
	ours := server{"zcp", zcpBin, func(b *testing.B, fake *fakeapi.Server) *rawSession {
		return startRaw(b, []string{"ZEROPS_API_HOST=" + fake.URL(), "ZEROPS_ZCP_API_KEY=" + fake.Token()})
	}}
	up := server{"upstream", upBin, func(b *testing.B, fake *fakeapi.Server) *rawSession {
		// Upstream keeps session state in its working directory and checks
		// for updates unless told not to.
		return startBin(b, upBin, b.TempDir(), []string{"ZCP_API_HOST=" + fake.URL(), "ZCP_API_KEY=" + fake.Token(), "ZCP_AUTO_UPDATE=0"})
	}}
	both := []server{ours, up}
	report := func(b *testing.B, unit string, f func(s server) float64) {
		v := [2]float64{f(ours), f(up)}
		b.ReportMetric(v[0], unit)
		b.ReportMetric(v[1], "upstream-"+unit)
		if v[1] != 0 {
			b.ReportMetric(v[0]/v[1], "ratio-"+unit)
		}
	}
	b.Run("binary", func(b *testing.B) {
		for range b.N {
		}
		report(b, "MB", func(s server) float64 {
			st, err := os.Stat(s.bin)
			if err != nil {
				b.Fatal(err)
			}
			return float64(st.Size()) / 1e6
		})
	})
	b.Run("start", func(b *testing.B) {
		const rounds = 15
		init, first, cpu := map[string][]time.Duration{}, map[string][]time.Duration{}, map[string][]time.Duration{}
		for range b.N {
			for range rounds {
				for _, s := range both {
					i, f, c := firstAnswer(b, s)
					init[s.name], first[s.name], cpu[s.name] = append(init[s.name], i), append(first[s.name], f), append(cpu[s.name], c)
				}
			}
		}
		report(b, "ms-initialize-p50", func(s server) float64 { return p50ms(init[s.name]) })
		report(b, "ms-first-knowledge-p50", func(s server) float64 { return p50ms(first[s.name]) })
		// CPU (user + system) of the whole process: what a start costs when
		// the cores are busy, where wall times stop comparing.
		report(b, "ms-cpu-first-knowledge-p50", func(s server) float64 { return p50ms(cpu[s.name]) })
	})
	b.Run("memory", func(b *testing.B) {
		short, after200 := map[string][]float64{}, map[string][]float64{}
		for range b.N {
			for range 3 {
				for _, s := range both {
					hwm, rss := knowledgeSession(b, s, 200)
					short[s.name], after200[s.name] = append(short[s.name], hwm), append(after200[s.name], rss)
				}
			}
		}
		report(b, "MB-short-session-peak-RSS", func(s server) float64 { return median(short[s.name]) })
		report(b, "MB-RSS-after-200-knowledge", func(s server) float64 { return median(after200[s.name]) })
	})
	for _, n := range []int{50, 200} {
		b.Run("mix="+strconv.Itoa(n), func(b *testing.B) {
			wall, restart, reqs := map[string][]float64{}, map[string][]float64{}, map[string][]float64{}
			for range b.N {
				for range 3 {
					for _, s := range both {
						fake := fakeapi.StartTB(b, fakeapi.Options{})
						m := mixRun(b, fake, s.start(b, fake), n)
						for tool, k := range m.failed {
							b.Logf("%s: %d of %d %s calls answered an error", s.name, k, len(m.byTool[tool]), tool)
						}
						wall[s.name] = append(wall[s.name], m.total.Seconds())
						lat := m.byTool["zerops_manage"]
						end := lat[len(lat)/2] - fakeapi.DefaultProcessDuration
						restart[s.name] = append(restart[s.name], end.Seconds())
						reqs[s.name] = append(reqs[s.name], float64(len(m.requests)))
					}
				}
			}
			report(b, "s-wall", func(s server) float64 { return median(wall[s.name]) })
			report(b, "s-restart-end-seen-after", func(s server) float64 { return median(restart[s.name]) })
			report(b, "api-requests", func(s server) float64 { return median(reqs[s.name]) })
		})
	}
}

// firstAnswer spawns s and returns the time from the spawn to its
// initialize answer and to the answer of a knowledge search sent right
// behind initialize, and the CPU time the process used in all, from its
// spawn to its exit when stdin closes right after that answer.
func firstAnswer(b *testing.B, s server) (initialize, first, cpu time.Duration) {
	fake := fakeapi.StartTB(b, fakeapi.Options{})
	start := time.Now()
	r := s.start(b, fake)
	r.send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"bench","version":"1"}}}`)
	r.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	r.callTool(2, "zerops_knowledge", map[string]any{"query": "connect nodejs to postgresql"}, "")
	r.await(func(m map[string]any) bool { return m["id"] == float64(1) })
	initialize = time.Since(start)
	res := r.result(2)
	first = time.Since(start)
	if res["isError"] == true {
		b.Fatalf("%s answered the knowledge search with an error: %v", s.name, res)
	}
	_ = r.stdin.Close()
	r.wait()
	return initialize, first, r.cmd.ProcessState.UserTime() + r.cmd.ProcessState.SystemTime()
}

// knowledgeSession is a short session of s (initialize, tools/list, a
// discover, a knowledge search) whose peak RSS it returns, followed by more
// knowledge searches up to n, after which it returns the resident set too
// (both MB).
func knowledgeSession(b *testing.B, s server, n int) (shortPeak, rss float64) {
	fake := fakeapi.StartTB(b, fakeapi.Options{})
	r := s.start(b, fake)
	r.initialize()
	r.send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	r.result(2)
	r.callTool(3, "zerops_discover", map[string]any{}, "")
	r.result(3)
	for i := range n {
		r.callTool(10+i, "zerops_knowledge", map[string]any{"query": benchQueries[i%len(benchQueries)]}, "")
		if res := r.result(10 + i); res["isError"] == true {
			b.Fatalf("%s answered knowledge search %d with an error: %v", s.name, i, res)
		}
		if i == 0 {
			shortPeak = procStatusMiB(b, r.cmd.Process.Pid, "VmHWM") * (1 << 20) / 1e6
		}
	}
	rss = procStatusMiB(b, r.cmd.Process.Pid, "VmRSS") * (1 << 20) / 1e6
	_ = r.stdin.Close()
	r.wait()
	return shortPeak, rss
}

func p50ms(d []time.Duration) float64 {
	s := slices.Sorted(slices.Values(d))
	return float64(s[len(s)/2].Microseconds()) / 1000
}

func median(v []float64) float64 {
	s := slices.Sorted(slices.Values(v))
	return s[len(s)/2]
}
