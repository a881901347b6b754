package diagnose

import (
	"fmt"
	"testing"
)

// benchLog is 1,000 lines as a busy app writes them: access lines, info and
// warnings, with a failure near the end.
func benchLog() []string {
	lines := make([]string, 0, 1000)
	for i := 0; len(lines) < 995; i++ {
		lines = append(lines,
			fmt.Sprintf("10.0.0.%d - - [01/Jan/2025:10:00:%02d +0000] \"GET /api/items/%d HTTP/1.1\" 200 %d \"-\" \"Mozilla/5.0\"", i%250, i%60, i, 500+i),
			fmt.Sprintf("2025-01-01T10:00:%02d.123Z  INFO 1 --- [nio-8080-exec-%d] c.a.ItemController : loaded %d items in %d ms", i%60, i%10, i%50, i%300),
			"(node:1) [DEP0040] DeprecationWarning: The `punycode` module is deprecated.",
			fmt.Sprintf(`{"level":"warn","msg":"slow request","path":"/search","duration":"%dms"}`, 1000+i),
			"GET /favicon.ico 404 0.812 ms - 150")
	}
	return append(lines[:995],
		"Error: connect ECONNREFUSED 10.0.0.3:5432",
		"    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1607:16) {",
		"  errno: -111,",
		"}",
		"Node.js v22.3.0")
}

// BenchmarkClassify reports the classifier's cost per 1,000 log lines
// (issue 21 targets at most 5 ms).
func BenchmarkClassify(b *testing.B) {
	lines := benchLog()
	compiled()
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if len(Classify(lines, Runtime)) == 0 {
			b.Fatal("no diagnosis")
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6*1000/float64(len(lines)), "ms/1000lines")
}
