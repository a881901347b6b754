package knowledge

import (
	"runtime"
	"sort"
	"testing"
	"time"
)

// BenchmarkBuildIndex measures a full index build over the embedded corpus
// (documents already parsed), reported in ms per build.
func BenchmarkBuildIndex(b *testing.B) {
	docs, err := Documents()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	start := time.Now()
	for b.Loop() {
		ix, err := BuildIndex(docs)
		if err != nil {
			b.Fatal(err)
		}
		_ = ix.Close()
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/build")
	b.ReportMetric(float64(len(docs)), "docs")
}

// BenchmarkOpenIndex measures opening the embedded index, what the binary
// does at start-up instead of building (BenchmarkBuildIndex), and the live
// heap the open index keeps.
func BenchmarkOpenIndex(b *testing.B) {
	if _, err := Documents(); err != nil { // parsed once per process anyway (resources)
		b.Fatal(err)
	}
	var before, after runtime.MemStats
	b.ReportAllocs()
	var took time.Duration
	for b.Loop() {
		runtime.GC()
		runtime.ReadMemStats(&before)
		t0 := time.Now()
		ix, err := OpenIndex()
		took += time.Since(t0)
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		if err := ix.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(took.Microseconds())/1000/float64(b.N), "ms/open")
	b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/(1<<20), "live-heap-MiB")
	b.ReportMetric(float64(len(embeddedPack))/(1<<10), "pack-KiB")
}

// BenchmarkSearch measures warm searches over a mix of realistic queries and
// reports the p50 and p99 latency of the sample.
func BenchmarkSearch(b *testing.B) {
	ix, err := OpenIndex() // what the binary searches
	if err != nil {
		b.Fatal(err)
	}
	defer func() { _ = ix.Close() }()
	queries := []string{
		"how do I connect node to postgres", "valkey password", "why 502 after deploy",
		"start command for python", "mongodb", "cron job", "s3 bucket", "env variable precedence",
		"what does READY_TO_DEPLOY mean", "deployFiles node_modules missing",
	}
	for _, q := range queries { // warm up
		if _, err := ix.Search(q, DefaultSearchLimit); err != nil {
			b.Fatal(err)
		}
	}
	lat := make([]time.Duration, 0, 1024)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		q := queries[i%len(queries)]
		i++
		t0 := time.Now()
		if _, err := ix.Search(q, DefaultSearchLimit); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(t0))
	}
	if len(lat) == 0 {
		return
	}
	sort.Slice(lat, func(a, c int) bool { return lat[a] < lat[c] })
	pct := func(p float64) float64 {
		return float64(lat[int(p*float64(len(lat)-1))].Nanoseconds()) / 1e3
	}
	b.ReportMetric(pct(0.50), "p50-µs")
	b.ReportMetric(pct(0.99), "p99-µs")
}

// BenchmarkDocuments reports the embedded corpus size; the parse itself is
// cached after the first call.
func BenchmarkDocuments(b *testing.B) {
	for b.Loop() {
		if _, err := Documents(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(CorpusBytes()), "corpus-bytes")
}

// BenchmarkParseCorpus measures parsing the embedded corpus without the cache.
func BenchmarkParseCorpus(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, _, err := parseCorpus(docsFS, "docs"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkIndexHeap reports the live heap a built index keeps: the heap in
// use after a collection with the index alive, minus the heap before the
// build (the parsed corpus is alive in both).
func BenchmarkIndexHeap(b *testing.B) {
	docs, err := Documents()
	if err != nil {
		b.Fatal(err)
	}
	var before, after runtime.MemStats
	for b.Loop() {
		runtime.GC()
		runtime.ReadMemStats(&before)
		ix, err := BuildIndex(docs)
		if err != nil {
			b.Fatal(err)
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		if err := ix.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(int64(after.HeapAlloc)-int64(before.HeapAlloc))/(1<<20), "live-heap-MiB")
}
