package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/zeropsio/zcp/knowledge"
	"github.com/zeropsio/zcp/platform/fakeapi"
)

// BenchmarkStdio measures what an agent waits for over real stdio with the
// sandbox: start-up to the initialize answer, then tools/list and a discover.
func BenchmarkStdio(b *testing.B) {
	b.Run("initialize", func(b *testing.B) {
		for range b.N {
			s := startRaw(b, nil, "sandbox")
			s.initialize()
			_ = s.stdin.Close()
			s.wait()
		}
	})
	for _, c := range []struct {
		name, tool string
	}{{"tools_list", ""}, {"discover", "zerops_discover"}} {
		b.Run(c.name, func(b *testing.B) {
			// Lift the API budget: this measures ZCP's own latency, not the
			// gateway's 10 req/s pacing of a tight loop.
			s := startRaw(b, []string{"ZCP_API_RATE=100000:100000"}, "sandbox")
			s.initialize()
			b.ResetTimer()
			for i := range b.N {
				id := 100 + i
				if c.tool == "" {
					s.send(`{"jsonrpc":"2.0","id":` + strconv.Itoa(id) + `,"method":"tools/list"}`)
				} else {
					s.callTool(id, c.tool, map[string]any{}, "")
				}
				s.result(id)
			}
			b.StopTimer()
			_ = s.stdin.Close()
			s.wait()
		})
	}
}

// BenchmarkBinarySize reports the size of the zcp binary as shipped (`make
// build`: CGO_ENABLED=0, -trimpath, -s -w) and what the knowledge base costs
// in it: the embedded corpus plus the code of the packages only bleve brings
// in (symbol sizes from `go tool nm` on the same build without -s -w).
//
// Cuts measured (stripped bytes; the limit is 16 MB; a build with cgo, as
// this benchmark once made, was 18,493,705 bytes and dynamically linked):
//   - 18,448,546: bleve's top-level package (bleve.OpenUsing, SearchInContext)
//   - 16,228,514: scorch and bleve's search packages directly (see knowledge's doc)
//   - 15,315,106: and bleve's searchers without its query package
//   - 17,408,162 → 15,397,026 (later features in between): the knowledge index
//     as in-memory postings ranked by knowledge itself, as bleve ranks them:
//     no scorch, zap (six segment versions), bolt, roaring or searchers
//   - 14,917,794: and bleve's analysis as its word segmenter and stemmer,
//     without its registry (geo shapes, json-iterator)
//   - 16,056,482 → 15,679,650 (a round of features later): logging through
//     log/slog, which the go-sdk brings in anyway, instead of zap
func BenchmarkBinarySize(b *testing.B) {
	dir := b.TempDir()
	stripped, full := filepath.Join(dir, "zcp"), filepath.Join(dir, "zcp-syms")
	for _, build := range []*exec.Cmd{shippedBuild("-s -w", stripped), shippedBuild("", full)} {
		if out, err := build.CombinedOutput(); err != nil {
			b.Fatalf("%v: %v\n%s", build.Args, err, out)
		}
	}
	st, err := os.Stat(stripped)
	if err != nil {
		b.Fatal(err)
	}
	only := blevePackages(b)
	nm, err := exec.Command("go", "tool", "nm", "-size", full).Output()
	if err != nil {
		b.Fatalf("go tool nm: %v", err)
	}
	var bleveBytes int64
	sc := bufio.NewScanner(bytes.NewReader(nm))
	for sc.Scan() {
		f := strings.Fields(sc.Text()) // address size type name
		if len(f) < 4 {
			continue
		}
		size, err := strconv.ParseInt(f[1], 10, 64)
		if err != nil {
			continue
		}
		if only[symbolPackage(f[3])] {
			bleveBytes += size
		}
	}
	for range b.N { // the figures are the measurement; nothing to repeat
	}
	b.ReportMetric(float64(st.Size())/1e6, "binary-MB") // the unit: target ≤ 16
	b.ReportMetric(float64(st.Size())/(1<<20), "binary-MiB")
	b.ReportMetric(float64(bleveBytes)/(1<<20), "bleve-MiB")
	b.ReportMetric(float64(knowledge.CorpusBytes())/(1<<10), "corpus-KiB")
}

