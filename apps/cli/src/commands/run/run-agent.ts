import type { Logger } from '@agentbridge/core/contracts';
import { ConfigError, UsageError } from '@agentbridge/core/contracts';
import type { CommandLine } from '../../argv/parse-command-line.js';
import type { CliContext, TerminationSignal } from '../../cli-context.js';
import type { RunSetup } from '../../resolve-run-setup.js';
import { createSessionStore } from '../../session/session-store.js';
import { formatArgvNotes } from '../../ui/format-argv-notes.js';
import { createRunTransport } from './create-run-transport.js';
import { exitCodeOf } from './exit-code-of.js';
import { readPrompt } from './read-prompt.js';
import type { RelayEvent } from './relay-transport.js';
import { runPrint } from './run-print.js';
import { runStreamJson } from './run-stream-json.js';

const signalNumbers = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;

/**
 * The main path: picks the backend, creates its transport (an ACP agent behind the bridge, or a
 * real `claude` for `stream-json` backends), relays in stream-json or print mode, records opened
 * sessions for `--continue`, and stops on SIGINT/SIGTERM/SIGHUP. Resolves with the exit code.
 */
export async function runAgent(
  context: CliContext,
  commandLine: CommandLine,
  setup: RunSetup,
  logger: Logger,
): Promise<number> {
  const { settings, catalog } = setup;
  if (settings.backendId === undefined) {
    throw new ConfigError({
      issues: [
        {
          path: 'backend',
          message: `no backend chosen. Pass --backend <id>, set AGENTBRIDGE_BACKEND, or add "backend: <id>" to .agentrc. Available: ${[...catalog.backends.keys()].join(', ')}.`,
        },
      ],
    });
  }
  const { manifest } = catalog.get(settings.backendId);
  const passThrough = manifest.protocol === 'stream-json';
  const writeStderr = (text: string) => {
    context.stderr.write(text);
  };
  // A real `claude` judges its own flags.
  if (!passThrough) for (const line of formatArgvNotes(commandLine)) writeStderr(line);

  // A pass-through `claude` handles -p itself: its lines are relayed as they are in every mode.
  const relayLines = commandLine.mode === 'stream-json' || passThrough;
  const prompt = relayLines ? '' : (commandLine.prompt ?? (await readPrompt(context)));
  if (!relayLines && prompt.trim() === '') {
    throw new UsageError(
      'Error: Input must be provided either through stdin or as a prompt argument when using --print',
    );
  }

  const store = createSessionStore({ stateDirectory: settings.stateDirectory });
  const continueSessionId =
    commandLine.continue && !passThrough
      ? (await store.findLatest({ cwd: context.cwd, backendId: manifest.id }))?.sessionId
      : undefined;
  if (commandLine.continue) logger.info('continue', { sessionId: continueSessionId ?? null });
  const transport = await createRunTransport({
    context,
    commandLine,
    settings,
    manifest,
    logger,
    ...(continueSessionId === undefined ? {} : { continueSessionId }),
  });

  const pendingWrites: Promise<void>[] = [];
  // `--session-id`: an ACP agent chooses its own session ids; say so once when they differ.
  let sessionIdNoted = passThrough || commandLine.sessionId === undefined;
  const noteForeignSessionId = (sessionId: string) => {
    if (sessionIdNoted || sessionId === commandLine.sessionId) return;
    sessionIdNoted = true;
    writeStderr(
      `agentbridge: note: --session-id ${commandLine.sessionId} was not applied: ${manifest.displayName} chose the session id ${sessionId}\n`,
    );
  };
  // A real `claude` owns its stderr; an ACP agent's stderr is shown with --verbose or --debug.
  const showAgentStderr =
    passThrough || commandLine.verbose || commandLine.debug || commandLine.debugToStderr;
  const onEvent = (event: RelayEvent) => {
    if (event.type === 'agent-output' && (event.stream === 'stdout' || showAgentStderr)) {
      writeStderr(`${event.line}\n`);
    } else if (event.type === 'session-opened') {
      noteForeignSessionId(event.sessionId);
      const record = {
        cwd: context.cwd,
        backendId: manifest.id,
        sessionId: event.sessionId,
        updatedAt: Date.now(),
      };
      pendingWrites.push(
        store.record(record).catch((error: unknown) =>
          logger.warn('session store write failed', {
            message: error instanceof Error ? error.message : String(error),
          }),
        ),
      );
    } else if (event.type === 'auth-started') {
      writeStderr(
        `agentbridge: signing in to ${manifest.displayName} (${event.methodName}); follow the agent's instructions\n`,
      );
    }
  };

  let terminatedBy: TerminationSignal | undefined;
  const termination = new AbortController();
  const removeSignalHandlers = context.onTerminate((signal) => {
    terminatedBy ??= signal;
    termination.abort();
    void transport.close();
  });
  try {
    const outcome = relayLines
      ? await runStreamJson({
          transport,
          stdin: context.stdin,
          stdout: context.stdout,
          onEvent,
          terminated: termination.signal,
          writeStderr,
        })
      : await runPrint({
          transport,
          prompt,
          outputFormat: commandLine.outputFormat,
          stdout: context.stdout,
          onEvent,
        });
    await Promise.all(pendingWrites);
    // Stopped by a signal: exit quietly with the shell's code for it (SIGINT 130, SIGTERM 143).
    if (terminatedBy !== undefined) return 128 + signalNumbers[terminatedBy];
    const code = exitCodeOf(outcome, { passThrough, writeStderr });
    if (!relayLines && !('result' in outcome) && code === 0) {
      writeStderr('agentbridge: the agent ended without a result\n');
      return 1;
    }
    return code;
  } finally {
    removeSignalHandlers();
  }
}
