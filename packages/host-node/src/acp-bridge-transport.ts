import type { AcpBridge, AcpLaunch, BridgeAction } from '@agentbridge/bridge-acp';
import type { BackendManifest, Clock, IdGenerator, Logger } from '@agentbridge/core/contracts';
import { noopLogger } from '@agentbridge/core/contracts';
import type { LineTransport } from './line-transport.js';
import { type CreateBridge, loadDefaultBridgeFactory } from './load-bridge-factory.js';
import {
  createProcessTransport,
  type ProcessTransportOptions,
  type RelayContext,
} from './process-transport.js';
import { createRedactingLogger, createRedactor } from './redact-secrets.js';
import { systemTimers } from './timers.js';

/** Options of {@link createAcpBridgeTransport}. */
export type AcpBridgeTransportOptions = ProcessTransportOptions & {
  /** The resolved launch settings handed to the bridge (`agentCommand` defaults to `command`). */
  readonly launch: AcpLaunch;
  /** The backend's manifest (quirks, stop behaviour); plain ACP when absent. */
  readonly backend?: BackendManifest;
  /** Bridge factory; defaults to `createAcpBridge` from `@agentbridge/bridge-acp`. */
  readonly createBridge?: CreateBridge;
  readonly clock?: Clock;
  readonly newId?: IdGenerator;
};

/**
 * An ACP agent process behind the pure bridge, seen by the client as a stream-json endpoint
 * (X-01..X-12). The host carries out the bridge's actions: timers, `terminate-agent` and
 * `client-done` (stop the process tree), `session-opened` and sign-in events (reported through
 * `onEvent`). Unless the launch names them, the bridge gets the names (never the values) of the
 * variables set in the agent's environment (`AcpLaunch.environmentVariableNames`). Agent stdout lines that do not start with `{` are not protocol: they become
 * `agent-output` events (sign-in URLs stay visible) and never reach the client. All calls into the
 * bridge are serialised; `bridge.onAgentExit` is called after stdout was drained. Agent faults
 * the protocol does not report reach `bridge.onAgentFault`: a dropped over-long stdout line
 * (`line-too-long`) and a stderr line matching `quirks.fatalStderrPatterns` (`fatal-stderr`).
 */
