import { findExecutable } from '@agentbridge/host-node';
import type { RunSetup } from '../cli.js';
import type { CliContext } from '../cli-context.js';
import { launchSettingsFor } from '../config/resolve-settings.js';

/** `agentbridge backends [--json]`: every registered backend, its command and whether it is found. */
export async function runBackends(context: CliContext, setup: RunSetup): Promise<number> {
  const { settings } = setup;
  const rows = [...setup.catalog.backends.values()].map(({ manifest, source }) => {
    const launch = launchSettingsFor(manifest, settings);
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
  if (setup.commandLine.own.json) {
    context.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
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
  // Columns padded to their widest cell, two spaces apart.
  const widths = header.map((_, column) =>
    Math.max(...table.map((row) => row[column]?.length ?? 0)),
  );
  for (const row of table) {
    const cells = row.map((cell, column) => cell.padEnd(widths[column] ?? 0));
    context.stdout.write(`${cells.join('  ').trimEnd()}\n`);
  }
  return 0;
}
