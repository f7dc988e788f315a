import type { DoctorReport } from './probe-backend.js';

/** The human-readable `doctor` output: one block per backend, label column aligned. */
export function formatDoctorReport(reports: readonly DoctorReport[]): string {
  return `${reports.map(formatOne).join('\n')}`;
}

function formatOne(report: DoctorReport): string {
  const rows: [string, string][] = [];
  rows.push(['status', report.ok ? 'ok' : 'problem']);
  rows.push(['command', [report.command, ...report.args].join(' ') || '(none)']);
  if (report.executable.found) {
    rows.push(['executable', report.executable.path]);
  } else {
    rows.push(['executable', report.executable.reason]);
    if (report.executable.searchedPaths.length > 0) {
      rows.push(['searched', report.executable.searchedPaths.join('\n')]);
    }
    if (report.installHint) rows.push(['install', report.installHint]);
  }
  if (report.version) rows.push(['version', report.version]);
  if (report.processNames.length > 0) rows.push(['processes', report.processNames.join(', ')]);
  if (report.environmentVariables.length > 0) {
    rows.push([
      'environment',
      report.environmentVariables
        .map((variable) => `${variable.name} ${variable.set ? 'set' : 'not set'}`)
        .join(', '),
    ]);
  }
  if (report.protocol === 'stream-json')
    rows.push(['protocol', 'stream-json (pass-through, no ACP handshake)']);
  const handshake = report.handshake;
  if (handshake && !handshake.ok) {
    rows.push(['initialize', `failed after ${handshake.durationMs} ms: ${handshake.error}`]);
    if (handshake.stderrTail) rows.push(['stderr', handshake.stderrTail]);
  }
  if (handshake?.ok) {
    const agent = handshake.agentInfo
      ? `, agent ${handshake.agentInfo.title ?? handshake.agentInfo.name}${handshake.agentInfo.version ? ` ${handshake.agentInfo.version}` : ''}`
      : '';
    rows.push([
      'initialize',
      `ok in ${handshake.durationMs} ms: protocol ${handshake.protocolVersion}${agent}`,
    ]);
    rows.push([
      'auth methods',
      handshake.authMethods.map((method) => `${method.id} (${method.name})`).join(', ') || '(none)',
    ]);
    rows.push(['capabilities', listCapabilities(handshake.capabilities).join(', ') || '(none)']);
    const session = handshake.session;
    if (session.ok) {
      rows.push([
        'modes',
        session.modes
          .map((mode) => (mode === session.currentModeId ? `${mode}*` : mode))
          .join(', ') || '(none)',
      ]);
      rows.push([
        'models',
        session.models
          .map((model) => (model === session.currentModelId ? `${model}*` : model))
          .join(', ') || '(none offered)',
      ]);
    } else {
      const hint =
        session.needsLogin && report.loginCommand ? ` (sign in with: ${report.loginCommand})` : '';
      rows.push(['session/new', `failed: ${session.error}${hint}`]);
    }
  }
  const width = Math.max(...rows.map(([label]) => label.length));
  const body = rows
    .map(([label, value]) =>
      value
        .split('\n')
        .map((line, index) => `  ${(index === 0 ? label : '').padEnd(width)}  ${line}`)
        .join('\n'),
    )
    .join('\n');
  return `${report.backendId} (${report.displayName})\n${body}\n`;
}

/** Flattens `{ loadSession: true, promptCapabilities: { image: true } }` to `loadSession, promptCapabilities.image`. */
export function listCapabilities(
  capabilities: Readonly<Record<string, unknown>>,
  prefix = '',
): string[] {
  return Object.entries(capabilities).flatMap(([key, value]) => {
    const name = `${prefix}${key}`;
    if (value === true) return [name];
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return listCapabilities(value as Record<string, unknown>, `${name}.`);
    }
    return [];
  });
}
