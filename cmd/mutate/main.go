package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"
)

func main() {
	only := flag.String("only", "", "run only the mutants whose name matches this regexp")
	timeout := flag.Duration("timeout", 10*time.Minute, "limit on one mutant's test run")
	keep := flag.Bool("keep", false, "keep the temporary copy of the work tree")
	check := flag.Bool("check", false, "only check that each mutant applies and compiles, without running tests")
	flag.Parse()
	os.Exit(run(*only, *timeout, *keep, *check, os.Stdout))
}

func run(only string, timeout time.Duration, keep, check bool, out io.Writer) int {
	sel, err := regexp.Compile(only)
	if err != nil {
		fmt.Fprintf(out, "mutate: -only: %v\n", err)
		return 2
	}
	root, err := gitOutput(".", "rev-parse", "--show-toplevel")
	if err != nil {
		fmt.Fprintf(out, "mutate: not in a git work tree: %v\n", err)
		return 2
	}
	tmp, err := os.MkdirTemp("", "zcp-mutate-")
	if err != nil {
		fmt.Fprintf(out, "mutate: %v\n", err)
		return 2
	}
	if keep {
		fmt.Fprintf(out, "mutate: copy kept at %s\n", tmp)
	} else {
		defer func() { _ = os.RemoveAll(tmp) }()
	}
	if err := copyTree(root, tmp); err != nil {
		fmt.Fprintf(out, "mutate: copying the work tree: %v\n", err)
		return 2
	}

	var ran, killed int
	var bad []string
	for _, m := range mutants {
		if !sel.MatchString(m.name) {
			continue
		}
		ran++
		start := time.Now()
		verdict, detail := try(tmp, m, timeout, check)
		fmt.Fprintf(out, "%-9s %-34s %5.0fs  %s\n", verdict, m.name, time.Since(start).Seconds(), detail)
		if verdict == "KILLED" || verdict == "APPLIES" {
			killed++
		} else {
			bad = append(bad, m.name)
		}
	}
	if ran == 0 {
		fmt.Fprintln(out, "mutate: no mutant matches -only")
		return 2
	}
	what := "kill rate"
	if check {
		what = "apply and compile"
	}
	fmt.Fprintf(out, "\n%s: %d/%d (%.0f%%)\n", what, killed, ran, 100*float64(killed)/float64(ran))
	if len(bad) > 0 {
		fmt.Fprintf(out, "not killed: %s\n", strings.Join(bad, ", "))
		return 1
	}
	return 0
}

// try applies m in the copy at dir, runs its tests and restores the file.
// The verdict is KILLED, SURVIVED, STALE (the patch no longer applies) or
// BROKEN (the mutant does not compile).
func try(dir string, m mutant, timeout time.Duration, check bool) (verdict, detail string) {
	path := filepath.Join(dir, m.file)
	orig, err := os.ReadFile(path)
	if err != nil {
		return "STALE", err.Error()
	}
	if n := bytes.Count(orig, []byte(m.old)); n != 1 {
		return "STALE", fmt.Sprintf("%s: the text to mutate occurs %d times, want 1", m.file, n)
	}
	mutated := bytes.Replace(orig, []byte(m.old), []byte(m.new), 1)
	if err := os.WriteFile(path, mutated, 0o644); err != nil {
		return "STALE", err.Error()
	}
	defer func() { _ = os.WriteFile(path, orig, 0o644) }()

	if msg, err := goCmd(dir, timeout, "vet", m.pkgs...); err != nil {
		return "BROKEN", firstLines(msg, 3)
	}
	if check {
		return "APPLIES", ""
	}
	args := []string{"-count=1", "-timeout", timeout.String()}
	if m.run != "" {
		args = append(args, "-run", m.run)
	}
	msg, err := goCmd(dir, timeout+time.Minute, "test", append(args, m.pkgs...)...)
	if err == nil {
		return "SURVIVED", strings.Join(m.pkgs, " ") + " -run " + m.run
	}
	return "KILLED", failure(msg)
}

func goCmd(dir string, timeout time.Duration, sub string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", append([]string{sub}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=")
	b, err := cmd.CombinedOutput()
	return string(b), err
}

// failure picks the first failing test's name from go test's output.
func failure(out string) string {
	for _, line := range strings.Split(out, "\n") {
		if t := strings.TrimSpace(line); strings.HasPrefix(t, "--- FAIL:") || strings.HasPrefix(t, "panic:") {
			return t
		}
	}
	return firstLines(out, 1)
}

func firstLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	if len(lines) > n {
		lines = lines[:n]
	}
	return strings.Join(lines, " | ")
}

func gitOutput(dir string, args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	b, err := cmd.Output()
	return strings.TrimSpace(string(b)), err
}

// copyTree copies the files git knows of (tracked, or untracked and not
// ignored) from root to dst, as they are in the work tree.
func copyTree(root, dst string) error {
	list, err := gitOutput(root, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
	if err != nil {
		return err
	}
	for _, rel := range strings.Split(list, "\x00") {
		if rel == "" {
			continue
		}
		src := filepath.Join(root, rel)
		info, err := os.Lstat(src)
		if errors.Is(err, os.ErrNotExist) {
			continue // deleted in the work tree but not yet in the index
		}
		if err != nil {
			return err
		}
		if !info.Mode().IsRegular() {
			continue
		}
		b, err := os.ReadFile(src)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(target, b, info.Mode().Perm()); err != nil {
			return err
		}
	}
	return nil
}
