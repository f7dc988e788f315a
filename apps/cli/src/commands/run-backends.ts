import { findExecutable } from '@agentbridge/host-node';
import type { CommandLine } from '../argv/parse-command-line.js';
import type { RunSetup } from '../cli.js';
import type { CliContext } from '../cli-context.js';
import { launchSettingsFor } from '../config/resolve-settings.js';

/** `agentbridge backends [--json]`: every registered backend, its command and whether it is found. */
export async function runBackends(
  context: CliContext,
  commandLine: CommandLine,
  setup: RunSetup,
): Promise<number> {
  const rows = [...setup.catalog.backends.values()].map(({ manifest, source }) => {
    const launch = launchSettingsFor(manifest, setup.settings, setup.configFiles);
    const command = launch.command ?? manifest.launch.command;
    let path: string | undefined;
    try {
      const { extraDirectories } = manifest.probe;
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
      selected: manifest.id === setup.settings.backendId,
      source: source ?? 'unknown',
    };
  });
  if (commandLine.own.json) {
    context.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  const table = [
    ['', 'ID', 'NAME', 'COMMAND', 'STATUS'],
    ...rows.map((row) => [
      row.selected ? '*' : '',
      row.id,
      row.displayName,
      row.command || '(set --agent-command)',
      row.path ?? (row.command ? 'not found' : 'no command'),
    ]),
  ];
  // Columns padded to their widest cell, two spaces apart.
  const widths = table[0]?.map((_, column) =>
    Math.max(...table.map((row) => row[column]?.length ?? 0)),
  );
  for (const row of table) {
    const cells = row.map((cell, column) =>
      column === row.length - 1 ? cell : cell.padEnd(widths?.[column] ?? 0),
    );
    context.stdout.write(`${cells.join('  ').trimEnd()}\n`);
  }
  return 0;
}
