import type { FileSystem } from './file-system.js';
import {
  type Environment,
  type HostPlatform,
  isWindows,
  pathFor,
  readVariable,
} from './host-platform.js';

/** What to pass to `child_process.spawn` (always without a shell). */
export type SpawnCommand = {
  readonly command: string;
  readonly args: readonly string[];
  /** Windows only: the arguments are already quoted for `cmd.exe`. */
  readonly windowsVerbatimArguments: boolean;
  /** How the command was derived, for logs. */
  readonly via: 'direct' | 'npm-shim' | 'cmd';
};

/** Options of {@link resolveSpawnCommand}. */
export type ResolveSpawnCommandOptions = {
  /** The resolved executable (from `findExecutable`). */
  readonly executablePath: string;
  readonly args: readonly string[];
  readonly platform: HostPlatform;
  readonly fileSystem: FileSystem;
  /** The agent's environment (for `ComSpec`). */
  readonly env?: Environment;
  /** Node to run npm shims with when no `node.exe` sits beside the shim (default: this Node). */
  readonly nodeExecutable?: string;
};

const cmdMetaCharacters = /([()\][%!^"`<>&|;, *?])/g;

/**
 * Turns an executable and its arguments into a shell-free spawn. On Windows, Node refuses to run
 * `.cmd`/`.bat` files without a shell (CVE-2024-27980), so an npm shim is read and replaced by
 * `node <script>` (or the native `.exe` it wraps); any other batch file runs through
 * `cmd.exe /d /s /c` with every argument quoted and its metacharacters escaped, so user strings are
 * never interpreted by the shell.
 */
export function resolveSpawnCommand(options: ResolveSpawnCommandOptions): SpawnCommand {
  const { executablePath, args, platform } = options;
  const paths = pathFor(platform);
  const extension = paths.extname(executablePath).toLowerCase();
  if (!isWindows(platform) || (extension !== '.cmd' && extension !== '.bat')) {
    return {
      command: executablePath,
      args: [...args],
      windowsVerbatimArguments: false,
      via: 'direct',
    };
  }
  const shim = readNpmShimTarget(options.fileSystem.readTextFile(executablePath));
  if (shim !== undefined) {
    const directory = paths.dirname(executablePath);
    const target = paths.join(directory, shim.relativeTarget);
    if (!shim.runsWithNode) {
      return { command: target, args: [...args], windowsVerbatimArguments: false, via: 'npm-shim' };
    }
    const besideShim = paths.join(directory, 'node.exe');
    const node = options.fileSystem.isFile(besideShim)
      ? besideShim
      : (options.nodeExecutable ?? process.execPath);
    return {
      command: node,
      args: [target, ...args],
      windowsVerbatimArguments: false,
      via: 'npm-shim',
    };
  }
  const doubleEscape = /node_modules[\\/]\.bin[\\/][^\\/]+\.cmd$/i.test(executablePath);
  const commandLine = [
    escapeCommand(paths.normalize(executablePath)),
    ...args.map((argument) => escapeArgument(argument, doubleEscape)),
  ].join(' ');
  const shell = readVariable(options.env ?? {}, 'ComSpec', platform) ?? 'cmd.exe';
  return {
    command: shell,
    args: ['/d', '/s', '/c', `"${commandLine}"`],
    windowsVerbatimArguments: true,
    via: 'cmd',
  };
}

/**
 * Reads the target of an npm `cmd-shim` file: the `"%dp0%\…"` (or `"%~dp0\…"`) path before `%*`.
 * Returns undefined when the file is not a recognisable shim.
 */
export function readNpmShimTarget(
  text: string | undefined,
): { relativeTarget: string; runsWithNode: boolean } | undefined {
  if (text === undefined) return undefined;
  const pattern = /"%~?dp0%?\\([^"]+)"\s+%\*/gi;
  let last: RegExpExecArray | undefined;
  for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) last = match;
  if (last === undefined) return undefined;
  const relativeTarget = last[1] ?? '';
  if (relativeTarget.toLowerCase().endsWith('node.exe')) return undefined;
  const lineStart = text.lastIndexOf('\n', last.index) + 1;
  const before = text.slice(lineStart, last.index);
  const runsWithNode =
    /%_prog%|node(\.exe)?"?\s*$/i.test(before.trim()) || /\.[cm]?js$/i.test(relativeTarget);
  return { relativeTarget, runsWithNode };
}

function escapeCommand(command: string): string {
  return command.replace(cmdMetaCharacters, '^$1');
}

/** Quotes one argument for `CommandLineToArgvW`, then escapes it for `cmd.exe` (as cross-spawn does). */
function escapeArgument(argument: string, doubleEscape: boolean): string {
  let escaped = argument.replace(/(\\*)"/g, '$1$1\\"');
  escaped = escaped.replace(/(\\*)$/, '$1$1');
  escaped = `"${escaped}"`.replace(cmdMetaCharacters, '^$1');
  return doubleEscape ? escaped.replace(cmdMetaCharacters, '^$1') : escaped;
}
