// Command benchtable reads `go test -bench` output on stdin and prints the
// figures ZCP's issues ask for as one table: every benchmark with its custom
// metrics (b.ReportMetric), plus ns/op. It is what `make bench` ends with.
package main
