import { isAbsolute, resolve } from 'node:path';
import type { AcpLaunch } from '@agentbridge/bridge-acp';
import type { BackendManifest, McpServerConfig } from '@agentbridge/core/contracts';
import { UsageError } from '@agentbridge/core/contracts';
import type { CommandLine } from '../../argv/parse-command-line.js';
import type { ResolvedSettings } from '../../config/resolve-settings.js';
import { optionalEntry } from '../../util/optional-entry.js';

/** Inputs of {@link buildAcpLaunch}: everything already parsed and resolved. */
export type BuildAcpLaunchOptions = {
  readonly commandLine: CommandLine;
  readonly settings: ResolvedSettings;
  readonly manifest: BackendManifest;
  readonly cwd: string;
  readonly mcpServers: Readonly<Record<string, McpServerConfig>>;
  /** `--continue`: the latest session of this cwd and backend, if any. */
  readonly continueSessionId?: string;
  /** The executable that will be launched. */
  readonly agentCommand: string;
  readonly clientVersion: string;
  /** Reads `--system-prompt-file` / `--append-system-prompt-file`. */
  readonly readFile: (path: string) => string;
};

/**
 * The bridge's launch settings from the command line, the merged settings and the backend.
 * `--resume` wins over `--continue`; `--continue` with no earlier session starts a new one (as
 * `claude` does). Prompt files are read here; a missing one is a usage error.
 */
export function buildAcpLaunch(options: BuildAcpLaunchOptions): AcpLaunch {
  const { commandLine, settings, manifest, cwd } = options;
  const readPromptFile = (flag: string, path: string | undefined): string | undefined => {
    if (path === undefined) return undefined;
    try {
      return options.readFile(resolve(cwd, path));
    } catch (error) {
      throw new UsageError(
        `Error: cannot read ${flag} ${path}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };
  const systemPrompt =
    commandLine.systemPrompt ??
    readPromptFile('--system-prompt-file', commandLine.systemPromptFile);
  const appendSystemPrompt =
    commandLine.appendSystemPrompt ??
    readPromptFile('--append-system-prompt-file', commandLine.appendSystemPromptFile);
  const resumeSessionId =
    commandLine.resume ?? (commandLine.continue ? options.continueSessionId : undefined);

  return {
    cwd,
    ...optionalEntry('resumeSessionId', resumeSessionId),
    ...(commandLine.forkSession && resumeSessionId !== undefined ? { forkSession: true } : {}),
    ...optionalEntry('model', settings.model),
    ...optionalEntry('permissionMode', settings.permissionMode),
    ...optionalEntry('authMethodId', settings.authMethod),
    ...optionalEntry('systemPrompt', systemPrompt),
    ...optionalEntry('appendSystemPrompt', appendSystemPrompt),
    ...(Object.keys(options.mcpServers).length > 0 ? { mcpServers: options.mcpServers } : {}),
    ...(commandLine.additionalDirectories.length > 0
      ? {
          additionalDirectories: commandLine.additionalDirectories.map((directory) =>
            isAbsolute(directory) ? directory : resolve(cwd, directory),
          ),
        }
      : {}),
    ...(commandLine.includePartialMessages ? { includePartialMessages: true } : {}),
    ...(commandLine.replayUserMessages ? { replayUserMessages: true } : {}),
    ...(commandLine.awaitInitialize ? { awaitInitialize: true } : {}),
    ...optionalEntry('permissionPromptTool', commandLine.permissionPromptTool),
    ...(commandLine.allowedTools.length > 0 ? { allowedTools: commandLine.allowedTools } : {}),
    ...(commandLine.disallowedTools.length > 0
      ? { disallowedTools: commandLine.disallowedTools }
      : {}),
    clientInfo: { name: 'agentbridge', title: 'agentbridge', version: options.clientVersion },
    agentCommand: options.agentCommand,
    ...optionalEntry(
      'handshakeTimeoutMs',
      settings.handshakeTimeoutMs ?? manifest.process.handshakeTimeoutMs,
    ),
  };
}
