import path from 'node:path';
import {
  AgentError,
  type LineTooLongError,
  type Logger,
  noopLogger,
  type TransportExit,
} from '@agentbridge/core/contracts';
import type { AgentProcess } from './agent-process.js';
import { createCallSerialiser } from './call-serialiser.js';
import type { FileSystem } from './file-system.js';
import type { HostPlatform } from './host-platform.js';
import type { LineTransport } from './line-transport.js';
import { reapOrphans } from './orphan-reaper.js';
import { createProcessTreeSignaller, type SignalProcessTree } from './process-group.js';
import { createProcessInspector, type ProcessInspector } from './process-inspector.js';
import { removeProcessRecord, writeProcessRecord } from './process-record.js';
import { createRedactingLogger, createRedactor } from './redact-secrets.js';
import { spawnAgentProcess } from './spawn-agent-process.js';
import { systemTimers, type Timers } from './timers.js';
import type { TransportEvent } from './transport-event.js';
import { createWebStreams } from './web-streams.js';

/** Process settings shared by the host transports. */
export type ProcessTransportOptions = {
  /** The resolved executable (`findExecutable`). Never run through a shell. */
  readonly command: string;
  readonly args: readonly string[];
  /** Working directory of the process. */
  readonly cwd?: string;
  /** The complete environment of the process (`createAgentEnvironment`). */
  readonly env: Readonly<Record<string, string>>;
  readonly logger?: Logger;
  readonly platform?: HostPlatform;
  readonly timers?: Timers;
  readonly fileSystem?: FileSystem;
  /** Longest accepted stdout line in bytes (default 32 MiB). */
  readonly maxLineBytes?: number;
  /** Grace between stop steps (`BackendManifest.process.stopGraceMs`, default 1 500 ms). */
  readonly stopGraceMs?: number;
  /** `BackendManifest.process.exitsOnStdinEof` (default true). */
  readonly exitsOnStdinEof?: boolean;
  /**
   * The state directory (`resolveStateDirectory`). When set, `start()` reaps orphans of dead
   * bridges and records the new process; the record is removed on clean shutdown.
   */
  readonly stateDirectory?: string;
  /** Whether `start()` reaps orphans when `stateDirectory` is set (default true). */
  readonly reapOrphans?: boolean;
  /**
   * Values masked in `agent-output` events, the stderr tail, the relay's texts and every log line
   * (credential and configured env values, MCP header and env values, secret-looking arguments).
   */
  readonly secrets?: readonly string[];
  readonly inspector?: ProcessInspector;
  readonly signalTree?: SignalProcessTree;
};

/** What a relay may do; given to {@link RelayFactory} once the process runs. */
export type RelayContext = {
  /** Writes a line to the process's stdin. */
  readonly toAgent: (line: string) => void;
  /** Delivers a line to the client. */
  readonly toClient: (line: string) => void;
  readonly emit: (event: TransportEvent) => void;
  /** Closes the process's stdin (EOF). */
  readonly endAgentInput: () => void;
  /** Stops the process tree (stdin EOF, grace, signals). */
  readonly stopAgent: () => void;
  /** Runs `task` serialised with every other relay call (for timers). */
  readonly serialise: <Argument>(task: (argument: Argument) => void, argument: Argument) => void;
  /** Masks secrets in a line meant for people. */
  readonly redact: (text: string) => string;
};

/** The protocol logic between the client and the process: a pass-through, or the ACP bridge. */
export type Relay = {
  onClientLine(line: string): void;
  onClientEnd(): void;
  onAgentLine(line: string): void;
  /** An agent stdout line over the line limit was dropped. */
  onAgentLineTooLong?(error: LineTooLongError): void;
  /** One agent stderr line, secrets already masked. */
  onAgentStderrLine?(line: string): void;
  /** The process exited and its output was drained; `stderrTail` is already redacted. */
  onAgentExit(exit: { code: number | null; signal: string | null; stderrTail: string }): void;
  dispose(): void;
};

/**
 * Builds the relay. `prepare` (async work such as loading modules) runs while the process starts:
 * its output waits until the relay exists, and a failed `prepare` stops the process again.
 */
export type RelayFactory = {
  readonly prepare?: () => Promise<void>;
  readonly create: (context: RelayContext) => Relay;
};

