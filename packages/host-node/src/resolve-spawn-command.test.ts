import { describe, expect, it } from 'vitest';
import type { FileSystem } from './file-system.js';
import { readNpmShimTarget, resolveSpawnCommand } from './resolve-spawn-command.js';

const modernShim = [
  '@ECHO off',
  'GOTO start',
  ':find_dp0',
  'SET dp0=%~dp0',
  'EXIT /b',
  ':start',
  'SETLOCAL',
  'CALL :find_dp0',
  '',
  'IF EXIST "%dp0%\\node.exe" (',
  '  SET "_prog=%dp0%\\node.exe"',
  ') ELSE (',
  '  SET "_prog=node"',
  '  SET PATHEXT=%PATHEXT:;.JS;=;%',
  ')',
  '',
  'endLocal & goto #_undefined_# 2>NUL || title %COMSPEC% & "%_prog%"  "%dp0%\\node_modules\\@google\\gemini-cli\\dist\\index.js" %*',
  '',
].join('\r\n');

const nativeShim = [
  '@ECHO off',
  'GOTO start',
  ':find_dp0',
  'SET dp0=%~dp0',
  'EXIT /b',
  ':start',
  'SETLOCAL',
  'CALL :find_dp0',
  '"%dp0%\\node_modules\\@zed-industries\\codex-acp\\bin\\codex-acp.exe"   %*',
  '',
].join('\r\n');

function fakeFileSystem(files: Record<string, string>): FileSystem {
  return {
    isFile: (path) => path in files,
    readTextFile: (path) => files[path],
    modifiedTimeMs: () => 1,
  };
}

describe('resolveSpawnCommand', () => {
  it('runs anything on POSIX directly, without a shell', () => {
    const command = resolveSpawnCommand({
      executablePath: '/usr/bin/gemini',
      args: ['--acp', '$(rm -rf /)'],
      platform: 'linux',
      fileSystem: fakeFileSystem({}),
    });
    expect(command).toEqual({
      command: '/usr/bin/gemini',
      args: ['--acp', '$(rm -rf /)'],
      windowsVerbatimArguments: false,
      via: 'direct',
    });
  });

  it('resolves an npm cmd-shim to node <script> (Node refuses .cmd without a shell)', () => {
    const shimPath = 'C:\\Users\\u\\AppData\\Roaming\\npm\\gemini.cmd';
    const command = resolveSpawnCommand({
      executablePath: shimPath,
      args: ['--acp', 'a & b'],
      platform: 'win32',
      fileSystem: fakeFileSystem({ [shimPath]: modernShim }),
      nodeExecutable: 'C:\\node\\node.exe',
    });
    expect(command).toEqual({
      command: 'C:\\node\\node.exe',
      args: [
        'C:\\Users\\u\\AppData\\Roaming\\npm\\node_modules\\@google\\gemini-cli\\dist\\index.js',
        '--acp',
        'a & b',
      ],
      windowsVerbatimArguments: false,
      via: 'npm-shim',
    });
  });

  it('prefers a node.exe beside the shim, and runs a native target directly', () => {
    const directory = 'C:\\npm';
    const withNode = resolveSpawnCommand({
      executablePath: `${directory}\\gemini.cmd`,
      args: [],
      platform: 'win32',
      fileSystem: fakeFileSystem({
        [`${directory}\\gemini.cmd`]: modernShim,
        [`${directory}\\node.exe`]: '',
      }),
    });
    expect(withNode.command).toBe('C:\\npm\\node.exe');
    const native = resolveSpawnCommand({
      executablePath: `${directory}\\codex-acp.cmd`,
      args: ['x'],
      platform: 'win32',
      fileSystem: fakeFileSystem({ [`${directory}\\codex-acp.cmd`]: nativeShim }),
    });
    expect(native).toMatchObject({
      command: 'C:\\npm\\node_modules\\@zed-industries\\codex-acp\\bin\\codex-acp.exe',
      args: ['x'],
      via: 'npm-shim',
    });
  });

  it('quotes and escapes every argument when a batch file must run through cmd.exe', () => {
    const command = resolveSpawnCommand({
      executablePath: 'C:\\tools\\agent.bat',
      args: ['plain', 'a & calc', 'say "hi"', 'trail\\'],
      platform: 'win32',
      fileSystem: fakeFileSystem({ 'C:\\tools\\agent.bat': '@echo off\r\nnode x.js %*' }),
      env: { COMSPEC: 'C:\\Windows\\system32\\cmd.exe' },
    });
    expect(command.command).toBe('C:\\Windows\\system32\\cmd.exe');
    expect(command.windowsVerbatimArguments).toBe(true);
    expect(command.args.slice(0, 3)).toEqual(['/d', '/s', '/c']);
    expect(command.args[3]).toBe(
      '"C:\\tools\\agent.bat ^"plain^" ^"a^ ^&^ calc^" ^"say^ \\^"hi\\^"^" ^"trail\\\\^""',
    );
  });

  it('reads the target of older shims and ignores non-shims', () => {
    expect(readNpmShimTarget('@"%~dp0\\node.exe"  "%~dp0\\..\\pkg\\cli.js" %*')).toEqual({
      relativeTarget: '..\\pkg\\cli.js',
      runsWithNode: true,
    });
    expect(readNpmShimTarget('@echo off\r\necho hi')).toBeUndefined();
    expect(readNpmShimTarget(undefined)).toBeUndefined();
  });
});
