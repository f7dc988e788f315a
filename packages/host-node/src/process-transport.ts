import {
  AgentError,
  type BridgeEvent,
  errorMessage,
  type LineTooLongError,
  type Logger,
  noopLogger,
  type Transport,
  type TransportExit,
} from '@agentbridge/core/contracts';
import { type AgentProcess, type ProcessOptions, spawnAgentProcess } from './agent-process.js';
import { reapOrphans } from './orphan-reaper.js';
import { createProcessTreeSignaller, systemTimers, type Timers } from './process-group.js';
import { createProcessInspector, type ProcessInspector } from './process-inspector.js';
import { recordAgent, removeProcessRecord } from './process-record.js';
import { createRedactingLogger, createRedactor } from './redact-secrets.js';

/** Options of both transports. */
export type ProcessTransportOptions = ProcessOptions & {
  /** When set, `start()` reaps orphans of dead bridges and records the process (Z-01..Z-05). */
  readonly stateDirectory?: string;
  /** Masked as `***` in `agent-output` events, the stderr tail and every log line. */
  readonly secrets?: readonly string[];
  readonly inspector?: ProcessInspector;
};

/** What a relay is given right after the spawn. */
type RelayContext = {
  readonly agent: AgentProcess;
  /** Hands an event to the transport's listeners. */
  readonly emit: (event: BridgeEvent) => void;
  readonly redact: (text: string) => string;
  /** Masks secrets. */
  readonly logger: Logger;
  readonly timers: Timers;
};

/** The protocol between the client and the process: the ACP bridge, or a pass-through. */
type Relay = {
  onClientLine(line: string): void;
  onClientEnd(): void;
  onAgentLine(line: string): void;
  /** One stderr line, secrets masked. */
  onAgentStderrLine?(line: string): void;
  onAgentLineTooLong?(error: LineTooLongError): void;
  /** The process exited and its output was delivered; `stderrTail` is masked. */
  onAgentExit(exit: TransportExit): void;
  dispose?(): void;
};

/**
 * The process side of both transports: reaps orphans, spawns, records the process, masks secrets,
 * reports `agent-started`, stderr `agent-output` and `agent-exited`, settles `closed`. The relay
 * is made right after the spawn (it may load modules while the agent boots); the agent's stdout
 * waits for it, and a relay that cannot be made stops the agent.
 */
export function createProcessTransport(
  options: ProcessTransportOptions,
  createRelay: (context: RelayContext) => Relay | Promise<Relay>,
): Transport {
  const redact = createRedactor(options.secrets ?? []);
  const logger = createRedactingLogger(options.logger ?? noopLogger, redact);
  const timers = options.timers ?? systemTimers;
  const signalTree = options.signalTree ?? createProcessTreeSignaller(logger);
  const listeners: ((event: BridgeEvent) => void)[] = [];
  const drainListeners: (() => void)[] = [];
  let agent: AgentProcess | undefined;
  let relay: Relay | undefined;
  let recordFile: string | undefined;
  let clientPaused = false;
  let clientEnded = false;
  let closing = false;
  let finished = false;
  let resolveClosed: (exit: TransportExit) => void = () => {};
  const closed = new Promise<TransportExit>((resolve) => {
    resolveClosed = resolve;
  });

  const emit = (event: BridgeEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        logger.error('event listener failed', { message: errorMessage(error) });
      }
    }
  };
  const notifyDrain = () => {
    for (const listener of drainListeners) listener();
  };
  const finish = (exit: TransportExit) => {
    if (finished) return;
    finished = true;
    relay?.dispose?.();
    try {
      if (recordFile !== undefined) removeProcessRecord(recordFile);
    } catch (error) {
      // Left for the reaper of a later bridge: `closed` settles anyway.
      logger.warn('process record not removed', { file: recordFile, message: errorMessage(error) });
    }
    emit({ type: 'agent-exited', code: exit.code, signal: exit.signal });
    notifyDrain();
    resolveClosed(exit);
  };
  const closedError = (message: string, cause?: unknown) =>
    new AgentError('transport-closed', message, { cause });

  const start = async () => {
    if (agent !== undefined) throw new AgentError('internal', 'The transport was already started.');
    const { stateDirectory, command } = options;
    const inspector = stateDirectory && (options.inspector ?? createProcessInspector());
    if (stateDirectory && inspector) {
      try {
        reapOrphans({ stateDirectory, inspector, signalTree, logger });
      } catch (error) {
        logger.warn('orphan reaping failed', { message: errorMessage(error) });
      }
    }
    if (finished) throw closedError('The transport was closed before it started.');
    const child = spawnAgentProcess({
      ...options,
      timers,
      signalTree,
      logger,
      onStdoutLine: (line) => relay?.onAgentLine(line),
      onStderrLine: (line) => {
        const shown = redact(line);
        logger.debug('agent stderr', { line: shown });
        emit({ type: 'agent-output', stream: 'stderr', line: shown });
        relay?.onAgentStderrLine?.(shown);
      },
      onLineTooLong: (error) => relay?.onAgentLineTooLong?.(error),
      onInputDrain: notifyDrain,
    });
    agent = child;
    child.pauseOutput();
    const spawnFailure = child.spawned.then(
      () => {
        const pid = child.pid as number;
        if (stateDirectory && inspector && !finished) {
          recordFile = recordAgent({ stateDirectory, inspector, pid, command, logger });
        }
        emit({ type: 'agent-started', pid, command });
      },
      (error: unknown) => error ?? 'spawn failed',
    );
    try {
      relay = await createRelay({ agent: child, emit, redact, logger, timers });
    } catch (error) {
      await child.stop();
      finish({ code: null, signal: null, stderrTail: '' });
      throw error;
    }
    void child.exited.then(async (exit) => {
      // the tail says why the agent died; secrets are masked.
      const stderrTail = redact(child.stderrTail);
      relay?.onAgentExit({ code: exit.code, signal: exit.signal, stderrTail });
      // Descendants that outlived the leader are killed; `closed` settles even if that failed.
      await child.stop().catch((error: unknown) => {
        logger.warn('stopping the process tree failed', { message: errorMessage(error) });
      });
      const { spawnError } = exit;
      const message = `The process could not be started: ${spawnError?.message}`;
      const error = spawnError && closedError(message, spawnError);
      finish({ code: exit.code, signal: exit.signal, stderrTail, ...(error && { error }) });
    });
    if (clientEnded) relay.onClientEnd();
    if (!clientPaused) child.resumeOutput();
    if (closing) throw closedError('The transport was closed before it started.');
    const failure = await spawnFailure;
    if (failure)
      throw closedError(`The process could not be started: ${errorMessage(failure)}`, failure);
  };

  return {
    onEvent: (listener) => listeners.push(listener),
    start,
    writeClientLine(line) {
      if (finished || relay === undefined || agent === undefined) return false;
      relay.onClientLine(line);
      return !agent.inputCongested;
    },
    endClientInput() {
      if (finished || clientEnded) return;
      clientEnded = true;
      relay?.onClientEnd();
    },
    onInputDrain: (listener) => drainListeners.push(listener),
    pauseOutput() {
      clientPaused = true;
      agent?.pauseOutput();
    },
    resumeOutput() {
      clientPaused = false;
      if (relay !== undefined) agent?.resumeOutput();
    },
    closed,
    async close() {
      closing = true;
      if (agent === undefined) finish({ code: null, signal: null, stderrTail: '' });
      else await agent.stop();
      return closed;
    },
  };
}