/** The shared shell of the host transports: process, framing, backpressure, records, streams. */
export function createProcessTransport(
  options: ProcessTransportOptions,
  relayFactory: RelayFactory,
): LineTransport {
  const redact = createRedactor(options.secrets ?? []);
  // Everything logged from here (spawn arguments, stderr lines, errors) is masked.
  const logger = createRedactingLogger(options.logger ?? noopLogger, redact);
  const timers = options.timers ?? systemTimers;
  const platform = options.platform ?? process.platform;
  const signalTree = options.signalTree ?? createProcessTreeSignaller(platform, logger);

  let agent: AgentProcess | undefined;
  let relay: Relay | undefined;
  let deliverClientLine: (line: string) => void = () => {};
  let started = false;
  let finished = false;
  /** The client ended its input (possibly before `start()` created the relay). */
  let clientInputEnded = false;
  let clientListener: ((line: string) => void) | undefined;
  let pendingClientLines: string[] = [];
  let outputPausedByClient = false;
  /** `close()` was called (possibly while `start()` was still preparing). */
  let closeRequested = false;
  const drainListeners: (() => void)[] = [];
  const eventListeners: ((event: TransportEvent) => void)[] = [];
  const serialiser = createCallSerialiser((error) =>
    logger.error('relay failed to handle a call', {
      message: error instanceof Error ? error.message : String(error),
    }),
  );

  let resolveClosed: (exit: TransportExit) => void = () => {};
  const closed = new Promise<TransportExit>((resolve) => {
    resolveClosed = resolve;
  });

  const emit = (event: TransportEvent) => {
    for (const listener of eventListeners) {
      try {
        listener(event);
      } catch (error) {
        logger.error('event listener failed', {
          message: error instanceof Error ? error.message : String(error),
        });
      }
    }
  };
  const toClient = (line: string) => {
    if (clientListener !== undefined) {
      clientListener(line);
      return;
    }
    // No reader yet: hold the line and stop reading the process until one arrives.
    pendingClientLines.push(line);
    agent?.pauseOutput();
  };
  const toAgent = (line: string) => {
    if (agent === undefined || !agent.writeLine(line)) {
      if (agent === undefined || agent.hasExited())
        logger.debug('line for a stopped process dropped');
    }
  };
  const stopAgent = () => {
    void agent?.stop();
  };
  const onAgentStderrLine = (line: string) => relay?.onAgentStderrLine?.(line);
  const onAgentLineTooLong = (error: LineTooLongError) => relay?.onAgentLineTooLong?.(error);
  const notifyDrain = () => {
    for (const listener of drainListeners) listener();
  };

  const finish = (exit: TransportExit, recordFile: string | undefined) => {
    if (finished) return;
    finished = true;
    relay?.dispose();
    if (recordFile !== undefined) {
      // A record that cannot be removed (EACCES, EBUSY) is left for the reaper: `closed` settles.
      try {
        removeProcessRecord(recordFile);
      } catch (error) {
        logger.warn('process record not removed', {
          file: recordFile,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    }
    emit({ type: 'agent-exited', code: exit.code, signal: exit.signal });
    notifyDrain();
    resolveClosed(exit);
  };

  const reap = (stateDirectory: string, inspector: ProcessInspector) => {
    try {
      reapOrphans({ stateDirectory, inspector, signalTree, logger });
    } catch (error) {
      logger.warn('orphan reaping failed', {
        message: error instanceof Error ? error.message : String(error),
      });
    }
  };

  const record = (
    stateDirectory: string,
    inspector: ProcessInspector,
    pid: number,
  ): string | undefined => {
    const bridgeStart = inspector.startTimeOf(process.pid);
    const agentStart = inspector.startTimeOf(pid);
    if (bridgeStart === undefined || agentStart === undefined) return undefined;
    const extension = path.extname(options.command);
    try {
      return writeProcessRecord(stateDirectory, {
        version: 1,
        bridge: { pid: process.pid, startTime: bridgeStart },
        agent: { pid, startTime: agentStart },
        processGroupId: platform === 'win32' ? null : pid,
        name: path.basename(options.command, extension),
        recordedAt: Date.now(),
      });
    } catch (error) {
      logger.warn('process record not written', {
        message: error instanceof Error ? error.message : String(error),
      });
      return undefined;
    }
  };

  const transport: LineTransport = {
    get pid() {
      return agent?.pid;
    },
    closed,
    async start() {
      if (started) throw new AgentError('internal', 'The transport was already started.');
      started = true;
      const inspector =
        options.stateDirectory === undefined
          ? undefined
          : (options.inspector ?? createProcessInspector(platform));
      if (
        options.stateDirectory !== undefined &&
        inspector !== undefined &&
        options.reapOrphans !== false
      ) {
        reap(options.stateDirectory, inspector);
      }
      if (finished)
        throw new AgentError('transport-closed', 'The transport was closed before it started.');
      // Spawn first: the agent boots in its own process while the relay's modules load here.
      const preparing = relayFactory.prepare?.();
      preparing?.catch(() => {});
      const child = spawnAgentProcess({
        command: options.command,
        args: options.args,
        env: options.env,
        platform,
        logger,
        timers,
        signalTree,
        ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
        ...(options.fileSystem === undefined ? {} : { fileSystem: options.fileSystem }),
        ...(options.maxLineBytes === undefined ? {} : { maxLineBytes: options.maxLineBytes }),
        ...(options.stopGraceMs === undefined ? {} : { stopGraceMs: options.stopGraceMs }),
        ...(options.exitsOnStdinEof === undefined
          ? {}
          : { exitsOnStdinEof: options.exitsOnStdinEof }),
      });
      agent = child;
      // No relay yet: hold the agent's stdout (nothing is read, so nothing is lost).
      child.pauseOutput();
      child.onStderrLine((line) => {
        const shown = redact(line);
        logger.debug('agent stderr', { line: shown });
        emit({ type: 'agent-output', stream: 'stderr', line: shown });
        if (relay?.onAgentStderrLine !== undefined) serialiser.run(onAgentStderrLine, shown);
      });
      child.onLineTooLong((error) => {
        logger.error('agent line too long, discarded', {
          limitBytes: error.limitBytes,
          source: error.source,
        });
        emit({ type: 'line-too-long', error });
        if (relay?.onAgentLineTooLong !== undefined) serialiser.run(onAgentLineTooLong, error);
      });
      child.onInputDrain(notifyDrain);
      try {
        await preparing;
      } catch (error) {
        await child.stop();
        if (!finished) finish({ code: null, signal: null, stderrTail: '' }, undefined);
        throw error;
      }
      const closedWhilePreparing = closeRequested;
      const activeRelay = relayFactory.create({
        toAgent,
        toClient,
        emit,
        endAgentInput: () => agent?.endInput(),
        stopAgent,
        serialise: (task, argument) => serialiser.run(task, argument),
        redact,
      });
      relay = activeRelay;
      deliverClientLine = (line) => activeRelay.onClientLine(line);
      const onAgentLine = (line: string) => activeRelay.onAgentLine(line);
      child.onStdoutLine((line) => serialiser.run(onAgentLine, line));
      if (clientInputEnded) serialiser.run(() => activeRelay.onClientEnd(), undefined);
      if (clientListener !== undefined && !outputPausedByClient) child.resumeOutput();
      let recordFile: string | undefined;
      void child.exited.then((exit) => {
        // The tail lets the bridge say why the agent died (X-01, H-20); secrets are masked.
        const stderrTail = redact(child.stderrTail);
        serialiser.run(
          () => activeRelay.onAgentExit({ code: exit.code, signal: exit.signal, stderrTail }),
          undefined,
        );
        // Clean up descendants that outlived the leader, then settle (even if stopping failed).
        const settle = () =>
          finish(
            {
              code: exit.code,
              signal: exit.signal,
              stderrTail,
              ...(exit.spawnError === undefined
                ? {}
                : {
                    error: new AgentError(
                      'transport-closed',
                      `The process could not be started: ${exit.spawnError.message}`,
                      {
                        cause: exit.spawnError,
                      },
                    ),
                  }),
            },
            recordFile,
          );
        void child.stop().then(settle, (error: unknown) => {
          logger.warn('stopping the process tree failed', {
            message: error instanceof Error ? error.message : String(error),
          });
          settle();
        });
      });
      // Closed while preparing: the process is being stopped and `closed` settles once it exited.
      if (closedWhilePreparing)
        throw new AgentError('transport-closed', 'The transport was closed before it started.');
      try {
        await child.spawned;
      } catch (error) {
        throw new AgentError(
          'transport-closed',
          `The process could not be started: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
      const pid = child.pid;
      if (pid !== undefined) {
        if (options.stateDirectory !== undefined && inspector !== undefined && !finished) {
          recordFile = record(options.stateDirectory, inspector, pid);
        }
        emit({ type: 'agent-started', pid, command: options.command });
      }
    },
    writeClientLine(line) {
      if (finished || relay === undefined || agent === undefined) return false;
      serialiser.run(deliverClientLine, line);
      return !agent.inputCongested;
    },
    endClientInput() {
      if (finished || clientInputEnded) return;
      clientInputEnded = true;
      serialiser.run(() => relay?.onClientEnd(), undefined);
    },
    onClientLine(listener) {
      clientListener = listener;
      if (pendingClientLines.length > 0) {
        const lines = pendingClientLines;
        pendingClientLines = [];
        for (const line of lines) listener(line);
      }
      if (!outputPausedByClient && relay !== undefined) agent?.resumeOutput();
    },
    onInputDrain(listener) {
      drainListeners.push(listener);
    },
    pauseOutput() {
      outputPausedByClient = true;
      agent?.pauseOutput();
    },
    resumeOutput() {
      outputPausedByClient = false;
      if (clientListener !== undefined && relay !== undefined) agent?.resumeOutput();
    },
    onEvent(listener) {
      eventListeners.push(listener);
    },
    async close() {
      closeRequested = true;
      if (agent === undefined) {
        if (!finished) finish({ code: null, signal: null, stderrTail: '' }, undefined);
        return closed;
      }
      await agent.stop();
      return closed;
    },
    get readable() {
      return webStreams().readable;
    },
    get writable() {
      return webStreams().writable;
    },
  };
  let streams: ReturnType<typeof createWebStreams> | undefined;
  const webStreams = () => {
    streams ??= createWebStreams(transport);
    return streams;
  };
  return transport;
}
