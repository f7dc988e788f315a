import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import type { AcpLaunch } from '@agentbridge/bridge-acp';
import type { BackendManifest, Logger, Transport } from '@agentbridge/core/contracts';
import { ConfigError, errorMessage, UsageError } from '@agentbridge/core/contracts';
import {
  createAcpTransport,
  createClaudeTransport,
  createRedactor,
  prepareAgentLaunch,
} from '@agentbridge/host-node';
import type { CommandLine } from '../../argv/parse-command-line.js';
import type { CliContext } from '../../cli-context.js';
import { cliVersion } from '../../cli-context.js';
import type { LaunchSettings, ResolvedSettings } from '../../config/resolve-settings.js';
import type { McpServers } from '../../mcp/parse-mcp-configs.js';
import { mcpSecretValues, parseMcpConfigs } from '../../mcp/parse-mcp-configs.js';
import { createUuidGenerator } from './create-uuid-generator.js';

/** What a run knows when it creates its transport (`continueSessionId`: for `--continue`). */
type RunInputs = {
  readonly context: CliContext;
  readonly commandLine: CommandLine;
  readonly settings: ResolvedSettings;
  readonly manifest: BackendManifest;
  readonly logger: Logger;
  readonly continueSessionId?: string | undefined;
};

/**
 * The (not yet started) transport of a run: checks the MCP configs and prompt files, prepares the
 * launch (executable, arguments, environment, secrets) and creates an ACP transport, or for a
 * `stream-json` backend a pass-through with the client's argv that keeps the Claude client variables.
 */
export async function createRunTransport(options: RunInputs): Promise<Transport> {
  const { context, commandLine, settings, manifest, logger } = options;
  const passThrough = manifest.protocol === 'stream-json';
  const command = settings.command ?? manifest.launch.command;
  // Usage errors in the command line come before any probing.
  const mcpServers = passThrough ? {} : await parseMcpConfigs(commandLine.mcpConfigs, context);
  const launch = passThrough
    ? undefined
    : buildAcpLaunch({ ...options, cwd: context.cwd, mcpServers, agentCommand: command });
  if (command === '') {
    const message = `backend '${manifest.id}' has no default command: pass --agent-command <cmd>, set AGENTBRIDGE_COMMAND, or add "command" to .agentrc.`;
    throw new ConfigError({ issues: [{ path: 'command', message }] });
  }
  const prepared = await prepareLaunch(context, manifest, { ...settings, logger });
  // MCP header and env values are secrets as much as the agent's credentials.
  const secrets = [...prepared.secrets, ...mcpSecretValues(mcpServers)];
  const { command: executable, args, env, version } = prepared;
  logger.info('starting agent', { backendId: manifest.id, command: executable, version });
  // The arguments may carry keys (`--agent-arg --api-key=…`): only at debug level, masked.
  logger.debug('agent arguments', { args: args.map(createRedactor(secrets)) });
  const { stateDirectory } = settings;
  const spawn = {
    command: executable,
    args,
    cwd: context.cwd,
    env,
    logger,
    stateDirectory,
    secrets,
  };
  if (!launch)
    return createClaudeTransport({ ...spawn, args: [...args, ...commandLine.passthrough] });
  // The bridge is pure: the host injects ids (uuids, as `claude` writes) and time.
  return createAcpTransport({
    ...spawn,
    launch,
    backend: manifest,
    newId: createUuidGenerator(),
    now: Date.now,
  });
}

/**
 * How a run (and `doctor`, so the two never disagree) starts a backend's agent: the executable
 * (PATH, then the backend's install dirs), the arguments (configured; none for a custom command,
 * B-13; else by installed version), the environment (an ACP agent loses the Claude client
 * variables; a real `claude` reads them) and the values to mask.
 */
export function prepareLaunch(
  context: CliContext,
  manifest: BackendManifest,
  options: LaunchSettings & {
    readonly env: Readonly<Record<string, string>>;
    readonly stateDirectory: string;
    readonly logger: Logger;
  },
) {
  return prepareAgentLaunch({
    ...options,
    manifest,
    parentEnv: context.env,
    configEnv: options.env,
    platform: context.platform,
    cwd: context.cwd,
    homeDirectory: context.homeDirectory,
    keepClaudeClientVariables: manifest.protocol === 'stream-json',
  });
}

/**
 * The bridge's launch settings. `--resume` wins over `--continue`; `--continue` without an earlier
 * session starts a new one (as `claude`). A missing prompt file is a usage error.
 */
export function buildAcpLaunch(
  options: Omit<RunInputs, 'context' | 'logger'> & {
    readonly cwd: string;
    readonly mcpServers: McpServers;
    /** The executable that will be launched (for sign-in hints). */
    readonly agentCommand: string;
    /** Reads the prompt files (default: from disk). */
    readonly readFile?: (path: string) => string;
  },
): AcpLaunch {
  const { commandLine, settings, cwd } = options;
  const readFile = options.readFile ?? ((path: string) => readFileSync(path, 'utf8'));
  const promptFile = (flag: string, path: string | undefined) => {
    try {
      return path === undefined ? undefined : readFile(resolve(cwd, path));
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
      commandLine.additionalDirectories.map((directory) =>
        isAbsolute(directory) ? directory : resolve(cwd, directory),
      ),
    ),
    includePartialMessages: commandLine.includePartialMessages || undefined,
    replayUserMessages: commandLine.replayUserMessages || undefined,
    awaitInitialize: commandLine.awaitInitialize || undefined,
    permissionPromptTool: commandLine.permissionPromptTool,
    allowedTools: nonEmpty(commandLine.allowedTools),
    disallowedTools: nonEmpty(commandLine.disallowedTools),
    clientInfo: { name: 'agentbridge', title: 'agentbridge', version: cliVersion() },
    agentCommand: options.agentCommand,
    handshakeTimeoutMs: settings.handshakeTimeoutMs ?? options.manifest.process.handshakeTimeoutMs,
  };
}
