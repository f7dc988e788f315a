import { type BackendManifest, ExecutableNotFoundError } from '@agentbridge/core/contracts';
import { createRedactor, probeAgentVersion, secretArgumentValues } from '@agentbridge/host-node';
import { type CliContext, cliVersion } from '../../cli-context.js';
import { launchSettingsFor } from '../../config/resolve-settings.js';
import { prepareLaunch } from '../run/launch-agent.js';
import type { RunSetup } from '../run-setup.js';
import { type HandshakeReport, runHandshake } from './doctor-handshake.js';

const defaultTimeoutMs = 30_000;

/** Everything `doctor` found out about one backend (`ok`: every check passed). */
export type DoctorReport = {
  readonly backendId: string;
  readonly displayName: string;
  readonly protocol: 'acp' | 'stream-json';
  readonly command: string;
  /** Secret-looking values are masked when written (FT-08). */
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
  /** EV-04: credential variables of other vendors kept from the agent (names only). */
  readonly withheldVariables?: readonly string[];
  readonly ok: boolean;
};

/** `agentbridge doctor [backend...] [--json]` (default: the configured backend, else all). */
export async function runDoctor(context: CliContext, setup: RunSetup): Promise<number> {
  const { settings, catalog } = setup;
  const requested = setup.commandLine.subcommand?.args ?? [];
  const chosen =
    settings.backendId === undefined ? [...catalog.backends.keys()] : [settings.backendId];
  const reports: DoctorReport[] = [];
  // FT-08: what `doctor` prints is masked like a run's output, with every probed backend's secrets.
  const secrets: string[] = [];
  const addSecrets = (values: readonly string[]) => {
    secrets.push(...values);
    context.maskOutput?.(createRedactor(secrets));
  };
  // `doctor acp --agent-command x`: the one backend named is the one the command is for.
  const selectedId = settings.backendId ?? (requested.length === 1 ? requested[0] : undefined);
  for (const id of requested.length > 0 ? requested : chosen) {
    const { manifest } = catalog.get(id);
    const selected = id === selectedId;
    const given = selected && settings.command !== undefined;
    reports.push(
      await probeBackend(context, manifest, {
        ...(given ? { command: settings.command, args: settings.args } : {}),
        ...(given ? {} : launchSettingsFor(manifest, settings)),
        env: selected ? settings.env : {},
        passEnv: selected ? settings.passEnv : [],
        backends: catalog.backends,
        stateDirectory: settings.stateDirectory,
        timeoutMs: (selected ? settings.handshakeTimeoutMs : undefined) ?? defaultTimeoutMs,
        logger: setup.logger,
        addSecrets,
      }),
    );
  }
  const version = cliVersion();
  const configFiles = settings.configFiles.map((file) => file.filePath);
  // FT-10: a broken configuration is a finding; the backends are probed without it.
  const { configProblem } = setup;
  const problem = configProblem ? `config problem (ignored below): ${configProblem}\n` : '';
  context.stdout.write(
    setup.commandLine.own.json
      ? `${JSON.stringify({ version, configFiles, configProblem, backends: reports }, null, 2)}\n`
      : `agentbridge ${version}; config: ${configFiles.join(', ') || '(none)'}\n${problem}\n${reports.map(formatDoctorReport).join('\n')}`,
  );
  return !configProblem && reports.every((report) => report.ok) ? 0 : 1;
}

