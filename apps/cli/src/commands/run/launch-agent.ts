import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { text } from 'node:stream/consumers';
import type { AcpLaunch } from '@agentbridge/bridge-acp';
import type { BackendManifest, Logger } from '@agentbridge/core/contracts';
import { ConfigError, errorMessage, UsageError } from '@agentbridge/core/contracts';
import { createRedactor, prepareAgentLaunch, spawnAgentProcess } from '@agentbridge/host-node';
import {
  formatArgvNotes,
  noInteractiveMode,
  printNeedsInput,
} from '../../argv/parse-command-line.js';
import { type CliContext, cliVersion } from '../../cli-context.js';
import type { LaunchSettings, ResolvedSettings } from '../../config/resolve-settings.js';
import { type McpServers, mcpSecretValues, parseMcpConfigs } from '../../mcp/parse-mcp-configs.js';
import { planResume, type ResumePlan } from '../../session/plan-resume.js';
import { projectSlug } from '../../session/read-transcript.js';
import { createSessionStore } from '../../session/session-store.js';
import { loadClaudeSettings } from '../../settings/load-claude-settings.js';
import {
  type SettingsLaunchFields,
  settingsLaunchFields,
} from '../../settings/settings-launch-fields.js';
import type { RunSetup } from '../run-setup.js';

/** A run whose agent is already booting: what {@link launchAgent} found, for `runAgent`. */
export type LaunchedAgent = Awaited<ReturnType<typeof launchAgent>>;

/**
 * The first half of a run, as little as starting the agent takes, so that it boots while the rest
 * (transport, bridge) loads: the backend, the prompt (print mode), every usage error (MCP configs,
 * prompt files, an empty command), the launch and its secrets' mask, then the spawn. From the spawn
 * on, a signal aborts `termination` and stops the agent (`runAgent` removes the handlers).
 */
