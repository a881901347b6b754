package appsim

import "testing"

// TestReadsArgs_ImportsNotWords: a parser counts by its import, not by
// its name inside another word (firebase, cache, clickhouse).
func TestReadsArgs_ImportsNotWords(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, src string
		want      bool
	}{
		{"go flag", "import (\n\t\"flag\"\n)\n", true},
		{"go cobra", "import \"github.com/spf13/cobra\"\n", true},
		{"go urfave v2", "import \"github.com/urfave/cli/v2\"\n", true},
		{"go kingpin", "import \"gopkg.in/alecthomas/kingpin.v2\"\n", true},
		{"go os.Args", "port := os.Args[1]\n", true},
		{"python click", "import click\n\n@click.command()\n", true},
		{"python fire", "from fire import Fire\n", true},
		{"python argv", "import sys\nport = sys.argv[1]\n", true},
		{"node commander", "const { program } = require('commander');\n", true},
		{"node cac esm", "import cac from \"cac\";\n", true},
		{"node yargs helpers", "import { hideBin } from 'yargs/helpers';\n", true},
		{"node argv", "const port = process.argv[2];\n", true},
		{"firebase", "import firebase_admin\nfrom firebase_admin import credentials\n", false},
		{"a cache", "const cache = new Map(); // cache results\n", false},
		{"clickhouse", "import clickhouse_connect\n", false},
		{"a kong gateway word", "// behind the kong gateway\n", false},
		{"a fire event", "emitter.fire('ready')\n", false},
		{"express", "const express = require('express');\napp.listen(process.env.PORT);\n", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if got := readsArgs(tt.src); got != tt.want {
				t.Errorf("readsArgs(%q) = %v, want %v", tt.src, got, tt.want)
			}
		})
	}
}
