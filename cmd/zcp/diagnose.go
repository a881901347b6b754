package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/zeropsio/zcp/platform/diagnose"
)

const diagnoseSynopsis = `  zcp diagnose [--build] < LOG

Reads log lines on stdin and prints {"diagnoses":[...]}: for each failure found,
its signal, cause, fix (a zerops.yml key or a ZCP tool call), the log line that
shows it and the knowledge document (zerops://docs/...) that explains it, most
likely first; an empty list when the log shows no failure. Exits 0.`

// diagnoseCmd runs `zcp diagnose`.
func diagnoseCmd(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("zcp diagnose", flag.ContinueOnError)
	build := fs.Bool("build", false, "the lines are a build log (default: a running app's log)")
	if code, ok := parseFlags(fs, diagnoseSynopsis, args, stdout, stderr); !ok {
		return code
	}
	lines, err := readLines(stdin)
	if err != nil {
		fmt.Fprintf(stderr, "zcp diagnose: reading stdin: %v\n", err)
		return 1
	}
	stage := diagnose.Runtime
	if *build {
		stage = diagnose.Build
	}
	out := struct {
		Diagnoses []diagnose.Diagnosis `json:"diagnoses"`
	}{diagnose.Classify(lines, stage)}
	if out.Diagnoses == nil {
		out.Diagnoses = []diagnose.Diagnosis{}
	}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(out); err != nil {
		fmt.Fprintf(stderr, "zcp diagnose: %v\n", err)
		return 1
	}
	return 0
}

// readLines reads r to its end as lines of any length, without line ends.
func readLines(r io.Reader) ([]string, error) {
	br := bufio.NewReaderSize(r, 64*1024)
	var lines []string
	for {
		line, err := br.ReadString('\n')
		if line != "" {
			lines = append(lines, strings.TrimRight(line, "\r\n"))
		}
		if errors.Is(err, io.EOF) {
			return lines, nil
		}
		if err != nil {
			return lines, err
		}
	}
}

// stdin is what `zcp diagnose` reads; a variable so the tests of run can swap it.
var stdin io.Reader = os.Stdin
