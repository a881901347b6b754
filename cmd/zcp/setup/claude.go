package setup

import (
	"encoding/json"
	"strconv"
	"strings"
)

// ServerName is the MCP server name ZCP is registered under; Claude Code
// prefixes its tools with mcp__<ServerName>__.
const ServerName = "zerops"

// hookArgs is the subcommand the SessionStart hook runs.
const hookArgs = "hook session-start"

// callTimeoutMS is what Claude Code is told a ZCP tool call may take, in
// milliseconds: the per-server "timeout" and MCP_TOOL_TIMEOUT, its
// documented knobs (facts/clients.md). ZCP answers every call within its
// wait budget (ZCP_WAIT, default 100 s); 5 minutes leaves room for a slow
// API call and stays under the ~6 minutes after which HTTP calls were cut.
const callTimeoutMS = 300000

// setIfAbsent sets key to v unless the user has set it already.
func setIfAbsent(o *object, key string, v any) (bool, error) {
	if _, ok := o.get(key); ok {
		return false, nil
	}
	return o.set(key, v)
}

// mergeClaudeJSON registers ZCP under mcpServers.zerops in ~/.claude.json.
// Keys of the entry other than type, command and args (the user's env, say)
// are kept; no token is ever written.
func mergeClaudeJSON(root *object, command string, args []string) (bool, error) {
	if args == nil {
		args = []string{}
	}
	return editServerEntry(root, func(entry *object) (bool, error) {
		changed := entry.del("url", "headers") // an earlier zcp init --http
		c, err := entry.setAll(field{"type", "stdio"}, field{"command", command}, field{"args", args})
		if err != nil {
			return false, err
		}
		changed = changed || c
		if c, err = setIfAbsent(entry, "timeout", callTimeoutMS); err != nil {
			return false, err
		}
		changed = changed || c
		if _, ok := entry.get("env"); !ok {
			if _, err := entry.set("env", map[string]string{}); err != nil {
				return false, err
			}
			changed = true
		}
		return changed, nil
	})
}

// mergeClaudeJSONHTTP registers ZCP under mcpServers.zerops as an HTTP
// server: type http, the URL, and headers.Authorization with the HTTP
// bearer token (the token of zcp serve --http, not the Zerops API token).
// Other headers are kept; the stdio keys (command, args, env) go.
func mergeClaudeJSONHTTP(root *object, url, token string) (bool, error) {
	return editServerEntry(root, func(entry *object) (bool, error) {
		headers, err := entry.child("headers")
		if err != nil {
			return false, err
		}
		changed, err := headers.set("Authorization", "Bearer "+token)
		if err != nil {
			return false, err
		}
		changed = entry.del("command", "args", "env") || changed
		c, err := entry.setAll(field{"type", "http"}, field{"url", url}, field{"headers", headers})
		if err != nil {
			return false, err
		}
		changed = changed || c
		if c, err = setIfAbsent(entry, "timeout", callTimeoutMS); err != nil {
			return false, err
		}
		return changed || c, nil
	})
}

// editServerEntry applies edit to mcpServers.zerops and stores the entry
// back when edit reports a change.
func editServerEntry(root *object, edit func(entry *object) (bool, error)) (bool, error) {
	servers, err := root.child("mcpServers")
	if err != nil {
		return false, err
	}
	entry, err := servers.child(ServerName)
	if err != nil {
		return false, err
	}
	changed, err := edit(entry)
	if err != nil || !changed {
		return false, err
	}
	if _, err := servers.set(ServerName, entry); err != nil {
		return false, err
	}
	_, err = root.set("mcpServers", servers)
	return true, err
}

