// Command benchtable reads `go test -bench` output on stdin and prints its
// figures as one table; `make bench` ends with it.
package main
