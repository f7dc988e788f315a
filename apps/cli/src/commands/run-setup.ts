import type { Logger } from '@agentbridge/core/contracts';
import type { CommandLine } from '../argv/parse-command-line.js';
import type { BackendCatalog } from '../backends/create-container.js';
import type { ResolvedSettings } from '../config/resolve-settings.js';

/** What every command gets: the command line, the settings, the backends and the logger. */
export type RunSetup = {
  readonly commandLine: CommandLine;
  readonly settings: ResolvedSettings;
  readonly catalog: BackendCatalog;
  readonly logger: Logger;
  /** `doctor` and `backends` run on with a broken configuration, ignoring it: why (FT-10). */
  readonly configProblem?: string;
};
