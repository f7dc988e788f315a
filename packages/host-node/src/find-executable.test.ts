import { AgentError, ExecutableNotFoundError } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import type { FileSystem } from './file-system.js';
import { findExecutable, isPathLike } from './find-executable.js';

function fakeFileSystem(files: readonly string[], caseInsensitive = false): FileSystem {
  const normalise = (path: string) => (caseInsensitive ? path.toLowerCase() : path);
  const set = new Set(files.map(normalise));
  return {
    isFile: (path) => set.has(normalise(path)),
    readTextFile: () => undefined,
    modifiedTimeMs: (path) => (set.has(normalise(path)) ? 1 : undefined),
  };
}

function thrown(run: () => unknown): ExecutableNotFoundError {
  try {
    run();
  } catch (error) {
    if (error instanceof ExecutableNotFoundError) return error;
    throw error;
  }
  throw new Error('expected a throw');
}

describe('findExecutable on POSIX', () => {
  it('CP-03 scans PATH in order, then the extra directories with ~ and $NAME expanded', () => {
    const env = { PATH: '/usr/bin::/opt/tools', HOME: '/home/u', TOOLS: '/srv/tools' };
    const fileSystem = fakeFileSystem(['/srv/tools/bin/codex-acp']);
    const found = findExecutable({
      name: 'codex-acp',
      env,
      platform: 'linux',
      fileSystem,
      extraDirectories: { posix: ['~/.local/bin', '$TOOLS/bin', '$MISSING/bin'] },
    });
    expect(found.path).toBe('/srv/tools/bin/codex-acp');
    expect(found.searchedPaths).toEqual([
      '/usr/bin/codex-acp',
      '/opt/tools/codex-acp',
      '/home/u/.local/bin/codex-acp',
      '/srv/tools/bin/codex-acp',
    ]);
  });

  it('CP-04 the first existing file wins', () => {
    const fileSystem = fakeFileSystem(['/a/gemini', '/b/gemini']);
    const found = findExecutable({
      name: 'gemini',
      env: { PATH: '/a:/b' },
      platform: 'linux',
      fileSystem,
    });
    expect(found.path).toBe('/a/gemini');
  });

  it('CP-02 a path-like command is taken as is (relative to cwd when given)', () => {
    const fileSystem = fakeFileSystem(['/work/bin/agent']);
    const found = findExecutable({
      name: './bin/agent',
      env: { PATH: '/usr/bin' },
      platform: 'linux',
      fileSystem,
      cwd: '/work',
    });
    expect(found).toEqual({ path: '/work/bin/agent', searchedPaths: ['/work/bin/agent'] });
  });

  it('CP-06 a miss throws ExecutableNotFoundError listing what was searched', () => {
    const error = thrown(() =>
      findExecutable({
        name: ' gemini ',
        env: { PATH: '/a:/b' },
        platform: 'linux',
        fileSystem: fakeFileSystem([]),
        installHint: 'npm install -g @google/gemini-cli',
      }),
    );
    expect(AgentError.isInstance(error)).toBe(true);
    expect(error.code).toBe('executable-not-found');
    expect(error.executable).toBe('gemini');
    expect(error.searchedPaths).toEqual(['/a/gemini', '/b/gemini']);
    expect(error.message).toContain('/a/gemini, /b/gemini');
    expect(error.message).toContain('npm install -g @google/gemini-cli');
  });

  it('CP-01 an empty command resolves nothing and searches nothing', () => {
    const error = thrown(() =>
      findExecutable({
        name: '  ',
        env: { PATH: '/a' },
        platform: 'linux',
        fileSystem: fakeFileSystem([]),
      }),
    );
    expect(error.searchedPaths).toEqual([]);
  });
});

describe('findExecutable on Windows (fake file system and env)', () => {
  const fileSystem = fakeFileSystem(
    [
      'C:\\Users\\u\\AppData\\Roaming\\npm\\gemini.cmd',
      'C:\\tools\\codex-acp.exe',
      'D:\\agents\\grok.bat',
    ],
    true,
  );

  it('CP-03 splits Path on ;, strips quotes, tries PATHEXT extensions in order, then %APPDATA%', () => {
    const env = {
      Path: 'C:\\Windows\\system32;"C:\\Program Files\\nodejs";;',
      PATHEXT: '.COM;.EXE;.BAT;.CMD;.VBS;.PS1',
      APPDATA: 'C:\\Users\\u\\AppData\\Roaming',
    };
    const found = findExecutable({
      name: 'gemini',
      env,
      platform: 'win32',
      fileSystem,
      extraDirectories: { win32: ['%APPDATA%\\npm'] },
    });
    expect(found.path).toBe('C:\\Users\\u\\AppData\\Roaming\\npm\\gemini.cmd');
    expect(found.searchedPaths).toEqual([
      'C:\\Windows\\system32\\gemini.com',
      'C:\\Windows\\system32\\gemini.exe',
      'C:\\Windows\\system32\\gemini.bat',
      'C:\\Windows\\system32\\gemini.cmd',
      'C:\\Program Files\\nodejs\\gemini.com',
      'C:\\Program Files\\nodejs\\gemini.exe',
      'C:\\Program Files\\nodejs\\gemini.bat',
      'C:\\Program Files\\nodejs\\gemini.cmd',
      'C:\\Users\\u\\AppData\\Roaming\\npm\\gemini.com',
      'C:\\Users\\u\\AppData\\Roaming\\npm\\gemini.exe',
      'C:\\Users\\u\\AppData\\Roaming\\npm\\gemini.bat',
      'C:\\Users\\u\\AppData\\Roaming\\npm\\gemini.cmd',
    ]);
  });

  it('uses the default PATHEXT when unset and a name with an extension as is', () => {
    const found = findExecutable({
      name: 'codex-acp.exe',
      env: { PATH: 'C:\\tools' },
      platform: 'win32',
      fileSystem,
    });
    expect(found.searchedPaths).toEqual(['C:\\tools\\codex-acp.exe']);
    const bare = findExecutable({
      name: 'codex-acp',
      env: { PATH: 'C:\\tools' },
      platform: 'win32',
      fileSystem,
    });
    expect(bare.searchedPaths).toEqual(['C:\\tools\\codex-acp.com', 'C:\\tools\\codex-acp.exe']);
  });

  it('CP-02 a path-like command without extension also tries .exe .cmd .bat .com', () => {
    const found = findExecutable({
      name: 'D:\\agents\\grok',
      env: {},
      platform: 'win32',
      fileSystem,
    });
    expect(found.searchedPaths).toEqual([
      'D:\\agents\\grok',
      'D:\\agents\\grok.exe',
      'D:\\agents\\grok.cmd',
      'D:\\agents\\grok.bat',
    ]);
  });

  it('expands ~ with USERPROFILE and skips directories whose variable is unset', () => {
    const error = thrown(() =>
      findExecutable({
        name: 'grok',
        env: { USERPROFILE: 'C:\\Users\\u', PATHEXT: '.EXE' },
        platform: 'win32',
        fileSystem,
        extraDirectories: { win32: ['~\\.grok\\bin', '%NOPE%\\bin'] },
      }),
    );
    expect(error.searchedPaths).toEqual(['C:\\Users\\u\\.grok\\bin\\grok.exe']);
  });

  it('recognises path-like commands', () => {
    expect(isPathLike('gemini')).toBe(false);
    expect(isPathLike('./gemini')).toBe(true);
    expect(isPathLike('bin\\gemini')).toBe(true);
    expect(isPathLike('C:gemini')).toBe(true);
  });
});
