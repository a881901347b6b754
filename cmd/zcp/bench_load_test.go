package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode"

	"github.com/zeropsio/zcp/platform/fakeapi"
)

// loadCall is one call of the load mix.
type loadCall struct {
	tool     string
	args     map[string]any
	progress bool
}

// loadMix is n calls: 30% zerops_discover, 30% zerops_knowledge, 20%
// zerops_env get, 20% zerops_manage restarts followed with progress,
// interleaved, spread over the demo project's services.
func loadMix(n int) []loadCall {
	pattern := []string{"discover", "knowledge", "env", "restart", "discover", "knowledge", "env", "restart", "discover", "knowledge"}
	envHosts := []string{"appdev", "appstage", "db"}
	restartHosts := []string{"appdev", "db", "cache"} // appstage was never deployed: a restart sends nothing
	calls := make([]loadCall, n)
	for i := range calls {
		switch pattern[i%len(pattern)] {
		case "discover":
			calls[i] = loadCall{tool: "zerops_discover", args: map[string]any{}}
		case "knowledge":
			calls[i] = loadCall{tool: "zerops_knowledge", args: map[string]any{"query": benchQueries[i%len(benchQueries)]}}
		case "env":
			calls[i] = loadCall{tool: "zerops_env", args: map[string]any{"action": "get", "serviceHostname": envHosts[i%len(envHosts)]}}
		case "restart":
			calls[i] = loadCall{tool: "zerops_manage", args: map[string]any{"action": "restart", "serviceHostname": restartHosts[i%len(restartHosts)]}, progress: true}
		}
	}
	return calls
}

// BenchmarkLoadMix sends the load mix (50 and 200 calls at once) through one
// MCP session of the binary over stdio, against the fake API over HTTP with
// its default 3 s processes, at the default API budget (10/s, burst 20), and
// the 200 calls again with the budget lifted, the time to compare with. It
// reports the time until the last answer, throughput, p50/p99 per tool, the
// API requests (start-up's included; by endpoint in the log) and the
// binary's peak RSS.
func BenchmarkLoadMix(b *testing.B) {
	for _, run := range []struct {
		name string
		n    int
		rate string // ZCP_API_RATE; empty: the default budget
	}{
		{"calls=50", 50, ""},
		{"calls=200", 200, ""},
		{"calls=200-lifted", 200, "100000:100000"}, // the same mix with the budget lifted, to compare with
	} {
		b.Run(run.name, func(b *testing.B) {
			for range b.N {
				runLoadMix(b, run.n, run.rate)
			}
		})
	}
}

func runLoadMix(b *testing.B, n int, rate string) {
	fake := fakeapi.StartTB(b, fakeapi.Options{})
	env := []string{"ZEROPS_API_HOST=" + fake.URL(), "ZEROPS_ZCP_API_KEY=" + fake.Token()}
	if rate != "" {
		env = append(env, "ZCP_API_RATE="+rate)
	}
	m := mixRun(b, fake, startRaw(b, env), n)
	for tool, k := range m.failed {
		b.Errorf("%d of %d %s calls failed", k, len(m.byTool[tool]), tool)
	}
	b.ReportMetric(m.total.Seconds(), "s-all-answered")
	b.ReportMetric(float64(n)/m.total.Seconds(), "calls/s")
	for tool, lat := range m.byTool {
		short := strings.TrimPrefix(tool, "zerops_")
		b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, short+"-p50-ms")
		b.ReportMetric(float64(lat[(len(lat)*99)/100].Microseconds())/1000, short+"-p99-ms")
	}
	b.ReportMetric(float64(len(m.requests)), "api-requests")
	b.ReportMetric(m.peakRSS, "peak-RSS-MiB")
	byEndpoint := map[string]int{}
	for _, r := range m.requests {
		byEndpoint[r.Method+" "+endpoint(r.Path)]++
	}
	keys := make([]string, 0, len(byEndpoint))
	for k := range byEndpoint {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return byEndpoint[keys[i]] > byEndpoint[keys[j]] })
	var sb strings.Builder
	for _, k := range keys {
		fmt.Fprintf(&sb, "\n  %4d  %s", byEndpoint[k], k)
	}
	b.Logf("%d calls: API requests by endpoint:%s", n, sb.String())
}

// mixFigures is what one run of the load mix measured.
type mixFigures struct {
	total    time.Duration
	byTool   map[string][]time.Duration // answer latencies per tool, sorted
	requests []fakeapi.Request          // the API requests of the session, start-up's included
	peakRSS  float64                    // MiB
	failed   map[string]int             // calls answered with an error, per tool
}

// mixRun sends the load mix of n calls through the initialized session s
// against fake, waits for every answer, ends the session and returns the
// figures.
func mixRun(b *testing.B, fake *fakeapi.Server, s *rawSession, n int) mixFigures {
	s.initialize()
	calls := loadMix(n)
	sent := make([]time.Time, n)
	took := make([]time.Duration, n)
	failed := map[string]int{}
	done := make(chan struct{})
	go func() { // answers, in whatever order they come
		defer close(done)
		for left := n; left > 0; {
			line, ok := <-s.lines
			if !ok {
				return
			}
			var m struct {
				ID     *int `json:"id"`
				Result struct {
					IsError bool `json:"isError"`
				} `json:"result"`
			}
			if json.Unmarshal([]byte(line), &m) != nil || m.ID == nil || *m.ID < 100 || *m.ID >= 100+n {
				continue // a progress notification, or no answer of the mix
			}
			i := *m.ID - 100
			took[i] = time.Since(sent[i])
			if m.Result.IsError {
				failed[calls[i].tool]++
			}
			left--
		}
	}()
	start := time.Now()
	for i, c := range calls {
		token := ""
		if c.progress {
			token = fmt.Sprintf("p%d", i)
		}
		sent[i] = time.Now()
		s.callTool(100+i, c.tool, c.args, token)
	}
	select {
	case <-done:
	case <-time.After(5 * time.Minute):
		b.Fatalf("the mix did not finish; stderr:\n%s", s.stderr.String())
	}
	m := mixFigures{total: time.Since(start), byTool: map[string][]time.Duration{}, failed: failed}
	_ = s.stdin.Close()
	if code := s.wait(); code != 0 {
		b.Fatalf("exit code %d", code)
	}
	m.requests = fake.Requests()
	for i, c := range calls {
		m.byTool[c.tool] = append(m.byTool[c.tool], took[i])
	}
	for _, lat := range m.byTool {
		slices.Sort(lat)
	}
	if ru, ok := s.cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		m.peakRSS = float64(ru.Maxrss) / 1024 // KiB on Linux
	}
	return m
}

// endpoint is an API path with its IDs replaced by {id}.
func endpoint(path string) string {
	path = strings.TrimPrefix(path, "/api/rest/public")
	segs := strings.Split(path, "/")
	for i, seg := range segs {
		if len(seg) >= 16 && strings.IndexFunc(seg, func(r rune) bool { return unicode.IsUpper(r) || unicode.IsDigit(r) || r == '_' }) >= 0 {
			segs[i] = "{id}"
		}
	}
	return strings.Join(segs, "/")
}
