// How the release dry run runs commands: plain npm, none of the package manager's variables.
import { spawnSync } from 'node:child_process';

/** Runs a command; throws with its output when it fails (an exit code not in `okCodes`). */
export function run(command, args, { okCodes = [0], ...options } = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (!okCodes.includes(result.status) || result.error) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
    throw new Error(
      `${command} ${args.join(' ')} failed (${result.error?.message ?? `exit ${result.status}`})\n${output}`,
    );
  }
  return result.stdout;
}

/** The environment of plain npm and of the installed CLI: none of the package manager's variables. */
export const cleanEnvironment = Object.fromEntries(
  Object.entries(process.env).filter(
    ([name]) => !/^(npm_|pnpm_|PNPM_|INIT_CWD$|AGENTBRIDGE_)/i.test(name),
  ),
);

/** pnpm itself: the one running this script, else the pinned one through npx. */
export const pnpm = process.env.npm_execpath?.includes('pnpm')
  ? [process.execPath, process.env.npm_execpath]
  : ['npx', '-y', 'pnpm@10.34.8'];
