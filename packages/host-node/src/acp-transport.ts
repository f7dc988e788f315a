import type { AcpBridge, AcpBridgeOptions, AcpLaunch } from '@agentbridge/bridge-acp';
import type { BackendManifest, BridgeEvent, Transport } from '@agentbridge/core/contracts';
import { errorMessage } from '@agentbridge/core/contracts';
import { createProcessTransport, type ProcessTransportOptions } from './process-transport.js';

/** Options of {@link createAcpTransport}. */
export type AcpTransportOptions = ProcessTransportOptions & {
  /** The bridge's launch settings (`agentCommand` defaults to `command`). */
  readonly launch: AcpLaunch;
  /** The backend's manifest (quirks, stop behaviour); plain ACP when absent. */
  readonly backend?: BackendManifest;
  /** Default `createAcpBridge`, whose module loads while the agent boots. */
  readonly createBridge?: (options: AcpBridgeOptions) => AcpBridge | Promise<AcpBridge>;
  readonly now?: () => number;
  readonly newId?: () => string;
};

const loadBridge = async (options: AcpBridgeOptions) =>
  (await import('@agentbridge/bridge-acp')).createAcpBridge(options);

/**
 * An ACP agent behind the pure bridge (X-01..X-12). Every call into the bridge (client and agent
 * lines, exits, faults, timer firings) is serialised, in arrival order. The transport acts on the
 * bridge's events (`agent-message` → a JSON line on stdin, timers, `stop-agent` → the staged
 * stop) and hands each to the listener unchanged. Agent stdout lines not starting with `{` become
 * masked `agent-output` events; a dropped over-long line and a stderr line matching
 * `quirks.fatalStderrPatterns` reach `bridge.onAgentFault`.
 */
export function createAcpTransport(options: AcpTransportOptions): Transport {
  const { backend, launch, env } = options;
  const stopGraceMs = options.stopGraceMs ?? backend?.process.stopGraceMs;
  const exitsOnStdinEof = options.exitsOnStdinEof ?? backend?.process.exitsOnStdinEof;
  const settings = { ...options, stopGraceMs, exitsOnStdinEof };
  return createProcessTransport(settings, async ({ agent, emit, redact, logger, timers }) => {
    const fatalStderr = (backend?.quirks?.fatalStderrPatterns ?? []).flatMap((source) => {
      try {
        return [new RegExp(source)];
      } catch (error) {
        const message = errorMessage(error);
        logger.warn('invalid fatalStderrPatterns entry ignored', { source, message });
        return [];
      }
    });
    const timerHandles = new Map<string, unknown>();
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
      if (event.type === 'agent-message') agent.writeLine(JSON.stringify(event.message));
      if (event.type === 'start-timer' || event.type === 'cancel-timer') {
        const { timerId } = event;
        timers.clearTimeout(timerHandles.get(timerId));
        timerHandles.delete(timerId);
        const fire = () => {
          timerHandles.delete(timerId);
          serialise(() => bridge.onTimer(timerId));
        };
        if (event.type === 'start-timer')
          timerHandles.set(timerId, timers.setTimeout(fire, event.delayMs));
      }
      if (event.type === 'stop-agent') {
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
      now: options.now,
      newId: options.newId,
    });
    const routeAgentLine = (line: string) => {
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
      onAgentLine: (line) => serialise(() => routeAgentLine(line)),
      onAgentLineTooLong: ({ limitBytes }) =>
        fault(
          'line-too-long',
          `The agent wrote a line longer than ${limitBytes} bytes on stdout; it was dropped.`,
        ),
      onAgentStderrLine: (line) => {
        if (fatalStderr.some((pattern) => pattern.test(line))) fault('fatal-stderr', line);
      },
      onAgentExit: (exit) => serialise(() => bridge.onAgentExit(exit)),
      dispose() {
        for (const handle of timerHandles.values()) timers.clearTimeout(handle);
      },
    };
  });
}
