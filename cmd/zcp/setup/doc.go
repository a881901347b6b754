// Package setup is `zcp init` and `zcp hook session-start`: it writes the
// files that connect Claude Code to ZCP (CLAUDE.md, ~/.claude.json,
// ~/.claude/settings.json and, in a Zerops container, ~/.ssh/config) by
// merging a managed part into whatever the user already has, and prints the
// project summary Claude Code shows at the start of a session.
package setup
