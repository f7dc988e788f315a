import { constants } from 'node:os';
import { text } from 'node:stream/consumers';
import type { BridgeEvent, Logger } from '@agentbridge/core/contracts';
import { ConfigError, errorMessage, UsageError } from '@agentbridge/core/contracts';
import type { CommandLine } from '../../argv/parse-command-line.js';
import { printNeedsInput } from '../../argv/parse-command-line.js';
import type { RunSetup } from '../../cli.js';
import type { CliContext, TerminationSignal } from '../../cli-context.js';
import { createSessionStore } from '../../session/session-store.js';
import { createRunTransport } from './create-run-transport.js';
import type { RelayOutcome } from './run-modes.js';
import { runPrint, runStreamJson } from './run-modes.js';

/**
 * The main path: creates the backend's transport (an ACP agent behind the bridge, or a real
 * `claude`), relays in stream-json or print mode, records opened sessions for `--continue`, and
 * stops on SIGINT/SIGTERM/SIGHUP. Resolves with the exit code.
 */
export async function runAgent(
  context: CliContext,
  commandLine: CommandLine,
  setup: RunSetup,
  logger: Logger,
): Promise<number> {
  const { settings, catalog } = setup;
  if (settings.backendId === undefined) {
    const message = `no backend chosen. Pass --backend <id>, set AGENTBRIDGE_BACKEND, or add "backend: <id>" to .agentrc. Available: ${[...catalog.backends.keys()].join(', ')}.`;
    throw new ConfigError({ issues: [{ path: 'backend', message }] });
  }
  const { manifest } = catalog.get(settings.backendId);
  const passThrough = manifest.protocol === 'stream-json';
  const writeStderr = (line: string) => context.stderr.write(line);
  // A real `claude` judges its own flags, and handles -p itself: its lines are relayed as they are.
  if (!passThrough) for (const line of formatArgvNotes(commandLine)) writeStderr(line);
  const relayLines = commandLine.mode === 'stream-json' || passThrough;
  // Print mode: the prompt argument, else stdin (`echo 'prompt' | agentbridge -p`).
  const stdinText = async () => (context.stdinIsTerminal ? '' : (await text(context.stdin)).trim());
  const prompt = relayLines ? '' : (commandLine.prompt ?? (await stdinText()));
  if (!relayLines && prompt.trim() === '') throw new UsageError(printNeedsInput);

  const store = createSessionStore(settings);
  const latest = commandLine.continue && !passThrough;
  const continueSessionId = latest
    ? (await store.findLatest({ cwd: context.cwd, backendId: manifest.id }))?.sessionId
    : undefined;
  if (commandLine.continue) logger.info('continue', { sessionId: continueSessionId ?? null });
  const inputs = { context, commandLine, manifest, logger, continueSessionId };
  const transport = await createRunTransport({ ...setup, ...inputs });

  const pendingWrites: Promise<void>[] = [];
  // `--session-id`: an ACP agent chooses its own session ids; say so once when they differ.
  let sessionIdNoted = passThrough || commandLine.sessionId === undefined;
  // A real `claude` owns its stderr; an ACP agent's stderr is shown with --verbose or --debug.
  const showAgentStderr =
    passThrough || commandLine.verbose || commandLine.debug || commandLine.debugToStderr;
  const onEvent = (event: BridgeEvent) => {
    if (event.type === 'agent-output' && (event.stream === 'stdout' || showAgentStderr)) {
      writeStderr(`${event.line}\n`);
    } else if (event.type === 'session-opened') {
      if (!sessionIdNoted && event.sessionId !== commandLine.sessionId) {
        sessionIdNoted = true;
        writeStderr(
          `agentbridge: note: --session-id ${commandLine.sessionId} was not applied: ${manifest.displayName} chose the session id ${event.sessionId}\n`,
        );
      }
      const key = { cwd: context.cwd, backendId: manifest.id };
      const recorded = store.record({ ...key, sessionId: event.sessionId, updatedAt: Date.now() });
      const warn = (error: unknown) =>
        logger.warn('session store write failed', { message: errorMessage(error) });
      pendingWrites.push(recorded.catch(warn));
    } else if (event.type === 'auth-started') {
      writeStderr(
        `agentbridge: signing in to ${manifest.displayName} (${event.methodName}); follow the agent's instructions\n`,
      );
    }
  };

  const termination = new AbortController();
  const terminated = termination.signal;
  const removeSignalHandlers = context.onTerminate((signal) => {
    if (!terminated.aborted) termination.abort(signal);
    void transport.close();
  });
  try {
    const relay = { transport, stdout: context.stdout, onEvent };
    const { outputFormat } = commandLine;
    const outcome = relayLines
      ? await runStreamJson({ ...relay, stdin: context.stdin, terminated, writeStderr })
      : await runPrint({ ...relay, prompt, outputFormat });
    await Promise.all(pendingWrites);
    // Stopped by a signal: exit quietly with the shell's code for it (SIGINT 130, SIGTERM 143).
    if (terminated.aborted) return 128 + constants.signals[terminated.reason as TerminationSignal];
    const code = exitCodeOf(outcome, passThrough, writeStderr);
    if (!relayLines && !outcome.result && code === 0) {
      writeStderr('agentbridge: the agent ended without a result\n');
      return 1;
    }
    return code;
  } finally {
    removeSignalHandlers();
  }
}

/**
 * The stderr lines about the command line: one warning per unknown flag, one note per flag an ACP
 * agent cannot honour. Never a failure: clients such as the SDK add flags over time.
 */
export function formatArgvNotes(
  commandLine: Pick<CommandLine, 'unknownFlags' | 'unsupportedFlags'>,
) {
  return [
    ...commandLine.unknownFlags.map(
      (flag) => `agentbridge: warning: unknown option '${flag}' ignored\n`,
    ),
    ...commandLine.unsupportedFlags.map(
      (flag) => `agentbridge: note: --${flag} cannot be honoured by an ACP agent and is ignored\n`,
    ),
  ];
}

/**
 * The exit code after a relay, as `claude`: 1 when the transport failed, the agent exited non-zero
 * (or was killed before the client ended its input), or the last turn ended with an error
 * `result`; else 0. A process failure prints the reason and the agent's stderr tail (the Claude
 * Agent SDK shows it). A pass-through `claude` keeps its own exit code.
 */
export function exitCodeOf(
  outcome: RelayOutcome,
  passThrough: boolean,
  writeStderr: (text: string) => void,
): number {
  const { exit, inputEnded } = outcome;
  const tail = exit.stderrTail.trim() ? `\n${exit.stderrTail.trimEnd()}` : '';
  if (exit.error) {
    writeStderr(`agentbridge: ${exit.error.message}${tail}\n`);
    return 1;
  }
  if (passThrough) return exit.code ?? 1;
  if ((exit.code !== null && exit.code !== 0) || (exit.signal !== null && !inputEnded)) {
    const how = exit.signal ? `was killed by ${exit.signal}` : `exited with code ${exit.code}`;
    writeStderr(`agentbridge: the agent ${how}${tail}\n`);
    return 1;
  }
  return outcome.lastResultIsError ? 1 : 0;
}