export function createAcpBridgeTransport(options: AcpBridgeTransportOptions): LineTransport {
  // The bridge logs MCP settings and agent texts: mask the secrets there too.
  const logger = createRedactingLogger(
    options.logger ?? noopLogger,
    createRedactor(options.secrets ?? []),
  );
  const timers = options.timers ?? systemTimers;
  const manifestProcess = options.backend?.process;
  let createBridge = options.createBridge;
  const fatalStderrPatterns = compilePatterns(options.backend?.quirks?.fatalStderrPatterns, logger);

  return createProcessTransport(
    {
      ...options,
      ...(options.stopGraceMs === undefined && manifestProcess?.stopGraceMs !== undefined
        ? { stopGraceMs: manifestProcess.stopGraceMs }
        : {}),
      ...(options.exitsOnStdinEof === undefined && manifestProcess !== undefined
        ? { exitsOnStdinEof: manifestProcess.exitsOnStdinEof }
        : {}),
    },
    {
      async prepare() {
        createBridge ??= await loadDefaultBridgeFactory();
      },
      create(context) {
        const timerHandles = new Map<string, unknown>();
        const fireTimer = (timerId: string) => bridge.onTimer(timerId);
        const handleAction = (action: BridgeAction) => {
          switch (action.type) {
            case 'start-timer': {
              const previous = timerHandles.get(action.timerId);
              if (previous !== undefined) timers.clearTimeout(previous);
              const handle = timers.setTimeout(() => {
                timerHandles.delete(action.timerId);
                context.serialise(fireTimer, action.timerId);
              }, action.delayMs);
              timerHandles.set(action.timerId, handle);
              return;
            }
            case 'cancel-timer': {
              const handle = timerHandles.get(action.timerId);
              if (handle !== undefined) timers.clearTimeout(handle);
              timerHandles.delete(action.timerId);
              return;
            }
            case 'terminate-agent':
              logger.warn('bridge asked to terminate the agent', {
                reason: context.redact(action.reason),
              });
              context.stopAgent();
              return;
            case 'client-done':
              logger.debug('client done, stopping the agent');
              context.stopAgent();
              return;
            case 'session-opened':
              logger.info('session opened', {
                sessionId: action.sessionId,
                resumed: action.resumed,
              });
              context.emit({
                type: 'session-opened',
                sessionId: action.sessionId,
                resumed: action.resumed,
                ...(action.requestedSessionId === undefined
                  ? {}
                  : { requestedSessionId: action.requestedSessionId }),
              });
              return;
            case 'auth-started':
              logger.info('agent sign-in started', { methodId: action.methodId });
              context.emit({
                type: 'auth-started',
                methodId: action.methodId,
                methodName: action.methodName,
              });
              return;
            case 'auth-finished':
              logger.info('agent sign-in finished', { success: action.success });
              context.emit({
                type: 'auth-finished',
                success: action.success,
                ...(action.error === undefined ? {} : { error: action.error }),
              });
              return;
            default:
              logger.warn('unknown bridge action ignored', {
                action: (action as { type?: unknown }).type,
              });
          }
        };
        const factory = createBridge;
        if (factory === undefined) throw new Error('bridge factory not loaded');
        const bridge: AcpBridge = factory({
          launch: {
            ...options.launch,
            agentCommand: options.launch.agentCommand ?? options.command,
            environmentVariableNames:
              options.launch.environmentVariableNames ?? environmentVariableNamesOf(options.env),
          },
          ...(options.backend === undefined ? {} : { backend: options.backend }),
          toAgent: context.toAgent,
          toClient: context.toClient,
          onAction: handleAction,
          log: logger.child({ component: 'bridge' }),
          ...(options.clock === undefined ? {} : { clock: options.clock }),
          ...(options.newId === undefined ? {} : { newId: options.newId }),
        });
        return {
          onClientLine: (line) => bridge.onClientLine(line),
          onClientEnd: () => bridge.onClientEnd(),
          onAgentLine: (line) => routeAgentLine(line, bridge, context, logger),
          onAgentLineTooLong: (error) =>
            bridge.onAgentFault({
              kind: 'line-too-long',
              message: `The agent wrote a line longer than ${error.limitBytes} bytes on stdout; it was dropped.`,
            }),
          ...(fatalStderrPatterns.length === 0
            ? {}
            : {
                onAgentStderrLine: (line: string) => {
                  if (fatalStderrPatterns.some((pattern) => pattern.test(line)))
                    bridge.onAgentFault({ kind: 'fatal-stderr', message: line });
                },
              }),
          onAgentExit: (exit) => bridge.onAgentExit(exit),
          dispose() {
            for (const handle of timerHandles.values()) timers.clearTimeout(handle);
            timerHandles.clear();
          },
        };
      },
    },
  );
}

/**
 * The names, never the values, of the variables set (non-empty) in the agent's environment: the
 * bridge skips ACP `env_var` sign-in methods whose variables are all missing.
 */
function environmentVariableNamesOf(env: Readonly<Record<string, string>>): string[] {
  return Object.keys(env).filter((name) => env[name] !== '');
}

/** `quirks.fatalStderrPatterns` as regular expressions; an invalid source is logged and skipped. */
function compilePatterns(sources: readonly string[] | undefined, logger: Logger): RegExp[] {
  const patterns: RegExp[] = [];
  for (const source of sources ?? []) {
    try {
      patterns.push(new RegExp(source));
    } catch (error) {
      logger.warn('invalid fatalStderrPatterns entry ignored', {
        source,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }
  return patterns;
}

/** JSON-RPC lines go to the bridge; anything else is shown to people, never to the client. */
function routeAgentLine(
  line: string,
  bridge: AcpBridge,
  context: RelayContext,
  logger: Logger,
): void {
  if (line.charCodeAt(0) === 0x7b || line.trimStart().startsWith('{')) {
    bridge.onAgentLine(line);
    return;
  }
  if (line.trim() === '') return;
  const shown = context.redact(line);
  logger.info('agent stdout', { line: shown });
  context.emit({ type: 'agent-output', stream: 'stdout', line: shown });
}