export async function launchAgent(context: CliContext, setup: RunSetup) {
  const { settings, catalog, commandLine, logger } = setup;
  if (settings.backendId === undefined) {
    const message = `no backend chosen. Pass --backend <id>, set AGENTBRIDGE_BACKEND, or add "backend: <id>" to .agentrc. Available: ${[...catalog.backends.keys()].join(', ')}.`;
    throw new ConfigError({ issues: [{ path: 'backend', message }] });
  }
  const { manifest } = catalog.get(settings.backendId);
  const passThrough = manifest.protocol === 'stream-json';
  // A real `claude` judges its own flags, and handles -p itself: its lines are relayed as they are.
  if (!passThrough) for (const line of formatArgvNotes(commandLine)) context.stderr.write(line);
  const relayLines = commandLine.mode === 'stream-json' || passThrough;
  // Print mode: the prompt argument, else stdin (`echo 'prompt' | agentbridge -p`).
  const stdinText = async () => (context.stdinIsTerminal ? '' : (await text(context.stdin)).trim());
  const prompt = relayLines ? '' : (commandLine.prompt ?? (await stdinText()));
  if (!relayLines && prompt.trim() === '')
    throw new UsageError(commandLine.print ? printNeedsInput : noInteractiveMode);

  const store = createSessionStore(settings);
  const key = { cwd: context.cwd, backendId: manifest.id };
  const latest = commandLine.continue && !passThrough ? await store.findLatest(key) : undefined;
  const continueSessionId = latest?.sessionId;
  if (commandLine.continue) logger.info('continue', { sessionId: continueSessionId ?? null });

  const { cwd } = context;
  const agentCommand = settings.command ?? manifest.launch.command;
  const mcpServers = passThrough ? {} : await parseMcpConfigs(commandLine.mcpConfigs, cwd);
  // A real `claude` reads its settings files itself.
  const claude = passThrough ? undefined : await loadLaunchSettings(context, commandLine);
  // A real `claude` keeps its own transcripts (SN-01).
  const transcriptDirectory = passThrough ? undefined : projectDirectoryOf(context);
  const resume =
    transcriptDirectory === undefined
      ? undefined
      : planResume(commandLine, {
          projectDirectory: transcriptDirectory,
          backendId: manifest.id,
          agentName: manifest.displayName,
          recordedSessionId: continueSessionId,
          ownsUnmarked: manifest.sessions?.writesClaudeTranscripts,
        });
  const inputs = {
    ...setup,
    manifest,
    resume: resume?.launch,
    cwd,
    mcpServers,
    agentCommand,
    claude,
  };
  const launch = passThrough ? undefined : buildAcpLaunch(inputs);
  if (agentCommand === '') {
    const message = `backend '${manifest.id}' has no default command: pass --agent-command <cmd>, set AGENTBRIDGE_COMMAND, or add "command" to .agentrc.`;
    throw new ConfigError({ issues: [{ path: 'command', message }] });
  }
  const settingsEnv = claude?.env;
  const { backends } = catalog;
  const launchOptions = { ...settings, settingsEnv, logger, backends };
  const prepared = await prepareLaunch(context, manifest, launchOptions);
  const { command, env, version } = prepared;
  const args = passThrough ? [...prepared.args, ...commandLine.passthrough] : prepared.args;
  // MCP header and env values are secrets as much as the agent's credentials; from now on every
  // byte written to stdout and stderr is masked (FT-08).
  const secrets = [...prepared.secrets, ...mcpSecretValues(mcpServers)];
  const redact = createRedactor(secrets);
  context.maskOutput?.(redact);
  const { stopGraceMs, exitsOnStdinEof } = manifest.process;
  const spawn = { command, args, cwd, env, logger, stopGraceMs, exitsOnStdinEof };
  const agent = spawnAgentProcess(spawn);
  const termination = new AbortController();
  const removeSignalHandlers = context.onTerminate((signal) => {
    termination.abort(signal); // the first signal is the reason
    void agent.stop();
  });
  logger.info('starting agent', { backendId: manifest.id, command, version });
  // The arguments may carry keys (`--agent-arg --api-key=…`): only at debug level.
  logger.debug('agent arguments', { args: prepared.args });
  const { stateDirectory } = settings;
  const transportOptions = { ...spawn, agent, stateDirectory, secrets };
  const { maxReadBytes, maxOutputBytes } = settings;
  return {
    manifest,
    passThrough,
    relayLines,
    prompt,
    store,
    key,
    launch,
    transcript:
      transcriptDirectory &&
      commandLine.persistSession &&
      !manifest.sessions?.writesClaudeTranscripts
        ? { directory: transcriptDirectory, ...resume?.transcript }
        : undefined,
    redact,
    transportOptions,
    /** CF-09: the host's caps on the agent's client calls (`.agentrc`). */
    clientLimits: { maxReadBytes, maxOutputBytes },
    termination,
    removeSignalHandlers,
  };
}

/**
 * How a run and `doctor` (so the two never disagree) start an agent; only a real `claude` keeps the
 * Claude client variables. A custom command gets no default arguments (B-13). Every registered
 * backend's credentials are withheld from the others' agents (EV-01).
 */
export function prepareLaunch(
  context: CliContext,
  manifest: BackendManifest,
  options: LaunchSettings &
    Pick<ResolvedSettings, 'env' | 'passEnv' | 'stateDirectory'> & {
      logger: Logger;
      settingsEnv?: Readonly<Record<string, string>> | undefined;
      backends: RunSetup['catalog']['backends'];
    },
) {
  const { env: parentEnv, platform, cwd, homeDirectory } = context;
  const keepClaudeClientVariables = manifest.protocol === 'stream-json';
  const host = { parentEnv, platform, cwd, homeDirectory, keepClaudeClientVariables };
  const otherCredentials = [...options.backends.values()].flatMap(
    (backend) => backend.manifest.env.credentials,
  );
  const launch = { ...options, ...host, manifest, configEnv: options.env, otherCredentials };
  return prepareAgentLaunch(launch);
}

/** SE-01: Claude Code's settings files for this run; what they drop is told on stderr. */
async function loadLaunchSettings(context: CliContext, commandLine: RunSetup['commandLine']) {
  const { settings, diagnostics } = await loadClaudeSettings({
    ...context,
    sources: commandLine.settingSources,
    flagSettings: commandLine.settings,
  });
  for (const line of diagnostics) context.stderr.write(`agentbridge: warning: ${line}\n`);
  return settingsLaunchFields(settings);
}

