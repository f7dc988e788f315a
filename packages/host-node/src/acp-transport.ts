import { randomUUID } from 'node:crypto';
import type { AcpBridge, AcpBridgeOptions, AcpLaunch } from '@agentbridge/bridge-acp';
import type {
  BackendManifest,
  BridgeEvent,
  HostResult,
  McpEndpointMessage,
  Transport,
} from '@agentbridge/core/contracts';
import { compileQuirkPattern, errorMessage } from '@agentbridge/core/contracts';
import { type HostOperations, performHostOperation } from './host-operations.js';
import { createProcessTransport, type ProcessTransportOptions } from './process-transport.js';

/** Options of {@link createAcpTransport}. */
export type AcpTransportOptions = ProcessTransportOptions & {
  /** The bridge's launch settings (`agentCommand` defaults to `command`). */
  readonly launch: AcpLaunch;
  /** Quirks and stop behaviour; plain ACP when absent. */
  readonly backend?: BackendManifest;
  /** Default `createAcpBridge`, whose module loads while the agent boots. */
  readonly createBridge?: (options: AcpBridgeOptions) => AcpBridge | Promise<AcpBridge>;
  /** The bridge's clock (default `Date.now`). */
  readonly now?: () => number;
  /** The bridge's ids (default: fast UUIDs, {@link createUuidGenerator}). */
  readonly newId?: () => string;
  /** Carries out the bridge's `host-operation`s; closed when the agent exits. Default: none. */
  readonly hostOperations?: HostOperations;
  /** Called on each protocol line of the agent (a status line counts it as activity). */
  readonly onAgentActivity?: () => void;
};

const loadBridge = async (options: AcpBridgeOptions) =>
  (await import('@agentbridge/bridge-acp')).createAcpBridge(options);

/**
 * An ACP agent behind the pure bridge (X-01..X-12), every bridge call serialised in arrival order.
 * The bridge's `emit` carries out `agent-message`, timers and `stop-agent`, then hands the event
 * to the listener. Non-JSON stdout becomes `agent-output`; agent faults reach `onAgentFault`.
 */
export function createAcpTransport(options: AcpTransportOptions): Transport {
  const { backend, launch, env } = options;
  const hostOperations = options.hostOperations ?? {};
  const stopGraceMs = options.stopGraceMs ?? backend?.process.stopGraceMs;
  const exitsOnStdinEof = options.exitsOnStdinEof ?? backend?.process.exitsOnStdinEof;
  const settings = { ...options, stopGraceMs, exitsOnStdinEof };
  return createProcessTransport(settings, async ({ agent, emit, redact, logger }) => {
    const fatalStderr = (backend?.quirks?.fatalStderrPatterns ?? []).flatMap((source) => {
      const pattern = compileQuirkPattern(source);
      if (pattern === undefined)
        logger.warn('invalid fatalStderrPatterns entry ignored', { source });
      return pattern === undefined ? [] : [pattern];
    });
    const timers = new Map<string, NodeJS.Timeout>();
    /** Calls waiting for the bridge, each followed by its argument (no closure per agent line). */
    const queue: unknown[] = [];
    let busy = false;
    /** One call into the bridge at a time: a call made while one runs (re-entry) waits its turn. */
    const serialise = <Value>(call: (value: Value) => void, value: Value) => {
      if (busy) return void queue.push(call, value);
      busy = true;
      for (let next = call as (value: unknown) => void, argument: unknown = value; ; ) {
        try {
          next(argument);
        } catch (error) {
          logger.error('bridge failed to handle a call', { message: errorMessage(error) });
        }
        if (queue.length === 0) break;
        [next, argument] = queue.splice(0, 2) as [(value: unknown) => void, unknown];
      }
      busy = false;
    };
    const act = (event: BridgeEvent) => {
      if (event.type === 'agent-message') {
        agent.writeLine(JSON.stringify(event.message));
      } else if (event.type === 'start-timer' || event.type === 'cancel-timer') {
        const { timerId } = event;
        clearTimeout(timers.get(timerId));
        timers.delete(timerId);
        const fire = () => {
          timers.delete(timerId);
          serialise((id) => bridge.onTimer(id), timerId);
        };
        if (event.type === 'start-timer')
          timers.set(timerId, setTimeout(fire, event.delayMs).unref());
      } else if (event.type === 'host-operation') {
        const { operationId, operation } = event;
        const settle = (result: HostResult) =>
          serialise((value) => bridge.onHostResult(value.operationId, value.result), {
            operationId,
            result,
          });
        performHostOperation(hostOperations, operation, inbox).then(
          (value) => settle({ ok: true, value } as HostResult),
          (error: unknown) => {
            const code = (error as NodeJS.ErrnoException | undefined)?.code;
            settle({ ok: false, message: errorMessage(error), ...(code && { code }) });
          },
        );
      } else if (event.type === 'stop-agent') {
        logger.info('stopping the agent', { reason: event.reason });
        void agent.stop();
      }
      emit(event);
    };
    // MCP-01: messages arriving at the session's MCP endpoint join the bridge's queue.
    const inbox = {
      onMcpMessage: (message: McpEndpointMessage) =>
        serialise((value) => bridge.onMcpMessage(value), message),
    };
    const bridge = await (options.createBridge ?? loadBridge)({
      launch: {
        ...launch,
        agentCommand: launch.agentCommand ?? options.command,
        // Names only, never values: sign-in skips `env_var` methods whose variables are unset.
        environmentVariableNames:
          launch.environmentVariableNames ?? Object.keys(env).filter((name) => env[name] !== ''),
      },
      backend,
      emit: act,
      log: logger.child({ component: 'bridge' }),
      now: options.now ?? Date.now,
      newId: options.newId ?? createUuidGenerator(),
    });
    const onAgentLine = (line: string) => {
      if (line.charCodeAt(0) === 0x7b || line.trimStart().startsWith('{')) {
        options.onAgentActivity?.();
        bridge.onAgentLine(line);
      } else if (line.trim() !== '') {
        // not protocol (sign-in URLs, banners): shown to people, never to the client.
        const shown = redact(line);
        logger.info('agent stdout', { line: shown });
        emit({ type: 'agent-output', stream: 'stdout', line: shown });
      }
    };
    const fault = (kind: 'line-too-long' | 'fatal-stderr', message: string) =>
      serialise((fault) => bridge.onAgentFault(fault), { kind, message });
    return {
      onClientLine: (line) => serialise((value) => bridge.onClientLine(value), line),
      onClientEnd: () => serialise(() => bridge.onClientEnd(), undefined),
      onClose: () => bridge.onStop?.(),
      onAgentLine: (line) => serialise(onAgentLine, line),
      onAgentLineTooLong: ({ limitBytes }) =>
        fault(
          'line-too-long',
          `The agent wrote a line longer than ${limitBytes} bytes on stdout; it was dropped.`,
        ),
      onAgentStderrLine: (line) => {
        if (fatalStderr.some((pattern) => pattern.test(line))) fault('fatal-stderr', line);
      },
      onAgentExit: (exit) =>
        serialise((value) => {
          bridge.onAgentExit(value);
          // The session is over: no timer of the bridge may fire any more.
          for (const timer of timers.values()) clearTimeout(timer);
          hostOperations.close?.().catch((error: unknown) => {
            logger.warn('host operations did not close cleanly', { message: errorMessage(error) });
          });
        }, exit),
    };
  });
}

