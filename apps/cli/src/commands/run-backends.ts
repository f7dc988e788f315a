import { createRedactor, findExecutable, secretArgumentValues } from '@agentbridge/host-node';
import type { CliContext } from '../cli-context.js';
import { launchSettingsFor } from '../config/resolve-settings.js';
import type { RunSetup } from './run-setup.js';

/** `agentbridge backends [--json]`: every registered backend, its command and whether it is found. */
export async function runBackends(context: CliContext, setup: RunSetup): Promise<number> {
  const { settings } = setup;
  const secrets: string[] = [];
  const rows = [...setup.catalog.backends.values()].map(({ manifest, source }) => {
    const launch = launchSettingsFor(manifest, settings);
    secrets.push(...secretArgumentValues(launch.args ?? []));
    const command = launch.command ?? manifest.launch.command;
    const { extraDirectories } = manifest.probe;
    let path: string | undefined;
    try {
      path = command
        ? findExecutable({ ...context, name: command, extraDirectories }).path
        : undefined;
    } catch {
      path = undefined; // not found
    }
    return {
      id: manifest.id,
      displayName: manifest.displayName,
      protocol: manifest.protocol,
      command: [command, ...(launch.args ?? manifest.launch.args)].join(' '),
      path,
      selected: manifest.id === settings.backendId,
      source: source ?? 'unknown',
    };
  });
  context.maskOutput?.(createRedactor(secrets));
  context.stdout.write(
    setup.commandLine.own.json ? `${JSON.stringify(rows, null, 2)}\n` : formatTable(rows),
  );
  // FT-10: a broken configuration is reported after the listing, which ignores it.
  const problem = setup.configProblem;
  if (problem)
    context.stderr.write(`agentbridge: warning: config problem (ignored above): ${problem}\n`);
  return problem ? 1 : 0;
}

type Row = { id: string; displayName: string; command: string; path?: string; selected: boolean };

/** The listing as a table, columns padded to their widest cell, two spaces apart. */
function formatTable(rows: readonly Row[]): string {
  const header = ['', 'ID', 'NAME', 'COMMAND', 'STATUS'];
  const table = [
    header,
    ...rows.map((row) => [
      row.selected ? '*' : '',
      row.id,
      row.displayName,
      row.command || '(set --agent-command)',
      row.path ?? (row.command ? 'not found' : 'no command'),
    ]),
  ];
  const widths = header.map((_, column) =>
    Math.max(...table.map((row) => row[column]?.length ?? 0)),
  );
  const cells = (row: string[]) => row.map((cell, column) => cell.padEnd(widths[column] ?? 0));
  return table.map((row) => `${cells(row).join('  ').trimEnd()}\n`).join('');
}
