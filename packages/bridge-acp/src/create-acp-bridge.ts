import type { HostResult } from '@agentbridge/core/contracts';
import { compileQuirkPattern, noopLogger } from '@agentbridge/core/contracts';
import type { AcpBridge, AcpBridgeOptions } from './acp-bridge.js';
import { createJsonRpcChannel } from './json-rpc/json-rpc.js';
import { onAgentExit, onAgentFault, onHostStop, onTurnTimer } from './machine/agent-exit.js';
import { createAgentIntake } from './machine/agent-intake.js';
import { logFailure, type MachineContext } from './machine/bridge-state.js';
import { onClientEnd, onClientLine } from './machine/client-intake.js';
import { onHandshakeTimer } from './machine/fail-handshake.js';
import { createHostChannel } from './machine/host-channel.js';
import { onStallTimer } from './machine/stall-watchdog.js';
import { onMcpTimer } from './mcp/mcp-control.js';
import { createMcpState } from './mcp/mcp-state.js';
import { onMcpMessage } from './mcp/on-mcp-message.js';
import { createClientRequestChannel } from './north/client-request-channel.js';
import { createTurnStream } from './north/turn-stream.js';
import { createUsageLedger } from './usage/usage-ledger.js';

/**
 * Creates the pure translator between one stream-json client and one ACP agent. Every method
 * returns synchronously, never throws (a failure inside is logged) and performs no I/O: all
 * outputs go to `emit`. Without `now` the time stands still at 0; without `newId` ids count up.
 *
 * ```ts
 * const bridge = createAcpBridge({ launch: { cwd }, emit: (event) => host.handle(event) });
 * bridge.onClientLine('{"type":"user","message":{"role":"user","content":"hi"}}');
 * ```
 */
export function createAcpBridge(options: AcpBridgeOptions): AcpBridge {
  const { launch, backend, emit } = options;
  const log = options.log ?? noopLogger;
  let counter = 0;
  const newId = options.newId ?? (() => `id-${++counter}`);
  const now = options.now ?? (() => 0);
  const send: MachineContext['send'] = (message) => emit({ type: 'client-message', message });
  const ledger = createUsageLedger(backend?.cost?.pricesPerMillionTokens);
  const context: MachineContext = {
    launch,
    backend,
    quirks: backend?.quirks ?? {},
    modeChangePattern: compileQuirkPattern(backend?.quirks.modeChangeChunkPattern),
    log,
    now,
    newId,
    rpc: createJsonRpcChannel((message) => emit({ type: 'agent-message', message })),
    send,
    emit,
    clientRequests: createClientRequestChannel(emit),
    host: createHostChannel(emit),
    state: {
      startedAt: now(),
      phase: { name: 'idle' },
      turn: undefined,
      abandoned: undefined,
      stall: { armed: false, lines: 0, linesAtStart: 0 },
      client: {
        initialized: false,
        prompted: false,
        initializeAnswered: false,
        mcpServers: launch.mcpServers ?? {},
        disallowedTools: launch.disallowedTools ?? [],
        hooks: {},
        systemPrompt: {},
        input: 'open',
      },
      nextPermission: 1,
      mcp: createMcpState(launch.jsonSchema),
    },
    ledger,
    stream: createTurnStream({
      includePartialMessages: launch.includePartialMessages === true,
      emit,
      newId,
      // Read when a message or block starts, never per chunk.
      context: () => {
        const { phase } = context.state;
        const session = phase.name === 'ready' ? phase.session : undefined;
        return {
          sessionId: session?.id ?? '',
          model: session?.catalog.currentModelId ?? '',
          usage: ledger.assistantUsage(),
          outputTokens: ledger.turnOutputTokens(),
        };
      },
    }),
  };
  const guard =
    <Input>(what: string, handler: (context: MachineContext, input: Input) => void) =>
    (input: Input): void => {
      try {
        handler(context, input);
      } catch (error) {
        logFailure(context, what, error);
      }
    };
  const clientEnd = guard('client end', onClientEnd);
  const stop = guard('stop', onHostStop);
  const hostResult = guard(
    'host result',
    (hostContext, { operationId, result }: { operationId: string; result: HostResult }) => {
      if (!hostContext.host.settle(operationId, result))
        hostContext.log.warn('host result for an unknown operation ignored', { operationId });
    },
  );
  return {
    onClientLine: guard('client line', onClientLine),
    onClientEnd: () => clientEnd(undefined),
    onAgentLine: createAgentIntake(context),
    onAgentExit: guard('agent exit', onAgentExit),
    onAgentFault: guard('agent fault', onAgentFault),
    onHostResult: (operationId, result) => hostResult({ operationId, result }),
    onMcpMessage: guard('mcp message', onMcpMessage),
    onStop: () => stop(undefined),
    onTimer: guard('timer', (timerContext: MachineContext, timerId: string) => {
      if (timerContext.clientRequests.onTimer(timerId) || onMcpTimer(timerContext, timerId)) return;
      onTurnTimer(timerContext, timerId);
      onStallTimer(timerContext, timerId);
      onHandshakeTimer(timerContext, timerId);
    }),
  };
}
