#!/usr/bin/env bash
# Re-records the sample recordings in this folder (see README.md). Run from the repository
# root after the "Set up" commands of the top-level README. Uses loopback ports 41400-41403.
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --quiet
BIN=target/debug/a2a-interop
if [ -n "${CARGO_TARGET_DIR:-}" ]; then BIN="$CARGO_TARGET_DIR/debug/a2a-interop"; fi
PY="$PWD/tests/peers/.venv/bin/python"
PIDS=()
cleanup() { for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done; }
trap cleanup EXIT

wait_card() {  # URL
    for _ in $(seq 1 100); do
        if curl -fsS -o /dev/null "$1/.well-known/agent-card.json" 2>/dev/null; then return 0; fi
        sleep 0.1
    done
    echo "no agent card at $1" >&2
    return 1
}

# proxy_session NAME AGENT_CMD_DIR AGENT_CMD CLIENT_DIR CLIENT_CMD... ; AGENT_PUBLIC=yes|rewrite
proxy_session() {
    local name=$1 mode=$2 agent_dir=$3 agent_cmd=$4 client_dir=$5; shift 5
    local agent_port=41400 proxy_port=41401
    if [ "$mode" = public ]; then
        (cd "$agent_dir" && A2A_PORT=$agent_port A2A_PUBLIC_URL=http://127.0.0.1:$proxy_port exec $agent_cmd) &
    else
        (cd "$agent_dir" && A2A_PORT=$agent_port exec $agent_cmd) &
    fi
    local agent_pid=$!
    PIDS+=("$agent_pid")
    wait_card "http://127.0.0.1:$agent_port"
    local rewrite=()
    if [ "$mode" = rewrite ]; then rewrite=(--rewrite-card); fi
    "$BIN" proxy --listen 127.0.0.1:$proxy_port --upstream http://127.0.0.1:$agent_port \
        --record "recordings/$name.jsonl" --lossless --quiet "${rewrite[@]}" &
    local proxy_pid=$!
    PIDS+=("$proxy_pid")
    wait_card "http://127.0.0.1:$proxy_port"
    (cd "$client_dir" && "$@" "http://127.0.0.1:$proxy_port") | tee "recordings/$name.client.txt" || true
    kill -TERM "$proxy_pid"; wait "$proxy_pid" || true
    kill "$agent_pid"; wait "$agent_pid" 2>/dev/null || true
}

"$BIN" demo --record recordings/demo.jsonl > recordings/demo.txt

proxy_session js-client-python-agent-jsonrpc-1.0 public tests/peers/python "$PY agent.py" \
    tests/peers/js node client.mjs --binding JSONRPC --protocol-version 1.0
proxy_session python-client-js-agent-rest-0.3-rewrite-card rewrite tests/peers/js "node agent.mjs" \
    tests/peers/python "$PY" client.py --binding HTTP+JSON --protocol-version 0.3