/** Ids issued from one random prefix before a fresh one is drawn. */
const idsPerPrefix = 0x10000;
/** Ids written at a time into one string, of which each id is a slice. */
const idsPerBlock = 256;
const hexDigits = Buffer.from('0123456789abcdef');

/**
 * The bridge's default ids: UUIDs for stream lines (each `stream_event` carries one) at a fraction
 * of `randomUUID()`'s cost: a random UUID every {@link idsPerPrefix} ids, its last 48 bits counting
 * upwards. They are slices of one string written {@link idsPerBlock} at a time: unlike a string
 * built by concatenation, a slice needs no flattening when the CLI checks it for serialisation.
 * Unique within the process, unpredictable across processes.
 */
export function createUuidGenerator(randomUuid: () => string = randomUUID): () => string {
  const bytes = Buffer.alloc(36 * idsPerBlock);
  let prefix = Buffer.alloc(0);
  let high = 0; // the last 48 bits: 24 high, 24 low
  let low = 0;
  let remaining = 0;
  let block = '';
  let offset = 0;
  const refill = () => {
    for (let start = 0; start < bytes.length; start += 36) {
      if (remaining === 0) {
        const seed = randomUuid();
        prefix = Buffer.from(seed.slice(0, 24), 'latin1');
        high = Number.parseInt(seed.slice(24, 30), 16);
        low = Number.parseInt(seed.slice(30, 36), 16);
        remaining = idsPerPrefix;
      }
      remaining -= 1;
      prefix.copy(bytes, start);
      for (let digit = 0; digit < 6; digit += 1) {
        bytes[start + 29 - digit] = hexDigits[(high >>> (4 * digit)) & 15] as number;
        bytes[start + 35 - digit] = hexDigits[(low >>> (4 * digit)) & 15] as number;
      }
      low = (low + 1) & 0xffffff;
      if (low === 0) high = (high + 1) & 0xffffff;
    }
    block = bytes.toString('latin1');
    offset = 0;
  };
  // Filled now, while the agent boots: the first `randomUUID()` loads `node:crypto` (~2-4 ms),
  // which would otherwise delay the first `system/init`.
  refill();
  return () => {
    if (offset === block.length) refill();
    offset += 36;
    return block.slice(offset - 36, offset);
  };
}
