import { compileQuirkPattern, noopLogger } from '@agentbridge/core/contracts';
import type { AcpBridgeOptions } from '../acp-bridge.js';
import { createJsonRpcChannel } from '../json-rpc/json-rpc.js';
import { createMcpState } from '../mcp/mcp-state.js';
import { createClientRequestChannel } from '../north/client-request-channel.js';
import { createTurnStream } from '../north/turn-stream.js';
import { createContinuations } from '../pending/continuations.js';
import { createUsageLedger } from '../usage/usage-ledger.js';
import type { MachineContext } from './bridge-state.js';
import { createHostChannel } from './host-channel.js';

/** The context of a fresh bridge: its settings, channels, sinks and initial state. */
export function createMachineContext(options: AcpBridgeOptions): MachineContext {
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
      mcp: createMcpState(launch.jsonSchema),
    },
    continuations: createContinuations(),
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
  return context;
}
