import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AgentError, ExecutableNotFoundError } from '@agentbridge/core/contracts';
import { describe, expect, it } from 'vitest';
import { findExecutable } from './find-executable.js';

/** An `isFile` that knows only `files` (Windows paths compare case-insensitively). */
function fakeFiles(files: readonly string[], caseInsensitive = false) {
  const normalise = (path: string) => (caseInsensitive ? path.toLowerCase() : path);
  const set = new Set(files.map(normalise));
  return (path: string) => set.has(normalise(path));
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
    const isFile = fakeFiles(['/srv/tools/bin/codex-acp']);
    const found = findExecutable({
      name: 'codex-acp',
      env,
      platform: 'linux',
      isFile,
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
    const isFile = fakeFiles(['/a/gemini', '/b/gemini']);
    const found = findExecutable({
      name: 'gemini',
      env: { PATH: '/a:/b' },
      platform: 'linux',
      isFile,
    });
    expect(found.path).toBe('/a/gemini');
  });

  it('CP-02 a path-like command is taken as is (relative to cwd when given)', () => {
    const isFile = fakeFiles(['/work/bin/agent']);
    const found = findExecutable({
      name: './bin/agent',
      env: { PATH: '/usr/bin' },
      platform: 'linux',
      isFile,
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
        isFile: fakeFiles([]),
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

  it('CP-05 the error message shows the first 8 candidates, then ...; the error lists them all', () => {
    const directories = Array.from({ length: 10 }, (_, index) => `/d${index}`);
    const error = thrown(() =>
      findExecutable({
        name: 'agent',
        env: { PATH: directories.join(':') },
        platform: 'linux',
        isFile: () => false,
      }),
    );
    expect(error.searchedPaths).toHaveLength(10);
    expect(error.message).toContain('/d7/agent, ...');
    expect(error.message).not.toContain('/d8/agent');
  });

  it('CP-01 an empty command resolves nothing and searches nothing', () => {
    const error = thrown(() =>
      findExecutable({
        name: '  ',
        env: { PATH: '/a' },
        platform: 'linux',
        isFile: fakeFiles([]),
      }),
    );
    expect(error.searchedPaths).toEqual([]);
  });
});

describe('findExecutable on a real file system', () => {
  it('CP-04 finds a regular file without checking the executable bit; a directory never matches', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'agentbridge-find-'));
    try {
      mkdirSync(path.join(root, 'first', 'agent'), { recursive: true });
      mkdirSync(path.join(root, 'second'));
      writeFileSync(path.join(root, 'second', 'agent'), '', { mode: 0o644 });
      const found = findExecutable({
        name: 'agent',
        env: { PATH: [path.join(root, 'first'), path.join(root, 'second')].join(path.delimiter) },
        platform: process.platform,
      });
      expect(found.path).toBe(path.join(root, 'second', 'agent'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('findExecutable on Windows (fake file system and env)', () => {
  const isFile = fakeFiles(
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
      isFile,
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
      isFile,
    });
    expect(found.searchedPaths).toEqual(['C:\\tools\\codex-acp.exe']);
    const bare = findExecutable({
      name: 'codex-acp',
      env: { PATH: 'C:\\tools' },
      platform: 'win32',
      isFile,
    });
    expect(bare.searchedPaths).toEqual(['C:\\tools\\codex-acp.com', 'C:\\tools\\codex-acp.exe']);
  });

  it('CP-02 a path-like command without extension also tries .exe .cmd .bat .com', () => {
    const found = findExecutable({
      name: 'D:\\agents\\grok',
      env: {},
      platform: 'win32',
      isFile,
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
        isFile,
        extraDirectories: { win32: ['~\\.grok\\bin', '%NOPE%\\bin'] },
      }),
    );
    expect(error.searchedPaths).toEqual(['C:\\Users\\u\\.grok\\bin\\grok.exe']);
  });

  it('CP-02 recognises path-like commands: a slash, a backslash or a drive letter', () => {
    const searched = (name: string) =>
      thrown(() =>
        findExecutable({ name, env: { PATH: 'C:\\bin' }, platform: 'win32', isFile: () => false }),
      ).searchedPaths[0];
    expect(searched('gemini')).toBe('C:\\bin\\gemini.com');
    expect(searched('./gemini')).toBe('gemini');
    expect(searched('bin\\gemini')).toBe('bin\\gemini');
    expect(searched('C:gemini')).toBe('C:gemini');
  });
});
