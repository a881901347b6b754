package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/zeropsio/zcp/cmd/zcp/setup"
	"github.com/zeropsio/zcp/platform/auth"
	"github.com/zeropsio/zcp/platform/fakeapi"
	"github.com/zeropsio/zcp/platform/zeropsapi"
)

// hookBudget bounds the SessionStart hook's wait on the Zerops API; Claude
// Code waits for it. sandboxHookBudget bounds it on the sandbox's API,
// which runs in the hook's own process: no network, only CPU, which a
// loaded machine may not give it within hookBudget.
const (
	hookBudget        = 1500 * time.Millisecond
	sandboxHookBudget = 10 * time.Second
)

const hookSynopsis = `  zcp hook session-start [--sandbox]

Prints the project and its services for Claude Code's SessionStart hook (zcp init
installs it). When the API rejects the token, prints one line saying so and how to
fix it; prints nothing on any other error. Always exits 0, gives up after 1.5 s
(10 s with --sandbox, whose simulated API runs in the hook itself).`

// hookCmd runs `zcp hook session-start`.
func hookCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 && args[0] == "session-start" {
		args = args[1:]
	} else if len(args) == 0 || (args[0] != "-h" && args[0] != "--help" && args[0] != "-help") {
		fmt.Fprintf(stderr, "zcp hook: want `zcp hook session-start`\n\nUsage:\n%s\n", hookSynopsis)
		return 2
	}
	fs := flag.NewFlagSet("zcp hook session-start", flag.ContinueOnError)
	sandbox := fs.Bool("sandbox", false, "describe the simulated sandbox project")
	if code, ok := parseFlags(fs, hookSynopsis, args, stdout, stderr); !ok {
		return code
	}
	var out bytes.Buffer
	if sessionStart(&out, *sandbox) == nil {
		_, _ = stdout.Write(out.Bytes())
	}
	return 0
}

// sessionStart fetches the summary. The zerops-go SDK prints network
// errors to os.Stdout, which Claude Code would show: it is pointed at
// /dev/null for the duration.
func sessionStart(out io.Writer, sandbox bool) error {
	defer quietStdout()()
	var creds *auth.Credentials
	budget := hookBudget
	if sandbox {
		budget = sandboxHookBudget
		fake, err := fakeapi.Start(fakeapi.Options{})
		if err != nil {
			return err
		}
		defer fake.Close()
		creds = &auth.Credentials{Token: fake.Token(), APIURL: fake.URL(), Source: "sandbox"}
	} else {
		home, _ := os.UserHomeDir()
		var err error
		if creds, err = auth.LoadCredentials(os.Getenv, home); err != nil {
			return err
		}
	}
	client, err := zeropsapi.NewZeropsClient(zeropsapi.ClientConfig{APIURL: creds.APIURL, Token: creds.Token})
	if err != nil {
		return err
	}
	// The budget bounds the wait on the API; the sandbox's own start is
	// local work and is not counted (under load it alone can take seconds).
	ctx, cancel := context.WithTimeout(context.Background(), budget)
	defer cancel()
	return setup.SessionStart(ctx, out, client, creds)
}

// quietStdout points os.Stdout at /dev/null until the returned func runs:
// the zerops-go SDK prints network errors there.
func quietStdout() (restore func()) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return func() {}
	}
	saved := os.Stdout
	os.Stdout = null
	return func() { os.Stdout = saved; _ = null.Close() }
}
