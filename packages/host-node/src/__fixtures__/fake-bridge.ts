import type { AcpBridge, AcpBridgeOptions, AgentExit } from '@agentbridge/bridge-acp';
import type { KnownServerMessage } from '@agentbridge/core';
import type { BridgeEvent } from '@agentbridge/core/contracts';

/** What a {@link createFakeBridge} saw, in order (`exits`: every `onAgentExit` argument). */
export type FakeBridgeLog = {
  calls: string[];
  maxDepth: number;
  options?: AcpBridgeOptions;
  exits?: AgentExit[];
};

/** A client message of the fake bridge: what it echoes, cast to the wire type. */
const clientMessage = (message: Record<string, unknown>): BridgeEvent => ({
  type: 'client-message',
  message: message as unknown as KnownServerMessage,
});

/**
 * A minimal bridge for host tests: a client line `{"say":x}` becomes the agent request
 * `{"jsonrpc":"2.0","id":n,"method":"echo","params":{"say":x}}`; an agent line becomes the client
 * message `{"type":"echo","params":…}` (the whole message when it has no params); a client line
 * `{"event":…}` emits that event; client end emits `stop-agent`; agent exit emits a `result`
 * message; an agent fault a `fault` message; a timer a `timer` message; a host result a `host-result` one; an MCP message an `mcp` one.
 */
export function createFakeBridge(log: FakeBridgeLog): (options: AcpBridgeOptions) => AcpBridge {
  return (options) => {
    log.options = options;
    const { emit } = options;
    let depth = 0;
    let nextId = 1;
    const enter = (call: string, body: () => void) => {
      depth += 1;
      log.maxDepth = Math.max(log.maxDepth, depth);
      log.calls.push(call);
      try {
        body();
      } finally {
        depth -= 1;
      }
    };
    return {
      onClientLine: (line) =>
        enter(`client ${line}`, () => {
          const message = JSON.parse(line) as { event?: BridgeEvent };
          if (message.event !== undefined) return emit(message.event);
          emit({
            type: 'agent-message',
            message: { jsonrpc: '2.0', id: nextId++, method: 'echo', params: message },
          });
        }),
      onClientEnd: () =>
        enter('client-end', () => emit({ type: 'stop-agent', reason: 'client done' })),
      onAgentLine: (line) =>
        enter('agent', () => {
          const message = JSON.parse(line) as { params?: unknown };
          emit(clientMessage({ type: 'echo', params: message.params ?? message }));
        }),
      onAgentExit: (exit) =>
        enter(`exit ${exit.code} ${exit.signal}`, () => {
          log.exits = [...(log.exits ?? []), exit];
          emit(clientMessage({ type: 'result', subtype: 'agent_exit', code: exit.code }));
        }),
      onTimer: (timerId) =>
        enter(`timer ${timerId}`, () => emit(clientMessage({ type: 'timer', timerId }))),
      onAgentFault: (fault) =>
        enter(`fault ${fault.kind}`, () => emit(clientMessage({ type: 'fault', ...fault }))),
      onHostResult: (operationId, result) =>
        enter(`host-result ${operationId}`, () =>
          emit(clientMessage({ type: 'host-result', operationId, result })),
        ),
      onMcpMessage: ({ server, message }) =>
        enter(`mcp ${server}`, () => emit(clientMessage({ type: 'mcp', server, message }))),
    };
  };
}
