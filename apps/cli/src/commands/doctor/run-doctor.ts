import type { Logger } from '@agentbridge/core/contracts';
import type { CommandLine } from '../../argv/parse-command-line.js';
import { launchSettingsFor } from '../../backends/launch-settings-for.js';
import type { CliContext } from '../../cli-context.js';
import { cliVersion } from '../../cli-version.js';
import type { RunSetup } from '../../resolve-run-setup.js';
import { formatDoctorReport } from './format-doctor-report.js';
import type { DoctorReport } from './probe-backend.js';
import { probeBackend } from './probe-backend.js';

const defaultTimeoutMs = 30_000;

/**
 * `agentbridge doctor [backend...] [--json]`: for each backend (default: the configured one, else
 * all), the resolved executable or the directories searched, its version, and a timed ACP
 * handshake (protocol version, agent info, auth methods, capabilities, then modes and models from
 * `session/new`). Exit code 0 when everything checked out, 1 otherwise.
 */
export async function runDoctor(
  context: CliContext,
  commandLine: CommandLine,
  setup: RunSetup,
  logger: Logger,
): Promise<number> {
  const requested = commandLine.subcommand?.args ?? [];
  const ids =
    requested.length > 0
      ? requested
      : setup.settings.backendId !== undefined
        ? [setup.settings.backendId]
        : [...setup.catalog.backends.keys()];
  const reports: DoctorReport[] = [];
  for (const id of ids) {
    const { manifest } = setup.catalog.get(id);
    const selected = id === setup.settings.backendId;
    reports.push(
      await probeBackend({
        manifest,
        launch: launchSettingsFor(manifest, setup.settings, setup.configFiles),
        extraEnv: selected ? setup.settings.env : {},
        context,
        stateDirectory: setup.settings.stateDirectory,
        timeoutMs: (selected ? setup.settings.handshakeTimeoutMs : undefined) ?? defaultTimeoutMs,
        clientVersion: cliVersion(),
        logger,
      }),
    );
  }
  if (commandLine.own.json) {
    context.stdout.write(
      `${JSON.stringify({ version: cliVersion(), configFiles: setup.settings.configFiles, backends: reports }, null, 2)}\n`,
    );
  } else {
    const files = setup.settings.configFiles.length
      ? setup.settings.configFiles.join(', ')
      : '(none)';
    context.stdout.write(
      `agentbridge ${cliVersion()}; config: ${files}\n\n${formatDoctorReport(reports)}`,
    );
  }
  return reports.every((report) => report.ok) ? 0 : 1;
}
