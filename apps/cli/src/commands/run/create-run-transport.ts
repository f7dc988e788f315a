import { readFileSync } from 'node:fs';
import type { BackendManifest, Logger } from '@agentbridge/core/contracts';
import { ConfigError } from '@agentbridge/core/contracts';
import {
  createAcpBridgeTransport,
  createClaudeCliTransport,
  createRedactor,
  prepareAgentLaunch,
} from '@agentbridge/host-node';
import type { CommandLine } from '../../argv/parse-command-line.js';
import type { CliContext } from '../../cli-context.js';
import { cliVersion } from '../../cli-version.js';
import type { ResolvedSettings } from '../../config/resolve-settings.js';
import { mcpSecretValues } from '../../mcp/mcp-secret-values.js';
import { parseMcpConfigs } from '../../mcp/parse-mcp-configs.js';
import { buildAcpLaunch } from './build-acp-launch.js';
import { createUuidGenerator } from './create-uuid-generator.js';
import type { RelayTransport } from './relay-transport.js';

/** Options of {@link createRunTransport}. */
export type CreateRunTransportOptions = {
  readonly context: CliContext;
  readonly commandLine: CommandLine;
  readonly settings: ResolvedSettings;
  readonly manifest: BackendManifest;
  readonly logger: Logger;
  /** `--continue`: the stored session to reopen, if any. */
  readonly continueSessionId?: string;
};

/**
 * Builds the (not yet started) transport of a run: checks the MCP configs and prompt files,
 * prepares the launch with host-node's `prepareAgentLaunch` (the executable on PATH or in the
 * backend's install dirs; the arguments: configured, none for a custom command, else by installed
 * version; the environment: minus the Claude client variables for an ACP agent, plus the backend's
 * defaults and the config's `env`), and creates an `AcpBridgeTransport`, or a `ClaudeCliTransport`
 * with the client's argv for a `stream-json` backend (which keeps the Claude client variables).
 */
export async function createRunTransport(
  options: CreateRunTransportOptions,
): Promise<RelayTransport> {
  const { context, commandLine, settings, manifest, logger } = options;
  const passThrough = manifest.protocol === 'stream-json';
  const command = settings.command ?? manifest.launch.command;
  const readFile = (path: string) => readFileSync(path, 'utf8');
  // Usage errors in the command line come before any probing.
  const mcpServers = passThrough
    ? {}
    : await parseMcpConfigs(commandLine.mcpConfigs, { cwd: context.cwd, readFile });
  const launch = passThrough
    ? undefined
    : buildAcpLaunch({
        commandLine,
        settings,
        manifest,
        cwd: context.cwd,
        mcpServers,
        ...(options.continueSessionId === undefined
          ? {}
          : { continueSessionId: options.continueSessionId }),
        agentCommand: command,
        clientVersion: cliVersion(),
        readFile,
      });

  if (command === '') {
    throw new ConfigError({
      issues: [
        {
          path: 'command',
          message: `backend '${manifest.id}' has no default command: pass --agent-command <cmd>, set AGENTBRIDGE_COMMAND, or add "command" to .agentrc.`,
        },
      ],
    });
  }
  // The executable (PATH, then the backend's install dirs), its arguments (configured; none for
  // a custom command, B-13; else by installed version) and its environment. An ACP agent loses the
  // Claude client variables; a real `claude` reads them, so a pass-through keeps them.
  const prepared = await prepareAgentLaunch({
    manifest,
    ...(settings.command === undefined ? {} : { command: settings.command }),
    ...(settings.args === undefined ? {} : { args: settings.args }),
    parentEnv: context.env,
    configEnv: settings.env,
    platform: context.platform,
    cwd: context.cwd,
    homeDirectory: context.homeDirectory,
    stateDirectory: settings.stateDirectory,
    logger,
    keepClaudeClientVariables: passThrough,
  });
  const { args } = prepared;
  // MCP header and env values are secrets as much as the agent's credentials.
  const secrets = [...prepared.secrets, ...mcpSecretValues(mcpServers)];
  const redact = createRedactor(secrets);
  logger.info('starting agent', {
    backendId: manifest.id,
    command: prepared.command,
    ...(prepared.version === undefined ? {} : { version: prepared.version }),
  });
  // The arguments may carry keys (`--agent-arg --api-key=…`): only at debug level, masked.
  logger.debug('agent arguments', { args: args.map(redact) });

  const processOptions = {
    command: prepared.command,
    cwd: context.cwd,
    env: prepared.env,
    logger,
    platform: context.platform,
    stateDirectory: settings.stateDirectory,
    secrets,
  };
  if (!launch) {
    return createClaudeCliTransport({
      ...processOptions,
      args: [...args, ...commandLine.passthrough],
    });
  }
  return createAcpBridgeTransport({
    ...processOptions,
    args,
    launch,
    backend: manifest,
    // The bridge is pure: the host injects real ids (message uuids are UUIDs, as claude writes) and time.
    newId: createUuidGenerator(),
    clock: { now: () => Date.now() },
  });
}
