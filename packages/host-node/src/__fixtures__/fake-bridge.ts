import type { AcpBridge, AcpBridgeOptions, AgentExit } from '@agentbridge/bridge-acp';

/** What a {@link createFakeBridge} saw, in order (`exits`: every `onAgentExit` argument). */
export type FakeBridgeLog = {
  calls: string[];
  maxDepth: number;
  options?: AcpBridgeOptions;
  exits?: AgentExit[];
};

/**
 * A minimal bridge for host tests: a client line `{"say":x}` becomes the agent request
 * `{"jsonrpc":"2.0","id":n,"method":"echo","params":{"say":x}}`; an agent line becomes the client
 * line `{"type":"echo","params":…}` (the whole message when it has no params); `{"action":…}` client lines emit that action; client end emits
 * `client-done`; agent exit emits a `result` line; an agent fault emits a `fault` line.
 */
export function createFakeBridge(log: FakeBridgeLog): (options: AcpBridgeOptions) => AcpBridge {
  return (options) => {
    log.options = options;
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
          const message = JSON.parse(line) as {
            say?: unknown;
            action?: Parameters<NonNullable<AcpBridgeOptions['onAction']>>[0];
          };
          if (message.action !== undefined) {
            options.onAction?.(message.action);
            return;
          }
          options.toAgent(
            JSON.stringify({ jsonrpc: '2.0', id: nextId++, method: 'echo', params: message }),
          );
        }),
      onClientEnd: () => enter('client-end', () => options.onAction?.({ type: 'client-done' })),
      onAgentLine: (line) =>
        enter('agent', () => {
          const message = JSON.parse(line) as { params?: unknown };
          options.toClient(JSON.stringify({ type: 'echo', params: message.params ?? message }));
        }),
      onAgentExit: (exit) =>
        enter(`exit ${exit.code} ${exit.signal}`, () => {
          log.exits = [...(log.exits ?? []), exit];
          options.toClient(
            JSON.stringify({ type: 'result', subtype: 'agent_exit', code: exit.code }),
          );
        }),
      onTimer: (timerId) =>
        enter(`timer ${timerId}`, () =>
          options.toClient(JSON.stringify({ type: 'timer', timerId })),
        ),
      onAgentFault: (fault) =>
        enter(`fault ${fault.kind}`, () =>
          options.toClient(JSON.stringify({ type: 'fault', ...fault })),
        ),
    };
  };
}