/** Locates, versions and (for ACP backends) handshakes one backend, as a run would start it. */
async function probeBackend(
  context: CliContext,
  manifest: BackendManifest,
  options: Parameters<typeof prepareLaunch>[2] & {
    readonly timeoutMs: number;
    readonly addSecrets: (values: readonly string[]) => void;
  },
): Promise<DoctorReport> {
  // Set: non-empty in the agent's environment (the backend's defaults, ours, the config's).
  const env = { ...manifest.env.defaults, ...context.env, ...options.env };
  const normalise = (name: string) => (context.platform === 'win32' ? name.toUpperCase() : name);
  const setNames = Object.keys(env).flatMap((name) => (env[name] ? [normalise(name)] : []));
  const isSet = (name: string) => setNames.includes(normalise(name));
  const command = options.command ?? manifest.launch.command;
  const args = options.args ?? manifest.launch.args;
  options.addSecrets([...secretArgumentValues(args), ...Object.values(options.env ?? {})]);
  const base = {
    backendId: manifest.id,
    displayName: manifest.displayName,
    protocol: manifest.protocol,
    command,
    args,
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
  const probe = { ...options, ...prepared, executablePath, versionArgs: versionArgs ?? [] };
  const version = prepared.version ?? (versionArgs && (await probeAgentVersion(probe)));
  options.addSecrets(prepared.secrets);
  const executable = { found: true as const, path: executablePath };
  const withheldVariables = prepared.withheld;
  const found = { ...base, args: prepared.args, executable, version, withheldVariables };
  if (manifest.protocol !== 'acp') return { ...found, ok: true };
  const handshake = await runHandshake({ ...options, ...prepared, backend: manifest });
  return { ...found, handshake, ok: handshake.ok && handshake.session.ok };
}

/** The human-readable `doctor` block of one backend, label column aligned. */
export function formatDoctorReport(report: DoctorReport): string {
  const { executable, handshake } = report;
  const rows: [string, string | undefined][] = [
    ['status', report.ok ? 'ok' : 'problem'],
    ['command', [report.command, ...report.args].join(' ') || '(none)'],
  ];
  if (executable.found) rows.push(['executable', executable.path]);
  else {
    rows.push(['executable', executable.reason], ['searched', executable.searchedPaths.join('\n')]);
    rows.push(['install', report.installHint]);
  }
  rows.push(['version', report.version], ['processes', report.processNames.join(', ')]);
  const variables = report.environmentVariables.map(
    ({ name, set }) => `${name} ${set ? 'set' : 'not set'}`,
  );
  rows.push(['environment', variables.join(', ')]);
  rows.push(['withheld', report.withheldVariables?.join(', ')]);
  if (report.protocol === 'stream-json')
    rows.push(['protocol', 'stream-json (pass-through, no ACP handshake)']);
  if (handshake && !handshake.ok) {
    rows.push(['initialize', `failed after ${handshake.durationMs} ms: ${handshake.error}`]);
    rows.push(['stderr', handshake.stderrTail]);
  } else if (handshake) {
    const { agentInfo, session } = handshake;
    const agent = agentInfo
      ? `, agent ${agentInfo.title ?? agentInfo.name}${agentInfo.version ? ` ${agentInfo.version}` : ''}`
      : '';
    const methods = handshake.authMethods.map(({ id, name }) => `${id} (${name})`);
    const { durationMs, protocolVersion } = handshake;
    rows.push(['initialize', `ok in ${durationMs} ms: protocol ${protocolVersion}${agent}`]);
    rows.push(['auth methods', methods.join(', ') || '(none)']);
    rows.push(['capabilities', listCapabilities(handshake.capabilities).join(', ') || '(none)']);
    if (session.ok) {
      const star = (current?: string) => (id: string) => (id === current ? `${id}*` : id);
      const models = session.models.map(star(session.currentModelId)).join(', ');
      rows.push(['modes', session.modes.map(star(session.currentModeId)).join(', ') || '(none)']);
      rows.push(['models', models || '(none offered)']);
    } else {
      const hint =
        session.needsLogin && report.loginCommand ? ` (sign in with: ${report.loginCommand})` : '';
      rows.push(['session/new', `failed: ${session.error}${hint}`]);
    }
  }
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  const width = Math.max(...shown.map(([label]) => label.length));
  // A value of several lines continues under its first line.
  const lines = (label: string) => (line: string, index: number) =>
    `  ${(index === 0 ? label : '').padEnd(width)}  ${line}`;
  const body = shown.flatMap(([label, value]) => value.split('\n').map(lines(label)));
  return `${report.backendId} (${report.displayName})\n${body.join('\n')}\n`;
}

/** Flattens `{ loadSession: true, prompt: { image: true } }` to `loadSession, prompt.image`. */
export function listCapabilities(capabilities: object, prefix = ''): string[] {
  return Object.entries(capabilities).flatMap(([key, value]) => {
    if (value === true) return [`${prefix}${key}`];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
    return listCapabilities(value, `${prefix}${key}.`);
  });
}
