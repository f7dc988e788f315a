import { accessSync, constants, statSync } from 'node:fs';
import { type Environment, pathFor, readVariable } from './host-platform.js';

/** What `spawn` gets for one `terminal/create`: the program, its arguments, Windows quoting. */
type TerminalSpawn = {
  readonly file: string;
  readonly args: readonly string[];
  /** cmd.exe reads its `/c` line as written (Node's own `shell: true` on Windows). */
  readonly verbatim: boolean;
};

/** Shells whose `-c` line means what the bridge's rules judged (a POSIX line, read as bash). */
const posixShells = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'ash']);

/** Is `command` itself a program file (`/opt/My Tools/run`): a path naming a runnable file? */
function isProgramPath(command: string, directory: string, platform: NodeJS.Platform): boolean {
  const paths = pathFor(platform);
  if (!command.includes('/') && !(platform === 'win32' && command.includes('\\'))) return false;
  const file = paths.resolve(directory, command);
  try {
    if (!statSync(file).isFile()) return false;
    if (platform !== 'win32') accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * CF-12: a client terminal's command as the reference client (Zed) builds it. With `args` the
 * program runs itself, without a shell. Without them `command` is a whole shell line (ACP agents
 * send `printf 'hi' > a.txt && cat a.txt`) and runs as `<shell> -c <line>`: the user's `$SHELL`
 * when it is a POSIX shell, else `/bin/sh`; `cmd.exe /d /s /c "<line>"` (`%ComSpec%`) on
 * Windows. The line is exactly the command the bridge judged. A `command` that is itself a path
 * to a program file (which may contain spaces) runs as that program.
 */
export function terminalSpawn(options: {
  readonly command: string;
  readonly args: readonly string[];
  readonly directory: string;
  readonly env: Environment;
  readonly platform: NodeJS.Platform;
}): TerminalSpawn {
  const { command, args, directory, env, platform } = options;
  if (args.length > 0 || isProgramPath(command, directory, platform))
    return { file: command, args, verbatim: false };
  if (platform === 'win32') {
    const file = readVariable(env, 'ComSpec', platform) || 'cmd.exe';
    return { file, args: ['/d', '/s', '/c', `"${command}"`], verbatim: true };
  }
  const shell = readVariable(env, 'SHELL', platform) ?? '';
  const usable = shell.startsWith('/') && posixShells.has(pathFor(platform).basename(shell));
  return { file: usable ? shell : '/bin/sh', args: ['-c', command], verbatim: false };
}
