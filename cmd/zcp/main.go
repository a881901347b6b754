package main

import (
	"flag"
	"fmt"
	"io"
	"os"
)

// version is stamped at build time with -ldflags "-X main.version=…".
var version = "dev"

const usage = `zcp — the Zerops MCP server

Usage:
  zcp                        serve MCP over stdio for the project the token can reach
  zcp serve                  the same
  zcp serve --http ADDR      serve MCP over Streamable HTTP at http://ADDR/mcp to many sessions
  zcp sandbox                serve MCP over stdio against a simulated project (no account needed)
  zcp sandbox --api ADDR     serve only the simulated Zerops API over HTTP (e.g. 127.0.0.1:8765)
  zcp demo                   a scripted agent session against zcp sandbox, as a readable transcript
  zcp init [--sandbox]       connect Claude Code to ZCP (CLAUDE.md, ~/.claude.json, settings, ssh)
  zcp init --http URL        the same, with Claude Code connecting to a running zcp serve --http
  zcp hook session-start     the project summary Claude Code's SessionStart hook prints
  zcp diagnose [--build]     read log lines on stdin, print the failures they show as JSON
  zcp policy check FILE      validate a ZCP_POLICY file, print its decision table
  zcp policy allow ACT SVC   (a human, in a terminal) confirm one call the policy asks about
  zcp version                print the version
  zcp help                   print this help
Every command takes -h / --help.

Environment (serve):
  ZEROPS_ZCP_API_KEY   Zerops personal access token (else ZCP_API_KEY, else zcli's stored login)
  ZEROPS_API_HOST      API host or URL (else ZCP_API_HOST; default api.app-prg1.zerops.io;
                       http:// allowed for local use)
  ZCP_LOG_LEVEL        debug | info | warn | error (default warn); logs go to stderr
  ZCP_API_RATE         API budget as rps:burst (default 10:20)
  ZCP_READ_ONLY        1 registers only read-only tools
  ZCP_AUDIT_LOG        path: the gate's decision and each changing call's outcome, one JSON line each
  ZCP_POLICY           path: the policy file (allow, deny or confirm per tool, action, service)
  ZCP_POLICY_GRANTS    directory of one-shot grants (default <config dir>/zcp/grants)
  ZCP_WAIT             how long one call waits on platform work before it answers where
                       the work is and the call that waits on (default 100s, at most 10m)
  ZCP_STATUS_FILE      path: the status dump, rewritten every 10 s and on SIGUSR1
  ZCP_SSH_CONFIG       path: ssh config file used for deploys (default ~/.ssh/config)
  ZCP_HTTP_TOKEN       with --http: the bearer token (else <config dir>/zcp/http-token)
  ZCP_HTTP_IDLE        with --http: idle sessions end after this long (default 30m)
  ZCP_HTTP_SESSIONS    with --http: sessions open at once (default 16)
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run dispatches a command line and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		return serveFromEnv(stderr, nil)
	}
	switch args[0] {
	case "serve":
		return serveCmd(args[1:], stdout, stderr)
	case "sandbox":
		return sandbox(args[1:], stdout, stderr)
	case "demo":
		return demoCmd(args[1:], stdout, stderr)
	case "init":
		return initCmd(args[1:], stdout, stderr)
	case "hook":
		return hookCmd(args[1:], stdout, stderr)
	case "diagnose":
		return diagnoseCmd(args[1:], stdin, stdout, stderr)
	case "policy":
		return policyCmd(args[1:], stdout, stderr)
	case "version", "--version", "-v":
		if code, ok := parseFlags(flag.NewFlagSet("zcp version", flag.ContinueOnError), "  zcp version", args[1:], stdout, stderr); !ok {
			return code
		}
		fmt.Fprintf(stdout, "zcp %s\n", version)
		return 0
	case "help", "--help", "-h", "-help":
		fmt.Fprint(stdout, usage)
		return 0
	default:
		fmt.Fprintf(stderr, "zcp: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
}

const serveSynopsis = `  zcp serve [--http ADDR [--allow-remote]]

Serves MCP over stdio, exactly like plain zcp; ` + "`zcp help`" + ` lists the environment.
With --http it serves MCP over Streamable HTTP at http://ADDR/mcp instead, to many sessions
sharing one API budget, one watcher and one queue per target. Every request needs
Authorization: Bearer <token>: ZCP_HTTP_TOKEN, else the token in <config dir>/zcp/http-token
(made at first start; its path is printed on stderr). ZCP_HTTP_IDLE ends idle sessions (default 30m).`

// serveCmd runs `zcp serve`, the name the Zerops documentation uses for plain `zcp`.
func serveCmd(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("zcp serve", flag.ContinueOnError)
	addr, allowRemote := httpFlags(fs)
	if code, ok := parseFlags(fs, serveSynopsis, args, stdout, stderr); !ok {
		return code
	}
	var hc *httpConfig
	if *addr != "" {
		var err error
		if hc, err = resolveHTTP(*addr, *allowRemote, os.Getenv); err != nil {
			fmt.Fprintf(stderr, "zcp serve: %v\n", err)
			return 2
		}
	} else if *allowRemote {
		fmt.Fprintln(stderr, "zcp serve: --allow-remote needs --http ADDR")
		return 2
	}
	return serveFromEnv(stderr, hc)
}
