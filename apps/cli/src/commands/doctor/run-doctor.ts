import type { BackendManifest, Logger } from '@agentbridge/core/contracts';
import { ExecutableNotFoundError } from '@agentbridge/core/contracts';
import { createRedactor, probeAgentVersion, secretArgumentValues } from '@agentbridge/host-node';
import type { CommandLine } from '../../argv/parse-command-line.js';
import type { RunSetup } from '../../cli.js';
import type { CliContext } from '../../cli-context.js';
import { cliVersion } from '../../cli-context.js';
import { launchSettingsFor } from '../../config/resolve-settings.js';
import { prepareLaunch } from '../run/create-run-transport.js';
import type { HandshakeReport } from './doctor-handshake.js';
import { runHandshake } from './doctor-handshake.js';
import { formatDoctorReport } from './format-doctor-report.js';

const defaultTimeoutMs = 30_000;

/** Everything `doctor` found out about one backend (`ok`: every check passed). */
export type DoctorReport = {
  readonly backendId: string;
  readonly displayName: string;
  readonly protocol: 'acp' | 'stream-json';
  readonly command: string;
  /** Secret-looking values masked. */
  readonly args: readonly string[];
  readonly executable:
    | { readonly found: true; readonly path: string }
    | { readonly found: false; readonly reason: string; readonly searchedPaths: readonly string[] };
  readonly version?: string;
  /** Absent for pass-through backends and when the executable is missing. */
  readonly handshake?: HandshakeReport;
  readonly installHint?: string;
  readonly loginCommand?: string;
  /** `process.names`, and `env.forward` with whether each variable is set (never its value). */
  readonly processNames: readonly string[];
  readonly environmentVariables: readonly { readonly name: string; readonly set: boolean }[];
  readonly ok: boolean;
};

/**
 * `agentbridge doctor [backend...] [--json]`: for each backend (default: the configured one, else
 * all) the executable or the directories searched, its version and a timed ACP handshake through
 * the bridge. Exit code 0 when everything checked out, 1 otherwise.
 */
export async function runDoctor(
  context: CliContext,
  commandLine: CommandLine,
  setup: RunSetup,
  logger: Logger,
): Promise<number> {
  const { settings, catalog } = setup;
  const requested = commandLine.subcommand?.args ?? [];
  const chosen =
    settings.backendId === undefined ? [...catalog.backends.keys()] : [settings.backendId];
  const reports: DoctorReport[] = [];
  for (const id of requested.length > 0 ? requested : chosen) {
    const { manifest } = catalog.get(id);
    const selected = id === settings.backendId;
    reports.push(
      await probeBackend(context, manifest, {
        ...launchSettingsFor(manifest, settings, setup.configFiles),
        env: selected ? settings.env : {},
        stateDirectory: settings.stateDirectory,
        timeoutMs: (selected ? settings.handshakeTimeoutMs : undefined) ?? defaultTimeoutMs,
        logger,
      }),
    );
  }
  const version = cliVersion();
  const { configFiles } = settings;
  context.stdout.write(
    commandLine.own.json
      ? `${JSON.stringify({ version, configFiles, backends: reports }, null, 2)}\n`
      : `agentbridge ${version}; config: ${configFiles.join(', ') || '(none)'}\n\n${formatDoctorReport(reports)}`,
  );
  return reports.every((report) => report.ok) ? 0 : 1;
}

/** Locates, versions and (for ACP backends) handshakes one backend, as a run would start it. */
async function probeBackend(
  context: CliContext,
  manifest: BackendManifest,
  options: Parameters<typeof prepareLaunch>[2] & { readonly timeoutMs: number },
): Promise<DoctorReport> {
  // Set: non-empty in the agent's environment (the backend's defaults, ours, the config's).
  const normalise = (name: string) => (context.platform === 'win32' ? name.toUpperCase() : name);
  const env = { ...manifest.env.defaults, ...context.env, ...options.env };
  const setNames = new Set(
    Object.keys(env).flatMap((name) => (env[name] ? [normalise(name)] : [])),
  );
  const isSet = (name: string) => setNames.has(normalise(name));
  const command = options.command ?? manifest.launch.command;
  const args = options.args ?? manifest.launch.args;
  const base = {
    backendId: manifest.id,
    displayName: manifest.displayName,
    protocol: manifest.protocol,
    command,
    args: args.map(createRedactor(secretArgumentValues(args))),
    processNames: manifest.process.names,
    environmentVariables: manifest.env.forward.map((name) => ({ name, set: isSet(name) })),
    installHint: manifest.hints.install,
    loginCommand: manifest.hints.login ? `agentbridge login ${manifest.id}` : undefined,
    ok: false,
  };
  if (command === '') {
    const reason =
      'no command configured (--agent-command, AGENTBRIDGE_COMMAND or "command" in .agentrc)';
    return { ...base, executable: { found: false, reason, searchedPaths: [] } };
  }
  let prepared: Awaited<ReturnType<typeof prepareLaunch>>;
  try {
    prepared = await prepareLaunch(context, manifest, options);
  } catch (error) {
    if (!(error instanceof ExecutableNotFoundError)) throw error;
    const { searchedPaths } = error;
    return { ...base, executable: { found: false, reason: 'not found', searchedPaths } };
  }
  const { versionArgs } = manifest.probe;
  const executablePath = prepared.command;
  const version =
    prepared.version ??
    (versionArgs &&
      (await probeAgentVersion({ ...options, ...prepared, executablePath, versionArgs })));
  // Agent stderr, errors and logs are masked as in a run.
  const redact = createRedactor(prepared.secrets);
  const found = {
    ...base,
    args: prepared.args.map(redact),
    executable: { found: true as const, path: prepared.command },
    version,
  };
  if (manifest.protocol !== 'acp') return { ...found, ok: true };
  const clientVersion = cliVersion();
  const handshake = await runHandshake({
    ...options,
    ...prepared,
    backend: manifest,
    clientVersion,
    redact,
  });
  return { ...found, handshake, ok: handshake.ok && handshake.session.ok };
}
