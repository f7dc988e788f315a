import { constants } from 'node:os';
import type { BridgeEvent, Transport } from '@agentbridge/core/contracts';
import { errorMessage } from '@agentbridge/core/contracts';
import {
  combineHostOperations,
  createAcpTransport,
  createClaudeTransport,
  createClientFiles,
  createClientTerminals,
  createHookCommands,
  createJsonSchemaValidator,
  createMcpEndpoint,
  createShellParser,
} from '@agentbridge/host-node';
import { type CliContext, cliVersion, type TerminationSignal } from '../../cli-context.js';
import { mcpRelayCommand } from '../../mcp/mcp-relay-command.js';
import { writeAgentSessionStubs } from '../../session/agent-session-stubs.js';
import { recordTranscript } from '../../session/record-transcript.js';
import { createStatusLine } from '../../ui/status-line.js';
import type { RunSetup } from '../run-setup.js';
import type { LaunchedAgent } from './launch-agent.js';
import { exitCodeOf, runPrint, runStreamJson } from './run-modes.js';

/**
 * The main path, once `launchAgent` started the agent: the backend's transport (an ACP agent
 * behind the bridge, or a real `claude`) relayed in stream-json or print mode; opened sessions
 * recorded for `--continue`; stops on signals.
 */
export async function runAgent(
  context: CliContext,
  setup: RunSetup,
  launched: LaunchedAgent,
): Promise<number> {
  const { commandLine, logger } = setup;
  const { manifest, passThrough, relayLines, prompt, store, key, redact } = launched;
  const terminated = launched.termination.signal;
  const writeStderr = (line: string) => context.stderr.write(line);
  let transport: Transport;
  let agentSession: ((id: string) => void) | undefined;
  let onAgentActivity: (() => void) | undefined;
  try {
    transport = createRunTransport(context, launched, () => onAgentActivity?.());
    if (launched.transcript !== undefined) {
      const recorded = recordTranscript(transport, {
        ...launched.transcript,
        cwd: context.cwd,
        version: cliVersion(),
        backendId: manifest.id,
        entrypoint: context.env.CLAUDE_CODE_ENTRYPOINT,
        mirror: commandLine.sessionMirror,
        logger,
      });
      transport = recorded.transport;
      agentSession = recorded.agentSession;
    }
  } catch (error) {
    // The transport did not take the agent over: stopping it is ours.
    launched.removeSignalHandlers();
    await launched.transportOptions.agent.stop();
    throw error;
  }

  const pendingWrites: Promise<void>[] = [];
  let openedSession: string | undefined;
  // `--session-id`: an ACP agent chooses its own session ids; say so once when they differ.
  let sessionIdNoted = passThrough || commandLine.sessionId === undefined;
  // A real `claude` owns its stderr; an ACP agent's stderr is shown with --verbose or --debug.
  const showAgentStderr = passThrough || commandLine.verbose || commandLine.debug;
  // FT-09: a person waiting on a print-mode run sees what the agent is doing (never on stdout).
  const status =
    !relayLines && (context.stderrIsTerminal || commandLine.verbose)
      ? createStatusLine({
          agentName: manifest.displayName,
          write: writeStderr,
          terminal: context.stderrIsTerminal === true,
          columns: (context.stderr as { columns?: number }).columns,
        })
      : undefined;
  onAgentActivity = status?.activity;
  const say = (line: string) => (status ? status.write(line) : writeStderr(line));
  let signingIn = false;
  const { env, hints } = manifest;
  const ways = [
    env.credentials[0] && `set ${env.credentials[0]}`,
    hints.login && `run \`agentbridge login ${manifest.id}\` once`,
  ].filter(Boolean);
  const signInHint = () =>
    say(
      `agentbridge: error: signing in to ${manifest.displayName} failed: ${ways.join(', or ') || 'sign in'}.${hints.loginNote ? ` ${hints.loginNote}` : ''}\n`,
    );
  const onEvent = (event: BridgeEvent) => {
    status?.observe(event);
    if (event.type === 'agent-output' && (event.stream === 'stdout' || showAgentStderr)) {
      say(`${event.line}\n`);
    } else if (event.type === 'session-opened') {
      openedSession = event.sessionId;
      agentSession?.(event.sessionId);
      if (!sessionIdNoted && event.sessionId !== commandLine.sessionId) {
        sessionIdNoted = true;
        writeStderr(
          `agentbridge: warning: --session-id ${commandLine.sessionId} was not applied: ${manifest.displayName} chose the session id ${event.sessionId}\n`,
        );
      }
      // After this tick's lines (`system/init`) are written: the store's first write loads
      // `node:fs/promises` (~1-2 ms).
      const record = { ...key, sessionId: event.sessionId, updatedAt: Date.now() };
      const written = new Promise((resolve) => setImmediate(resolve));
      const warn = (error: unknown) =>
        logger.warn('session store write failed', { message: errorMessage(error) });
      pendingWrites.push(written.then(() => store.record(record)).catch(warn));
    } else if (event.type === 'agent-sessions' && launched.transcript !== undefined) {
      // SN-12: the agent's sessions with no transcript become visible to `listSessions`.
      const { directory } = launched.transcript;
      const written = writeAgentSessionStubs(event.sessions, {
        directory,
        cwd: context.cwd,
        backendId: manifest.id,
        agentName: manifest.displayName,
        current: openedSession,
        now: () => new Date(),
      });
      const warn = (error: unknown) =>
        logger.warn('listed sessions not written', { message: errorMessage(error) });
      pendingWrites.push(written.then(() => undefined, warn));
    } else if (event.type === 'auth-started') {
      signingIn = true;
      if (!status)
        say(`agentbridge: signing in to ${manifest.displayName} (${event.methodName})\n`);
    } else if (event.type === 'auth-finished') {
      signingIn = false;
      if (!event.success) signInHint();
    }
  };

  const onAbort = () => {
    if (!relayLines)
      say(`agentbridge: interrupted (${terminated.reason}); stopping ${manifest.displayName}\n`);
    void transport.close();
  };
  if (terminated.aborted) onAbort();
  else terminated.addEventListener('abort', onAbort, { once: true });
  try {
    const relay = { transport, stdout: context.stdout, onEvent, mask: redact };
    const outcome = relayLines
      ? await runStreamJson({ ...relay, stdin: context.stdin, terminated, writeStderr })
      : await runPrint({ ...relay, prompt, outputFormat: commandLine.outputFormat });
    await Promise.all(pendingWrites);
    status?.stop();
    // Stopped by a signal: exit quietly with the shell's code for it (SIGINT 130, SIGTERM 143).
    if (terminated.aborted) return 128 + constants.signals[terminated.reason as TerminationSignal];
    // The run ended while the agent was still signing in (the handshake deadline).
    if (signingIn) signInHint();
    const code = exitCodeOf(outcome, passThrough, writeStderr);
    if (!relayLines && !outcome.result && code === 0) {
      writeStderr('agentbridge: error: the agent ended without a result\n');
      return 1;
    }
    return code;
  } finally {
    status?.stop();
    launched.removeSignalHandlers();
  }
}

