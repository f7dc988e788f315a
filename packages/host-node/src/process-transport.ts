import { rmSync } from 'node:fs';
import type {
  BridgeEvent,
  LineTooLongError,
  Logger,
  Transport,
  TransportExit,
} from '@agentbridge/core/contracts';
import { AgentError, errorMessage, noopLogger } from '@agentbridge/core/contracts';
import { type AgentProcess, type ProcessOptions, spawnAgentProcess } from './agent-process.js';
import { reapOrphans } from './orphan-reaper.js';
import { createProcessInspector } from './process-inspector.js';
import { recordAgent } from './process-record.js';
import { createRedactingLogger, createRedactor } from './redact-secrets.js';

/** Options of both transports: `secrets` are masked in agent output, stderr tail and logs. */
export type ProcessTransportOptions = ProcessOptions & {
  /** When set, `start()` reaps orphans of dead bridges and records the process (Z-01..Z-05). */
  readonly stateDirectory?: string;
  readonly secrets?: readonly string[];
  /**
   * The process, already spawned by {@link spawnAgentProcess} from these options (its stop
   * settings and logger are its own), so that it boots while the rest loads; else `start()` spawns.
   */
  readonly agent?: AgentProcess;
};

/** What a relay is given; `emit` is the transport's listener itself. */
type RelayContext = {
  readonly agent: AgentProcess;
  readonly emit: (event: BridgeEvent) => void;
  readonly redact: (text: string) => string;
  /** Masks secrets. */
  readonly logger: Logger;
};

/** The protocol between the client and the process: the ACP bridge, or a pass-through. */
type Relay = {
  onClientLine(line: string): void;
  onClientEnd(): void;
  /** Becomes the agent's stdout listener: the splitter calls it for every line. */
  onAgentLine(line: string): void;
  onAgentStderrLine?(maskedLine: string): void;
  onAgentLineTooLong?(error: LineTooLongError): void;
  /** `close()` stops the agent now: a last word to it (GA-13: `session/cancel`). */
  onClose?(): void;
  /**
   * The process exited and its output was delivered (the last call); `stderrTail` is masked;
   * `stopped`: `close()` stopped it (the user interrupted the run).
   */
  onAgentExit(exit: TransportExit & { readonly stopped: boolean }): void;
};

/**
 * The process side of both transports: reaping, spawn, record, masking, the process events and
 * `closed`. The relay is made after the spawn (it may load modules while the agent boots) and the
 * agent's stdout waits for it. No code of this file runs per stdout line or relay event.
 */
export function createProcessTransport(
  options: ProcessTransportOptions,
  createRelay: (context: RelayContext) => Relay | Promise<Relay>,
): Transport {
  const redact = createRedactor(options.secrets ?? []);
  const logger = createRedactingLogger(options.logger ?? noopLogger, redact);
  let listener: (event: BridgeEvent) => void = () => {};
  const drainListeners: (() => void)[] = [];
  let agent = options.agent;
  let started = false;
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

  /** A process event; a failing listener is logged (the relay's events reach it directly). */
  const report = (event: BridgeEvent) => {
    try {
      listener(event);
    } catch (error) {
      logger.error('event listener failed', { message: errorMessage(error) });
    }
  };
  const notifyDrain = () => {
    for (const drainListener of drainListeners) drainListener();
  };
  const finish = (exit: TransportExit) => {
    if (finished) return;
    finished = true;
    try {
      if (recordFile !== undefined) rmSync(recordFile, { force: true });
    } catch (error) {
      // Left for the reaper of a later bridge: `closed` settles anyway.
      logger.warn('process record not removed', { file: recordFile, message: errorMessage(error) });
    }
    report({ type: 'agent-exited', code: exit.code, signal: exit.signal });
    notifyDrain();
    resolveClosed(exit);
  };
  const closedError = (message: string, cause?: unknown) =>
    new AgentError('transport-closed', message, { cause });
  const spawnError = (cause: unknown) =>
    closedError(`The process could not be started: ${errorMessage(cause)}`, cause);

  const start = async () => {
    if (started) throw new AgentError('internal', 'The transport was already started.');
    started = true;
    if (finished) throw closedError('The transport was closed before it started.');
    const { stateDirectory, command } = options;
    const child = agent ?? spawnAgentProcess({ ...options, logger });
    agent = child;
    child.listen({
      onStderrLine: (line) => {
        const shown = redact(line);
        logger.debug('agent stderr', { line: shown });
        report({ type: 'agent-output', stream: 'stderr', line: shown });
        relay?.onAgentStderrLine?.(shown);
      },
      onLineTooLong: (error) => relay?.onAgentLineTooLong?.(error),
      onInputDrain: notifyDrain,
    });
    // After the spawn: the agent boots meanwhile. Its own record is written only once it runs.
    const inspector = stateDirectory === undefined ? undefined : createProcessInspector();
    if (stateDirectory !== undefined && inspector !== undefined) {
      try {
        reapOrphans({ stateDirectory, inspector, logger });
      } catch (error) {
        logger.warn('orphan reaping failed', { message: errorMessage(error) });
      }
    }
    const spawnFailure = child.spawned.then((error) => {
      if (error) return spawnError(error);
      const pid = child.pid as number;
      if (stateDirectory !== undefined && inspector !== undefined && !finished)
        recordFile = recordAgent({ stateDirectory, inspector, pid, command, logger });
      report({ type: 'agent-started', pid, command });
    });
    try {
      relay = await createRelay({ agent: child, emit: listener, redact, logger });
    } catch (error) {
      await child.stop();
      finish({ code: null, signal: null, stderrTail: '' });
      throw error;
    }
    child.setStdoutListener(relay.onAgentLine);
    void child.exited.then(async (exit) => {
      // the tail says why the agent died; secrets are masked.
      const stderrTail = redact(child.stderrTail);
      relay?.onAgentExit({ code: exit.code, signal: exit.signal, stderrTail, stopped: closing });
      // Descendants that outlived the leader are killed; `closed` settles even if that failed.
      await child.stop().catch((error: unknown) => {
        logger.warn('stopping the process tree failed', { message: errorMessage(error) });
      });
      const error = exit.spawnError && spawnError(exit.spawnError);
      finish({ code: exit.code, signal: exit.signal, stderrTail, ...(error && { error }) });
    });
    if (clientEnded) relay.onClientEnd();
    if (!clientPaused) child.resumeOutput();
    if (closing) throw closedError('The transport was closed before it started.');
    const failure = await spawnFailure;
    if (failure) throw failure;
  };

  return {
    onEvent(eventListener) {
      listener = eventListener;
    },
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
    onInputDrain: (drainListener) => drainListeners.push(drainListener),
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
      relay?.onClose?.();
      await agent?.stop({ now: true });
      // Started, the agent's exit settles `closed`; else nothing else would.
      if (!started) finish({ code: null, signal: null, stderrTail: '' });
      return closed;
    },
  };
}
