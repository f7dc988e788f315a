import type { BackendQuirks } from '@agentbridge/core/contracts';
import { noopLogger } from '@agentbridge/core/contracts';
import type { AcpBridge, AcpBridgeOptions } from './acp-bridge.js';
import { createJsonRpcChannel } from './json-rpc/create-json-rpc-channel.js';
import { onAgentExit } from './machine/agent-exit.js';
import { onAgentFault } from './machine/agent-fault.js';
import { onAgentLine } from './machine/agent-intake.js';
import { createBridgeState } from './machine/bridge-state.js';
import { onClientLine } from './machine/client-intake.js';
import { failHandshake } from './machine/fail-handshake.js';
import { settleClientEnd } from './machine/finish-turn.js';
import {
  defaultHandshakeTimeoutMs,
  handshakeTimerId,
  startHandshake,
} from './machine/handshake.js';
import type { MachineContext } from './machine/machine-context.js';
import { withdrawPendingPermissions } from './machine/pending-permissions.js';
import { finishReplaySettle, loadReplayTimerId } from './machine/replay-settle.js';
import { serializeClientMessage } from './machine/serialize-client-message.js';
import { createTurnStream } from './north/turn-stream.js';
import { createUsageLedger } from './usage/usage-ledger.js';

const emptyQuirks: BackendQuirks = Object.freeze({});

/** Deterministic ids when the host injects none (tests); production hosts pass UUIDs. */
function createCountingIdGenerator(): () => string {
  let counter = 0;
  return () => {
    counter += 1;
    return `id-${counter}`;
  };
}

function compilePattern(
  source: string | undefined,
  context: { log: AcpBridgeOptions['log'] },
): RegExp | undefined {
  if (source === undefined || source === '') return undefined;
  try {
    return new RegExp(source);
  } catch {
    context.log?.warn('invalid quirks.modeChangeChunkPattern ignored');
    return undefined;
  }
}

/**
 * Creates the pure translator between one stream-json client and one ACP agent. Every method
 * returns synchronously, never throws (a failure inside is logged), and performs no I/O: lines go
 * to `toAgent` / `toClient`, host actions (timers, termination, session bookkeeping) to `onAction`.
 * Without `clock` the time stands still at 0 and without `newId` ids count up (`id-1`, ...): fine
 * for tests, while hosts inject the real clock and UUIDs.
 *
 * ```ts
 * const bridge = createAcpBridge({ launch: { cwd }, toAgent: writeAgent, toClient: writeClient });
 * bridge.onClientLine('{"type":"user","message":{"role":"user","content":"hi"}}');
 * ```
 */
export function createAcpBridge(options: AcpBridgeOptions): AcpBridge {
  const log = options.log ?? noopLogger;
  const clock = options.clock ?? { now: () => 0 };
  const newId = options.newId ?? createCountingIdGenerator();
  const toClient = options.toClient;
  const emit = (message: Record<string, unknown>): void =>
    toClient(serializeClientMessage(message));
  // The CLI's help spells `default` as `manual`; both mean the same.
  const permissionMode = options.launch.permissionMode ?? 'default';
  const state = createBridgeState(
    clock.now(),
    permissionMode === 'manual' ? 'default' : permissionMode,
  );
  state.mcpServers = options.launch.mcpServers ?? {};
  state.mcpServerNames = Object.keys(state.mcpServers);
  state.disallowedTools = options.launch.disallowedTools ?? [];
  const ledger = createUsageLedger();
  const streamContext = {
    get sessionId(): string {
      return state.sessionId ?? '';
    },
    get model(): string {
      return state.catalog.currentModelId ?? '';
    },
    get usage(): Record<string, number> {
      return ledger.assistantUsage();
    },
    get outputTokens(): number {
      return ledger.turnOutputTokens();
    },
  };
  const context: MachineContext = {
    launch: options.launch,
    backend: options.backend,
    quirks: options.backend?.quirks ?? emptyQuirks,
    modeChangePattern: compilePattern(options.backend?.quirks.modeChangeChunkPattern, { log }),
    log,
    clock,
    newId,
    rpc: createJsonRpcChannel(options.toAgent),
    emit,
    act: options.onAction ?? (() => {}),
    state,
    ledger,
    stream: createTurnStream({
      includePartialMessages: options.launch.includePartialMessages === true,
      emit,
      newId,
      // One object with getters: the hot path (a text delta) reads only `sessionId`, so nothing
      // is allocated per chunk.
      context: () => streamContext,
    }),
  };

  const guard = (what: string, handler: () => void): void => {
    try {
      handler();
    } catch (error) {
      log.error('bridge failed to handle an input', {
        input: what,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  };

  return {
    onClientLine: (line) => guard('client line', () => onClientLine(context, line)),
    onClientEnd: () =>
      guard('client end', () => {
        state.clientEnded = true;
        if (state.phase === 'idle' && state.turn !== undefined) {
          // `--await-initialize` without an `initialize`: the waiting message still gets its turn.
          log.info('client input ended before initialize; starting the handshake');
          startHandshake(context);
        }
        // Prompts still open can no longer be answered: withdraw them (the agent hears `cancelled`).
        withdrawPendingPermissions(context, 'interrupt');
        settleClientEnd(context);
      }),
    onAgentLine: (line) => guard('agent line', () => onAgentLine(context, line)),
    onAgentExit: (exit) => guard('agent exit', () => onAgentExit(context, exit)),
    onAgentFault: (fault) => guard('agent fault', () => onAgentFault(context, fault)),
    onTimer: (timerId) =>
      guard('timer', () => {
        if (timerId === loadReplayTimerId) {
          finishReplaySettle(context);
          return;
        }
        if (timerId !== handshakeTimerId || state.phase !== 'handshake') return;
        const limit =
          options.launch.handshakeTimeoutMs ??
          options.backend?.process.handshakeTimeoutMs ??
          defaultHandshakeTimeoutMs;
        failHandshake(context, `The agent did not finish the ACP handshake within ${limit} ms.`);
      }),
  };
}
