package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// parseFlags parses a subcommand's arguments. -h or --help prints its usage
// on stdout and reports exit 0; a bad flag or a stray argument prints the
// error and the usage on stderr and reports exit 2. ok says whether to go on.
func parseFlags(fs *flag.FlagSet, synopsis string, args []string, stdout, stderr io.Writer) (code int, ok bool) {
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	err := fs.Parse(args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		printUsage(stdout, fs, synopsis)
		return 0, false
	case err != nil:
		fmt.Fprintf(stderr, "%s: %v\n\n", fs.Name(), err)
		printUsage(stderr, fs, synopsis)
		return 2, false
	case fs.NArg() > 0:
		fmt.Fprintf(stderr, "%s: unexpected argument %q\n\n", fs.Name(), fs.Arg(0))
		printUsage(stderr, fs, synopsis)
		return 2, false
	}
	return 0, true
}

// printUsage writes the synopsis and the flags, spelled --name.
func printUsage(w io.Writer, fs *flag.FlagSet, synopsis string) {
	fmt.Fprintf(w, "Usage:\n%s\n", synopsis)
	first := true
	fs.VisitAll(func(f *flag.Flag) {
		if first {
			fmt.Fprintln(w, "\nFlags:")
			first = false
		}
		value, usage := flag.UnquoteUsage(f)
		line := "  --" + f.Name
		if value != "" {
			line += " " + value
		}
		if f.DefValue != "" && f.DefValue != "false" {
			usage += " (default " + f.DefValue + ")"
		}
		fmt.Fprintf(w, "%s\n        %s\n", line, strings.ReplaceAll(usage, "\n", "\n        "))
	})
}
