// Package policy decides whether a tool call may run (allow, deny or ask a human) from a team's policy file and ZCP's built-in defaults.
package policy