// blevePackages lists the packages the knowledge package pulls in that
// nothing else in the binary needs.
func blevePackages(b *testing.B) map[string]bool {
	list := func(pkgs ...string) map[string]bool {
		out, err := exec.Command("go", append([]string{"list", "-deps"}, pkgs...)...).Output()
		if err != nil {
			b.Fatalf("go list: %v", err)
		}
		set := map[string]bool{}
		for _, p := range strings.Fields(string(out)) {
			set[p] = true
		}
		return set
	}
	withKnowledge := list("github.com/zeropsio/zcp/knowledge")
	// Everything else the binary is made of, minus the packages that import
	// knowledge themselves (platform/ops, actors, mcp, supervisor).
	rest := list("github.com/zeropsio/zcp/platform", "github.com/zeropsio/zcp/platform/auth",
		"github.com/zeropsio/zcp/platform/fakeapi", "github.com/zeropsio/zcp/deploy",
		"github.com/modelcontextprotocol/go-sdk/mcp", "github.com/thejerf/suture/v4",
		"golang.org/x/time/rate", "gopkg.in/yaml.v3")
	only := map[string]bool{}
	for p := range withKnowledge {
		if !rest[p] && p != "github.com/zeropsio/zcp/knowledge" {
			only[p] = true
		}
	}
	return only
}

// symbolPackage returns the import path of a Go symbol name such as
// "github.com/blevesearch/bleve/v2/search.(*Collector).Next".
func symbolPackage(sym string) string {
	slash := strings.LastIndex(sym, "/")
	dot := strings.Index(sym[slash+1:], ".")
	if dot < 0 {
		return ""
	}
	return sym[:slash+1+dot]
}

// BenchmarkSIGTERMExit measures, on the real binary, the time from SIGTERM to
// process exit while 20 tool calls wait on platform processes.
func BenchmarkSIGTERMExit(b *testing.B) {
	var total time.Duration
	for range b.N {
		b.StopTimer()
		fake := fakeapi.StartTB(b, fakeapi.Options{ProcessDuration: time.Hour})
		s := startRaw(b, []string{"ZEROPS_API_HOST=" + fake.URL(), "ZEROPS_ZCP_API_KEY=" + fake.Token(), "ZCP_API_RATE=1000:1000"})
		s.initialize()
		for i := range 20 {
			s.callTool(10+i, "zerops_manage", map[string]any{"action": "restart", "serviceHostname": "appdev"}, "p"+strconv.Itoa(i))
		}
		for n := 0; n < 20; { // every call has started its process and is now polling
			s.await(func(m map[string]any) bool { return m["method"] == "notifications/progress" })
			n++
		}
		b.StartTimer()
		start := time.Now()
		if err := s.cmd.Process.Signal(syscall.SIGTERM); err != nil {
			b.Fatal(err)
		}
		if code := s.wait(); code != 0 {
			b.Fatalf("exit code %d", code)
		}
		total += time.Since(start)
	}
	b.ReportMetric(float64(total.Microseconds())/1000/float64(b.N), "ms-to-exit")
}

// BenchmarkBigRequests sends the real binary 20 tool calls of 15 MB each
// without waiting and reports its peak resident memory: each line is refused
// (ARGUMENTS_TOO_LARGE) as it streams, so memory stays bounded. The idle
// figure is the peak before them, with the knowledge index built.
func BenchmarkBigRequests(b *testing.B) {
	s := startRaw(b, nil, "sandbox")
	s.initialize()
	s.callTool(2, "zerops_knowledge", map[string]any{"query": "postgresql"}, "") // waits for the index
	s.result(2)
	idle := procStatusMiB(b, s.cmd.Process.Pid, "VmHWM")
	const calls, size = 20, 15 << 20
	content := strings.Repeat("x", size)
	sent := make(chan error, 1)
	go func() {
		var err error
		for i := range calls {
			line := `{"jsonrpc":"2.0","id":` + strconv.Itoa(100+i) + `,"method":"tools/call","params":{"name":"zerops_import","arguments":{"content":"` + content + `"}}}` + "\n"
			if _, err = io.WriteString(s.stdin, line); err != nil {
				break
			}
		}
		sent <- err
	}()
	for i := range calls {
		if text := toolText(b, s.result(100+i)); !strings.Contains(text, "ARGUMENTS_TOO_LARGE") {
			b.Fatalf("call %d: %s, want ARGUMENTS_TOO_LARGE", i, text)
		}
	}
	if err := <-sent; err != nil {
		b.Fatal(err)
	}
	peak := procStatusMiB(b, s.cmd.Process.Pid, "VmHWM")
	for range b.N { // the figures are the measurement; nothing to repeat
	}
	b.ReportMetric(idle, "idle-peak-RSS-MiB")
	b.ReportMetric(peak, "peak-RSS-MiB")
	_ = s.stdin.Close()
	s.wait()
}

// procStatusMiB reads a kB field of /proc/PID/status in MiB.
func procStatusMiB(b *testing.B, pid int, field string) float64 {
	b.Helper()
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		b.Skipf("no /proc: %v", err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, field+":"); ok {
			kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
			if err != nil {
				b.Fatalf("%s: %v", line, err)
			}
			return kb / 1024
		}
	}
	b.Fatalf("no %s in /proc/%d/status", field, pid)
	return 0
}
