import { readFileSync } from 'node:fs';
import { constants } from 'node:os';
import { resolve } from 'node:path';
import { text } from 'node:stream/consumers';
import type { AcpLaunch } from '@agentbridge/bridge-acp';
import type { BackendManifest, BridgeEvent, Logger, Transport } from '@agentbridge/core/contracts';
import { ConfigError, errorMessage, UsageError } from '@agentbridge/core/contracts';
import {
  combineHostOperations,
  createAcpTransport,
  createClaudeTransport,
  createClientFiles,
  createClientTerminals,
  createJsonSchemaValidator,
  createMcpEndpoint,
  createRedactor,
  prepareAgentLaunch,
} from '@agentbridge/host-node';
import { formatArgvNotes, printNeedsInput } from '../../argv/parse-command-line.js';
import type { RunSetup } from '../../cli.js';
import { type CliContext, cliVersion, type TerminationSignal } from '../../cli-context.js';
import type { LaunchSettings, ResolvedSettings } from '../../config/resolve-settings.js';
import { mcpRelayCommand } from '../../mcp/mcp-relay-command.js';
import { type McpServers, mcpSecretValues, parseMcpConfigs } from '../../mcp/parse-mcp-configs.js';
import { createSessionStore } from '../../session/session-store.js';
import { createStatusLine } from '../../ui/status-line.js';
import { exitCodeOf, runPrint, runStreamJson } from './run-modes.js';

/**
 * The main path: the backend's transport (an ACP agent behind the bridge, or a real `claude`)
 * relayed in stream-json or print mode; opened sessions recorded for `--continue`; stops on signals.
 */
export async function runAgent(context: CliContext, setup: RunSetup): Promise<number> {
  const { settings, catalog, commandLine, logger } = setup;
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
  const key = { cwd: context.cwd, backendId: manifest.id };
  const latest = commandLine.continue && !passThrough ? await store.findLatest(key) : undefined;
  const continueSessionId = latest?.sessionId;
  if (commandLine.continue) logger.info('continue', { sessionId: continueSessionId ?? null });
  const { transport, redact } = await createRunTransport({
    ...setup,
    context,
    manifest,
    continueSessionId,
  });

  const pendingWrites: Promise<void>[] = [];
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
  const say = (line: string) => (status ? status.write(line) : writeStderr(line));
  let signingIn = false;
  const { env, hints } = manifest;
  const ways = [
    env.credentials[0] && `set ${env.credentials[0]}`,
    hints.login && `run \`agentbridge login ${manifest.id}\` once`,
  ].filter(Boolean);
  const signInHint = () =>
    say(
      `agentbridge: signing in to ${manifest.displayName} failed: ${ways.join(', or ') || 'sign in'}.${hints.loginNote ? ` ${hints.loginNote}` : ''}\n`,
    );
  const onEvent = (event: BridgeEvent) => {
    status?.observe(event);
    if (event.type === 'agent-output' && (event.stream === 'stdout' || showAgentStderr)) {
      say(`${event.line}\n`);
    } else if (event.type === 'session-opened') {
      if (!sessionIdNoted && event.sessionId !== commandLine.sessionId) {
        sessionIdNoted = true;
        writeStderr(
          `agentbridge: note: --session-id ${commandLine.sessionId} was not applied: ${manifest.displayName} chose the session id ${event.sessionId}\n`,
        );
      }
      const recorded = store.record({ ...key, sessionId: event.sessionId, updatedAt: Date.now() });
      const warn = (error: unknown) =>
        logger.warn('session store write failed', { message: errorMessage(error) });
      pendingWrites.push(recorded.catch(warn));
    } else if (event.type === 'auth-started') {
      signingIn = true;
      if (!status)
        say(`agentbridge: signing in to ${manifest.displayName} (${event.methodName})\n`);
    } else if (event.type === 'auth-finished') {
      signingIn = false;
      if (!event.success) signInHint();
    }
  };

  const termination = new AbortController();
  const terminated = termination.signal;
  const removeSignalHandlers = context.onTerminate((signal) => {
    if (!terminated.aborted && !relayLines)
      say(`agentbridge: interrupted (${signal}); stopping ${manifest.displayName}\n`);
    termination.abort(signal); // the first signal is the reason
    void transport.close();
  });
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
      writeStderr('agentbridge: the agent ended without a result\n');
      return 1;
    }
    return code;
  } finally {
    status?.stop();
    removeSignalHandlers();
  }
}

/** What a run knows when it creates its transport (`continueSessionId`: for `--continue`). */
type RunInputs = Pick<RunSetup, 'commandLine' | 'settings' | 'logger'> & {
  readonly context: CliContext;
  readonly manifest: BackendManifest;
  readonly continueSessionId?: string | undefined;
};

/**
 * The (not yet started) transport of a run: an ACP transport, or for a `stream-json` backend a
 * pass-through with the client's argv; and the mask of its secrets. Usage errors (MCP configs,
 * prompt files) come first.
 */
