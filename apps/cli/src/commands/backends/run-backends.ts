import type { CommandLine } from '../../argv/parse-command-line.js';
import { launchSettingsFor } from '../../backends/launch-settings-for.js';
import type { CliContext } from '../../cli-context.js';
import { locateCommand } from '../../host/locate-command.js';
import type { RunSetup } from '../../resolve-run-setup.js';
import { formatTable } from '../../ui/format-table.js';

/** One row of `agentbridge backends`. */
export type BackendRow = {
  readonly id: string;
  readonly displayName: string;
  readonly protocol: 'acp' | 'stream-json';
  readonly command: string;
  /** Resolved executable path, or undefined when not found (or no command configured). */
  readonly path?: string;
  readonly selected: boolean;
  readonly source: string;
};

/** Lists the registered backends; `--json` prints the rows as JSON. Exit code 0. */
export async function runBackends(
  context: CliContext,
  commandLine: CommandLine,
  setup: RunSetup,
): Promise<number> {
  const rows: BackendRow[] = [...setup.catalog.backends.values()].map((backend) => {
    const launch = launchSettingsFor(backend.manifest, setup.settings, setup.configFiles);
    const located = launch.command
      ? locateCommand({ command: launch.command, manifest: backend.manifest, context })
      : undefined;
    return {
      id: backend.manifest.id,
      displayName: backend.manifest.displayName,
      protocol: backend.manifest.protocol,
      command: [launch.command, ...(launch.args ?? backend.manifest.launch.args)].join(' '),
      ...(located?.found ? { path: located.path } : {}),
      selected: backend.manifest.id === setup.settings.backendId,
      source: backend.source ?? 'unknown',
    };
  });
  if (commandLine.own.json) {
    context.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  context.stdout.write(
    formatTable(
      ['', 'ID', 'NAME', 'COMMAND', 'STATUS'],
      rows.map((row) => [
        row.selected ? '*' : '',
        row.id,
        row.displayName,
        row.command || '(set --agent-command)',
        row.path ?? (row.command ? 'not found' : 'no command'),
      ]),
    ),
  );
  return 0;
}
