import { randomUUID } from 'node:crypto';
import type { AcpBridge, AcpBridgeOptions, AcpLaunch } from '@agentbridge/bridge-acp';
import type { BackendManifest, BridgeEvent, Transport } from '@agentbridge/core/contracts';
import { compileQuirkPattern, errorMessage } from '@agentbridge/core/contracts';
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
    const queue: (() => void)[] = [];
    let busy = false;
    /** One call into the bridge at a time: a call made while one runs (re-entry) waits its turn. */
    const serialise = (call: () => void) => {
      queue.push(call);
      if (busy) return;
      busy = true;
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        try {
          next();
        } catch (error) {
          logger.error('bridge failed to handle a call', { message: errorMessage(error) });
        }
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
          serialise(() => bridge.onTimer(timerId));
        };
        if (event.type === 'start-timer')
          timers.set(timerId, setTimeout(fire, event.delayMs).unref());
      } else if (event.type === 'stop-agent') {
        logger.info('stopping the agent', { reason: event.reason });
        void agent.stop();
      }
      emit(event);
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
        bridge.onAgentLine(line);
      } else if (line.trim() !== '') {
        // not protocol (sign-in URLs, banners): shown to people, never to the client.
        const shown = redact(line);
        logger.info('agent stdout', { line: shown });
        emit({ type: 'agent-output', stream: 'stdout', line: shown });
      }
    };
    const fault = (kind: 'line-too-long' | 'fatal-stderr', message: string) =>
      serialise(() => bridge.onAgentFault({ kind, message }));
    return {
      onClientLine: (line) => serialise(() => bridge.onClientLine(line)),
      onClientEnd: () => serialise(() => bridge.onClientEnd()),
      onAgentLine: (line) => serialise(() => onAgentLine(line)),
      onAgentLineTooLong: ({ limitBytes }) =>
        fault(
          'line-too-long',
          `The agent wrote a line longer than ${limitBytes} bytes on stdout; it was dropped.`,
        ),
      onAgentStderrLine: (line) => {
        if (fatalStderr.some((pattern) => pattern.test(line))) fault('fatal-stderr', line);
      },
      onAgentExit: (exit) =>
        serialise(() => {
          bridge.onAgentExit(exit);
          // The session is over: no timer of the bridge may fire any more.
          for (const timer of timers.values()) clearTimeout(timer);
        }),
    };
  });
}

/** Ids issued from one random prefix before a fresh one is drawn. */
const idsPerPrefix = 0x10000;
const hex = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * The bridge's default ids: UUIDs for stream lines (each `stream_event` carries one) at half
 * `randomUUID()`'s cost, a few per cent of `pnpm bench` throughput: a random UUID every
 * {@link idsPerPrefix} ids, its last 48 bits counting upwards. Unique within the process,
 * unpredictable across processes.
 */
export function createUuidGenerator(randomUuid: () => string = randomUUID): () => string {
  let prefix = '';
  let high = 0; // the last 48 bits: 16 high, 32 low
  let low = 0;
  let remaining = 0;
  return () => {
    if (remaining === 0) {
      const seed = randomUuid();
      prefix = seed.slice(0, 24);
      high = Number.parseInt(seed.slice(24, 28), 16);
      low = Number.parseInt(seed.slice(28, 36), 16);
      remaining = idsPerPrefix;
    }
    remaining -= 1;
    const id = `${prefix}${hex[high >>> 8]}${hex[high & 0xff]}${hex[low >>> 24]}${hex[(low >>> 16) & 0xff]}${hex[(low >>> 8) & 0xff]}${hex[low & 0xff]}`;
    if (low === 0xffffffff) high = (high + 1) & 0xffff;
    low = (low + 1) >>> 0;
    return id;
  };
}
