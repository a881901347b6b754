// Package setup is `zcp init` and `zcp hook session-start`: the files that
// connect Claude Code to ZCP, merged into what the user already has.
package setup