async function createRunTransport(options: RunInputs) {
  const { context, commandLine, settings, manifest, logger } = options;
  const isAcp = manifest.protocol === 'acp';
  const agentCommand = settings.command ?? manifest.launch.command;
  const mcpServers = isAcp ? await parseMcpConfigs(commandLine.mcpConfigs, context.cwd) : {};
  const launch =
    isAcp && buildAcpLaunch({ ...options, cwd: context.cwd, mcpServers, agentCommand });
  if (agentCommand === '') {
    const message = `backend '${manifest.id}' has no default command: pass --agent-command <cmd>, set AGENTBRIDGE_COMMAND, or add "command" to .agentrc.`;
    throw new ConfigError({ issues: [{ path: 'command', message }] });
  }
  const prepared = await prepareLaunch(context, manifest, { ...settings, logger });
  const { command, args, env, version } = prepared;
  // MCP header and env values are secrets as much as the agent's credentials; from now on every
  // byte written to stdout and stderr is masked (FT-08).
  const secrets = [...prepared.secrets, ...mcpSecretValues(mcpServers)];
  const redact = createRedactor(secrets);
  context.maskOutput?.(redact);
  logger.info('starting agent', { backendId: manifest.id, command, version });
  // The arguments may carry keys (`--agent-arg --api-key=…`): only at debug level.
  logger.debug('agent arguments', { args });
  const { stateDirectory } = settings;
  const spawn = { command, args, cwd: context.cwd, env, logger, stateDirectory, secrets };
  // The bridge is pure: the host injects ids (uuids, as `claude` writes) and time.
  // CF-05, CF-06: the client methods the manifest offers, on files and commands of the session's directories.
  const roots = [context.cwd, ...(launch ? (launch.additionalDirectories ?? []) : [])];
  const hostOperations = combineHostOperations(
    manifest.client?.fs && createClientFiles(roots),
    manifest.client?.terminal && createClientTerminals({ roots, env }),
    // MCP-01, SO-03: the in-process MCP servers' endpoint and the structured output's validator.
    createMcpEndpoint({ relay: mcpRelayCommand }),
    createJsonSchemaValidator(),
  );
  const transport: Transport = launch
    ? createAcpTransport({ ...spawn, launch, backend: manifest, hostOperations })
    : createClaudeTransport({ ...spawn, args: [...args, ...commandLine.passthrough] });
  return { transport, redact };
}

/**
 * How a run and `doctor` (so the two never disagree) start an agent; only a real `claude` keeps the
 * Claude client variables. A custom command gets no default arguments (B-13).
 */
export function prepareLaunch(
  context: CliContext,
  manifest: BackendManifest,
  options: LaunchSettings & Pick<ResolvedSettings, 'env' | 'stateDirectory'> & { logger: Logger },
) {
  const { env: parentEnv, platform, cwd, homeDirectory } = context;
  const keepClaudeClientVariables = manifest.protocol === 'stream-json';
  const host = { parentEnv, platform, cwd, homeDirectory, keepClaudeClientVariables };
  return prepareAgentLaunch({ ...options, ...host, manifest, configEnv: options.env });
}

/** The bridge's launch settings; `--continue` without an earlier session starts anew (as `claude`). */
export function buildAcpLaunch(
  options: Omit<RunInputs, 'context' | 'logger'> & {
    readonly cwd: string;
    readonly mcpServers: McpServers;
    /** The executable that will be launched (for sign-in hints). */
    readonly agentCommand: string;
  },
): AcpLaunch {
  const { commandLine, settings, cwd } = options;
  const promptFile = (flag: string, path: string | undefined) => {
    try {
      return path === undefined ? undefined : readFileSync(resolve(cwd, path), 'utf8');
    } catch (error) {
      throw new UsageError(`Error: cannot read ${flag} ${path}: ${errorMessage(error)}`);
    }
  };
  const resumeSessionId =
    commandLine.resume ?? (commandLine.continue ? options.continueSessionId : undefined);
  const nonEmpty = <Value>(list: readonly Value[]) => (list.length > 0 ? list : undefined);
  return {
    cwd,
    resumeSessionId,
    forkSession: (commandLine.forkSession && resumeSessionId !== undefined) || undefined,
    model: settings.model,
    permissionMode: settings.permissionMode,
    authMethodId: settings.authMethod,
    systemPrompt:
      commandLine.systemPrompt ?? promptFile('--system-prompt-file', commandLine.systemPromptFile),
    appendSystemPrompt:
      commandLine.appendSystemPrompt ??
      promptFile('--append-system-prompt-file', commandLine.appendSystemPromptFile),
    mcpServers: Object.keys(options.mcpServers).length > 0 ? options.mcpServers : undefined,
    additionalDirectories: nonEmpty(
      commandLine.additionalDirectories.map((directory) => resolve(cwd, directory)),
    ),
    includePartialMessages: commandLine.includePartialMessages || undefined,
    replayUserMessages: commandLine.replayUserMessages || undefined,
    // Print mode sends no `initialize` to wait for (FT-10).
    awaitInitialize:
      (commandLine.awaitInitialize && commandLine.mode === 'stream-json') || undefined,
    permissionPromptTool: commandLine.permissionPromptTool,
    allowedTools: nonEmpty(commandLine.allowedTools),
    disallowedTools: nonEmpty(commandLine.disallowedTools),
    clientInfo: { name: 'agentbridge', title: 'agentbridge', version: cliVersion() },
    agentCommand: options.agentCommand,
    handshakeTimeoutMs: settings.handshakeTimeoutMs ?? options.manifest.process.handshakeTimeoutMs,
    cancelGraceMs: settings.cancelGraceMs,
    jsonSchema: commandLine.jsonSchema,
    // LM-08: what cannot be honoured is also told to the client in-band, not only on stderr.
    limits: { ...commandLine.limits, ignoredOptions: commandLine.unsupportedFlags },
  };
}