/** SN-01: Claude Code's project directory of the run's cwd (`$CLAUDE_CONFIG_DIR`, else `~/.claude`). */
function projectDirectoryOf(context: CliContext): string {
  const configDirectory = context.env.CLAUDE_CONFIG_DIR || join(context.homeDirectory, '.claude');
  return join(configDirectory, 'projects', projectSlug(context.cwd));
}

/**
 * The bridge's launch settings; `--continue` without an earlier session starts anew (as `claude`).
 * The settings files' rules add to the flags' (SE-04); flags and `.agentrc` win for mode and model.
 */
export function buildAcpLaunch(
  options: Pick<RunSetup, 'commandLine' | 'settings'> & {
    readonly manifest: BackendManifest;
    /** SN-07 to SN-10: the conversation to continue, as {@link planResume} found it. */
    readonly resume?: ResumePlan['launch'] | undefined;
    readonly cwd: string;
    readonly mcpServers: McpServers;
    /** The executable that will be launched (for sign-in hints). */
    readonly agentCommand: string;
    /** What the Claude settings files give (SE-04). */
    readonly claude?: SettingsLaunchFields | undefined;
  },
): AcpLaunch {
  const { commandLine, settings, cwd, claude } = options;
  const promptFile = (flag: string, path: string | undefined) => {
    try {
      return path === undefined ? undefined : readFileSync(resolve(cwd, path), 'utf8');
    } catch (error) {
      throw new UsageError(`Error: cannot read ${flag} ${path}: ${errorMessage(error)}`);
    }
  };
  const nonEmpty = <Value>(list: readonly Value[]) => (list.length > 0 ? list : undefined);
  return {
    cwd,
    ...options.resume,
    model: settings.model ?? claude?.model,
    permissionMode: settings.permissionMode ?? claude?.permissionMode,
    authMethodId: settings.authMethod,
    systemPrompt:
      commandLine.systemPrompt ?? promptFile('--system-prompt-file', commandLine.systemPromptFile),
    appendSystemPrompt:
      commandLine.appendSystemPrompt ??
      promptFile('--append-system-prompt-file', commandLine.appendSystemPromptFile),
    mcpServers: Object.keys(options.mcpServers).length > 0 ? options.mcpServers : undefined,
    additionalDirectories: nonEmpty(
      [...commandLine.additionalDirectories, ...(claude?.additionalDirectories ?? [])].map(
        (directory) => resolve(cwd, directory),
      ),
    ),
    // SN-12: the agent's own sessions are listed where agentbridge writes the transcripts.
    listSessions:
      (commandLine.persistSession && !options.manifest.sessions?.writesClaudeTranscripts) ||
      undefined,
    includePartialMessages: commandLine.includePartialMessages || undefined,
    replayUserMessages: commandLine.replayUserMessages || undefined,
    // Print mode sends no `initialize` to wait for (FT-10).
    awaitInitialize:
      (commandLine.awaitInitialize && commandLine.mode === 'stream-json') || undefined,
    permissionPromptTool: commandLine.permissionPromptTool,
    allowedTools: nonEmpty([...commandLine.allowedTools, ...(claude?.allowedTools ?? [])]),
    disallowedTools: nonEmpty([...commandLine.disallowedTools, ...(claude?.disallowedTools ?? [])]),
    askTools: nonEmpty(claude?.askTools ?? []),
    commandHooks:
      claude && Object.keys(claude.commandHooks).length > 0 ? claude.commandHooks : undefined,
    notices: nonEmpty(claude?.notices ?? []),
    clientInfo: { name: 'agentbridge', title: 'agentbridge', version: cliVersion() },
    agentCommand: options.agentCommand,
    handshakeTimeoutMs: settings.handshakeTimeoutMs ?? options.manifest.process.handshakeTimeoutMs,
    cancelGraceMs: settings.cancelGraceMs,
    stallTimeoutMs: settings.stallTimeoutMs,
    jsonSchema: commandLine.jsonSchema,
    // LM-08: what cannot be honoured is also told to the client in-band, not only on stderr.
    limits: { ...commandLine.limits, ignoredOptions: commandLine.unsupportedFlags },
  };
}
