import { type BackendManifest, type Logger, noopLogger } from '@agentbridge/core/contracts';
import { createAgentEnvironment } from './agent-environment.js';
import { findExecutable } from './find-executable.js';
import type { Environment, HostPlatform } from './host-platform.js';
import { probeAgentVersion, type RunCommand } from './probe-agent-version.js';
import { collectLaunchSecrets } from './redact-secrets.js';
import { selectLaunchArgs } from './select-launch-args.js';

/** Options of {@link prepareAgentLaunch}. */
type PrepareAgentLaunchOptions = {
  readonly manifest: BackendManifest;
  /** The user's command (`.agentrc` `command`): replaces the default and drops its arguments. */
  readonly command?: string;
  /** The user's arguments (`.agentrc` `args`): win over everything. */
  readonly args?: readonly string[];
  /** The bridge's environment (usually `process.env`) and the configuration's `env`. */
  readonly parentEnv: Environment;
  readonly configEnv?: Readonly<Record<string, string>>;
  /** For a real `claude` (a `stream-json` backend), which reads the Claude client's variables. */
  readonly keepClaudeClientVariables?: boolean;
  /** For the version cache. */
  readonly stateDirectory?: string;
  readonly logger?: Logger;
  /** Seams (`cwd` is the base of a relative command, `homeDirectory` the `~`). */
  readonly platform?: HostPlatform;
  readonly cwd?: string;
  readonly homeDirectory?: string;
  readonly runCommand?: RunCommand;
  readonly isFile?: (path: string) => boolean;
};

/** How to spawn the agent (spreads into the transport options); `version` when one was probed. */
type PreparedAgentLaunch = {
  readonly command: string;
  readonly args: readonly string[];
  readonly env: Readonly<Record<string, string>>;
  readonly version?: string;
  /** Values to mask in logs, agent output and exit texts (`collectLaunchSecrets`). */
  readonly secrets: readonly string[];
};

/**
 * Resolves how to start a backend's agent: the effective command (CP-01) on PATH or in the
 * backend's install directories, the arguments (the user's, else by installed version, else the
 * defaults) and the scrubbed environment.
 *
 * @throws ExecutableNotFoundError when the command cannot be found.
 */
export async function prepareAgentLaunch(
  options: PrepareAgentLaunchOptions,
): Promise<PreparedAgentLaunch> {
  const { manifest, configEnv } = options;
  const platform = options.platform ?? process.platform;
  const env = createAgentEnvironment({
    parent: options.parentEnv,
    platform,
    defaults: manifest.env.defaults,
    overrides: configEnv,
    keepClaudeClientVariables: options.keepClaudeClientVariables,
  });
  const userCommand = options.command?.trim();
  const { path: command } = findExecutable({
    name: userCommand || manifest.launch.command,
    env,
    platform,
    extraDirectories: manifest.probe.extraDirectories,
    cwd: options.cwd,
    homeDirectory: options.homeDirectory,
    installHint: manifest.hints.install,
    isFile: options.isFile,
  });
  const launchWith = (args: readonly string[], version?: string) => ({
    command,
    args,
    env,
    ...(version === undefined ? {} : { version }),
    secrets: collectLaunchSecrets({ manifest, env, configEnv, args, platform }),
  });
  if (options.args !== undefined) return launchWith(options.args);
  if (userCommand) return launchWith([]);
  const { versionArgs } = manifest.probe;
  if (!manifest.launch.argsByVersion?.length || versionArgs === undefined) {
    return launchWith(manifest.launch.args);
  }
  const version = await probeAgentVersion({
    executablePath: command,
    versionArgs,
    env,
    logger: options.logger ?? noopLogger,
    stateDirectory: options.stateDirectory,
    run: options.runCommand,
  });
  return launchWith(selectLaunchArgs(manifest.launch, version), version);
}
