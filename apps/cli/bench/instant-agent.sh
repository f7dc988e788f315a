#!/bin/sh
# The benchmark's instant ACP agent without a runtime of its own: POSIX sh builtins only (read,
# printf), so that its start-up (~1 ms) leaves the bridge's own in spawn → system/init. It answers
# `initialize`, `session/new` and `session/prompt` (one chunk, then `end_turn`) with precomputed
# lines, other requests with -32601, and ignores notifications. The request id is cut out of the
# line as text: enough for agentbridge's requests (`"id":<number>,` before `"method"`).
while IFS= read -r line; do
  case $line in *'"method":"'*) ;; *) continue ;; esac
  case $line in *'"id":'*) ;; *) continue ;; esac
  id=${line#*\"id\":}
  id=${id%%[,\}]*}
  method=${line#*\"method\":\"}
  method=${method%%\"*}
  head="{\"jsonrpc\":\"2.0\",\"id\":$id"
  case $method in
    initialize)
      printf '%s\n' "$head,\"result\":{\"protocolVersion\":1,\"agentCapabilities\":{},\"authMethods\":[],\"agentInfo\":{\"name\":\"instant-agent\",\"version\":\"0.0.0\"}}}" ;;
    session/new)
      printf '%s\n' "$head,\"result\":{\"sessionId\":\"instant-1\"}}" ;;
    session/prompt)
      printf '%s\n' '{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"instant-1","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"t0 "}}}}' \
        "$head,\"result\":{\"stopReason\":\"end_turn\"}}" ;;
    *)
      printf '%s\n' "$head,\"error\":{\"code\":-32601,\"message\":\"Method not found: $method\"}}" ;;
  esac
done
