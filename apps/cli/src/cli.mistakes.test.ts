import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { BackendNotFoundError, UsageError } from '@agentbridge/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';

let directory: string;
beforeEach(() => {
  directory = mkdtempSync(join(tmpdir(), 'agentbridge-mistakes-'));
  writeFileSync(join(directory, 'package.json'), '{"name":"p"}');
});
afterEach(() => {
  rmSync(directory, { recursive: true, force: true });
});

/** Runs the CLI in process; resolves with the exit code (or the error thrown) and the output. */
async function run(argv: readonly string[], env: Record<string, string> = {}) {
  const output = { stdout: '', stderr: '' };
  const stream = (key: keyof typeof output) => {
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => {
      output[key] += chunk.toString('utf8');
    });
    return sink;
  };
  const context = {
    argv,
    env: { PATH: '', AGENTBRIDGE_STATE_DIR: join(directory, 'state'), ...env },
    cwd: directory,
    homeDirectory: join(directory, 'home'),
    platform: 'linux' as const,
    stdin: new PassThrough(),
    stdout: stream('stdout'),
    stderr: stream('stderr'),
    stdinIsTerminal: false,
    onTerminate: () => () => {},
  };
  const outcome = await runCli(context).catch((error: unknown) => error);
  return { outcome, ...output };
}

describe('mistakes get precise errors', () => {
  it('FT-10 a bare word within two edits of a subcommand is an error with a did-you-mean, not a prompt', async () => {
    for (const [word, meant] of [
      ['doctr', 'doctor'],
      ['logn', 'login'],
      ['backend', 'backends'],
    ]) {
      const { outcome } = await run([word ?? '']);
      expect(outcome).toBeInstanceOf(UsageError);
      expect((outcome as UsageError).message).toBe(
        `agentbridge: error: unknown command '${word}'. Did you mean 'agentbridge ${meant}'? To send it as a prompt, use -p '${word}'.`,
      );
    }
    // A prompt far from every subcommand, or one given with -p, is a prompt (here: no backend).
    for (const argv of [['hello'], ['-p', 'doctr'], ['fix the doctor']])
      expect((await run(argv)).outcome).not.toBeInstanceOf(UsageError);
  });

  it('FT-10 an unknown backend names what set it and the closest id', async () => {
    const file = join(directory, '.agentrc.yaml');
    writeFileSync(file, 'backend: gemni\n');
    const { outcome } = await run(['-p', 'hi']);
    expect(outcome).toBeInstanceOf(BackendNotFoundError);
    expect((outcome as Error).message).toMatch(
      new RegExp(`^No backend named 'gemni' \\(set by ${file}\\)\\. Did you mean 'gemini'\\?`),
    );
    const fromFlag = await run(['-p', 'hi', '--backend', 'codx']);
    expect((fromFlag.outcome as Error).message).toMatch(
      /^No backend named 'codx' \(set by --backend\)\. Did you mean 'codex'\?/,
    );
  });

  it('FT-10 doctor reports a broken configuration as a finding and still probes the backends', async () => {
    writeFileSync(join(directory, '.agentrc.yaml'), 'backend: gemini\nmodel: [unclosed\nx: 1\n');
    const json = await run(['doctor', 'acp', '--json']);
    expect(json.outcome).toBe(1);
    const report = JSON.parse(json.stdout) as {
      configProblem?: string;
      backends: { backendId: string }[];
    };
    expect(report.configProblem).toContain('.agentrc.yaml:3:1');
    expect(report.configProblem).toContain('missed comma between flow collection entries');
    expect(report.backends.map((backend) => backend.backendId)).toEqual(['acp']);
    const text = await run(['doctor', 'acp']);
    expect(text.stdout).toContain('config problem (ignored below): Invalid ');
    expect(text.stdout).toContain('acp (');
  });

  it('FT-10 backends lists every backend with a broken configuration, then reports it', async () => {
    writeFileSync(join(directory, '.agentrc.yaml'), 'backends:\n  geminii: { model: x }\n');
    const table = await run(['backends']);
    expect(table.outcome).toBe(1);
    expect(table.stdout.split('\n')[0]).toMatch(/^\s+ID\s+NAME\s+COMMAND\s+STATUS$/);
    expect(table.stderr).toContain(
      'agentbridge: warning: config problem (ignored above): Invalid ' +
        `${join(directory, '.agentrc.yaml')}:\n  - backends.geminii: no backend named 'geminii': did you mean 'gemini'?`,
    );
    const json = await run(['backends', '--json']);
    expect(JSON.parse(json.stdout)).toEqual(expect.any(Array));
    expect(json.outcome).toBe(1);
  });
});
