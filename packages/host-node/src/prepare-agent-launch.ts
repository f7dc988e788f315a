import type { BackendManifest, Logger } from '@agentbridge/core/contracts';
import { noopLogger } from '@agentbridge/core/contracts';
import { createAgentEnvironment } from './agent-environment.js';
import { collectLaunchSecrets } from './collect-launch-secrets.js';
import { type FileSystem, nodeFileSystem } from './file-system.js';
import { findExecutable } from './find-executable.js';
import type { Environment, HostPlatform } from './host-platform.js';
import { probeAgentVersion, type RunCommand } from './probe-agent-version.js';
import { selectLaunchArgs } from './select-launch-args.js';

/** Options of {@link prepareAgentLaunch}. */
export type PrepareAgentLaunchOptions = {
  readonly manifest: BackendManifest;
  /** The user's command (`.agentrc` `command`); replaces the default and drops its arguments. */
  readonly command?: string;
  /** The user's arguments (`.agentrc` `args`); win over everything. */
  readonly args?: readonly string[];
  /** The bridge's environment (usually `process.env`). */
  readonly parentEnv: Environment;
  /** The configuration's `env`. */
  readonly configEnv?: Readonly<Record<string, string>>;
  readonly platform?: HostPlatform;
  readonly fileSystem?: FileSystem;
  /** Base of a relative path-like command. */
  readonly cwd?: string;
  /** Home directory for `~` in the command and the install directories (default: from the env). */
  readonly homeDirectory?: string;
  /**
   * Keep the variables a Claude client sets for `claude` (default false): set it when the agent
   * is a real `claude` (a `stream-json` backend), which reads them.
   */
  readonly keepClaudeClientVariables?: boolean;
  /** For the version cache. */
  readonly stateDirectory?: string;
  readonly logger?: Logger;
  /** Seam for the version probe. */
  readonly runCommand?: RunCommand;
};

/** Everything needed to spawn the agent; spreads into the transport options. */
export type PreparedAgentLaunch = {
  /** The resolved executable (the `command` of the transport options). */
  readonly command: string;
  readonly args: readonly string[];
  /** The agent's complete environment. */
  readonly env: Readonly<Record<string, string>>;
  /** The probed version, when `argsByVersion` needed one. */
  readonly version?: string;
  /**
   * Values to mask in logs, agent output and exit texts: those of `manifest.env.credentials` in the
   * agent's environment, every value of the configuration's `env`, and the arguments that look like
   * secrets (see `collectLaunchSecrets`).
   */
  readonly secrets: readonly string[];
};

/**
 * Resolves how to start a backend's agent: the effective command (CP-01) found on PATH or in the
 * backend's install directories, the arguments (user's, else by installed version, else defaults)
 * and the scrubbed environment.
 *
 * @throws ExecutableNotFoundError when the command cannot be found.
 */
export async function prepareAgentLaunch(
  options: PrepareAgentLaunchOptions,
): Promise<PreparedAgentLaunch> {
  const { manifest } = options;
  const platform = options.platform ?? process.platform;
  const fileSystem = options.fileSystem ?? nodeFileSystem;
  const logger = options.logger ?? noopLogger;
  const env = createAgentEnvironment({
    parent: options.parentEnv,
    platform,
    ...(manifest.env.defaults === undefined ? {} : { defaults: manifest.env.defaults }),
    ...(options.configEnv === undefined ? {} : { overrides: options.configEnv }),
    ...(options.keepClaudeClientVariables ? { keepClaudeClientVariables: true } : {}),
  });
  const userCommand = options.command?.trim();
  const command = userCommand || manifest.launch.command;
  const found = findExecutable({
    name: command,
    env,
    platform,
    fileSystem,
    ...(manifest.probe.extraDirectories === undefined
      ? {}
      : { extraDirectories: manifest.probe.extraDirectories }),
    ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    ...(options.homeDirectory === undefined ? {} : { homeDirectory: options.homeDirectory }),
    ...(manifest.hints.install === undefined ? {} : { installHint: manifest.hints.install }),
  });
  const launchWith = (args: readonly string[]) => ({
    command: found.path,
    args,
    env,
    secrets: collectLaunchSecrets({
      manifest,
      env,
      ...(options.configEnv === undefined ? {} : { configEnv: options.configEnv }),
      args,
      platform,
    }),
  });
  if (options.args !== undefined) return launchWith(options.args);
  if (userCommand) return launchWith([]);
  const versionArgs = manifest.probe.versionArgs;
  if (!manifest.launch.argsByVersion?.length || versionArgs === undefined) {
    return launchWith(manifest.launch.args);
  }
  const version = await probeAgentVersion({
    executablePath: found.path,
    versionArgs,
    env,
    platform,
    fileSystem,
    logger,
    ...(options.stateDirectory === undefined ? {} : { stateDirectory: options.stateDirectory }),
    ...(options.runCommand === undefined ? {} : { run: options.runCommand }),
  });
  return {
    ...launchWith(selectLaunchArgs(manifest.launch, version)),
    ...(version === undefined ? {} : { version }),
  };
}
