// Command mutate checks that the tests guard the behaviours users rely on:
// it copies the work tree to a temporary directory, applies each mutant of
// the list in mutants.go there (one textual patch at a time), runs the tests
// of the packages that guard it, and prints which mutants the tests killed
// and the kill rate. The real work tree is never written to.
//
// Usage (from the repository root, or via `make mutate`):
//
//	go run ./cmd/mutate [-only REGEXP] [-timeout 10m] [-keep] [-check]
//
// -check only applies each mutant and compiles it (go vet), to find stale
// entries quickly.
//
// It exits 1 if any mutant survived, no longer applies (its text is not
// found exactly once: update the list with the code) or does not compile.
package main
