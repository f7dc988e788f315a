import type { ResultMessage } from '@agentbridge/core';
import { AgentError } from '@agentbridge/core';
import { describe, expect, it } from 'vitest';
import { exitCodeOf } from './run-modes.js';

describe('exitCodeOf', () => {
  const clean = { code: 0, signal: null, stderrTail: '' };
  it.each([
    ['a clean end', { exit: clean, inputEnded: true, lastResultIsError: false }, 0, ''],
    [
      'an error result (claude exits 1)',
      { exit: clean, inputEnded: true, lastResultIsError: true },
      1,
      '',
    ],
    [
      'an agent exit code',
      {
        exit: { code: 3, signal: null, stderrTail: 'boom\n' },
        inputEnded: true,
        lastResultIsError: true,
      },
      1,
      'agentbridge: error: the agent exited with code 3\nboom\n',
    ],
    [
      'a signal before input ended',
      {
        exit: { code: null, signal: 'SIGKILL', stderrTail: '' },
        inputEnded: false,
        lastResultIsError: false,
      },
      1,
      'agentbridge: error: the agent was killed by SIGKILL\n',
    ],
    [
      'our own stop after input ended',
      {
        exit: { code: null, signal: 'SIGTERM', stderrTail: '' },
        inputEnded: true,
        lastResultIsError: false,
      },
      0,
      '',
    ],
    [
      'a transport failure',
      {
        exit: {
          code: null,
          signal: null,
          stderrTail: 'tail',
          error: new AgentError('handshake-failed', 'no answer'),
        },
        inputEnded: false,
        lastResultIsError: false,
      },
      1,
      'agentbridge: error: no answer\ntail\n',
    ],
  ])('%s', (_name, outcome, code, stderr) => {
    const written: string[] = [];
    expect(exitCodeOf(outcome, false, (text) => written.push(text))).toBe(code);
    expect(written.join('')).toBe(stderr);
  });

  it('FT-09 print mode showed the result, which quotes the stderr tail: the tail is not repeated', () => {
    const written: string[] = [];
    const exit = { code: 1, signal: null, stderrTail: 'fatal: no key\n' };
    const result = { type: 'result', is_error: true } as unknown as ResultMessage;
    const outcome = { exit, inputEnded: true, lastResultIsError: true, result };
    expect(exitCodeOf(outcome, false, (text) => written.push(text))).toBe(1);
    expect(written).toEqual(['agentbridge: error: the agent exited with code 1\n']);
  });

  it('passes a real claude exit code through', () => {
    const outcome = {
      exit: { code: 7, signal: null, stderrTail: '' },
      inputEnded: true,
      lastResultIsError: false,
    };
    expect(exitCodeOf(outcome, true, () => {})).toBe(7);
  });
});