// mergeSettings adds the allow-list entries that are missing from
// permissions.allow and makes sure exactly one SessionStart hook runs
// hookCommand (an older ZCP hook, say from a moved binary, is rewritten).
func mergeSettings(root *object, allow []string, hookCommand string) (bool, error) {
	permChanged, err := mergeAllow(root, allow)
	if err != nil {
		return false, err
	}
	hookChanged, err := mergeHook(root, hookCommand)
	if err != nil {
		return false, err
	}
	env, err := root.child("env")
	if err != nil {
		return false, err
	}
	envChanged, err := setIfAbsent(env, "MCP_TOOL_TIMEOUT", strconv.Itoa(callTimeoutMS))
	if err != nil {
		return false, err
	}
	if envChanged {
		if _, err := root.set("env", env); err != nil {
			return false, err
		}
	}
	return permChanged || hookChanged || envChanged, nil
}

func mergeAllow(root *object, allow []string) (bool, error) {
	perms, err := root.child("permissions")
	if err != nil {
		return false, err
	}
	list, err := perms.array("allow")
	if err != nil {
		return false, err
	}
	have := map[string]bool{}
	for _, raw := range list {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			have[s] = true
		}
	}
	changed := false
	for _, a := range allow {
		if !have[a] {
			raw, err := marshal(a)
			if err != nil {
				return false, err
			}
			list = append(list, raw)
			have[a] = true
			changed = true
		}
	}
	if !changed {
		return false, nil
	}
	if _, err := perms.set("allow", list); err != nil {
		return false, err
	}
	_, err = root.set("permissions", perms)
	return true, err
}

func mergeHook(root *object, command string) (bool, error) {
	hooks, err := root.child("hooks")
	if err != nil {
		return false, err
	}
	groups, err := hooks.array("SessionStart")
	if err != nil {
		return false, err
	}
	found, changed := false, false
	kept := groups[:0:0]
	for _, graw := range groups {
		group, err := parseObject(graw)
		if err != nil {
			kept = append(kept, graw) // not ours to judge
			continue
		}
		list, err := group.array("hooks")
		if err != nil {
			kept = append(kept, graw)
			continue
		}
		var out []json.RawMessage
		groupChanged := false
		for _, hraw := range list {
			h, err := parseObject(hraw)
			if err != nil {
				out = append(out, hraw)
				continue
			}
			var cmd string
			if raw, ok := h.get("command"); ok {
				_ = json.Unmarshal(raw, &cmd)
			}
			if !isZCPHook(cmd) {
				out = append(out, hraw)
				continue
			}
			if found { // a duplicate: drop it
				groupChanged = true
				continue
			}
			found = true
			c, err := h.set("command", command)
			if err != nil {
				return false, err
			}
			if c {
				groupChanged = true
				hraw, err = marshal(h)
				if err != nil {
					return false, err
				}
			}
			out = append(out, hraw)
		}
		if !groupChanged {
			kept = append(kept, graw)
			continue
		}
		changed = true
		if len(out) == 0 {
			continue // the group held only duplicates
		}
		if _, err := group.set("hooks", out); err != nil {
			return false, err
		}
		raw, err := marshal(group)
		if err != nil {
			return false, err
		}
		kept = append(kept, raw)
	}
	if !found {
		raw, err := marshal(hookGroup{Hooks: []hookEntry{{Type: "command", Command: command}}})
		if err != nil {
			return false, err
		}
		kept = append(kept, raw)
		changed = true
	}
	if !changed {
		return false, nil
	}
	if _, err := hooks.set("SessionStart", kept); err != nil {
		return false, err
	}
	_, err = root.set("hooks", hooks)
	return true, err
}

// hookGroup and hookEntry are the shape of a SessionStart hook in settings.json.
type hookGroup struct {
	Hooks []hookEntry `json:"hooks"`
}

type hookEntry struct {
	Type    string `json:"type"`
	Command string `json:"command"`
}

// isZCPHook recognises a hook command zcp init wrote, whatever the binary's path.
func isZCPHook(cmd string) bool {
	return strings.Contains(cmd, " "+hookArgs)
}

// shellQuote quotes a path for the shell that runs hook commands, only when
// it needs it.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		safe := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-+:=@%,", r)
		return !safe
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
