import type { BackendLaunch, BackendManifest, Logger } from '@agentbridge/core/contracts';
import { createAgentEnvironment } from './agent-environment.js';
import { findExecutable } from './find-executable.js';
import { type Environment, readVariable } from './host-platform.js';
import { parseSemanticVersion, probeAgentVersion, type RunCommand } from './probe-agent-version.js';
import { secretArgumentValues, secretVariableValues } from './redact-secrets.js';
import { withheldCredentials, withheldNames } from './vendor-credentials.js';

/** Options of {@link prepareAgentLaunch}; `cwd` is the base of a relative command. */
type PrepareAgentLaunchOptions = {
  readonly manifest: BackendManifest;
  /** The user's command: replaces the default and drops its arguments. */
  readonly command?: string;
  /** The user's arguments: win over everything. */
  readonly args?: readonly string[];
  readonly parentEnv: Environment;
  /** The configuration's `env`: passed as it is, credentials included. */
  readonly configEnv?: Readonly<Record<string, string>>;
  /** Credential variables to pass anyway (`.agentrc` `passEnv`, EV-03). */
  readonly passEnv?: readonly string[];
  /** The other registered backends' `env.credentials`: withheld with the well-known ones (EV-01). */
  readonly otherCredentials?: readonly string[];
  /** Claude settings files' `env` (SE-04): under `configEnv`; masked only when named like a key. */
  readonly settingsEnv?: Readonly<Record<string, string>>;
  /** For a real `claude`, which reads the Claude client's variables. */
  readonly keepClaudeClientVariables?: boolean;
  readonly stateDirectory?: string;
  readonly logger?: Logger;
  readonly platform?: NodeJS.Platform;
  readonly cwd?: string;
  readonly homeDirectory?: string;
  readonly runCommand?: RunCommand;
  readonly isFile?: (path: string) => boolean;
};

/**
 * How to start a backend's agent (spreads into the transport options): the command (CP-01), the
 * arguments (the user's, else by installed version, else the defaults), the scrubbed environment
 * and the `secrets` to mask (credentials, configured `env` values, secret-looking arguments, and
 * the values of well-known key variables of every vendor, FT-08). The parent's and the settings
 * files' credential variables of other vendors are `withheld` (names, EV-01).
 *
 * @throws ExecutableNotFoundError when the command cannot be found.
 */
export async function prepareAgentLaunch(options: PrepareAgentLaunchOptions) {
  const { manifest, configEnv, parentEnv, platform = process.platform } = options;
  const isWithheld = withheldCredentials({
    own: manifest.env.credentials,
    others: options.otherCredentials,
    passEnv: options.passEnv,
    platform,
  });
  const kept = <Value>(environment: Readonly<Record<string, Value>> = {}) =>
    Object.fromEntries(Object.entries(environment).filter(([name]) => !isWithheld(name)));
  const withheld = [
    ...new Set([
      ...withheldNames(parentEnv, isWithheld),
      ...withheldNames(options.settingsEnv ?? {}, isWithheld),
    ]),
  ].filter((name) => configEnv?.[name] === undefined);
  // Names only, never values.
  if (withheld.length > 0) options.logger?.debug('withheld credential variables', { withheld });
  const env = createAgentEnvironment({
    parent: kept(parentEnv),
    platform,
    defaults: manifest.env.defaults,
    overrides: { ...kept(options.settingsEnv), ...configEnv },
    keepClaudeClientVariables: options.keepClaudeClientVariables,
  });
  const userCommand = options.command?.trim();
  const { path: command } = findExecutable({
    ...options, // cwd, homeDirectory, isFile
    name: userCommand || manifest.launch.command,
    env,
    platform,
    extraDirectories: manifest.probe.extraDirectories,
    installHint: manifest.hints.install,
  });
  const launchWith = (args: readonly string[], version?: string) => ({
    command,
    args,
    env,
    withheld,
    ...(version === undefined ? {} : { version }),
    secrets: [
      ...new Set([
        ...manifest.env.credentials.flatMap((name) => readVariable(env, name, platform) || []),
        ...Object.values(configEnv ?? {}),
        ...secretArgumentValues(args),
        ...secretVariableValues(env),
        ...withheld.flatMap((name) => parentEnv[name] || options.settingsEnv?.[name] || []),
      ]),
    ],
  });
  if (options.args !== undefined) return launchWith(options.args);
  if (userCommand) return launchWith([]);
  const { versionArgs } = manifest.probe;
  if (!manifest.launch.argsByVersion?.length || versionArgs === undefined)
    return launchWith(manifest.launch.args);
  const version = await probeAgentVersion({
    ...options, // logger, stateDirectory
    executablePath: command,
    versionArgs,
    env,
    run: options.runCommand,
  });
  return launchWith(selectLaunchArgs(manifest.launch, version), version);
}

/** The `argsByVersion` rule with the highest `minVersion` not above `version`, else `args`. */
export function selectLaunchArgs(
  launch: BackendLaunch,
  version: string | undefined,
): readonly string[] {
  if (version === undefined) return launch.args;
  // Zero-padded, the fields compare as strings in version order (`0.9.0` < `0.30.0`).
  const key = (semver: string) => semver.replace(/\d+/g, (digits) => digits.padStart(12, '0'));
  let best: { minVersion: string; args: readonly string[] } | undefined;
  for (const rule of launch.argsByVersion ?? []) {
    const minimum = parseSemanticVersion(rule.minVersion);
    if (minimum === undefined || key(minimum) > key(version)) continue;
    if (best === undefined || key(minimum) > key(best.minVersion))
      best = { minVersion: minimum, args: rule.args };
  }
  return best?.args ?? launch.args;
}
