// Command mutate applies each mutant of mutants.go to a temporary copy of the
// work tree, runs the tests that must catch it, and prints the kill rate:
//
//	go run ./cmd/mutate [-only REGEXP] [-timeout 10m] [-keep] [-check]
package main
