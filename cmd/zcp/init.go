package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/zeropsio/zcp/cmd/zcp/setup"
	"github.com/zeropsio/zcp/mcp"
)

const initSynopsis = `  zcp init [--sandbox] [--dir D] [--ssh]

Connects Claude Code to ZCP; safe to run again (a second run changes nothing):
  D/CLAUDE.md               the ZCP block between <!-- ZCP:BEGIN --> and <!-- ZCP:END -->
  ~/.claude.json            mcpServers.zerops runs this binary (no token is written)
  ~/.claude/settings.json   every zerops tool but zerops_delete pre-approved; a SessionStart hook
  ~/.ssh/config             host-key checking relaxed (in a Zerops container, or with --ssh)
Other content of these files is kept. A Zerops container is recognised by $serviceId.`

// initCmd runs `zcp init`.
func initCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("zcp init", flag.ContinueOnError)
	sandbox := fs.Bool("sandbox", false, "register \"zcp sandbox\" (the simulated project) instead of \"zcp\"")
	dir := fs.String("dir", "", "the `directory` for CLAUDE.md (default: the working directory)")
	ssh := fs.Bool("ssh", false, "also write ~/.ssh/config outside a Zerops container")
	if code, ok := parseFlags(fs, initSynopsis, args, stdout, stderr); !ok {
		return code
	}
	bin, err := executable()
	if err != nil {
		fmt.Fprintf(stderr, "zcp init: cannot find this binary's path: %v\n", err)
		return 1
	}
	if *dir == "" {
		if *dir, err = os.Getwd(); err != nil {
			fmt.Fprintf(stderr, "zcp init: %v\n", err)
			return 1
		}
	}
	if *dir, err = filepath.Abs(*dir); err != nil {
		fmt.Fprintf(stderr, "zcp init: %v\n", err)
		return 1
	}
	userHome, _ := os.UserHomeDir()
	err = setup.Run(setup.Options{
		Dir:       *dir,
		Home:      setup.Home(os.Getenv, userHome),
		Binary:    bin,
		Sandbox:   *sandbox,
		SSH:       *ssh || setup.InContainer(os.Getenv),
		ToolNames: mcp.ToolNames(),
	}, stdout, stderr)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return 1
	}
	return 0
}

// executable is the absolute path of the running binary.
func executable() (string, error) {
	bin, err := os.Executable()
	if err != nil {
		return "", err
	}
	if resolved, err := filepath.EvalSymlinks(bin); err == nil {
		bin = resolved
	}
	return filepath.Abs(bin)
}
