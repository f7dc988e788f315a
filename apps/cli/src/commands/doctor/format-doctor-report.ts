import type { DoctorReport } from './run-doctor.js';

/** The human-readable `doctor` output: one block per backend, label column aligned. */
export function formatDoctorReport(reports: readonly DoctorReport[]): string {
  return reports.map(formatOne).join('\n');
}

function formatOne(report: DoctorReport): string {
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
    rows.push([
      'initialize',
      `ok in ${handshake.durationMs} ms: protocol ${handshake.protocolVersion}${agent}`,
    ]);
    rows.push(['auth methods', methods.join(', ') || '(none)']);
    rows.push(['capabilities', listCapabilities(handshake.capabilities).join(', ') || '(none)']);
    if (session.ok) {
      const star = (current?: string) => (id: string) => (id === current ? `${id}*` : id);
      rows.push(['modes', session.modes.map(star(session.currentModeId)).join(', ') || '(none)']);
      rows.push([
        'models',
        session.models.map(star(session.currentModelId)).join(', ') || '(none offered)',
      ]);
    } else {
      const hint =
        session.needsLogin && report.loginCommand ? ` (sign in with: ${report.loginCommand})` : '';
      rows.push(['session/new', `failed: ${session.error}${hint}`]);
    }
  }
  const shown = rows.filter((row): row is [string, string] => Boolean(row[1]));
  const width = Math.max(...shown.map(([label]) => label.length));
  const body = shown.flatMap(([label, value]) =>
    value
      .split('\n')
      .map((line, index) => `  ${(index === 0 ? label : '').padEnd(width)}  ${line}`),
  );
  return `${report.backendId} (${report.displayName})\n${body.join('\n')}\n`;
}

/** Flattens `{ loadSession: true, prompt: { image: true } }` to `loadSession, prompt.image`. */
export function listCapabilities(
  capabilities: Readonly<Record<string, unknown>>,
  prefix = '',
): string[] {
  return Object.entries(capabilities).flatMap(([key, value]) => {
    if (value === true) return [`${prefix}${key}`];
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
    return listCapabilities(value as Record<string, unknown>, `${prefix}${key}.`);
  });
}
