import type { CommandLine } from '../argv/parse-command-line.js';

/**
 * The stderr lines about the command line: one warning per unknown flag, one note per flag an ACP
 * agent cannot honour. Never a failure: clients such as the SDK add flags over time.
 */
export function formatArgvNotes(
  commandLine: Pick<CommandLine, 'unknownFlags' | 'unsupportedFlags'>,
): string[] {
  return [
    ...commandLine.unknownFlags.map(
      (flag) => `agentbridge: warning: unknown option '${flag}' ignored\n`,
    ),
    ...commandLine.unsupportedFlags.map(
      (flag) => `agentbridge: note: --${flag} cannot be honoured by an ACP agent and is ignored\n`,
    ),
  ];
}
