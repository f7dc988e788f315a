import {
  BackendNotFoundError,
  ConfigError,
  ExecutableNotFoundError,
  InternalError,
  UsageError,
} from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import { reportError } from './report-error.js';

function report(error: unknown): { code: number; stderr: string } {
  const written: string[] = [];
  const code = reportError(error, (text) => written.push(text));
  return { code, stderr: written.join('') };
}

describe('reportError (the exit-code contract)', () => {
  it("usage errors print claude's message and exit 1 (or their own code)", () => {
    expect(
      report(
        new UsageError('Error: --input-format=stream-json requires output-format=stream-json.'),
      ),
    ).toEqual({
      code: 1,
      stderr: 'Error: --input-format=stream-json requires output-format=stream-json.\n',
    });
    expect(report(new UsageError('Usage: agentbridge login <backend>', { exitCode: 2 })).code).toBe(
      2,
    );
  });

  it.each([
    new ConfigError({ filePath: '/p/.agentrc', issues: [{ path: 'backend', message: 'bad' }] }),
    new BackendNotFoundError({ backendId: 'x', availableBackendIds: ['gemini'] }),
    new ExecutableNotFoundError({ executable: 'gemini', searchedPaths: ['/usr/bin/gemini'] }),
  ])('user-fixable errors print only the message and exit 2 (%s)', (error) => {
    const { code, stderr } = report(error);
    expect(code).toBe(2);
    expect(stderr).toBe(`agentbridge: error: ${error.message}\n`);
  });

  it('anything else is a bug: stack, report hint, exit 1', () => {
    for (const error of [new InternalError('invariant broken'), new TypeError('x is undefined')]) {
      const { code, stderr } = report(error);
      expect(code).toBe(1);
      expect(stderr).toContain('unexpected error (a bug in agentbridge)');
      expect(stderr).toContain(error.stack?.split('\n')[0] as string);
      expect(stderr).toContain('Please report it');
    }
  });
});