/**
 * The run's transport, which takes the launched agent over: an ACP transport with the host
 * operations the manifest offers, or for a `stream-json` backend a pass-through.
 */
function createRunTransport(
  context: CliContext,
  launched: LaunchedAgent,
  onAgentActivity: () => void,
): Transport {
  const { manifest, launch, transportOptions, clientLimits } = launched;
  if (launch === undefined) return createClaudeTransport(transportOptions);
  // CF-05, CF-06: the client methods the manifest offers, on files and commands of the session's directories.
  const roots = [context.cwd, ...(launch.additionalDirectories ?? [])];
  const hostOperations = combineHostOperations(
    manifest.client?.fs && createClientFiles(roots, clientLimits),
    manifest.client?.terminal &&
      createClientTerminals({
        roots,
        env: transportOptions.env,
        logger: transportOptions.logger,
        maxOutputBytes: clientLimits.maxOutputBytes,
      }),
    // MCP-01, SO-03: the in-process MCP servers' endpoint and the structured output's validator.
    createMcpEndpoint({ relay: mcpRelayCommand }),
    createJsonSchemaValidator(),
    // HK-30: the settings files' command hooks, with the agent's environment.
    launch.commandHooks && createHookCommands({ env: transportOptions.env }),
    // RU-01: the bash grammar behind the shell permission rules, loaded on the first parse.
    createShellParser(),
  );
  // The bridge is pure: the host injects ids (uuids, as `claude` writes) and time.
  const backend = manifest;
  return createAcpTransport({
    ...transportOptions,
    launch,
    backend,
    hostOperations,
    onAgentActivity,
  });
}
