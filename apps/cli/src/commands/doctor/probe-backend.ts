import type { BackendManifest, Logger } from '@agentbridge/core/contracts';
import {
  collectLaunchSecrets,
  createAgentEnvironment,
  createRedactingLogger,
  createRedactor,
  probeAgentVersion,
  secretArgumentValues,
  selectLaunchArgs,
} from '@agentbridge/host-node';
import type { LaunchSettings } from '../../backends/launch-settings-for.js';
import type { CliContext } from '../../cli-context.js';
import { locateCommand } from '../../host/locate-command.js';
import type { HandshakeReport } from './acp-handshake.js';
import { runAcpHandshake } from './acp-handshake.js';

/** Everything `doctor` found out about one backend. */
export type DoctorReport = {
  readonly backendId: string;
  readonly displayName: string;
  readonly protocol: 'acp' | 'stream-json';
  readonly command: string;
  readonly args: readonly string[];
  readonly executable:
    | { readonly found: true; readonly path: string }
    | { readonly found: false; readonly reason: string; readonly searchedPaths: readonly string[] };
  readonly version?: string;
  /** Absent for pass-through backends and when the executable is missing. */
  readonly handshake?: HandshakeReport;
  readonly installHint?: string;
  readonly loginCommand?: string;
  /** `process.names`: what the agent's processes are called (to find them in a process list). */
  readonly processNames: readonly string[];
  /** `env.forward`: the variables the agent reads, by name, and whether each is set (never values). */
  readonly environmentVariables: readonly { readonly name: string; readonly set: boolean }[];
  /** True when every check passed. */
  readonly ok: boolean;
};

/** Options of {@link probeBackend}. */
export type ProbeBackendOptions = {
  readonly manifest: BackendManifest;
  readonly launch: LaunchSettings;
  readonly extraEnv: Readonly<Record<string, string>>;
  readonly context: Pick<CliContext, 'env' | 'cwd' | 'homeDirectory' | 'platform'>;
  readonly stateDirectory: string;
  readonly timeoutMs: number;
  readonly clientVersion: string;
  readonly logger: Logger;
};

/** Locates, versions and (for ACP backends) handshakes one backend. Never throws. */
export async function probeBackend(options: ProbeBackendOptions): Promise<DoctorReport> {
  const { manifest, launch, context } = options;
  const env = createAgentEnvironment({
    parent: context.env,
    platform: context.platform,
    ...(manifest.env.defaults ? { defaults: manifest.env.defaults } : {}),
    overrides: options.extraEnv,
  });
  const setNames = new Set(
    Object.keys(env)
      .filter((name) => env[name] !== '')
      .map((name) => (context.platform === 'win32' ? name.toUpperCase() : name)),
  );
  const base = {
    backendId: manifest.id,
    displayName: manifest.displayName,
    protocol: manifest.protocol,
    command: launch.command,
    processNames: manifest.process.names,
    environmentVariables: manifest.env.forward.map((name) => ({
      name,
      set: setNames.has(context.platform === 'win32' ? name.toUpperCase() : name),
    })),
    ...(manifest.hints.install ? { installHint: manifest.hints.install } : {}),
    ...(manifest.hints.login ? { loginCommand: `agentbridge login ${manifest.id}` } : {}),
  };
  // Secret-looking arguments are never printed, here or in the log.
  const maskArgs = (args: readonly string[]) =>
    args.map(createRedactor(secretArgumentValues(args)));
  if (launch.command === '') {
    return {
      ...base,
      args: maskArgs(launch.args ?? []),
      executable: {
        found: false,
        reason:
          'no command configured (--agent-command, AGENTBRIDGE_COMMAND or "command" in .agentrc)',
        searchedPaths: [],
      },
      ok: false,
    };
  }
  const located = locateCommand({ command: launch.command, manifest, context });
  if (!located.found) {
    return {
      ...base,
      args: maskArgs(launch.args ?? manifest.launch.args),
      executable: { found: false, reason: 'not found', searchedPaths: located.error.searchedPaths },
      ok: false,
    };
  }
  const path = located.path;
  const version = manifest.probe.versionArgs
    ? await probeAgentVersion({
        executablePath: path,
        versionArgs: manifest.probe.versionArgs,
        env,
        platform: context.platform,
        stateDirectory: options.stateDirectory,
        logger: options.logger,
      })
    : undefined;
  const args = launch.args ?? selectLaunchArgs(manifest.launch, version);
  // Agent stderr, errors and logs are shown with the same masking as a run's.
  const redact = createRedactor(
    collectLaunchSecrets({
      manifest,
      env,
      configEnv: options.extraEnv,
      args,
      platform: context.platform,
    }),
  );
  const found = {
    ...base,
    args: args.map(redact),
    executable: { found: true as const, path },
    ...(version ? { version } : {}),
  };
  if (manifest.protocol !== 'acp') return { ...found, ok: true };

  const handshake = await runAcpHandshake({
    command: path,
    args,
    env,
    cwd: context.cwd,
    platform: context.platform,
    timeoutMs: options.timeoutMs,
    clientVersion: options.clientVersion,
    logger: createRedactingLogger(options.logger, redact),
  });
  const shown: HandshakeReport = !handshake.ok
    ? { ...handshake, error: redact(handshake.error), stderrTail: redact(handshake.stderrTail) }
    : handshake.session.ok
      ? handshake
      : { ...handshake, session: { ...handshake.session, error: redact(handshake.session.error) } };
  return { ...found, handshake: shown, ok: handshake.ok && handshake.session.ok };
}
